#!/bin/sh
# Fault tests (issue 5): hostile input and failing output must end quickly
# with a clear message and the right exit status, never a crash, a hang or a
# half-written file. Run by tests/run as `sh tests/fault.sh BUILD_DIR`.
# Limits the assembler does not have yet (.rept, .macro, .include) are noted,
# not counted: their tests start counting once the directive exists.
build=${1:-build}
build=$(cd "$build" && pwd) || exit 1
gcnasm=$build/gcnasm gcndis=$build/gcndis
limit=${GCN_FAULT_TIMEOUT:-60} # seconds; a hang is a failure, not a stuck test
passed=0 failed=0 skipped=0
work=$(mktemp -d "${TMPDIR:-/tmp}/gcn-fault.XXXXXX") || exit 1
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 1

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL fault: $*"; }
skip() { skipped=$((skipped + 1)); echo "SKIP fault: $*"; }
note() { echo "note fault: $*"; }

# run NAME COMMAND...: runs it under the time limit with stdout in out,
# stderr in err; sets code. A signal or the time limit fails the test and
# returns 1.
run() {
    name=$1
    shift
    timeout -k 5 "$limit" "$@" >out 2>err
    code=$?
    if [ "$code" -eq 124 ] || [ "$code" -eq 137 ]; then
        fail "$name: still running after ${limit}s"
        return 1
    fi
    if [ "$code" -gt 128 ]; then
        fail "$name: killed by signal $((code - 128)): $(head -c 300 err)"
        return 1
    fi
    return 0
}

# expect NAME STATUS PATTERN COMMAND...: exit status STATUS and stderr
# matching the extended regular expression PATTERN (empty: anything).
expect() {
    name=$1 want=$2 pattern=$3
    shift 3
    run "$name" "$@" || return 1
    if [ "$code" -ne "$want" ]; then
        fail "$name: exit $code, want $want: $(head -c 300 err)"
        return 1
    fi
    if [ -n "$pattern" ] && ! grep -Eq -- "$pattern" err; then
        fail "$name: stderr lacks /$pattern/: $(head -c 300 err)"
        return 1
    fi
    pass
}

# supported DIRECTIVE SOURCE: the assembler takes SOURCE, a plain use of
# DIRECTIVE, before the tests of its limits. If it does not (the directive
# broke), that is a failure, and the limit tests, which would pass for the
# wrong reason, are not run.
supported() {
    printf '%b' "$2" >probe.s
    printf '.byte 1\n' >probe.inc
    timeout -k 5 "$limit" "$gcnasm" -a gfx900 -f hex -o probe.out probe.s >/dev/null 2>probe.err
    code=$?
    if [ "$code" -ne 0 ]; then
        fail "$1 does not work (exit $code: $(head -n 1 probe.err)): its limits cannot be tested"
        return 1
    fi
    pass
    return 0
}

# Fills file $2 with $1 copies of the line $3.
repeat_line() {
    awk -v n="$1" -v line="$3" 'BEGIN { for (i = 0; i < n; i++) print line }' >"$2"
}

# --- Limits -----------------------------------------------------------------

# A 1 MB line: one clear error, quickly.
awk 'BEGIN { printf "s_nop "; for (i = 0; i < 1048576; i++) printf "1"; print "" }' >long.s
expect "1 MB line" 1 'long\.s:1:[0-9]+: error: .*(line|long)' "$gcnasm" -a gfx900 -f hex -o long.out long.s

# A 1 MB line of text without a newline, followed by a good line.
{ awk 'BEGIN { for (i = 0; i < 1048576; i++) printf "x"; print "" }'; echo "s_nop 0"; } >long2.s
expect "1 MB line then a good line" 1 'long2\.s:1:' "$gcnasm" -a gfx900 -f hex -o long2.out long2.s

