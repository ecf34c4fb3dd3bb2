#!/bin/sh
# Tests of the gcnasm and gcndis command lines: output formats, diagnostics,
# exit statuses, file safety, hex input, -e in both dialects, data for what
# is no instruction, random words, and the llvm dialect reassembling (by
# gcnasm and by llvm-mc). tests/run passes the build directory as $1.
# The last line is "cli: N passed, N failed, N skipped".
BUILD=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
case $BUILD in /*) ;; *) BUILD=$root/$BUILD ;; esac
asm=$BUILD/gcnasm
dis=$BUILD/gcndis
work=$(mktemp -d "${TMPDIR:-/tmp}/gcn-cli.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
trap 'exit 1' INT TERM

passed=0 failed=0 skipped=0
pass() { passed=$((passed + 1)); }
fail() {
    failed=$((failed + 1))
    printf 'FAIL cli: %s\n' "$*"
}
skip() {
    skipped=$((skipped + $1))
    shift
    printf 'SKIP cli: %s\n' "$*"
}
finish() {
    echo "cli: $passed passed, $failed failed, $skipped skipped"
    [ "$failed" -eq 0 ]
    exit
}

if [ ! -x "$asm" ] || [ ! -x "$dis" ]; then
    fail "$asm or $dis is missing: run make"
    finish
fi

# run [-i INPUT] COMMAND...: stdout to $work/out, stderr to $work/err, exit
# status to $status.
run() {
    input=/dev/null
    if [ "$1" = -i ]; then
        input=$2
        shift 2
    fi
    "$@" <"$input" >"$work/out" 2>"$work/err"
    status=$?
}
# want_out LINE... / want_err LINE...: the expected stdout / stderr lines.
want_out() { lines "$work/want.out" "$@"; }
want_err() { lines "$work/want.err" "$@"; }
lines() {
    file=$1
    shift
    if [ $# -eq 0 ]; then : >"$file"; else printf '%s\n' "$@" >"$file"; fi
}
show() {
    echo "  stdout:"; head -n 8 "$work/out" | sed 's/^/    /'
    echo "  stderr:"; head -n 8 "$work/err" | sed 's/^/    /'
}
# same NAME STATUS: the last run gave STATUS, want.out and want.err exactly.
same() {
    if [ "$status" -ne "$2" ]; then
        fail "$1: exit status $status, want $2"
        show
    elif ! cmp -s "$work/out" "$work/want.out"; then
        fail "$1: stdout differs (- want, + got)"
        diff "$work/want.out" "$work/out" | head -n 12 | sed 's/^/    /'
    elif ! cmp -s "$work/err" "$work/want.err"; then
        fail "$1: stderr differs (- want, + got)"
        diff "$work/want.err" "$work/err" | head -n 12 | sed 's/^/    /'
    else
        pass
    fi
}
# check NAME CONDITION...: passes if the command CONDITION succeeds.
check() {
    name=$1
    shift
    if "$@"; then pass; else fail "$name"; show; fi
}
bytes() { od -An -tx1 -v "$1" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//'; }

# ---------------------------------------------------------------- gcnasm

printf 's_nop 0x6\n\ts_endpgm  # done\n' >"$work/ok.s"

run "$asm" -a tonga -f hex "$work/ok.s"
want_out bf800006 bf810000
want_err
same "gcnasm -f hex" 0

run -i "$work/ok.s" "$asm" -a gfx8 -f hex -
same "gcnasm -f hex from standard input" 0

run -i "$work/ok.s" "$asm" -a Tonga -f hex
same "gcnasm with no INPUT reads standard input" 0

# A file larger than the assembler's window (256 KiB) is read through it as
# it goes, standard input whole first: the same lines and messages.
awk 'BEGIN { for (i = 0; i < 40000; i++) {
                 print "s_load_dword s" i % 90 ", s[2:3], " i % 1000 * 4
                 if (i % 9999 == 0) print "s_bogus " i } }' >"$work/big.s"
run "$asm" -a gfx900 -f hex "$work/big.s"
check "gcnasm on a file larger than its window: exit 1, 5 errors (exit $status)" \
    test "$status" -eq 1 -a "$(grep -c "^$work/big\\.s:[0-9]*:1: error: unknown instruction 's_bogus'" "$work/err")" -eq 5
mv "$work/out" "$work/want.out"
sed "s#^$work/big\\.s:#<stdin>:#" "$work/err" >"$work/want.err"
run -i "$work/big.s" "$asm" -a gfx900 -f hex -
same "gcnasm on a file larger than its window, and on standard input" 1

run "$asm" -a tonga -f raw -o - "$work/ok.s"
check "gcnasm -f raw -o - writes the words little-endian to stdout" \
    test "$status" -eq 0 -a "$(bytes "$work/out")" = "06 00 80 bf 00 00 81 bf"

run "$asm" -a tonga -o "$work/ok.bin" "$work/ok.s"
check "gcnasm -o FILE writes raw little-endian words" \
    test "$status" -eq 0 -a ! -s "$work/out" -a "$(bytes "$work/ok.bin")" = "06 00 80 bf 00 00 81 bf"

mkdir "$work/cwd"
(cd "$work/cwd" && "$asm" -a tonga "$work/ok.s" >/dev/null 2>&1)
check "gcnasm without -o writes a.out" \
    test -f "$work/cwd/a.out" -a "$(bytes "$work/cwd/a.out")" = "06 00 80 bf 00 00 81 bf"

printf 's_nop 1\ns_endpgm\n' >"$work/llvm.s"
run "$asm" -a gfx900 -s llvm -f hex "$work/llvm.s"
want_out bf800001 bf810000
want_err
same "gcnasm -s llvm" 0

printf '.int 0x12345678\n.long 0xbf810000, 1\n' >"$work/data.s"
run "$asm" -a tahiti -f hex "$work/data.s"
want_out 12345678 "bf810000 00000001"
want_err
same "gcnasm data directives, one line each" 0

printf 's_nop 0x12345\n' >"$work/warn.s"
run "$asm" -a tonga -f hex "$work/warn.s"
want_out bf802345
want_err "$work/warn.s:1:7: warning: value 74565 truncated to 16 bits: 0x2345" "s_nop 0x12345" "      ^"
same "gcnasm warning: INPUT:LINE:COL: warning: MESSAGE, exit 0" 0

# Every error of a file in one run, as INPUT:LINE:COL: error: MESSAGE; the
# valid lines still give their words on stdout.
printf 's_nop 0x6\ns_endpgmm\ns_endpgm\n  s_wakeup 1 2\ns_branch\ns_waitcnt vmcnt(0)\n' >"$work/bad.s"
run "$asm" -a tonga -f hex "$work/bad.s"
want_out bf800006 bf810000 bf8c0f70
want_err "$work/bad.s:2:1: error: unknown instruction 's_endpgmm'; did you mean 's_endpgm'?" \
    "s_endpgmm" "^" \
    "$work/bad.s:4:14: error: unexpected '2' after the operands" \
    "  s_wakeup 1 2" "             ^" \
    "$work/bad.s:5:9: error: s_branch needs a branch target" \
    "s_branch" "        ^"
same "gcnasm reports every error with its column, exit 1" 1

run -i "$work/bad.s" "$asm" -a tonga -f hex
check "gcnasm names standard input <stdin> in diagnostics" \
    grep -q "^<stdin>:2:1: error: unknown instruction 's_endpgmm'" "$work/err"

printf 's_wakeup\n' >"$work/generation.s"
run "$asm" -a tahiti -f hex "$work/generation.s"
want_out
want_err "$work/generation.s:1:1: error: 's_wakeup' is not available on gcn1.0; it exists on gcn1.2, gcn1.4" \
    "s_wakeup" "^"
same "gcnasm: instruction not on this generation" 1

# A relocation in an instruction's operand: only in an object, only in a
# 32-bit literal (tests/data/objects/instruction_relocations_gfx900.s has
# the objects).
printf 's_add_u32 s4, s4, sym@rel32@lo+4\n' >"$work/relocation.s"
run "$asm" -a gfx900 -s llvm -f hex "$work/relocation.s"
want_out
want_err "$work/relocation.s:1:19: error: 'sym@rel32@lo' needs a relocation: only an object (gcnasm -f elf) takes it" \
    "s_add_u32 s4, s4, sym@rel32@lo+4" "                  ^"
same "gcnasm: a relocation in an operand without an object" 1
printf 's_cmpk_eq_u32 s4, sym@abs32@lo\n' >"$work/relocation.s"
run "$asm" -a gfx900 -s llvm -f elf -o "$work/relocation.o" "$work/relocation.s"
want_out
want_err "$work/relocation.s:1:19: error: 'sym@abs32@lo': a relocation fits only a SOP1, SOP2 or SOPC literal or a data word" \
    "s_cmpk_eq_u32 s4, sym@abs32@lo" "                  ^"
same "gcnasm: a relocation where no literal is" 1
check "gcnasm leaves no object after that error" test ! -e "$work/relocation.o"

# An existing output file is left untouched on error, and no temporary file stays.
mkdir "$work/keep"
printf 'keep me\n' >"$work/keep/out.bin"
run "$asm" -a tonga -o "$work/keep/out.bin" "$work/bad.s"
check "gcnasm leaves an existing output file untouched on error" \
    test "$status" -eq 1 -a "$(cat "$work/keep/out.bin")" = "keep me" \
    -a "$(ls -A "$work/keep")" = "out.bin"
run "$asm" -a tonga -f hex -o "$work/keep/out.bin" "$work/bad.s"
check "gcnasm -f hex leaves an existing output file untouched on error" \
    test "$status" -eq 1 -a "$(cat "$work/keep/out.bin")" = "keep me" \
    -a "$(ls -A "$work/keep")" = "out.bin"
run "$asm" -a tonga -o "$work/keep/new.bin" "$work/bad.s"
check "gcnasm creates no output file on error" test "$status" -eq 1 -a ! -e "$work/keep/new.bin"

# Write errors.
run "$asm" -a tonga -o "$work/no/such/dir/out.bin" "$work/ok.s"
check "gcnasm reports an output file it cannot create, exit 1" \
    test "$status" -eq 1 -a -s "$work/err"
if [ -c /dev/full ]; then
    "$asm" -a tonga -f hex -o - "$work/ok.s" >/dev/full 2>"$work/err"
    status=$?
    check "gcnasm reports a write error on a full stdout (/dev/full), exit 1" \
        test "$status" -eq 1 -a -s "$work/err"
    "$asm" -a tonga -f raw -o - "$work/ok.s" >/dev/full 2>"$work/err"
    status=$?
    check "gcnasm -f raw reports a write error on a full stdout, exit 1" \
        test "$status" -eq 1 -a -s "$work/err"
else
    skip 2 "no /dev/full"
fi

# Command-line mistakes: a message and exit status 2.
run "$asm" -a tonga -x "$work/ok.s"
check "gcnasm unknown option" test "$status" -eq 2 -a ! -s "$work/out"
check "gcnasm unknown option message" grep -q "^gcnasm: unknown option '-x'$" "$work/err"
run "$asm" -a gfx1030 "$work/ok.s"
want_out
want_err "gcnasm: unknown architecture 'gfx1030'; the known ones:" \
    "  gcn1.0, gcn1.1, gcn1.2, gcn1.4, gfx6, gfx7, gfx8, gfx9, si, ci, vi, gfx600," \
    "  tahiti, gfx601, pitcairn, verde, gfx602, oland, hainan, gfx700, kaveri," \
    "  gfx701, hawaii, gfx702, gfx703, kabini, mullins, gfx704, bonaire, gfx705," \
    "  gfx801, carrizo, gfx802, iceland, tonga, gfx803, fiji, polaris10, polaris11," \
    "  polaris12, gfx805, tongapro, gfx810, stoney, gfx900, gfx902, gfx904, gfx906," \
    "  gfx909, gfx90c, capeverde, spectre, spooky, kalindi, goose, horse," \
    "  ellesmere, baffin, gfx804, lexa, vega10, gfx901, raven, gfx903, vega12," \
    "  gfx905, vega20, gfx907"
same "gcnasm unknown architecture lists the known names" 2
run "$asm" "$work/ok.s"
check "gcnasm without -a" test "$status" -eq 2 -a ! -s "$work/out"
check "gcnasm without -a message" grep -q "^gcnasm: -a ARCH is required$" "$work/err"
run "$asm" -a tonga -s gas "$work/ok.s"
check "gcnasm unknown syntax" test "$status" -eq 2
check "gcnasm unknown syntax message" grep -q "^gcnasm: unknown syntax 'gas'" "$work/err"
run "$asm" -a tonga -f coff "$work/ok.s"
check "gcnasm unknown output format" test "$status" -eq 2
check "gcnasm unknown output format message" grep -q "^gcnasm: unknown output format 'coff'" "$work/err"
run "$asm" -a tonga "$work/missing.s"
check "gcnasm missing input file" test "$status" -eq 1 -a ! -s "$work/out"
check "gcnasm missing input file message" grep -q "^gcnasm: cannot open '$work/missing.s'" "$work/err"
run "$asm" -h
check "gcnasm -h prints the usage on stdout" grep -q "^Usage: gcnasm -a ARCH" "$work/out"

# The conventions of llvm-mc and GNU tools (issue tool-conventions).
for tool in gcnasm gcndis; do
    run "$BUILD/$tool" --version
    check "$tool --version" test "$status" -eq 0 -a "$(head -n 1 "$work/out")" = "$tool (libgcn) $(sed -n 's/^VERSION = //p' "$root/Makefile")"
    run "$BUILD/$tool" --help
    check "$tool --help exits 0 with every option" test "$status" -eq 0
    for option in -a -s -f -h -- --version; do
        check "$tool --help explains $option" grep -Eq -- "^ +$option[ ,]" "$work/out"
    done
    # The two paragraphs are wrapped: compared with their lines joined.
    joined=$(tr -s ' \n' '  ' <"$work/out")
    check "$tool --help names the supported encodings" test \
        "${joined#*Instruction encodings supported: SOP2, SOP1, SOPK, SOPC, SOPP, SMRD, SMEM, MUBUF, FLAT Not supported yet: }" != "$joined"
    check "$tool --help names those not supported yet" test \
        "${joined#*Not supported yet: VOP2, VOP1, VOPC, VOP3, VOP3P, SDWA, DPP, VINTRP, DS, MTBUF, MIMG, EXP }" != "$joined"
    run "$BUILD/$tool" -a tonga "$work/ok.s" "$work/ok.s"
    want_out
    want_err "$tool: one input file expected, got '$work/ok.s' and '$work/ok.s'"
    same "$tool with two inputs" 2
    run "$BUILD/$tool" -a tonga -s
    want_out
    want_err "$tool: option '-s' needs an argument"
    same "$tool -s without its argument" 2
    run "$BUILD/$tool" -a
    want_err "$tool: option '-a' needs an argument"
    same "$tool -a without its argument" 2
    run "$BUILD/$tool" -a tonga -s LLVM -f hex -- -
    check "$tool: -s is case-insensitive and -- ends the options" test "$status" -eq 0
done
run "$asm" -a tonga -o
want_out
want_err "gcnasm: option '-o' needs an argument"
same "gcnasm -o without its argument" 2
cp "$work/ok.s" "$work/-dash.s"
(cd "$work" && "$asm" -a tonga -f hex -- -dash.s >"$work/out" 2>"$work/err")
status=$?
check "gcnasm -- then an input named -dash.s" test "$status" -eq 0 -a -s "$work/out"
run "$asm" --arch=tonga --format=hex --output=- "$work/ok.s"
check "gcnasm long options with =" test "$status" -eq 0 -a -s "$work/out"
rm -f "$work/mode.bin" "$work/mode077.bin"
(umask 022 && "$asm" -a tonga -o "$work/mode.bin" "$work/ok.s")
check "gcnasm output file mode is 0666 less the umask (022)" test "$(stat -c %a "$work/mode.bin")" = 644
(umask 077 && "$asm" -a tonga -o "$work/mode077.bin" "$work/ok.s")
check "gcnasm output file mode is 0666 less the umask (077)" test "$(stat -c %a "$work/mode077.bin")" = 600
chmod 640 "$work/mode.bin"
"$asm" -a tonga -o "$work/mode.bin" "$work/ok.s"
check "gcnasm keeps the mode of the file it replaces" test "$(stat -c %a "$work/mode.bin")" = 640

# A line with an error gives no words, also where a later symbol decided
# (the issue's example).
printf 's_nop 1\ns_load_dword s4, s[2:3], nosuchsymbol\ns_nop 2\n' >"$work/error-line.s"
run "$asm" -a gfx900 -f hex "$work/error-line.s"
want_out bf800001 bf800002
check "gcnasm -f hex: an error line (undefined symbol) prints no words" cmp -s "$work/out" "$work/want.out"
run "$asm" -a gfx900 -o - "$work/error-line.s"
check "gcnasm raw to stdout: an error line gives no bytes" \
    test "$(od -An -tx1 "$work/out" | tr -d ' \n')" = 010080bf020080bf

# ---------------------------------------------------------------- gcndis

printf '# a comment line\n0xbf800006 bf810000 # after words\n  0XBF820005\tbf82FFFF\n' >"$work/words.hex"
run "$dis" -a tonga -f hex "$work/words.hex"
want_out "s_nop           0x6" "s_endpgm" "s_branch        .L32_0" ".L12_0:" "s_branch        .L12_0" \
    ".L32_0 = 32"
want_err
same "gcndis hex input with 0x, # comments, clrx" 0

run -i "$work/words.hex" "$dis" -a tonga -s llvm -f hex
want_out "s_nop 6" "s_endpgm" "s_branch 5" "s_branch 65535"
same "gcndis hex input from standard input, llvm" 0

printf 'bf800000 bf820005\n' >"$work/branch.hex"
run "$dis" -a tonga -s llvm -f hex -e "$work/branch.hex"
want_out "s_nop 0 // 000000000000: BF800000" "s_branch 5 // 000000000004: BF820005"
same "gcndis -e in the llvm dialect" 0

run "$dis" -a tonga -s clrx -f hex -e "$work/branch.hex"
tr -s ' ' <"$work/out" >"$work/collapsed"
printf '%s\n' "/*000000000000: bf800000*/ s_nop 0x0" "/*000000000004: bf820005*/ s_branch .L28_0" \
    ".L28_0 = 28" >"$work/want.collapsed"
