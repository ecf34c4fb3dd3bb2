#!/bin/sh
# make install and make uninstall into a temporary DESTDIR, as a packager
# runs them: every file in its place (the tools, libgcn.a, libgcn.so with
# its soname and links, the public headers, gcn.pc, the man pages), the
# README's library example built against the installed files with
# pkg-config (shared and static), the installed tools and man pages working,
# and nothing left after make uninstall. tests/run passes the build
# directory as $1, and CC and LDFLAGS of the build (the sanitizers' flags
# in make test-sanitize; make passes its variables on to the make here).
# The last line is "install: N passed, N failed, N skipped".
BUILD=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/gcn-install.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
trap 'exit 1' INT TERM
dest=$work/dest
prefix=/opt/gcn
version=$(sed -n 's/^VERSION = //p' "$root/Makefile")
major=${version%%.*}

passed=0 failed=0 skipped=0
pass() { passed=$((passed + 1)); }
fail() {
    failed=$((failed + 1))
    printf 'FAIL install: %s\n' "$*"
}
check() {
    name=$1
    shift
    if "$@"; then pass; else fail "$name"; fi
}
finish() {
    echo "install: $passed passed, $failed failed, $skipped skipped"
    [ "$failed" -eq 0 ]
    exit
}

for tool in pkg-config man help2man; do
    if ! command -v $tool >/dev/null 2>&1; then
        fail "$tool is missing (scripts/packages.txt lists its Debian package)"
        finish
    fi
done

if ! make -s -C "$root" BUILD="$BUILD" PREFIX=$prefix DESTDIR="$dest" install >"$work/make.out" 2>&1; then
    fail "make install failed: $(tail -n 5 "$work/make.out")"
    finish
fi
pass
d=$dest$prefix
for file in bin/gcnasm bin/gcndis lib/libgcn.a lib/libgcn.so.$version include/gcn.h \
    lib/pkgconfig/gcn.pc share/man/man1/gcnasm.1 share/man/man1/gcndis.1; do
    check "make install writes $prefix/$file" test -f "$d/$file"
done
for header in "$root"/include/*.h; do
    check "make install writes the public header $(basename "$header")" cmp -s "$header" "$d/include/$(basename "$header")"
done
check "libgcn.so.$major links to libgcn.so.$version" test "$(readlink "$d/lib/libgcn.so.$major")" = "libgcn.so.$version"
check "libgcn.so links to libgcn.so.$major" test "$(readlink "$d/lib/libgcn.so")" = "libgcn.so.$major"
check "the installed tools are executable" test -x "$d/bin/gcnasm" -a -x "$d/bin/gcndis"
check "the installed headers are not executable" test ! -x "$d/include/gcn.h"
soname=$(llvm-readelf -d "$d/lib/libgcn.so.$version" 2>/dev/null | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
check "libgcn.so's soname is libgcn.so.$major (got '$soname')" test "$soname" = "libgcn.so.$major"
# The shared library exports the public API and nothing of the internals.
llvm-nm -D --defined-only "$d/lib/libgcn.so.$version" | awk '{ print $3 }' | sort >"$work/exported"
sed -n -e '/^static/d' -e 's/^[a-zA-Z_][a-zA-Z0-9_ ]*[ *]\(gcn_[a-z0-9_]*\)(.*/\1/p' "$root"/include/*.h | sort >"$work/declared"
check "libgcn.so exports exactly the functions of the public headers" cmp -s "$work/exported" "$work/declared"
check "libgcn.so exports gcn_parse" grep -qx gcn_parse "$work/exported"

# pkg-config on the installed gcn.pc (the sysroot maps $prefix into DESTDIR).
export PKG_CONFIG_LIBDIR="$d/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest"
check "pkg-config --modversion gcn is $version" test "$(pkg-config --modversion gcn)" = "$version"
flags=$(echo $(pkg-config --cflags --libs gcn))
check "pkg-config --cflags --libs gcn names the installed files" \
    test "$flags" = "-I$d/include -L$d/lib -lgcn"
