#!/usr/bin/env bash
# make bench: gcnasm against llvm-mc and gcndis against llvm-objdump on the
# same generated code, side by side, alternating, several runs; prints
# medians, ratios and peak RSS. A benchmark, not a test: it reports and
# never fails on timing (only on a broken setup).
#
#   BENCH_SIZES   instruction counts (default "100000 1000000")
#   BENCH_LARGE=1 adds 10000000 (several minutes: llvm-mc and llvm-objdump
#                 take tens of seconds a run there)
#   BENCH_RUNS    runs of each tool per size (default 5)
#   BENCH_SEED    generator seed (default 1)
#   BENCH_PROFILE=1 ends with bench/profile.sh (callgrind hot spots)
#
# Ratios are of CPU time (user + system): this machine is shared, and wall
# time moves with the load of others; wall medians are printed too.
set -u
cd "$(dirname "$0")/.."
export LC_ALL=C
export PATH="/usr/lib/llvm-14/bin:$PATH"

MAKE=${MAKE:-make}
SIZES=${BENCH_SIZES:-"100000 1000000"}
[ "${BENCH_LARGE:-0}" = 1 ] && SIZES="$SIZES 10000000"
RUNS=${BENCH_RUNS:-5}
SEED=${BENCH_SEED:-1}
ARCH=gfx900
OUT=build/bench
RELEASE=$OUT/release
WORK=$OUT/work
GEN=$RELEASE/bench/gen
MEASURE=$RELEASE/bench/measure
GCNASM=$RELEASE/gcnasm
GCNDIS=$RELEASE/gcndis
RESULTS=$OUT/results.txt
LLVM_MC="llvm-mc -arch=amdgcn -mcpu=$ARCH"

fail() { echo "bench: $*" >&2; exit 1; }
say() { echo "$*" | tee -a $RESULTS; }

# 1. Release binaries, apart from the debug build.
$MAKE -s BUILD=$RELEASE CFLAGS="-O2 -g -DNDEBUG" $GCNASM $GCNDIS $GEN $MEASURE \
    || fail "the release build failed"
for tool in llvm-mc llvm-objdump llvm-objcopy; do
    command -v $tool >/dev/null || fail "$tool is missing (Debian: apt-get install llvm-14)"
done
mkdir -p $WORK
: > $RESULTS

# 2. Labels, if gcnasm has them; otherwise branches with raw word offsets
# (the same bytes either way).
printf '.L0_0:\ns_branch .L0_0\ns_cbranch_scc0 .L12_0\ns_nop 0\n.L12_0:\ns_endpgm\n' > $WORK/labels.s
$LLVM_MC -filetype=obj -o $WORK/labels.o $WORK/labels.s 2>/dev/null &&
    llvm-objcopy -O binary --only-section=.text $WORK/labels.o $WORK/labels.expected
if $GCNASM -a $ARCH -s llvm -o $WORK/labels.bin $WORK/labels.s 2>/dev/null &&
    cmp -s $WORK/labels.bin $WORK/labels.expected; then
    MODE=labels
else
    MODE=raw
fi

