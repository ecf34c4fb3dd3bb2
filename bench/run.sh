#!/usr/bin/env bash
# make bench: gcnasm against llvm-mc and gcndis against llvm-objdump on the
# same generated code, side by side, alternating, several runs; prints
# medians, ratios and peak RSS. A benchmark, not a test: it reports and
# never fails on timing (only on a broken setup).
#
#   BENCH_SIZES   instruction counts (default "100000 1000000")
#   BENCH_LARGE=1 adds 10000000 (minutes: llvm-mc alone takes ~1 min a run)
#   BENCH_RUNS    runs of each tool per size (default 5)
#   BENCH_SEED    generator seed (default 1)
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
GCNASM=$RELEASE/gcnasm
GCNDIS=$RELEASE/gcndis
RESULTS=$OUT/results.txt

fail() { echo "bench: $*" >&2; exit 1; }

# 1. Release binaries, apart from the debug build.
$MAKE -s BUILD=$RELEASE CFLAGS="-O2 -g -DNDEBUG" $GCNASM $GCNDIS $GEN \
    || fail "the release build failed"
for tool in llvm-mc llvm-objdump llvm-objcopy; do
    command -v $tool >/dev/null || fail "$tool is missing (Debian: apt-get install llvm-14)"
done
[ -x /usr/bin/time ] || fail "/usr/bin/time is missing (Debian: apt-get install time)"
mkdir -p $WORK

LLVM_MC="llvm-mc -arch=amdgcn -mcpu=$ARCH"

# 2. Labels, if gcnasm has them; otherwise branches with raw word offsets
# (the same bytes either way).
printf '.L0_0:\ns_branch .L0_0\ns_cbranch_scc0 .L12_0\ns_nop 0\n.L12_0:\ns_endpgm\n' > $WORK/labels.s
$LLVM_MC -filetype=obj -o $WORK/labels.o $WORK/labels.s 2>/dev/null &&
    llvm-objcopy -O binary --only-section=.text $WORK/labels.o $WORK/labels.expected
if $GCNASM -a $ARCH -s llvm -o $WORK/labels.bin $WORK/labels.s 2>/dev/null &&
    cmp -s $WORK/labels.bin $WORK/labels.expected; then
    MODE=labels
    GEN_MODE=--labels
else
    MODE=raw
    GEN_MODE=
fi

# 3. Rows the library prints but llvm-mc reads otherwise (an error, or other
# bytes) are left out of the mix, and listed: each is a library bug to fix.
$GEN -a $ARCH -s $SEED --probe $WORK/probe || fail "the generator failed"
$LLVM_MC -show-encoding $WORK/probe.s > $WORK/probe.llvm 2> $WORK/probe.errors
awk -v errors=$WORK/probe.errors -v expected=$WORK/probe.expected -v llvm=$WORK/probe.llvm '
    BEGIN {
        while ((getline line < errors) > 0)
            if (match(line, /\.s:[0-9]+:[0-9]+: error: /)) {
                split(substr(line, RSTART + 3), parts, ":")
                message[parts[1]] = substr(line, RSTART + RLENGTH)
            }
        n = 0
        while ((getline line < expected) > 0) {
            number++
            split(line, fields, " ")
            if (number in message) {
                if (!(fields[1] in reason))
                    reason[fields[1]] = "llvm-mc: " message[number]
                continue
            }
            name[++n] = fields[1]; ours[n] = fields[2]
        }
        i = 0
        while ((getline line < llvm) > 0) {
            if (!match(line, /encoding: \[[^]]*\]/)) continue
            theirs = substr(line, RSTART + 10, RLENGTH - 10)
            i++
            if (theirs != ours[i] && !(name[i] in reason))
                reason[name[i]] = "encoding: ours " ours[i] ", llvm-mc " theirs
        }
        for (r in reason) print r "\t" reason[r]
    }' | sort > $WORK/excluded.tsv