check "gcndis -e in the clrx dialect" cmp -s "$work/collapsed" "$work/want.collapsed"

# raw input, and bytes past the last whole word
printf '\006\000\200\277\001\002' >"$work/odd.bin"
run "$dis" -a gfx900 -s llvm "$work/odd.bin"
want_out "s_nop 6" ".byte 0x01" ".byte 0x02"
want_err
same "gcndis raw input with trailing bytes" 0
run -i "$work/odd.bin" "$dis" -a gfx900 -f raw -s llvm -
same "gcndis -f raw - (standard input)" 0

# Raw input streams in 1 MiB blocks: an SMEM instruction across the first
# block's end, a branch on each side to a target on the other (one inside
# that instruction: an absolute label at the end), bytes past the last
# word. From a file the clrx dialect reads the input twice; from a pipe it
# goes through a temporary file: both must print the same.
printf '\000\000\200\277' >"$work/nops.bin" # s_nop 0, doubled to 1 MiB
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18; do
    cat "$work/nops.bin" "$work/nops.bin" >"$work/nops2.bin" && mv "$work/nops2.bin" "$work/nops.bin"
done
{
    head -c 1048568 "$work/nops.bin"
    printf '\001\000\202\277\101\001\002\300\020\000\000\000\375\377\202\277'
    printf '\000\000\201\277\000\000\200\277\001\002\003'
} >"$work/blocks.bin"
run "$dis" -a gfx900 -e "$work/blocks.bin"
tail -n 11 "$work/out" >"$work/tail"
printf '%s\n' "/*0000000ffff4: bf800000*/ s_nop           0x0" \
    "/*0000000ffff8: bf820001*/ s_branch        .L1048576_0" ".L1048572_0:" \
    "/*0000000ffffc: c0020141 00000010*/ s_load_dword    s5, s[2:3], 0x10" \
    "/*000000100004: bf82fffd*/ s_branch        .L1048572_0" "/*000000100008: bf810000*/ s_endpgm" \
    "/*00000010000c: bf800000*/ s_nop           0x0" ".byte 0x01" ".byte 0x02" ".byte 0x03" \
    ".L1048576_0 = 1048576" >"$work/want.tail"