# 3. The pool: samples of every row the library prints, kept where llvm-mc
# assembles the text to the same bytes. The rest are classified: if llvm-mc
# disassembles our bytes to our text, the library matches LLVM and LLVM does
# not assemble what it prints; otherwise the library and LLVM differ.
POOL=$WORK/pool.txt
if [ ! -s $POOL ] || [ $GEN -nt $POOL ] || [ "$(cat $POOL.seed 2>/dev/null)" != $SEED ]; then
    $GEN -a $ARCH -s $SEED --probe $WORK/probe || fail "the generator failed"
    $LLVM_MC -show-encoding $WORK/probe.s > $WORK/probe.llvm 2> $WORK/probe.errors
    : > $POOL
    awk -v text=$WORK/probe.s -v errors=$WORK/probe.errors -v expected=$WORK/probe.expected \
        -v llvm=$WORK/probe.llvm -v pool=$POOL '
    BEGIN {
        while ((getline line < errors) > 0)
            if (match(line, /\.s:[0-9]+:[0-9]+: error: /)) {
                split(substr(line, RSTART + 3), parts, ":")
                message[parts[1]] = substr(line, RSTART + RLENGTH)
            }
        n = 0
        while ((getline line < expected) > 0) {
            getline source < text
            number++
            split(line, fields, " ")
            if (number in message) {
                print fields[1] "\t" fields[2] "\t" source "\tllvm-mc: " message[number]
                continue
            }
            name[++n] = fields[1]; ours[n] = fields[2]; line_text[n] = source
        }
        i = 0
        while ((getline line < llvm) > 0) {
            if (!match(line, /encoding: \[[^]]*\]/)) continue
            theirs = substr(line, RSTART + 10, RLENGTH - 10)
            i++
            if (theirs == ours[i])
                print name[i] " " ours[i] > pool
            else
                print name[i] "\t" ours[i] "\t" line_text[i] "\tllvm-mc encodes " theirs
        }
    }' > $WORK/rejected.tsv
    [ -s $POOL ] || fail "llvm-mc accepts none of the generator's samples"
    # Each rejected sample, then s_nop 0 as a separator in the disassembly.
    awk -F'\t' '{ print $2; print "[0x00,0x00,0x80,0xbf]" }' $WORK/rejected.tsv |
        $LLVM_MC -disassemble 2>/dev/null | grep -v '^[[:space:]]*\.text' > $WORK/rejected.llvm
    awk -F'\t' -v llvm=$WORK/rejected.llvm -v pool=$POOL '
    function clean(t) { gsub(/[ \t]+/, " ", t); sub(/^ /, "", t); sub(/ $/, "", t); return t }
    BEGIN { while ((getline line < pool) > 0) { split(line, f, " "); kept[f[1]]++ } }
    {
        theirs = ""
        while ((getline line < llvm) > 0 && clean(line) != "s_nop 0")
            theirs = clean(line)
        rows[$1] = 1
        if (theirs == clean($3)) {
            same[$1]++
            if (!($1 in same_example)) same_example[$1] = $3 " (" $4 ")"
        } else {
            differ[$1]++
            if (!($1 in differ_example))
                differ_example[$1] = $3 " " $2 ": llvm-mc disassembles " (theirs == "" ? "nothing" : theirs) " (" $4 ")"
        }
    }
    END {
        for (r in rows)
            printf "%s\t%d kept\t%d as LLVM prints\t%d differ\t%s\n", r, kept[r], same[r], differ[r],
                (r in differ_example) ? differ_example[r] : same_example[r]
    }' $WORK/rejected.tsv | sort > $WORK/probe.report
    echo $SEED > $POOL.seed
fi

median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# The fastest run: on a shared machine a run is slowed, never sped up, by
# what else runs, so that two builds compare best by their fastest runs.
fastest() { tr ' ' '\n' | grep . | sort -g | head -1; }

# Runs a command, standard output to $1; sets CPU (user + system seconds),
# WALL and RSS (KiB).
measure() {
    local output=$1 wall user system rss status
    shift
    read -r wall user system rss status < <($MEASURE "$output" "$@" 2> $WORK/stderr.txt)
    CPU=$(awk -v u=$user -v s=$system 'BEGIN { printf "%.6f", u + s }')
    WALL=$wall RSS=$rss
    if [ "$status" != 0 ]; then
        echo "bench: failed ($status): $*" >&2
        head -5 $WORK/stderr.txt >&2
        return 1
    fi
}

