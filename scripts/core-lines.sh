#!/bin/sh
# The core's hand-written C, as issue 11 counts it: src/isa, src/codec and
# src/syntax (.c and .h, the generators included), without the tables
# (.def, .inc) and the generated files. Prints each file and the total.
cd "$(dirname "$0")/.." || exit 1
find src/isa src/codec src/syntax -name '*.[ch]' ! -path 'src/isa/generated/*' |
    sort | xargs wc -l
