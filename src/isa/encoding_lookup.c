/* The lookup of word 0's encoding, the reserved bits and the opcode fields,
 * generated from encodings.def by src/isa/generate/encodings.c (make
 * regenerate). */
#include "isa/encoding.h"
#include "isa/profile.h"

#include "isa/generated/encodings.inc"
