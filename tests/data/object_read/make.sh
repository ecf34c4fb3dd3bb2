#!/bin/sh
# Makes the checked-in objects of tests/objects.c again, and their expected
# gcndis output (expected/). Run from the repository's root after a change
# to a source here or to what gcndis prints (then read the diff):
#     sh tests/data/object_read/make.sh [BUILD]
# Needs llvm-mc and ld.lld (llvm-14, lld-14) and clang-14; the test needs
# none of them for the expected output.
set -e
build=${1:-build}
dir=tests/data/object_read
PATH=/usr/lib/llvm-14/bin:$PATH
for spec in kernels_gfx900:gfx900 kernels_tonga:gfx802 kernels_tahiti:gfx600 \
            kernels_hawaii:gfx701 relocs_tonga:gfx802 metadata_strings:gfx900 \
            unexpressible_tonga:gfx802 code_relocations_gfx900:gfx900; do
    name=${spec%%:*} cpu=${spec##*:}
    llvm-mc -triple amdgcn-amd-amdhsa -mcpu="$cpu" -filetype=obj "$dir/$name.s" -o "$dir/$name.o"
    case $name in kernels_*) ld.lld -shared "$dir/$name.o" -o "$dir/$name.so" ;; esac
done
# Two of the writer's tests: target features in e_flags, code object v3.
llvm-mc -triple amdgcn-amd-amdhsa -mcpu=gfx906 -mattr=+sramecc,-xnack -filetype=obj \
    tests/data/objects/features_gfx906.s -o "$dir/features_gfx906.o"
llvm-mc -triple amdgcn-amd-amdhsa -mcpu=gfx906 -mattr=+xnack --amdhsa-code-object-version=3 \
    -filetype=obj tests/data/objects/version3_gfx906.s -o "$dir/version3_gfx906.o"
# The OpenCL C kernels of tests/data/objects/compiled (whose clang-14
# assembly is checked in there), as clang-14 makes their objects.
for cpu in tahiti hawaii fiji gfx900; do
    clang-14 -cl-std=CL2.0 -nogpulib -target amdgcn-amd-amdhsa -mcpu="$cpu" -O2 -c \
        tests/data/objects/compiled/kernels.cl -o "$dir/opencl/kernels_$cpu.o"
done
mkdir -p "$dir/expected"
for object in "$dir"/*.o "$dir"/*.so "$dir"/opencl/*.o; do
    base=$(echo "${object#$dir/}" | tr / _)
    "$build/gcndis" -s llvm "$object" >"$dir/expected/$base.llvm"
    "$build/gcndis" -s clrx "$object" >"$dir/expected/$base.clrx"
    "$build/gcndis" -s llvm --reassemble "$object" >"$dir/expected/$base.reassemble"
done