check "gcndis clrx -e across a 1 MiB block boundary" \
    test "$status" -eq 0 -a "$(wc -l <"$work/out")" -eq 262152 -a ! -s "$work/err"
check "gcndis clrx -e across a 1 MiB block boundary: the lines there" cmp -s "$work/tail" "$work/want.tail"
run "$dis" -a gfx900 -s llvm -e "$work/blocks.bin"
tail -n 8 "$work/out" | head -n 4 >"$work/tail"
printf '%s\n' "s_branch 1 // 0000000FFFF8: BF820001" \
    "s_load_dword s5, s[2:3], 0x10 // 0000000FFFFC: C0020141 00000010" \
    "s_branch 65533 // 000000100004: BF82FFFD" "s_endpgm // 000000100008: BF810000" >"$work/want.tail"
check "gcndis llvm -e across a 1 MiB block boundary" cmp -s "$work/tail" "$work/want.tail"
for syntax in clrx llvm; do
    for encoding in "" -e; do
        "$dis" -a gfx900 -s $syntax $encoding "$work/blocks.bin" >"$work/from-file" 2>&1
        cat "$work/blocks.bin" | "$dis" -a gfx900 -s $syntax $encoding >"$work/from-pipe" 2>&1
        "$dis" -a gfx900 -s $syntax $encoding - <"$work/blocks.bin" >"$work/from-stdin" 2>&1
        check "gcndis -s $syntax $encoding: a pipe and standard input print what the file prints" \
            cmp -s "$work/from-file" "$work/from-pipe"
        check "gcndis -s $syntax $encoding: standard input from the file" \
            cmp -s "$work/from-file" "$work/from-stdin"
    done
