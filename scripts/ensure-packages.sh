#!/bin/sh
# Installs the Debian packages of scripts/packages.txt that are missing: as
# root with apt-get; otherwise prints the exact command and fails, so that
# `make demo` and `make test` never run half set up.
list="$(dirname "$0")/packages.txt"
missing=
for package in $(sed -e 's/#.*//' "$list"); do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
        missing="$missing $package"
done
[ -z "$missing" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
    echo "missing packages:$missing (not a Debian system: install their equivalents)" >&2
    exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "missing Debian packages:$missing" >&2
    echo "install them as root, then run this again:" >&2
    echo "    apt-get update && apt-get install -y$missing" >&2
    exit 1
fi
echo "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get -q update && apt-get -q -y -o Dpkg::Use-Pty=0 install --no-install-recommends $missing
