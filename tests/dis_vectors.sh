#!/bin/sh
# gcndis itself (the tool, not only the library) on CLRX's disassembler
# cases and on checked-in inputs (issue 12):
# - golden: each tests/data/dis/NAME.hex (its first line "# -a ARCH")
#   prints NAME.clrx, NAME.clrx-exact, NAME.llvm and NAME.llvm-exact (all
#   with -e) exactly, and the --exact listings assemble back (gcnasm) to
#   the input's words. These need no ../shared.
# - vectors: every row of ../shared/vectors/clrx/dis.tsv, and the SOP2,
#   SOPK, SOP1, SOPC, SOPP, SMRD/SMEM, MUBUF and FLAT rows of
#   ../shared/vectors/clrx-isa/dis.tsv,
#   print clrxdisasm's text (white space collapsed). Rows of other families
#   that gcndis prints as data are counted as not yet supported; where it
#   prints text, the text is compared too. Under --exact every row either
#   prints that text, or its first word as data with that text in a
#   comment (the text would not give back every bit; the next word is
#   read afresh), and the whole listing assembles back to the same words,
#   in both dialects. A row of two words or more that is no instruction of
#   the generation (an illegal opcode, SMEM_ill_20 ...; also GCN 1.4's
#   s_buffer_atomic_*, which CLRX names on GCN 1.2 too, against the
#   errata of the CLRX GCN ISA pages) prints, in both modes, its first word
#   as data with that text in a comment (".int 0x<word> /* <text> */"),
#   and the next word starts a line of its own: gcndis never swallows an
#   instruction (issue 12, point 4).
# The rows go through gcndis a generation at a time, each row followed by
# two s_nop words, so that no row's words can take the next row's; offsets
# and branch labels are taken relative to each row.
# The last line is "dis-vectors: N passed, N failed, N skipped".
BUILD=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
case $BUILD in /*) ;; *) BUILD=$root/$BUILD ;; esac
asm=$BUILD/gcnasm
dis=$BUILD/gcndis
shared=${GCN_SHARED:-$root/../shared}
work=$(mktemp -d "${TMPDIR:-/tmp}/gcn-dis-vectors.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
trap 'exit 1' INT TERM

passed=0 failed=0 skipped=0
pass() { passed=$((passed + 1)); }
fail() {
    failed=$((failed + 1))
    printf 'FAIL dis-vectors: %s\n' "$*"
}
finish() {
    echo "dis-vectors: $passed passed, $failed failed, $skipped skipped"
    [ "$failed" -eq 0 ]
    exit
}
if [ ! -x "$asm" ] || [ ! -x "$dis" ]; then
    fail "$asm or $dis is missing: run make"
    finish
fi

# words FILE: the 32-bit words of gcnasm -f hex output or of a hex input,
# one a line, lower case.
words() {
    [ -f "$1" ] || return 0
    sed 's/#.*//' "$1" | tr -s ' \t' '\n\n' | sed '/^$/d' | tr 'A-F' 'a-f'
}

# ---------------------------------------------------------------- golden

for input in "$root"/tests/data/dis/*.hex; do
    [ -f "$input" ] || continue
    name=${input%.hex}
    arch=$(sed -n '1s/^# -a \([^ ]*\).*/\1/p' "$input")
    for variant in clrx clrx-exact llvm llvm-exact; do
        syntax=${variant%-exact}
        exact=
        [ "$variant" != "$syntax" ] && exact=--exact
        "$dis" -a "$arch" -s "$syntax" -f hex -e $exact "$input" >"$work/out" 2>"$work/err"
        status=$?
        if [ "$status" -eq 0 ] && [ ! -s "$work/err" ] && cmp -s "$work/out" "$name.$variant"; then
            pass
        else
            fail "gcndis -a $arch -s $syntax -e $exact $(basename "$input") (exit $status) differs from $(basename "$name.$variant"):"
            diff "$name.$variant" "$work/out" | head -n 10 | sed 's/^/    /'
            head -n 3 "$work/err" | sed 's/^/    /'
        fi
        [ -z "$exact" ] && continue
        "$asm" -a "$arch" -s "$syntax" -f hex -o "$work/again.hex" "$work/out" 2>"$work/err"
        words "$input" >"$work/want.words"
        words "$work/again.hex" >"$work/got.words"
        if cmp -s "$work/want.words" "$work/got.words"; then
            pass
        else
            fail "gcnasm -s $syntax does not give back $(basename "$input") from gcndis $exact output"
            head -n 3 "$work/err" | sed 's/^/    /'
        fi
    done
