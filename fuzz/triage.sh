#!/bin/sh
# Groups fuzz findings by what went wrong:
#   sh fuzz/triage.sh REPLAY_PROGRAM FOUND_DIR
# replays each file (REPLAY_PROGRAM: build/tests/fuzz_TARGET, or the
# libFuzzer binary) and counts the first check message or sanitizer summary,
# with registers, numbers and words blurred, so one bug is one line.
program=$1 found=$2
for file in "$found"/*; do
    [ -f "$file" ] || continue
    "$program" "$file" 2>&1 |
        grep -m 1 -E 'check failed|SUMMARY: |runtime error|still running|ERROR: libFuzzer' |
        sed -E 's/^[^ ]*fuzz\/[a-z_]+\.c:[0-9]+: //' |
        sed -E "s/: '[^']*' encodes to [0-9a-f]+, decoded from [0-9a-f]+//" |
        sed -E "s/'([a-z_0-9]+)[^']*'/\1 .../g; s/column [0-9]+/column N/g" |
        cut -c 1-200
done | sort | uniq -c | sort -rn