EXCLUDE=$(cut -f1 $WORK/excluded.tsv | paste -sd, -)

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Runs a command with its standard output to $2; sets ELAPSED (seconds,
# from bash's microsecond clock) and RSS (KiB, from /usr/bin/time -v).
measure() {
    local output=$1; shift
    local start=$EPOCHREALTIME
    /usr/bin/time -v -o $WORK/time.txt "$@" > "$output" 2> $WORK/stderr.txt
    local status=$?
    local end=$EPOCHREALTIME
    ELAPSED=$(awk -v a=$start -v b=$end 'BEGIN { printf "%.6f", b - a }')
    RSS=$(awk '/Maximum resident set size/ { print $NF }' $WORK/time.txt)
    [ $status = 0 ] || { echo "bench: failed ($status): $*" >&2; head -5 $WORK/stderr.txt >&2; }
    return $status
}

{
echo "== make bench: $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet HEAD -- src include 2>/dev/null || echo '+local changes')"
echo "machine: $(nproc) cpus, $(lscpu | sed -n 's/^Model name: *//p'), $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)"
echo "peers: $(llvm-mc --version | sed -n 's/^.*LLVM version /LLVM /p'); release build: -O2 -g -DNDEBUG; $RUNS runs each, alternating"
echo "branches: $([ $MODE = labels ] && echo 'to labels' || echo 'raw word offsets (gcnasm has no labels yet)')"
if [ -s $WORK/excluded.tsv ]; then
    echo "left out of the mix (the library prints them, llvm-mc disagrees):"
    sed 's/^/  /' $WORK/excluded.tsv
fi
} | tee $RESULTS

summary=()
for size in $SIZES; do
    base=$WORK/$ARCH-n$size-s$SEED-$MODE
    arguments="-a $ARCH -n $size -s $SEED $GEN_MODE --exclude '$EXCLUDE'"
    # Cached until the generator (and so the library) or its arguments change.
    if [ ! -s $base.bin ] || [ $GEN -nt $base.bin ] || [ "$(cat $base.arguments 2>/dev/null)" != "$arguments" ]; then
        $GEN -a $ARCH -n $size -s $SEED $GEN_MODE --exclude "$EXCLUDE" \
            --llvm $base.llvm.s --clrx $base.clrx.s --binary $base.bin 2> $base.summary \
            || { cat $base.summary >&2; fail "the generator failed"; }
        echo "$arguments" > $base.arguments
    fi
    lines=$(wc -l < $base.llvm.s)
    {
    echo
    echo "-- $size instructions: $lines lines, $(stat -c %s $base.llvm.s) bytes of LLVM text, $(stat -c %s $base.bin) bytes of code"
    sed 's/^gen: /   /' $base.summary
    } | tee -a $RESULTS

    # The same work on both sides: llvm-mc's bytes are ours, and each
    # disassembler prints every instruction.
    $LLVM_MC -filetype=obj -o $WORK/peer.o $base.llvm.s 2> $WORK/stderr.txt \
        || { head -5 $WORK/stderr.txt; fail "llvm-mc rejects the generated file"; }
    llvm-objcopy -O binary --only-section=.text $WORK/peer.o $WORK/peer.text
    cmp -s $WORK/peer.text $base.bin || fail "llvm-mc's code differs from the generator's ($base.bin)"
    asm_ok=1
    if ! $GCNASM -a $ARCH -s llvm -o $WORK/ours.bin $base.llvm.s 2> $WORK/stderr.txt; then
        echo "   gcnasm fails on the file: $(head -1 $WORK/stderr.txt); assembly not timed" | tee -a $RESULTS
        asm_ok=0
    elif ! cmp -s $WORK/ours.bin $base.bin; then
        echo "   gcnasm's code differs from llvm-mc's; assembly not timed" | tee -a $RESULTS
        asm_ok=0
    fi
    cp $WORK/peer.o $base.o
    theirs=$(llvm-objdump -d --mcpu=$ARCH $base.o | grep -c '^[[:space:]]')
    unknown=$(llvm-objdump -d --mcpu=$ARCH $base.o | grep -c '<unknown>')
    ours=$($GCNDIS -a $ARCH -s llvm -e $base.bin | grep -vc '^\.long')
    echo "   instructions printed: gcndis $ours, llvm-objdump $theirs ($unknown unknown)" | tee -a $RESULTS
    [ "$theirs" = "$size" ] && [ "$unknown" = 0 ] || fail "llvm-objdump does not print every instruction"

    declare -A times=() rss=() ratios=()
    for run in $(seq $RUNS); do
        # Alternate who goes first, so that neither always gets a warm cache.
        if [ $asm_ok = 1 ]; then
            for side in $([ $((run % 2)) = 1 ] && echo "ours peer" || echo "peer ours"); do
                if [ $side = ours ]; then
                    measure /dev/null $GCNASM -a $ARCH -s llvm -o $WORK/ours.bin $base.llvm.s
                else
                    measure /dev/null $LLVM_MC -filetype=obj -o $WORK/peer.o $base.llvm.s
                fi
                times[asm-$side]+="$ELAPSED "; rss[asm-$side]+="$RSS "; eval "asm_$side=$ELAPSED"
            done
            ratios[asm]+="$(awk -v p=$asm_peer -v o=$asm_ours 'BEGIN { printf "%.4f", p / o }') "
        fi
        for side in $([ $((run % 2)) = 1 ] && echo "ours peer" || echo "peer ours"); do
            if [ $side = ours ]; then
                measure /dev/null $GCNDIS -a $ARCH -s llvm -e $base.bin
            else
                measure /dev/null llvm-objdump -d --mcpu=$ARCH $base.o
            fi
            times[dis-$side]+="$ELAPSED "; rss[dis-$side]+="$RSS "; eval "dis_$side=$ELAPSED"
        done
        ratios[dis]+="$(awk -v p=$dis_peer -v o=$dis_ours 'BEGIN { printf "%.4f", p / o }') "
    done
    # The clrx dialect has no peer; timed once for reference.
    clrx_note=""
    if measure /dev/null $GCNASM -a $ARCH -s clrx -o $WORK/ours-clrx.bin $base.clrx.s && cmp -s $WORK/ours-clrx.bin $base.bin; then
        clrx_note="gcnasm -s clrx $(printf %.3f $ELAPSED) s, $((RSS / 1024)) MiB"
    else
        clrx_note="gcnasm -s clrx fails or differs"
    fi

    for job in asm dis; do
        [ $job = asm ] && [ $asm_ok = 0 ] && continue
        if [ $job = asm ]; then
            ours_name=gcnasm; peer_name=llvm-mc; speed_target=30; memory_target=64
        else
            ours_name=gcndis; peer_name=llvm-objdump; speed_target=100; memory_target=32
        fi
        ours_time=$(echo ${times[$job-ours]} | tr ' ' '\n' | median)
        peer_time=$(echo ${times[$job-peer]} | tr ' ' '\n' | median)
        ours_rss=$(echo ${rss[$job-ours]} | tr ' ' '\n' | median)
        peer_rss=$(echo ${rss[$job-peer]} | tr ' ' '\n' | median)
        ratio=$(echo ${ratios[$job]} | tr ' ' '\n' | median)
        line=$(awk -v n=$size -v ot=$ours_time -v pt=$peer_time -v orss=$ours_rss -v prss=$peer_rss \
                   -v r=$ratio -v st=$speed_target -v mt=$memory_target -v on=$ours_name -v pn=$peer_name 'BEGIN {
            speed = (r >= st) ? "met" : "NOT met"; memory = (orss / 1024 <= mt) ? "met" : "NOT met"
            printf("   %-7s %8.3f s %6.0f ns/insn %7.1f MiB | %-12s %8.3f s %6.0f ns/insn %7.1f MiB | %6.2fx (>= %dx: %s) RSS (<= %d MiB: %s)",
                on, ot, ot * 1e9 / n, orss / 1024, pn, pt, pt * 1e9 / n, prss / 1024,
                r, st, speed, mt, memory) }')
        echo "$line" | tee -a $RESULTS
        summary+=("$(printf '%-9s' $size)$line")
    done
    echo "   $clrx_note" | tee -a $RESULTS
    unset times rss ratios
done

{
echo
echo "== summary (medians of $RUNS runs; ratio = median of per-run peer/ours; ns per instruction shows linearity)"
printf '%s\n' "${summary[@]}" | sort -s -k2,2
echo "full log: $RESULTS; inputs cached in $WORK"
} | tee -a $RESULTS
exit 0