# Deeply nested parentheses in an operand and in data: an error or a value,
# never a stack overflow. 2000 levels fit in a line.
awk 'BEGIN { printf "s_nop "; for (i = 0; i < 2000; i++) printf "("; printf "1";
             for (i = 0; i < 2000; i++) printf ")"; print "" }' >nested.s
run "nested parentheses (2000)" "$gcnasm" -a gfx900 -f hex -o nested.out nested.s &&
    if [ "$code" -eq 0 ] || { [ "$code" -eq 1 ] && grep -q 'nested.s:1:[0-9]*: error: ' err; }; then
        pass
    else
        fail "nested parentheses (2000): exit $code: $(head -c 300 err)"
    fi
awk 'BEGIN { printf ".byte "; for (i = 0; i < 100000; i++) printf "-("; printf "1";
             for (i = 0; i < 100000; i++) printf ")"; print "" }' >nested2.s
expect "nested parentheses (100000)" 1 'nested2\.s:1:[0-9]+: error: ' \
    "$gcnasm" -a gfx900 -f hex -o nested2.out nested2.s
# Within a 64 KB line: a depth limit must stop it, not the stack.
awk 'BEGIN { printf ".byte "; for (i = 0; i < 30000; i++) printf "("; printf "1";
             for (i = 0; i < 30000; i++) printf ")"; print "" }' >nested3.s
run "nested parentheses (30000)" "$gcnasm" -a gfx900 -f hex -o nested3.out nested3.s &&
    if [ "$code" -eq 1 ] && grep -q 'nested3.s:1:[0-9]*: error: ' err; then
        pass
    else
        fail "nested parentheses (30000): exit $code: $(head -c 300 err)"
    fi
awk 'BEGIN { printf ".byte "; for (i = 0; i < 2000; i++) printf "-~"; print "1" }' >unary.s
run "2000 unary operators" "$gcnasm" -a gfx900 -f hex -o unary.out unary.s &&
    if [ "$code" -le 1 ]; then pass; else fail "2000 unary operators: exit $code"; fi

# 10000 errors: reports capped, the run still ends with exit 1.
repeat_line 10000 errors.s "s_bogus_instruction v0"
if expect "10000 errors" 1 'too many errors' "$gcnasm" -a gfx900 -f hex -o errors.out errors.s; then
    lines=$(wc -l <err)
    if [ "$lines" -gt 1000 ]; then
        fail "10000 errors: $lines diagnostic lines, not capped"
    else
        pass
    fi
fi

# Many lines, each good: no quadratic blow-up (100000 lines in the limit).
repeat_line 100000 many.s "s_nop 0"
expect "100000 good lines" 0 '' "$gcnasm" -a gfx900 -f raw -o many.out many.s
[ -f many.out ] && [ "$(wc -c <many.out)" -eq 400000 ] && pass ||
    fail "100000 good lines: many.out is not 400000 bytes"

# The llvm-mc hang of the issue: data, then alignment.
printf 's_nop 0\n.byte 1\n.p2align 2\n' >align.s
run "s_nop, .byte, .p2align" "$gcnasm" -a gfx900 -f raw -o align.out align.s && pass

# Repeat and macro bombs: an error, quickly.
if supported .rept '.rept 2\n.byte 1\n.endr\n'; then
    printf '.rept 1000000\n.rept 1000000\n.rept 1000000\n.byte 1\n.endr\n.endr\n.endr\n' >rept.s
    expect "repeat bomb" 1 'error: ' "$gcnasm" -a gfx900 -f raw -o rept.out rept.s
    printf '.rept 4294967295\n.byte 1\n.endr\n' >rept2.s
    expect "huge repeat count" 1 'error: ' "$gcnasm" -a gfx900 -f raw -o rept2.out rept2.s
    printf '.rept -1\n.byte 1\n.endr\n' >rept3.s
    run "negative repeat count" "$gcnasm" -a gfx900 -f raw -o rept3.out rept3.s && pass
    printf '.rept 2\n.byte 1\n' >rept4.s
    expect "unterminated .rept" 1 'error: ' "$gcnasm" -a gfx900 -f raw -o rept4.out rept4.s
