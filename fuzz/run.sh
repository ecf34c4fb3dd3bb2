#!/bin/sh
# Runs each fuzz target for a bounded time on one core:
#   sh fuzz/run.sh FUZZ_BUILD SECONDS TARGET...
# New inputs go to FUZZ_BUILD/work/TARGET (kept between runs), findings to
# FUZZ_BUILD/found/TARGET/, logs to FUZZ_BUILD/log/TARGET.log. Ends with
# "fuzz: N passed, N failed, 0 skipped" (a target passes with no finding)
# and exits 1 if any target found a crash, hang or leak. $FUZZ_FLAGS adds libFuzzer
# options (the long run: -fork=1 -ignore_crashes=1 to go on after one).
build=$1 seconds=$2
shift 2
status=0 passed=0 failed=0
for target in "$@"; do
    mkdir -p "$build/work/$target" "$build/found/$target" "$build/log" "$build/corpus/$target"
    case $target in
    parse_encode | assemble | assemble_object) options="-dict=$build/gcn.dict -max_len=4096" ;;
    # Two header bytes, then text that lands up to four times in a source of about 1 MiB.
    assemble_file) options="-dict=$build/gcn.dict -max_len=4098" ;;
    *) options="-max_len=64" ;;
    esac
    [ "$target" = disassemble ] && options="-max_len=1024"
    # The emulate targets: a 63-byte header (emulate_memory) before the instructions.
    case $target in emulate | emulate_memory) options="-max_len=1024" ;; esac
    [ "$target" = elf_read ] && options="-max_len=32768"
    log=$build/log/$target.log
    before=$(ls "$build/found/$target" | wc -l)
    # A hang is an input over 10 s; 2 GB of memory is a finding too.
    started=$(date +%s)
    # shellcheck disable=SC2086
    "$build/fuzz_$target" "$build/work/$target" "$build/corpus/$target" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$build/found/$target/" $options $FUZZ_FLAGS >"$log" 2>&1
    code=$?
    elapsed=$(($(date +%s) - started))
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    found=$(($(ls "$build/found/$target" | wc -l) - before))
    echo "fuzz $target: ${elapsed}s, ${runs:-?} runs, exit $code, $found new finding(s) in $build/found/$target"
    if [ "$code" -ne 0 ] || [ "$found" -gt 0 ]; then
        status=1 failed=$((failed + 1))
        grep -m 5 -E 'ERROR|check failed|SUMMARY|runtime error' "$log"
    else
        passed=$((passed + 1))
    fi
done
echo "fuzz: $passed passed, $failed failed, 0 skipped"
exit $status