done
# Standard input already past its start: the second walk starts there too.
{ dd bs=8 count=1 of=/dev/null 2>/dev/null; "$dis" -a gfx900 -e; } <"$work/blocks.bin" >"$work/out"
tail -c +9 "$work/blocks.bin" >"$work/rest.bin"
"$dis" -a gfx900 -e "$work/rest.bin" >"$work/want.out"
check "gcndis clrx from standard input that does not start at its beginning" \
    cmp -s "$work/out" "$work/want.out"

# Words that are no instruction print as data, and disassembly goes on;
# so does a truncated last instruction (a lone first word of a two-word
# MUBUF instruction).
printf '7e000280 bf810000 bf9e0020 e0500000\n' >"$work/data.hex"
run "$dis" -a tonga -f hex "$work/data.hex"
want_out ".int 0x7e000280" "s_endpgm" "SOPP_ill_30     0x20" ".int 0xe0500000"
want_err
same "gcndis clrx: data as .int, illegal opcode by number, truncated last" 0
run "$dis" -a tonga -s llvm -f hex "$work/data.hex"
want_out ".long 0x7e000280" "s_endpgm" ".long 0xbf9e0020" ".long 0xe0500000"
same "gcndis llvm: data and illegal opcodes as .long, truncated last" 0

: >"$work/empty"
run "$dis" -a tonga -f hex "$work/empty"
want_out
want_err
same "gcndis empty input" 0

