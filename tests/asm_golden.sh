#!/bin/sh
# Golden tests of gcnasm and gcndis on the files in tests/data/asm:
#   NAME.s      first line "# gcnasm ARGS": gcnasm ARGS -f hex NAME.s must
#               print NAME.hex on stdout and NAME.err on stderr exactly
#               (message, line, column, source line and caret), and exit 1
#               if NAME.err holds an error, else 0.
#               With a second line "// checked against llvm-mc", llvm-mc
#               -filetype=obj must give the same .text bytes.
#   NAME.words  first line "# gcndis ARGS": gcndis ARGS -f hex NAME.words
#               must print NAME.out; for the clrx dialect, gcnasm must
#               assemble that text back to the words.
# Run from the repository root, so that the paths in the diagnostics are
# tests/data/asm/...; GCN_GOLDEN_UPDATE=1 writes the expected files instead.
# tests/run passes the build directory as $1; the last line is
# "asm-golden: N passed, N failed, N skipped".
BUILD=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
case $BUILD in /*) ;; *) BUILD=$root/$BUILD ;; esac
asm=$BUILD/gcnasm
dis=$BUILD/gcndis
work=$(mktemp -d "${TMPDIR:-/tmp}/gcn-golden.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
cd "$root" || exit 1

passed=0 failed=0 skipped=0
pass() { passed=$((passed + 1)); }
fail() {
    failed=$((failed + 1))
    printf 'FAIL asm-golden: %s\n' "$*"
}
# same NAME GOT WANT: the files are equal (or, updating, WANT becomes GOT).
same() {
    if [ "${GCN_GOLDEN_UPDATE:-0}" = 1 ]; then
        cp "$2" "$3"
        pass
    elif cmp -s "$2" "$3"; then
        pass
    else
        fail "$1 differs from $3 (- want, + got)"
        diff "$3" "$2" | head -n 20 | sed 's/^/    /'
    fi
}

if [ ! -x "$asm" ] || [ ! -x "$dis" ]; then
    fail "$asm or $dis is missing: run make"
    echo "asm-golden: $passed passed, $failed failed, $skipped skipped"
    exit 1
fi

for source in tests/data/asm/*.s; do
    args=$(head -n 1 "$source" | sed -n 's/^# gcnasm //p')
    [ -n "$args" ] || continue
    name=${source%.s}
    # shellcheck disable=SC2086 # ARGS are words
    timeout 60 "$asm" $args -f hex "$source" >"$work/out" 2>"$work/err"
    status=$?
    want_status=0
    [ -f "$name.err" ] && grep -q ': error: ' "$name.err" && want_status=1
    [ "${GCN_GOLDEN_UPDATE:-0}" = 1 ] && grep -q ': error: ' "$work/err" && want_status=1
    if [ "$status" -ne "$want_status" ]; then
        fail "$source: exit status $status, want $want_status"
    else
        pass
    fi
    same "$source: the words" "$work/out" "$name.hex"
    same "$source: the diagnostics" "$work/err" "$name.err"
    sed -n 2p "$source" | grep -q '^// checked against llvm-mc' || continue
    if ! command -v llvm-mc >/dev/null || ! command -v llvm-objcopy >/dev/null; then
        fail "$source: llvm-mc and llvm-objcopy are missing (apt-get install llvm-14)"
        continue
    fi
    cpu=$(echo "$args" | sed -n 's/.*-a \([^ ]*\).*/\1/p')
    # shellcheck disable=SC2086 # ARGS are words
    if ! llvm-mc -arch=amdgcn -mcpu="$cpu" -filetype=obj -o "$work/peer.o" "$source" 2>"$work/err" ||
        ! llvm-objcopy -O binary --only-section=.text "$work/peer.o" "$work/peer.bin" ||
        ! "$asm" $args -o "$work/ours.bin" "$source" 2>>"$work/err"; then
        fail "$source: llvm-mc or gcnasm refuses it: $(head -c 300 "$work/err")"
    elif cmp -s "$work/peer.bin" "$work/ours.bin"; then
        pass
    else
        fail "$source: gcnasm's bytes differ from llvm-mc's"
    fi
done

for words in tests/data/asm/*.words; do
    args=$(head -n 1 "$words" | sed -n 's/^# gcndis //p')
    [ -n "$args" ] || continue
    name=${words%.words}
    # shellcheck disable=SC2086
    "$dis" $args -f hex "$words" >"$work/listing" 2>"$work/err"
    status=$?
    if [ "$status" -ne 0 ] || [ -s "$work/err" ]; then
        fail "$words: gcndis exit $status: $(head -c 300 "$work/err")"
        continue
    fi
    same "$words: the listing" "$work/listing" "$name.out"
    case " $args " in
    *" -s llvm "*) continue ;;
    esac
    arch=$(echo "$args" | sed -n 's/.*-a \([^ ]*\).*/\1/p')
    "$asm" -a "$arch" -o "$work/again.bin" "$work/listing" 2>"$work/err"
    od -An -tx4 -v "$work/again.bin" | tr -s ' \n' '\n\n' | sed '/^$/d' >"$work/again.words"
    sed 's/#.*//' "$words" | tr -s ' \t\n' '\n\n\n' | sed '/^$/d' >"$work/want.words"
    if cmp -s "$work/again.words" "$work/want.words"; then
        pass
    else
        fail "$words: gcnasm does not give the words back: $(head -c 300 "$work/err")"
    fi
done

echo "asm-golden: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