say "== make bench: $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet HEAD -- src include 2>/dev/null || echo ' with local changes')"
say "machine: $(nproc) cpus, $(lscpu | sed -n 's/^Model name: *//p'), $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), load average $(cut -d' ' -f1-3 /proc/loadavg)"
say "peers: $(llvm-mc --version | sed -n 's/^.*LLVM version /LLVM /p'); ours: release build -O2 -g -DNDEBUG; $RUNS runs each, alternating"
say "branches: $([ $MODE = labels ] && echo 'to labels' || echo 'raw word offsets (gcnasm has no labels yet)')"
awk -F'\t' -v kept=$(wc -l < $POOL) '{ rows++; same += $3; differ += $4; if ($4 + 0 > 0) bug++ }
    END { printf "pool: %d llvm-mc-checked samples; left out: %d that llvm-mc disassembles to the library'"'"'s text but does not assemble back (LLVM'"'"'s asymmetry), %d in %d rows where the library and llvm-mc differ:\n", kept, same, differ, bug }' \
    $WORK/probe.report | tee -a $RESULTS
awk -F'\t' '$4 + 0 > 0 { printf "  %s: %d (%s)\n", $1, $4 + 0, $5 }' $WORK/probe.report | tee -a $RESULTS
awk -F'\t' '$2 + 0 < $3 + $4 { printf "  mostly left out: %s, %d kept (%s)\n", $1, $2 + 0, $5 }' $WORK/probe.report | tee -a $RESULTS
say "  most common reasons: $(cut -f4 $WORK/rejected.tsv | sed 's/ \[.*//' | sort | uniq -c | sort -rn | head -4 | awk '{ n = $1; $1 = ""; printf "%s%d x%s", (NR > 1 ? "; " : ""), n, $0 }')"
say "  (by row: $WORK/probe.report)"

summary=()
for size in $SIZES; do
    base=$WORK/$ARCH-n$size-s$SEED-$MODE$([ -n "${BENCH_MIX:-}" ] && echo "-$BENCH_MIX")
    arguments="-a $ARCH -n $size -s $SEED $([ $MODE = labels ] && echo --labels) --pool $POOL $([ -n "${BENCH_MIX:-}" ] && echo "--mix $BENCH_MIX")"
    # Cached until the pool (and so the library) or the arguments change.
    if [ ! -s $base.bin ] || [ $POOL -nt $base.bin ] || [ "$(cat $base.arguments 2>/dev/null)" != "$arguments" ]; then
        $GEN $arguments --llvm $base.llvm.s --clrx $base.clrx.s --binary $base.bin 2> $base.summary \
            || { cat $base.summary >&2; fail "the generator failed"; }
        echo "$arguments" > $base.arguments
    fi
    say ""
    say "-- $size instructions: $(wc -l < $base.llvm.s) lines, $(stat -c %s $base.llvm.s) bytes of LLVM text, $(stat -c %s $base.bin) bytes of code"
    sed 's/^gen: /   /' $base.summary | tee -a $RESULTS

    # The same work on both sides: llvm-mc's bytes are the generator's and
    # ours, and both disassemblers print every instruction.
    $LLVM_MC -filetype=obj -o $base.o $base.llvm.s 2> $WORK/stderr.txt \
        || { head -5 $WORK/stderr.txt; fail "llvm-mc rejects the generated file"; }
    llvm-objcopy -O binary --only-section=.text $base.o $WORK/peer.text
    cmp -s $WORK/peer.text $base.bin || fail "llvm-mc's code differs from the generator's ($base.bin)"
    assemble=1
    if ! $GCNASM -a $ARCH -s llvm -o $WORK/ours.bin $base.llvm.s 2> $WORK/stderr.txt; then
        say "   gcnasm fails on the file ($(head -1 $WORK/stderr.txt)): assembly not timed"
        assemble=0
    elif ! cmp -s $WORK/ours.bin $base.bin; then
        say "   gcnasm's code differs from llvm-mc's: assembly not timed"
        assemble=0
    fi
    theirs=$(llvm-objdump -d --mcpu=$ARCH $base.o | grep -c '^[[:space:]]')
    unknown=$(llvm-objdump -d --mcpu=$ARCH $base.o | grep -c '<unknown>')
    ours=$($GCNDIS -a $ARCH -s llvm -e $base.bin | grep -vc '^\.long')
    say "   instructions printed: gcndis $ours, llvm-objdump $theirs ($unknown unknown)"
    [ "$theirs" = "$size" ] && [ "$unknown" = 0 ] || fail "llvm-objdump does not print every instruction"

    unset cpu wall rss ratio
    declare -A cpu=() wall=() rss=() ratio=()
    jobs="dis"
    [ $assemble = 1 ] && jobs="asm dis"
    for run in $(seq $RUNS); do
        for job in $jobs; do
            # Alternate who goes first, so that neither always runs on a warm cache.
            for side in $([ $((run % 2)) = 1 ] && echo "ours peer" || echo "peer ours"); do
                case $job-$side in
                asm-ours) measure /dev/null $GCNASM -a $ARCH -s llvm -o $WORK/ours.bin $base.llvm.s ;;
                asm-peer) measure /dev/null $LLVM_MC -filetype=obj -o $WORK/peer.o $base.llvm.s ;;
                dis-ours) measure /dev/null $GCNDIS -a $ARCH -s llvm -e $base.bin ;;
                dis-peer) measure /dev/null llvm-objdump -d --mcpu=$ARCH $base.o ;;
                esac
                cpu[$job-$side]+="$CPU "; wall[$job-$side]+="$WALL "; rss[$job-$side]+="$RSS "
                eval "last_$side=$CPU"
            done
            ratio[$job]+="$(awk -v p=$last_peer -v o=$last_ours 'BEGIN { printf "%.4f", p / o }') "
        done
    done

    for job in $jobs; do
        if [ $job = asm ]; then
            names="gcnasm llvm-mc"; targets="30 64"
        else
            names="gcndis llvm-objdump"; targets="100 32"
        fi
        line=$(awk -v n=$size -v names="$names" -v targets="$targets" \
            -v oc=$(echo ${cpu[$job-ours]} | median) -v pc=$(echo ${cpu[$job-peer]} | median) \
            -v ow=$(echo ${wall[$job-ours]} | median) -v pw=$(echo ${wall[$job-peer]} | median) \
            -v orss=$(echo ${rss[$job-ours]} | median) -v prss=$(echo ${rss[$job-peer]} | median) \
            -v r=$(echo ${ratio[$job]} | median) -v of=$(echo ${cpu[$job-ours]} | fastest) 'BEGIN {
            split(names, name, " "); split(targets, target, " ")
            speed = (r >= target[1]) ? "met" : "NOT met"
            memory = (orss / 1024 <= target[2]) ? "met" : "NOT met"
            printf("%-6s %7.3f s %5.0f ns %6.1f MiB | %-12s %7.3f s %5.0f ns %6.1f MiB | %6.2fx (>= %dx %s; RSS <= %d MiB %s) | wall %.3f / %.3f s | fastest %.3f s",
                name[1], oc, oc * 1e9 / n, orss / 1024, name[2], pc, pc * 1e9 / n, prss / 1024,
                r, target[1], speed, target[2], memory, ow, pw, of) }')
        say "   $line"
        summary+=("$(printf '%-9s' $size) $line")
    done
    # The CLRX dialect has no peer; timed once for reference.
    if measure /dev/null $GCNASM -a $ARCH -s clrx -o $WORK/ours-clrx.bin $base.clrx.s &&
        cmp -s $WORK/ours-clrx.bin $base.bin; then
        say "   gcnasm -s clrx: $(printf %.3f $CPU) s CPU, $((RSS / 1024)) MiB"
    else
        say "   gcnasm -s clrx fails on the CLRX file or gives other code"
    fi
done

say ""
say "== summary: CPU seconds and ns per instruction (medians of $RUNS), peak RSS, median of per-run ratios peer/ours"
printf '%s\n' "${summary[@]}" | sort -s -k2,2 | tee -a $RESULTS
say "(log: $RESULTS; generated inputs: $WORK)"
if [ "${BENCH_PROFILE:-0}" = 1 ]; then
    say ""
    bash bench/profile.sh | tee -a $RESULTS
fi
exit 0