fi
if supported .macro '.macro m\n.byte 1\n.endm\nm\n'; then
    printf '.macro m\nm\n.endm\nm\n' >macro.s
    expect "recursive macro" 1 'error: ' "$gcnasm" -a gfx900 -f raw -o macro.out macro.s
    {
        printf '.macro m0\n.byte 1\n.endm\n'
        i=1
        while [ $i -le 40 ]; do
            printf '.macro m%d\nm%d\nm%d\n.endm\n' $i $((i - 1)) $((i - 1))
            i=$((i + 1))
        done
        echo m40
    } >macro2.s
    expect "macro bomb (2^40)" 1 'error: ' "$gcnasm" -a gfx900 -f raw -o macro2.out macro2.s
    printf '.macro m\n.byte 1\n' >macro3.s
    expect "unterminated .macro" 1 'error: ' "$gcnasm" -a gfx900 -f raw -o macro3.out macro3.s
fi
for directive in .space .skip .fill .zero; do
    if supported $directive "$directive 4\n"; then
        printf '%s 1099511627776\n' $directive >huge.s
        expect "$directive of 1 TB" 1 'error: ' "$gcnasm" -a gfx900 -f raw -o huge.out huge.s
    fi
done
if supported .include '.include "probe.inc"\n'; then
    printf '.include "self.s"\n' >self.s
    expect "self include" 1 'error: .*(include|deep|depth)' "$gcnasm" -a gfx900 -f raw -o self.out self.s
    printf '.include "missing.s"\n' >missing-include.s
    expect "missing include" 1 'missing\.s' "$gcnasm" -a gfx900 -f raw -o mi.out missing-include.s
    printf '.include "%s"\n' "$work" >dir-include.s
    expect "include of a directory" 1 'error: ' "$gcnasm" -a gfx900 -f raw -o di.out dir-include.s
fi

# Includes of endless or blocking files: an error, not all memory or a hang.
# Memory is capped so a failure here cannot hurt the machine (ASan builds
# reserve address space, so there the sanitizer's own RSS limit does it).
if supported .include '.include "probe.inc"\n'; then
    if grep -q __asan_init "$gcnasm" 2>/dev/null; then
        printf '#!/bin/sh\nASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}hard_rss_limit_mb=2048 exec "$@"\n' >capped
    else
        printf '#!/bin/sh\nulimit -v 2097152 && exec "$@"\n' >capped
    fi
    chmod +x capped
    printf '.include "/dev/zero"\n' >inc-zero.s
    # An error of its own, not the memory cap reached.
    expect ".include of /dev/zero" 1 'inc-zero\.s:1:[0-9]+: error: ' \
        ./capped "$gcnasm" -a gfx900 -f raw -o inc-zero.out inc-zero.s &&
        if grep -Eqi 'allocate memory|out of memory' err; then
            fail ".include of /dev/zero: read until memory ran out: $(head -n 1 err)"
        else
            pass
        fi
    printf '.incbin "/dev/zero"\n' >incbin-zero.s
    expect ".incbin of /dev/zero" 1 'incbin-zero\.s:1:[0-9]+: error: ' \
        ./capped "$gcnasm" -a gfx900 -f raw -o incbin-zero.out incbin-zero.s
    if mkfifo fifo 2>/dev/null; then
        printf '.include "fifo"\n' >inc-fifo.s
        expect ".include of a FIFO nobody writes" 1 'inc-fifo\.s:1:[0-9]+: error: ' \
            "$gcnasm" -a gfx900 -f raw -o inc-fifo.out inc-fifo.s
    fi
fi

# --- Bytes the assembler must survive ----------------------------------------

head -c 65536 /dev/urandom >random.bin
for syntax in clrx llvm; do
    expect "gcnasm on random bytes ($syntax)" 1 'error: ' \
        "$gcnasm" -a gfx900 -s $syntax -f hex -o random.out random.bin