printf 'bf800000 xyz\n' >"$work/badhex.hex"
run "$dis" -a tonga -f hex "$work/badhex.hex"
check "gcndis rejects a bad hex word, exit 1" test "$status" -eq 1 -a -s "$work/err"
printf 'bf800000\n123456789\n' >"$work/longhex.hex"
run "$dis" -a tonga -f hex "$work/longhex.hex"
check "gcndis rejects a hex word of 9 digits, exit 1" test "$status" -eq 1 -a -s "$work/err"

if [ -c /dev/full ]; then
    "$dis" -a tonga -f hex "$work/words.hex" >/dev/full 2>"$work/err"
    status=$?
    check "gcndis reports a write error on a full stdout (/dev/full), exit 1" \
        test "$status" -eq 1 -a -s "$work/err"
else
    skip 1 "no /dev/full"
fi

run "$dis" -a tonga -q
check "gcndis unknown option" test "$status" -eq 2
check "gcndis unknown option message" grep -q "^gcndis: unknown option '-q'$" "$work/err"
run "$dis" -a fiji2 "$work/words.hex"
want_out
sed 1d "$work/err" >"$work/err.list"
check "gcndis unknown architecture" test "$status" -eq 2 -a ! -s "$work/out"
check "gcndis unknown architecture message" \
    test "$(head -n 1 "$work/err")" = "gcndis: unknown architecture 'fiji2'; the known ones:"
