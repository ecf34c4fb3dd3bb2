#!/usr/bin/env bash
# gcndis's cost per line under cachegrind's branch simulation, for
# comparing two builds: instructions, mispredicted branches (conditional
# and indirect) and an estimate in cycles, instructions / 2.2 + 17 per
# mispredict (a guess at this kind of machine; valgrind's predictor is
# simpler than a real one, so the mispredicts are an upper bound). For
# machines where perf cannot count cycles (virtual ones) and timings move
# by half from run to run. Uses the 100,000-instruction files of make bench,
# as bench/instructions.sh does.
#
#   bench/mispredicts.sh [TREE]   TREE: a checkout (default: this one)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
tree=$(cd "${1:-$here}" && pwd)
work=$here/build/bench/work
release=$tree/build/bench/release
command -v valgrind > /dev/null || { echo "mispredicts: valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
make -s -C "$tree" BUILD=build/bench/release CFLAGS="-O2 -g -DNDEBUG" build/bench/release/gcndis
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

printf '%-6s %-8s %9s %10s %9s\n' file mode "Ir/line" "miss/line" "estimate"
for name in four:gfx900-n100000-s1-labels mix:gfx900-n100000-s1-labels-scalar; do
    base=$work/${name#*:}
    [ -s "$base.bin" ] || { echo "mispredicts: no $base.bin; run make bench first (see bench/instructions.sh)" >&2; exit 1; }
    lines=$(wc -l < "$base.llvm.s")
    for mode in "llvm -e" "clrx"; do
        # shellcheck disable=SC2086 # mode is the dialect and its option
        valgrind --tool=cachegrind --branch-sim=yes --cache-sim=no --cachegrind-out-file="$out/data" \
            "$release/gcndis" -a gfx900 -s $mode "$base.bin" > /dev/null 2> "$out/log" ||
            { cat "$out/log" >&2; exit 1; }
        awk -v n="$lines" -v file="${name%%:*}" -v mode="$mode" '/^summary:/ {
            printf "%-6s %-8s %9.1f %10.2f %9.1f\n", file, mode, $2 / n, ($4 + $6) / n, $2 / n / 2.2 + 17 * ($4 + $6) / n }' "$out/data"
    done
done