# The README's example (the first C block of "The library"), as a user
# builds it from the installed files.
sed -n '/^## The library/,/^## /p' "$root/README.md" | sed -n '/^```c$/,/^```$/p' | sed '1d;$d' >"$work/example.c"
check "the README has a library example" grep -q "gcn_decode" "$work/example.c"
want=$(grep -o '/\* [a-z_0-9(), ]* \*/' "$work/example.c" | sed 's|/\* \(.*\) \*/|\1|')
cc=${CC:-cc}
command -v "$cc" >/dev/null 2>&1 || cc=cc
# shellcheck disable=SC2086 # flags are words
if ${cc} -std=c11 -Wall -Werror ${LDFLAGS:-} -o "$work/example" "$work/example.c" $flags 2>"$work/cc.err"; then
    pass
    got=$(LD_LIBRARY_PATH="$d/lib" "$work/example" 2>&1)
    check "the example, linked to the installed libgcn.so, prints '$(echo $want)' (got '$(echo $got)')" test "$got" = "$want"
    check "the example loads libgcn.so.$major from the installed files" \
        sh -c "LD_LIBRARY_PATH='$d/lib' ldd '$work/example' | grep -q 'libgcn.so.$major => $d/lib/libgcn.so.$major'"
else
    fail "the README example does not build with pkg-config --cflags --libs gcn: $(head -n 5 "$work/cc.err")"
fi
# shellcheck disable=SC2086
if ${cc} -std=c11 -Wall -Werror ${LDFLAGS:-} -o "$work/example-static" "$work/example.c" \
    $(pkg-config --cflags gcn) "$d/lib/libgcn.a" $(pkg-config --static --libs-only-l gcn | sed 's/-lgcn//') 2>"$work/cc.err"; then
    got=$("$work/example-static" 2>&1)
    check "the example, linked to the installed libgcn.a, prints the same" test "$got" = "$want"
else
    fail "the README example does not build with the installed libgcn.a: $(head -n 5 "$work/cc.err")"
fi
unset PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR

# The installed tools run, and their man pages read.
printf 's_nop 1\ns_endpgm\n' >"$work/a.s"
check "the installed gcnasm assembles" test "$("$d/bin/gcnasm" -a tonga -f hex "$work/a.s" 2>&1)" = "$(printf 'bf800001\nbf810000')"
check "the installed gcndis --version" test "$("$d/bin/gcndis" --version | head -n 1)" = "gcndis (libgcn) $version"
for tool in gcnasm gcndis; do
    page=$d/share/man/man1/$tool.1
    MANWIDTH=80 man --warnings -P cat -l "$page" >"$work/man.out" 2>"$work/man.err"
    check "man -l $tool.1 formats" test $? -eq 0 -a -s "$work/man.out"
    tr -s ' \n' '  ' <"$work/man.out" >"$work/man.squeezed"
    check "man -l $tool.1 gives no warnings: $(head -n 2 "$work/man.err")" test ! -s "$work/man.err"
    check "$tool.1 has a NAME section naming $tool" grep -q "^ *$tool - " "$work/man.out"
    check "$tool.1 has the synopsis" grep -Eq "^ *$tool +-a +ARCH" "$work/man.out"
    for option in --arch --syntax --format --help --version; do
        check "$tool.1 explains $option" grep -q -- "$option" "$work/man.out"
    done
    # man wraps and justifies the paragraphs: compared with the spaces squeezed.
    check "$tool.1 names the supported encodings" grep -q \
        "Instruction encodings supported: SOP2, SOP1, SOPK, SOPC, SOPP, SMRD, SMEM, MUBUF, FLAT Not supported yet: VOP2," \
        "$work/man.squeezed"
done

if ! make -s -C "$root" BUILD="$BUILD" PREFIX=$prefix DESTDIR="$dest" uninstall >"$work/make.out" 2>&1; then
    fail "make uninstall failed: $(tail -n 5 "$work/make.out")"
else
    left=$(find "$dest" ! -type d | head -n 5)
    check "make uninstall removes every installed file (left: $left)" test -z "$left"
fi
finish
