#!/bin/sh
# make demo: assemble examples/copy.s for GCN 1.2, show its words, then
# disassemble the machine code back in both dialects with offsets and words.
# Usage: sh examples/demo.sh [BUILD_DIRECTORY]
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
build=${1:-build}
arch=gcn1.2
example=examples/copy.s
binary=$build/examples/copy.bin
mkdir -p "$build/examples"

step() {
    printf '\n$ %s\n' "$*"
    "$@"
}

printf '== the example (%s)\n' "$example"
sed -n '/^[^#]/p' "$example" | sed '/^$/d'
step "$build/gcnasm" -a "$arch" -f hex "$example"
step "$build/gcnasm" -a "$arch" -o "$binary" "$example"
printf '(%s bytes of machine code in %s)\n' "$(wc -c <"$binary" | tr -d ' ')" "$binary"
step "$build/gcndis" -a "$arch" -s clrx -e "$binary"
step "$build/gcndis" -a "$arch" -s llvm -e "$binary"