done

# ---------------------------------------------------------------- vectors

if [ ! -f "$shared/vectors/clrx/dis.tsv" ] || [ ! -f "$shared/vectors/clrx-isa/dis.tsv" ]; then
    skipped=$((skipped + 1))
    echo "SKIP dis-vectors: $shared/vectors/clrx{,-isa}/dis.tsv is absent (a user's clone has no ../shared); set GCN_SHARED to its path to run the vector rows"
    finish
fi

# split GROUP TSV META: per generation, $work/GROUP.ARCH.hex (each row's words,
# then two s_nop) and $work/GROUP.ARCH.rows (byte offset, word count,
# family, supported, first word, expected text).
split() {
    awk -F '\t' -v out="$work/$1" -v meta="$3" '
        BEGIN { while ((getline line < meta) > 0) family[++m] = line }
        NR == 1 { next }
        {
            split(family[NR], f, "\t")
            fam = meta == "" ? "CLRX" : f[1]
            ours = fam ~ /^(CLRX|SOP2|SOPK|SOP1|SOPC|SOPP|SMRD|SMEM|MUBUF|FLAT)$/
            n = split($2, w, " ")
            arch = $1
            printf "%d\t%d\t%s\t%d\t%s\t%s\n", offset[arch] + 0, n, fam, ours, tolower(w[1]), $3 > (out "." arch ".rows")
            for (i = 1; i <= n; i++) print w[i] > (out "." arch ".hex")
            print "bf800000\nbf800000" > (out "." arch ".hex")
            offset[arch] += 4 * (n + 2)
        }' "$2"
}
split clrx "$shared/vectors/clrx/dis.tsv" ""
split isa "$shared/vectors/clrx-isa/dis.tsv" "$shared/vectors/clrx-isa/dis.meta.tsv"

