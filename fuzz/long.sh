#!/bin/sh
# The long fuzz run, on one core, over the committed tree:
#   sh fuzz/long.sh OUT_DIR ROUNDS SECONDS [TARGET[:SECONDS]...]
# Each round exports HEAD into OUT_DIR/src (so edits in progress do not
# break the build), builds the targets into OUT_DIR/build, and runs every
# target for SECONDS, going on after a finding. The corpus grows in
# OUT_DIR/build/fuzz/work across rounds; findings collect in
# OUT_DIR/build/fuzz/found; OUT_DIR/summary.log gets one line per run.
# $FUZZ_SANITIZE_EXTRA goes to the build (to fuzz past a known finding).
out=$1 rounds=$2 seconds=$3
shift 3
targets=${*:-decode_format parse_encode assemble assemble_file disassemble emulate emulate_memory assemble_object}
repo=$(cd "$(dirname "$0")/.." && pwd)
shared=${GCN_SHARED:-$repo/../shared}
shared=$(cd "$shared" && pwd)
mkdir -p "$out/build"
out=$(cd "$out" && pwd)
round=1
while [ "$round" -le "$rounds" ]; do
    rm -rf "$out/src" && mkdir -p "$out/src"
    commit=$(git -C "$repo" rev-parse --short HEAD)
    git -C "$repo" archive HEAD | tar -x -C "$out/src"
    # The export's times are the commit's: build afresh, with this round's flags.
    rm -rf "$out/build/fuzz/obj" "$out/build/src" "$out/build/libgcn.a" "$out/build/fuzz"/fuzz_*
    if ! make -C "$out/src" -j1 BUILD="$out/build" GCN_SHARED="$shared" \
        FUZZ_SANITIZE_EXTRA="${FUZZ_SANITIZE_EXTRA:-}" fuzz-build fuzz-corpus \
        >"$out/build.log" 2>&1; then
        echo "round $round: build of $commit failed, see $out/build.log" >>"$out/summary.log"
        sleep 60
        round=$((round + 1))
        continue
    fi
    for target in $targets; do
        time=$seconds
        case $target in *:*) time=${target#*:} target=${target%%:*} ;; esac
        line=$(FUZZ_FLAGS="-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1" \
            sh "$out/src/fuzz/run.sh" "$out/build/fuzz" "$time" "$target" | head -n 1)
        echo "$(date -u +%H:%M) round $round $commit: $line" >>"$out/summary.log"
    done
    round=$((round + 1))
done
