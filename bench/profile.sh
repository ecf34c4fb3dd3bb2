#!/usr/bin/env bash
# Where gcnasm and gcndis spend their time: callgrind (instruction counts,
# repeatable on a busy machine) on a file of make bench. Run make bench
# first; BENCH_PROFILE=1 make bench runs this at its end.
#
#   BENCH_PROFILE_SIZE  instructions of the profiled file (default 100000)
#   BENCH_PROFILE_TOP   functions shown (default 15)
set -eu
cd "$(dirname "$0")/.."
export LC_ALL=C
SIZE=${BENCH_PROFILE_SIZE:-100000}
TOP=${BENCH_PROFILE_TOP:-15}
SEED=${BENCH_SEED:-1}
OUT=build/bench
RELEASE=$OUT/release
command -v valgrind >/dev/null || { echo "profile: valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
base=$(ls -t $OUT/work/gfx900-n$SIZE-s$SEED-*.bin 2>/dev/null | head -1)
[ -n "$base" ] || { echo "profile: no $SIZE-instruction file; run BENCH_SIZES=$SIZE make bench first" >&2; exit 1; }
base=${base%.bin}

# The top functions by their own instructions, then by everything they call.
report() {
    local name=$1 data=$2
    local total
    total=$(callgrind_annotate $data 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }')
    echo "-- $name: $(awk -v t=$total -v n=$SIZE 'BEGIN { printf "%.0f instructions per input instruction (%d total)", t / n, t }')"
    echo "   self:"
    callgrind_annotate $data 2>/dev/null | awk '/file:function/ { on = 1; getline; next } on && NF' |
        head -$TOP | sed -e 's/ \[[^]]*\]$//' -e 's/^/   /'
    echo "   inclusive:"
    callgrind_annotate --inclusive=yes $data 2>/dev/null | awk '/file:function/ { on = 1; getline; next } on && NF' |
        grep -v -e '???' -e 'libc.start' -e ")  /" -e "'[0-9]" |
        head -$TOP | sed -e 's/ \[[^]]*\]$//' -e 's/^/   /'
}

valgrind --tool=callgrind --callgrind-out-file=$OUT/callgrind.gcnasm \
    $RELEASE/gcnasm -a gfx900 -s llvm -o $OUT/work/profile.bin $base.llvm.s 2> /dev/null
valgrind --tool=callgrind --callgrind-out-file=$OUT/callgrind.gcndis \
    $RELEASE/gcndis -a gfx900 -s llvm -e $base.bin > /dev/null 2> /dev/null
echo "== callgrind on $base ($SIZE instructions)"
report "gcnasm -a gfx900 -s llvm $(basename $base).llvm.s" $OUT/callgrind.gcnasm
report "gcndis -a gfx900 -s llvm -e $(basename $base).bin" $OUT/callgrind.gcndis
echo "(callgrind_annotate $OUT/callgrind.gcnasm for the full listing)"