# lines LISTING: each -e line of a clrx listing as "offset<TAB>text", the
# offset in decimal, label lines left out.
lines() {
    awk '
        function hex(s,   v, i) { v = 0; for (i = 1; i <= length(s); i++)
            v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
        /^\/\*/ {
            end = index($0, "*/")
            print hex(substr($0, 3, 12)) "\t" substr($0, end + 3)
        }' "$1"
}

# compare GROUP ARCH MODE: MODE "" checks the text of every row, --exact
# the three forms above; illegal opcodes of two words or more as data in
# both. Prints the counts "rows passed failed unsupported illegal".
compare() {
    awk -F '\t' -v mode="$3" -v arch="$2" -v where="$1 $2 $3" -v show="${GCN_TEST_SHOW:-40}" '
        function collapse(s) { gsub(/[ \t]+/, " ", s); sub(/^ /, "", s); sub(/ $/, "", s); return s }
        # Branch labels relative to the row: .L(X+n)_0 is .Ln_0 at X.
        function relative(s, base,   out, n) {
            out = ""
            while (match(s, /\.L[0-9]+_0/)) {
                n = substr(s, RSTART + 2, RLENGTH - 4) - base
                out = out substr(s, 1, RSTART - 1) ".L" n "_0"
                s = substr(s, RSTART + RLENGTH)
            }
            return out s
        }
        FILENAME == ARGV[1] { text[$1] = $2; next }
        {
            start = $1; count = $2; family = $3; ours = $4; word = $5; want = $6
            got = ""; first = ""
            for (o = start; o < start + 4 * count; o += 4)
                if (o in text) {
                    t = collapse(relative(text[o], start))
                    got = got (got == "" ? "" : " | ") t
                    if (o == start) first = t
                }
            data = first ~ /^\.int /
            if (!ours && (first == "" || data)) { unsupported++; next }
            rows++
            if (count > 1 && (want ~ /^[A-Z]+_ill_[0-9]+ / ||
                              (arch == "gcn1.2" && want ~ /^s_buffer_atomic_/))) {
                # Its first word as data, the next read afresh.
                illegal++
                ok = first == ".int 0x" word " /* " want " */" && (start + 4) in text
            } else if (mode == "") {
                ok = got == want
            } else {
                comment = first
                sub(/^\.int 0x[0-9a-f]+ \/\* /, "", comment); sub(/ \*\/$/, "", comment)
                ok = got == want || (first ~ /^\.int 0x[0-9a-f]+ \/\* / && comment == want)
            }
            if (ok) { passed++; next }
            failed++
            if (failed <= show)
                printf "FAIL dis-vectors: %s row at %d [%s]:\n   got %s\n  want %s\n", where, start, family, got, want > "/dev/stderr"
        }
        END { printf "%d %d %d %d %d\n", rows, passed, failed, unsupported, illegal }' \
        "$work/listing" "$work/$1.$2.rows"
}

for group in clrx isa; do
    total_rows=0 total_passed=0 total_failed=0 total_unsupported=0 total_illegal=0
    for arch in gcn1.0 gcn1.1 gcn1.2 gcn1.4; do
        [ -f "$work/$group.$arch.hex" ] || continue
        for mode in "" --exact; do
            "$dis" -a "$arch" -s clrx -f hex -e $mode "$work/$group.$arch.hex" >"$work/out" 2>"$work/err"
            status=$?
            if [ "$status" -ne 0 ] || [ -s "$work/err" ]; then
                fail "gcndis -a $arch -s clrx -e $mode on the $group rows: exit $status"
                head -n 3 "$work/err" | sed 's/^/    /'
                continue
            fi
            lines "$work/out" >"$work/listing"
            set -- $(compare "$group" "$arch" "$mode")
            if [ -z "$mode" ]; then
                total_rows=$((total_rows + $1)) total_passed=$((total_passed + $2))
                total_unsupported=$((total_unsupported + $4)) total_illegal=$((total_illegal + $5))
            fi
            total_failed=$((total_failed + $3))
            passed=$((passed + $2)) failed=$((failed + $3))
        done
        # --exact in both dialects: the whole listing gives back every word.
        words "$work/$group.$arch.hex" >"$work/want.words"
        for syntax in clrx llvm; do
            "$dis" -a "$arch" -s "$syntax" -f hex --exact "$work/$group.$arch.hex" >"$work/exact.s" 2>"$work/err" &&
                "$asm" -a "$arch" -s "$syntax" -f hex -o "$work/again.hex" "$work/exact.s" 2>"$work/err"
            status=$?
            words "$work/again.hex" >"$work/got.words"
            if [ "$status" -eq 0 ] && cmp -s "$work/want.words" "$work/got.words"; then
                pass
            else
                fail "$group $arch: gcndis -s $syntax --exact does not assemble back to the same words (exit $status)"
                head -n 3 "$work/err" | sed 's/^/    /'
            fi
        done
    done
    echo "dis-vectors: $group dis.tsv: $total_passed of $total_rows rows print clrxdisasm's text ($total_illegal of them no instruction of the generation, of two words: one data word with the text in a comment); $total_failed failures (without and with --exact); $total_unsupported rows of families gcndis does not support yet"
    if [ "$total_illegal" -eq 0 ]; then
        fail "$group dis.tsv: no row is an illegal opcode of two words: the check of point 4 proves nothing"
    fi
done

finish
