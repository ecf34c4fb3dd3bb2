#!/usr/bin/env bash
# Instructions per input line under callgrind, for comparing two builds of
# the tools: repeatable to a few in ten thousand on a busy machine, where
# timings are not. Uses the 100,000-instruction files of make bench (run
# `make bench BENCH_SIZES=100000` and `BENCH_MIX=scalar make bench
# BENCH_SIZES=100000` once first).
#
#   bench/instructions.sh [--mispredicts] [TREE]
#       TREE: a checkout (default: this one); its release tools are built in
#       TREE/build/bench/release. --mispredicts: gcndis's instructions and
#       mispredicted branches per line under cachegrind's branch simulation
#       instead, with an estimate in cycles, instructions / 2.2 + 17 per
#       mispredict (a guess for this kind of machine; valgrind's predictor is
#       simpler than a real one, so its mispredicts are an upper bound): the
#       repeatable measure of branches where perf counts no cycles (a virtual
#       machine) and a run's CPU time moves by half from run to run.
set -eu
mispredicts=0
[ "${1:-}" = --mispredicts ] && { mispredicts=1; shift; }
here=$(cd "$(dirname "$0")/.." && pwd)
tree=$(cd "${1:-$here}" && pwd)
work=$here/build/bench/work
release=$tree/build/bench/release
command -v valgrind > /dev/null || { echo "instructions: valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
make -s -C "$tree" BUILD=build/bench/release CFLAGS="-O2 -g -DNDEBUG" \
    build/bench/release/gcnasm build/bench/release/gcndis
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Prints the instructions per line of one run.
count() {
    local lines=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$out/data" "$@" > /dev/null 2> "$out/log" ||
        { cat "$out/log" >&2; exit 1; }
    awk -v n="$lines" '/^summary:/ { printf "%8.1f", $2 / n }' "$out/data"
}

if [ $mispredicts = 1 ]; then
    printf '%-6s %-8s %9s %10s %9s\n' file mode "Ir/line" "miss/line" "estimate"
    for name in four:gfx900-n100000-s1-labels mix:gfx900-n100000-s1-labels-scalar; do
        base=$work/${name#*:}
        [ -s "$base.bin" ] || { echo "instructions: no $base.bin; run make bench first (see above)" >&2; exit 1; }
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
    exit 0
fi

printf '%-8s %12s %12s %12s %12s\n' file "asm llvm" "dis llvm -e" "asm clrx" "dis clrx"
for name in four:gfx900-n100000-s1-labels mix:gfx900-n100000-s1-labels-scalar; do
    base=$work/${name#*:}
    [ -s "$base.bin" ] || { echo "instructions: no $base.bin; run make bench first (see above)" >&2; exit 1; }
    lines=$(wc -l < "$base.llvm.s")
    printf '%-8s %12s %12s %12s %12s\n' "${name%%:*}" \
        "$(count "$lines" "$release/gcnasm" -a gfx900 -s llvm -o "$out/a.bin" "$base.llvm.s")" \
        "$(count "$lines" "$release/gcndis" -a gfx900 -s llvm -e "$base.bin")" \
        "$(count "$lines" "$release/gcnasm" -a gfx900 -s clrx -o "$out/a.bin" "$base.clrx.s")" \
        "$(count "$lines" "$release/gcndis" -a gfx900 -s clrx -e "$base.bin")"
done