done
printf 's_nop 0\000s_nop 1\n\000\000\n' >nul.s
run "NUL bytes in the source" "$gcnasm" -a gfx900 -f hex -o nul.out nul.s && pass
: >empty.s
expect "empty source" 0 '' "$gcnasm" -a gfx900 -f raw -o empty.out empty.s
[ -f empty.out ] && [ ! -s empty.out ] && pass || fail "empty source: no empty output file"
printf 's_nop 0' >noeol.s
expect "no newline at the end" 0 '' "$gcnasm" -a gfx900 -f hex -o noeol.out noeol.s
printf '/* s_nop 0\n' >comment.s
run "unterminated block comment" "$gcnasm" -a gfx900 -s clrx -f hex -o comment.out comment.s && pass
# A source file cut short while gcnasm reads it: larger than the window it
# is read through, the next read past the new end must end in an error
# naming the file, with no output file, not a crash. The cut races with the
# run (a repeat makes it long, and the file's rest is read after it): if
# gcnasm ends first, only "no crash" is checked.
awk 'BEGIN { print ".rept 400"
             for (i = 0; i < 5000; i++) print "buffer_load_dword v1, v2, s[4:7], s1 offen offset:4"
             print ".endr"
             for (i = 0; i < 40000; i++) print "s_nop 0" }' >shrinking.s
timeout -k 5 "$limit" "$gcnasm" -a gfx900 -o shrinking.out shrinking.s >out 2>err &
shrinking=$!
sleep 0.1
: >shrinking.s
wait $shrinking
code=$?
if [ "$code" -gt 128 ] || [ "$code" -eq 124 ]; then
    fail "source cut while read: exit $code (a signal or the time limit): $(head -c 300 err)"
elif [ "$code" -eq 0 ]; then
    note "source cut while read: gcnasm finished before the cut"
    pass
elif [ "$code" -ne 1 ] || ! grep -q '^shrinking\.s:[0-9]*: error: changed while being read' err; then
    fail "source cut while read: exit $code: $(head -c 300 err)"
elif [ -e shrinking.out ] || ls shrinking.out.tmp.* >/dev/null 2>&1; then
    fail "source cut while read: an output file was left"
else
    pass
fi

# --- Files -------------------------------------------------------------------

printf 's_nop 0\n' >good.s
printf 's_nop 0\ns_bogus 1\n' >bad.s

expect "missing input" 1 "no-such-file\\.s.*(No such file|not found)" \
    "$gcnasm" -a gfx900 -o x.out no-such-file.s
expect "input is a directory" 1 "cannot (read|open).*Is a directory|Is a directory" \
    "$gcnasm" -a gfx900 -o x.out "$work"

# An existing output is left untouched when assembly fails, with no
# temporary file left behind.
printf 'keep me' >kept.out
expect "failed assembly keeps the old output" 1 'bad\.s:2:' "$gcnasm" -a gfx900 -o kept.out bad.s
[ "$(cat kept.out)" = "keep me" ] && pass || fail "failed assembly changed kept.out"
leftovers=$(ls | grep -c '\.tmp\.')
[ "$leftovers" -eq 0 ] && pass || fail "temporary files left: $(ls | grep '\.tmp\.')"

# Good assembly replaces it.
expect "good assembly replaces the output" 0 '' "$gcnasm" -a gfx900 -o kept.out good.s
[ "$(od -An -tx1 kept.out | tr -d ' \n')" = "000080bf" ] && pass ||
    fail "kept.out holds $(od -An -tx1 kept.out)"

