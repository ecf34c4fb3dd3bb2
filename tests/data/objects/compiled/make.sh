#!/bin/sh
# Remakes kernels-CPU.s from kernels.cl with clang 14 (Debian: clang-14),
# for one processor of each generation. The tests need only the .s files.
cd "$(dirname "$0")" || exit 1
CLANG=${CLANG:-clang}
for cpu in tahiti hawaii fiji gfx900; do
    "$CLANG" -cl-std=CL2.0 -nogpulib -target amdgcn-amd-amdhsa -mcpu=$cpu -O2 -S kernels.cl \
        -o kernels-$cpu.s || exit 1
done