check "gcndis unknown architecture lists the known names" grep -q "^  gfx909, gfx90c, capeverde" "$work/err.list"
run "$dis" "$work/words.hex"
check "gcndis without -a message" grep -q "^gcndis: -a ARCH is required$" "$work/err"
run "$dis" -a tonga -f text "$work/words.hex"
check "gcndis unknown input format" test "$status" -eq 2
run "$dis" -a tonga "$work/missing.bin"
check "gcndis missing input file" test "$status" -eq 1
check "gcndis missing input file message" grep -q "^gcndis: cannot open '$work/missing.bin'" "$work/err"
run "$dis" -a tonga -s llvm "$work"
want_out
want_err "gcndis: cannot read '$work': Is a directory"
same "gcndis on a directory: a read error, exit 1" 1

# ------------------------------------------------- random words, reassembly

# Deterministic words (MINSTD generator, exact in any awk), biased to the
# four families and to boundary fields; 0x prefixes and comments mixed in.
random_words() { # SEED COUNT
    awk -v seed="$1" -v count="$2" '
    function r16() { state = (state * 48271) % 2147483647; return int(state / 16384) % 65536 }
    function field() { k = r16() % 6; return k == 0 ? 0 : k == 1 ? 65535 : k == 2 ? 32768 : k == 3 ? 1 : r16() }
    BEGIN {
        state = seed + 1
        for (i = 0; i < count; i++) {
            k = r16() % 9
            if (k <= 1) { hi = 49024 + r16() % 32; lo = field() }        # SOPP 0xbf80..
            else if (k == 2) { hi = 49024 + r16() % 128; lo = r16() }    # SOPP, any opcode
            else if (k == 3) { hi = 49152 + r16() % 2048; lo = r16() }   # SMRD / SMEM
            else if (k == 4) { hi = 57344 + r16() % 1024; lo = r16() }   # MUBUF
            else if (k == 5) { hi = 56320 + r16() % 1024; lo = r16() }   # FLAT
            else if (k == 6) { hi = field(); lo = field() }
            else { hi = r16(); lo = r16() }
            prefix = r16() % 3 == 0 ? "0x" : ""
            printf "%s%04x%04x", prefix, hi, lo
            if (r16() % 7 == 0) printf "  # words %d\n", i
            else printf (i % 4 == 3 ? "\n" : " ")
        }
        printf "\n"
    }'
}

