#!/bin/sh
# gcnemu on the scenarios of tests/emu: each NAME.json runs (with the
# options in NAME.args, if any) and must print exactly NAME.out, and exit 0
# when that says "ended" or "halted", else 1. Each invalid/NAME.json must
# exit 2 with exactly invalid/NAME.err on standard error and nothing on
# standard output. The expected files are worked out by hand from the
# CLRX GCN ISA pages; each scenario's "about" says which sentence it checks.
BUILD=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
emu="$root/$BUILD/gcnemu"
case "$BUILD" in /*) emu="$BUILD/gcnemu" ;; esac
passed=0 failed=0
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
fail() { echo "FAIL emu: $*"; failed=$((failed + 1)); }
cd "$root/tests/emu" || exit 1
for scenario in *.json; do
    name=${scenario%.json}
    args=$(cat "$name.args" 2>/dev/null)
    # shellcheck disable=SC2086
    "$emu" $args "$scenario" >"$out" 2>"$err"
    code=$?
    expected_code=1
    grep -q '"status": "\(ended\|halted\)"' "$name.out" && expected_code=0
    if ! cmp -s "$out" "$name.out"; then
        fail "$scenario: output differs from $name.out:"; diff "$name.out" "$out" | head -20
    elif [ "$code" -ne "$expected_code" ]; then
        fail "$scenario: exit $code, expected $expected_code"
    elif [ -s "$err" ]; then
        fail "$scenario: unexpected standard error:"; head -5 "$err"
    else
        passed=$((passed + 1))
    fi
done
for scenario in invalid/*.json; do
    name=${scenario%.json}
    "$emu" "$scenario" >"$out" 2>"$err"
    code=$?
    if [ "$code" -ne 2 ]; then
        fail "$scenario: exit $code, expected 2"
    elif [ -s "$out" ]; then
        fail "$scenario: wrote to standard output"
    elif ! cmp -s "$err" "$name.err"; then
        fail "$scenario: message differs from $name.err:"; diff "$name.err" "$err" | head -10
    else
        passed=$((passed + 1))
    fi
done
# --trace: the instructions as gcndis prints them and what they changed.
for scenario in trace/*.json; do
    name=${scenario%.json}
    "$emu" --trace "$scenario" >"$out" 2>"$err"
    if cmp -s "$err" "$name.err"; then
        passed=$((passed + 1))
    else
        fail "$scenario: trace differs from $name.err:"; diff "$name.err" "$err" | head -20
    fi
done
# The README's example.
if "$emu" ../../examples/scenario.json >"$out" 2>"$err" && cmp -s "$out" example/scenario.out; then
    passed=$((passed + 1))
else
    fail "examples/scenario.json: output differs from example/scenario.out"
fi
# A scenario on standard input ("-"); a result that cannot be written
# (a full device) is exit 2 with a message.
if "$emu" - <sopp_trap_gcn12.json >"$out" 2>"$err"; [ $? -eq 1 ] && cmp -s "$out" sopp_trap_gcn12.out; then
    passed=$((passed + 1))
else
    fail "gcnemu - <sopp_trap_gcn12.json: differs from sopp_trap_gcn12.out"
fi
if [ -w /dev/full ]; then
    "$emu" sopp_trap_gcn12.json >/dev/full 2>"$err"
    code=$?
    if [ "$code" -eq 2 ] && grep -q "gcnemu: cannot write the result" "$err"; then
        passed=$((passed + 1))
    else
        fail "gcnemu >/dev/full: exit $code"
    fi
fi
# Hostile scenarios made here (too big to check in): 65537 regions are
# refused with a message; 65536 regions in descending address order map
# (in n log n searches) and the run ends.
regions() { # N ORDER: a scenario of N 4-byte regions, ascending or descending
    awk -v n="$1" -v order="$2" 'BEGIN {
        printf "{\"arch\": \"gcn1.4\", \"program\": \"s_endpgm\\n\", \"memory\": ["
        for (i = 0; i < n; i++) {
            k = order == "descending" ? n - 1 - i : i
            printf "%s{\"addr\": %d, \"size\": 4}", i ? ", " : "", 1048576 + 4096 * k
        }
        print "]}" }'
}
hostile=$(mktemp)
regions 65537 ascending >"$hostile"
"$emu" "$hostile" >"$out" 2>"$err"
code=$?
if [ "$code" -eq 2 ] && [ ! -s "$out" ] && [ "$(cat "$err")" = "$hostile: memory: 65537 regions, at most 65536" ]; then
    passed=$((passed + 1))
else
    fail "65537 regions: exit $code, message: $(head -c 200 "$err")"
fi
regions 65536 descending >"$hostile"
"$emu" "$hostile" >"$out" 2>"$err"
code=$?
if [ "$code" -eq 0 ] && grep -q '"status": "ended"' "$out" && [ "$(grep -c '"addr"' "$out")" -eq 65536 ]; then
    passed=$((passed + 1))
else
    fail "65536 regions: exit $code, $(head -c 200 "$err")"
fi
rm -f "$hostile"
# Command-line mistakes exit 2.
for args in "" "--bogus x.json" "a.json b.json"; do
    # shellcheck disable=SC2086
    "$emu" $args >/dev/null 2>&1
    code=$?
    if [ "$code" -eq 2 ]; then passed=$((passed + 1)); else fail "gcnemu $args: exit $code, expected 2"; fi
done
echo "emu: $passed passed, $failed failed, 0 skipped"
[ "$failed" -eq 0 ]
