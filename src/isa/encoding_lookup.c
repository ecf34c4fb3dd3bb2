/* The lookup of word 0's encoding and the reserved bits, generated from
 * encodings.def by src/isa/generate/encodings.c (make regenerate). */
#include "isa/encoding.h"

#include "isa/generated/encodings.inc"
