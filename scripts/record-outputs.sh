#!/bin/bash
# Records what gcnasm and gcndis print (standard output, messages, exit
# status) on a fixed corpus, so that a change meant to keep behaviour can be
# checked: record before, record after, then compare the two folders.
#
#   scripts/record-outputs.sh BUILD OUT      record BUILD/gcnasm, BUILD/gcndis into OUT
#   scripts/record-outputs.sh --compare A B  print every difference (none: exit 0)
#
# The corpus, for each generation and dialect: random words (half of them
# with the fixed bits of an encoding the library knows) disassembled, plain
# and with -e; that listing assembled back; the same listing with one mistake
# per line (a register out of range, an operand missing or extra, a wrong
# mnemonic, a value too large) assembled, for the messages; and, when
# ../shared is present, the text of every CLRX vector of that generation.
set -u -o pipefail
export LC_ALL=C

if [ "${1:-}" = --compare ]; then
    [ $# = 3 ] || { echo "usage: $0 --compare A B" >&2; exit 2; }
    diff -r "$2" "$3" | head -200
    diff -rq "$2" "$3" > /dev/null
    exit
fi
[ $# = 2 ] || { echo "usage: $0 BUILD OUT | --compare A B" >&2; exit 2; }
build=$(cd "$1" && pwd) || exit 2
out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
shared=${GCN_SHARED:-$root/../shared}
words=${RECORD_WORDS:-200000}
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs a tool; keeps its output, messages and exit status under one name.
run() {
    local name=$1
    shift
    "$@" > "$out/$name.out" 2> "$out/$name.err"
    echo $? > "$out/$name.status"
}

for arch in gcn1.0 gcn1.1 gcn1.2 gcn1.4; do
    seed=${arch#gcn}
    python3 - "$work/$arch.bin" "$words" "$seed" <<'EOF'
import random, struct, sys
path, count, seed = sys.argv[1], int(sys.argv[2]), sys.argv[3]
random.seed(seed)
# (value, mask) of the first word's fixed bits: SOP2, SOPK, SOP1, SOPC,
# SOPP, SMRD, SMEM, MUBUF, FLAT.
fixed = [(0x80000000, 0xc0000000), (0xb0000000, 0xf0000000), (0xbe800000, 0xff800000),
         (0xbf000000, 0xff800000), (0xbf800000, 0xff800000), (0xc0000000, 0xf8000000),
         (0xc0000000, 0xfc000000), (0xe0000000, 0xfc000000), (0xdc000000, 0xfc000000)]
with open(path, "wb") as f:
    for i in range(count):
        word = random.getrandbits(32)
        if i % 2 == 0:
            value, mask = random.choice(fixed)
            word = (word & ~mask & 0xffffffff) | value
        f.write(struct.pack("<I", word))
EOF
    for dialect in clrx llvm; do
        tag=$arch-$dialect
        run $tag.dis "$build/gcndis" -a $arch -s $dialect "$work/$arch.bin"
        run $tag.dis-e "$build/gcndis" -a $arch -s $dialect -e "$work/$arch.bin"
        # gcnasm stops after 100 errors: the listings go in small pieces,
        # named relatively, so that the messages do not hold the temporary folder.
        (cd "$work" && split -a 4 -l 400 "$out/$tag.dis.out" $tag.listing. &&
            head -n 40000 "$out/$tag.dis.out" | awk '{
                line = $0; kind = NR % 6
                if (kind == 0) { if (!sub(/[sv][0-9]+/, "s999", line)) line = line ", s1" }
                else if (kind == 1) { if (!sub(/, [^,]*$/, "", line)) line = line " v0" }
                else if (kind == 2) line = line ", 7"
                else if (kind == 3) sub(/ /, "x ", line)
                else if (kind == 4) { if (!sub(/0x[0-9a-f]+/, "0x1ffffffff", line)) sub(/[0-9]+/, "-99999", line) }
                else sub(/[a-z]+/, "&:", line)
                print line
            }' | split -a 4 -l 50 - $tag.mistakes.
            for kind in listing mistakes; do
                for piece in $tag.$kind.*; do
                    "$build/gcnasm" -a $arch -s $dialect -f hex "$piece"
                    echo "$piece: status $?"
                done > "$out/$tag.$kind.out" 2>&1
                rm -f $tag.$kind.*
            done)
    done
    if [ -f "$shared/vectors/clrx-isa/asm.tsv" ]; then
        awk -F'\t' -v arch=$arch 'NR > 1 && $1 == arch { print $2 }' \
            "$shared/vectors/clrx-isa/asm.tsv" > "$work/$arch.vectors.s"
        for dialect in clrx llvm; do
            # One line at a time: a statement that fails must not hide the next.
            while IFS= read -r line; do
                printf '%s\n' "$line" | "$build/gcnasm" -a $arch -s $dialect -f hex - 2>&1
                echo "status $?"
            done < "$work/$arch.vectors.s" > "$out/$arch-$dialect.vectors.out"
        done
    fi
done
echo "recorded $(ls "$out" | wc -l) files in $out"