llvm_mc=$(command -v llvm-mc-14 || command -v /usr/lib/llvm-14/bin/llvm-mc || command -v llvm-mc)
llvm_objcopy=$(command -v llvm-objcopy-14 || command -v /usr/lib/llvm-14/bin/llvm-objcopy || command -v llvm-objcopy)
count=600
seed=1
for arch in tahiti bonaire tonga gfx900; do
    random_words "$seed" "$count" >"$work/random.hex"
    seed=$((seed + 1))
    for syntax in clrx llvm; do
        run "$dis" -a "$arch" -s "$syntax" -f hex -e "$work/random.hex"
        if [ "$status" -ne 0 ] || [ -s "$work/err" ]; then
            fail "gcndis $arch $syntax on random words: exit $status"
            show
            continue
        fi
        # Every word is printed once, in order: the -e offsets and words
        # of the lines add up to the whole input.
        covered=$(awk -v llvm=$([ "$syntax" = llvm ] && echo 1 || echo 0) '
            /^\.L[0-9]+_0(:| = -?[0-9]+)$/ { next } # label definitions (clrx)
            {
                if (llvm) { i = index($0, " // "); if (!i) { print "no-encoding:" NR; exit }
                            s = substr($0, i + 4) }
                else { if (substr($0, 1, 2) != "/*") { print "no-encoding:" NR; exit }
                       s = substr($0, 3, index($0, "*/") - 3) }
                split(s, parts, ": ")
                want = sprintf(llvm ? "%012X" : "%012x", offset)
                if (parts[1] != want) { print "offset:" NR ":" parts[1] "!=" want; exit }
                offset += 4 * split(parts[2], words, " ")
            }
            END { print offset / 4 }' "$work/out")
        check "gcndis $arch $syntax prints every one of $count random words (got $covered)" \
            test "$covered" = "$count"
    done

    cp "$work/out" "$work/random.e" # the llvm -e output of the loop above

    # The llvm dialect reassembles with gcnasm to words that print the same text.
    run "$dis" -a "$arch" -s llvm -f hex "$work/random.hex"
    cp "$work/out" "$work/random.s"
    sed 's| // [0-9A-F]*: [0-9A-F ]*$||' "$work/random.e" >"$work/random.stripped"
    check "gcndis $arch llvm: -e adds only the comment" cmp -s "$work/random.stripped" "$work/random.s"
    run "$asm" -a "$arch" -s llvm -o "$work/again.bin" "$work/random.s"
    if [ "$status" -ne 0 ]; then
        fail "gcnasm -s llvm rejects gcndis -s llvm output on $arch (exit $status)"
        grep ': error: ' "$work/err" | head -n 5 | sed 's/^/    /'
        continue
    fi
    pass
    run "$dis" -a "$arch" -s llvm "$work/again.bin"
    if cmp -s "$work/out" "$work/random.s"; then
        pass
    else
        fail "gcndis -s llvm on $arch: reassembled words print different text (- first, + again)"
        diff "$work/random.s" "$work/out" | head -n 8 | sed 's/^/    /'
    fi

    # llvm-mc assembles it too, and to the same bytes. The one excuse for a
    # line llvm-mc rejects: on tonga and gfx900, llvm-mc's own disassembler
    # prints that very text for those words (LLVM disagrees with itself; we
    # print what it prints). Such lines are compared as .long words.
    if [ -z "$llvm_mc" ] || [ -z "$llvm_objcopy" ]; then
        skip 2 "llvm-mc or llvm-objcopy missing (Debian: apt-get install llvm-14)"
        continue
    fi
    "$llvm_mc" -arch=amdgcn -mcpu="$arch" -o /dev/null "$work/random.s" 2>"$work/err" # (-filetype=null can crash llvm-mc 14)
    rejected=$(sed -n 's|^.*random\.s:\([0-9]*\):[0-9]*: error:.*|\1|p' "$work/err" | sort -un | tr '\n' ' ')
    excused=0
    if [ -n "$rejected" ]; then
        # The rejected lines' words, as llvm-mc -disassemble input, and our text.
        awk -v list=" $rejected " -v dis="$work/rejected.dis" -v txt="$work/rejected.txt" '
            index(list, " " NR " ") {
                i = index($0, " // "); split(substr($0, i + 4), p, ": "); n = split(p[2], w, " ")
                bytes = ""
                for (k = 1; k <= n; k++)
                    for (b = 4; b >= 1; b--)
                        bytes = bytes (bytes == "" ? "" : ",") "0x" substr(w[k], 2 * b - 1, 2)
                print "[" bytes "]" > dis
                print substr($0, 1, i - 1) > txt
            }' "$work/random.e"
        if [ "$arch" = tonga ] || [ "$arch" = gfx900 ]; then
            "$llvm_mc" -arch=amdgcn -mcpu="$arch" -disassemble <"$work/rejected.dis" \
                >"$work/rejected.llvm" 2>"$work/rejected.warnings"
            warned=$(sed -n 's|^<stdin>:\([0-9]*\):.*|\1|p' "$work/rejected.warnings" | tr '\n' ' ')
            # LLVM's text for each rejected line, in order ("invalid" where it has none).
            awk -v warned=" $warned " -v count="$(wc -l <"$work/rejected.dis")" '
                /^\t/ && !/^\t\.text/ { sub(/^\t/, ""); gsub(/[ \t]+/, " "); text[++n] = $0 }
                END {
                    for (k = 1; k <= count; k++)
                        print index(warned, " " k " ") ? "invalid" : text[++m]
                }' "$work/rejected.llvm" >"$work/rejected.want"
            tr -s ' ' <"$work/rejected.txt" >"$work/rejected.got"
            if cmp -s "$work/rejected.got" "$work/rejected.want"; then
                excused=$(wc -l <"$work/rejected.got" | tr -d ' ')
            fi
        fi
        if [ "$excused" -eq 0 ]; then
            fail "llvm-mc -mcpu=$arch rejects gcndis -s llvm output (lines $rejected)"
            grep -A2 ': error: ' "$work/err" | head -n 9 | sed 's/^/    /'
            [ -f "$work/rejected.want" ] && paste -d '\n' "$work/rejected.got" "$work/rejected.want" |
                head -n 6 | sed 's/^/    ours or llvm: /'
            continue
        fi
    fi
    check "llvm-mc -mcpu=$arch accepts gcndis -s llvm output ($excused lines printed as llvm-mc prints them but rejected by llvm-mc itself)" true
    # Both assemblers on the same text, the excused lines as .long words.
    awk -v list=" $rejected " '{
            i = index($0, " // ")
            if (!index(list, " " NR " ")) { print substr($0, 1, i - 1); next }
            split(substr($0, i + 4), p, ": "); n = split(p[2], w, " ")
            line = ".long "
            for (k = 1; k <= n; k++) line = line (k > 1 ? ", " : "") "0x" w[k]
            print line
        }' "$work/random.e" >"$work/both.s"
    run "$asm" -a "$arch" -s llvm -o "$work/both.bin" "$work/both.s"
    if "$llvm_mc" -arch=amdgcn -mcpu="$arch" -filetype=obj -o "$work/llvm.o" "$work/both.s" \
        2>"$work/err" >/dev/null && [ ! -s "$work/err" ] &&
        "$llvm_objcopy" -O binary --only-section=.text "$work/llvm.o" "$work/llvm.bin" &&
        [ "$status" -eq 0 ] && cmp -s "$work/llvm.bin" "$work/both.bin"; then
        pass
    else
        fail "llvm-mc -mcpu=$arch and gcnasm -s llvm assemble gcndis output to different bytes"
        head -n 5 "$work/err" | sed 's/^/    /'
        cmp "$work/llvm.bin" "$work/both.bin" 2>&1 | sed 's/^/    /'
    fi