# Output to a full device: through a symlink, so that a tool that would
# rename over the path can never replace /dev/full itself.
if [ -w /dev/full ]; then
    ln -s /dev/full full
    expect "output to /dev/full (gcnasm -o)" 1 "full.*No space left on device" \
        "$gcnasm" -a gfx900 -o full good.s
    [ -L full ] && pass || fail "gcnasm -o full replaced the symlink to /dev/full with a file"
    rm -f full
    expect "standard output to /dev/full (gcnasm)" 1 "standard output.*No space left on device" \
        sh -c "'$gcnasm' -a gfx900 -f hex -o - good.s >/dev/full"
    expect "standard output to /dev/full (gcndis)" 1 "No space left on device" \
        sh -c "printf '\\000\\000\\200\\277' | '$gcndis' -a gfx900 >/dev/full"
    # More than the tools' own output buffer, so the error comes mid-run.
    head -c 1000000 /dev/zero >zeros.bin
    expect "large output to /dev/full (gcndis)" 1 "No space left on device" \
        sh -c "'$gcndis' -a gfx900 zeros.bin >/dev/full"
else
    skip "/dev/full is missing: no write error tests"
fi

# Output into a folder that does not exist, or that is read-only.
expect "output into a missing folder" 1 "no-such-dir/x\\.out.*No such file or directory" \
    "$gcnasm" -a gfx900 -o no-such-dir/x.out good.s
mkdir readonly
if [ "$(id -u)" -ne 0 ]; then
    chmod 555 readonly
    expect "output into a read-only folder" 1 "readonly/x\\.out.*Permission denied" \
        "$gcnasm" -a gfx900 -o readonly/x.out good.s
elif command -v setpriv >/dev/null 2>&1; then
    chmod 555 readonly
    chmod 755 "$work"
    # root bypasses permissions: run as nobody.
    expect "output into a read-only folder" 1 "readonly/x\\.out.*Permission denied" \
        setpriv --reuid=65534 --regid=65534 --clear-groups "$gcnasm" -a gfx900 -o readonly/x.out good.s
else
    skip "running as root without setpriv: no permission test"
fi
mkdir outdir
expect "output path is a folder" 1 "outdir.*(Is a directory|directory)" \
    "$gcnasm" -a gfx900 -o outdir good.s

# --- The disassembler on hostile bytes -----------------------------------------

for arch in gcn1.0 gcn1.1 gcn1.2 gcn1.4; do
    for syntax in clrx llvm; do
        expect "gcndis -a $arch -s $syntax on random bytes" 0 '' \
            "$gcndis" -a $arch -s $syntax -e random.bin
        [ -s out ] || fail "gcndis -a $arch -s $syntax printed nothing"
    done
done
for n in 1 2 3 5 6 7 9 13; do
    head -c $n random.bin >truncated.bin
    expect "gcndis on $n bytes" 0 '' "$gcndis" -a gfx900 truncated.bin
done
# An SMEM instruction cut after its first word, and a GCN 1.1 literal offset
# without its literal.
printf '\000\000\002\300' >smem-cut.bin
expect "gcndis on a cut SMEM instruction" 0 '' "$gcndis" -a gfx900 smem-cut.bin
printf '\377\000\000\300' >literal-cut.bin
expect "gcndis on a missing literal" 0 '' "$gcndis" -a gcn1.1 literal-cut.bin
: >empty.bin
expect "gcndis on nothing" 0 '' "$gcndis" -a gfx900 empty.bin
expect "gcndis -f hex on random bytes" 1 'gcndis' "$gcndis" -a gfx900 -f hex random.bin
# Short words: 2 characters of input, 4 bytes of output each.
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "1 "; print "" }' >ones.txt
if expect "gcndis -f hex on 100000 one-digit words" 0 '' "$gcndis" -a gfx900 -f hex ones.txt; then
    [ "$(wc -l <out)" -ge 100000 ] && pass || fail "gcndis -f hex on one-digit words: $(wc -l <out) lines"
fi
printf 'bf800000 123456789\n' >badhex.txt
expect "gcndis -f hex with a 9-digit word" 1 'line 1' "$gcndis" -a gfx900 -f hex badhex.txt

echo "fault: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