done

# The bundled example: make demo runs, and the example's llvm disassembly
# assembles with llvm-mc to the very bytes gcnasm made of the clrx source.
run sh "$root/examples/demo.sh" "$BUILD"
check "examples/demo.sh (make demo) runs" test "$status" -eq 0 -a ! -s "$work/err"
check "make demo shows the clrx disassembly with -e" \
    grep -q '^/\*000000000014: bf88000a\*/ s_cbranch_execz \.L64_0$' "$work/out"
check "make demo shows the llvm disassembly with -e" \
    grep -q '^s_cbranch_execz 10 // 000000000014: BF88000A$' "$work/out"
run "$asm" -a gcn1.2 -o "$work/example.bin" "$root/examples/copy.s"
check "examples/copy.s assembles" test "$status" -eq 0 -a ! -s "$work/err"
run "$dis" -a gcn1.2 -s llvm "$work/example.bin"
cp "$work/out" "$work/example.s"
if [ -n "$llvm_mc" ] && [ -n "$llvm_objcopy" ] &&
    "$llvm_mc" -arch=amdgcn -mcpu=tonga -filetype=obj -o "$work/example.o" "$work/example.s" \
        2>"$work/err" >/dev/null &&
    "$llvm_objcopy" -O binary --only-section=.text "$work/example.o" "$work/example.llvm.bin"; then
    check "llvm-mc assembles the example's llvm disassembly to the same bytes" \
        cmp -s "$work/example.llvm.bin" "$work/example.bin"
else
    fail "llvm-mc cannot assemble the example's llvm disassembly"
    head -n 5 "$work/err" | sed 's/^/    /'
fi

# Random raw bytes of odd length: no crash, exit 0, every byte accounted for.
awk 'BEGIN { state = 7; for (i = 0; i < 4099; i++) {
        state = (state * 48271) % 2147483647; printf "\\%03o", int(state / 16384) % 256 } }' \
    >"$work/random.octal"
printf "$(cat "$work/random.octal")" >"$work/random.bin"
for arch in gcn1.0 gcn1.1 gcn1.2 gcn1.4; do
    for syntax in clrx llvm; do
        run "$dis" -a "$arch" -s "$syntax" "$work/random.bin"
        tail_bytes=$(grep -c '^\.byte 0x' "$work/out")
        check "gcndis $arch $syntax on 4099 random bytes: exit 0, 3 trailing bytes (exit $status, $tail_bytes)" \
            test "$status" -eq 0 -a ! -s "$work/err" -a "$tail_bytes" -eq 3
    done
done

finish
