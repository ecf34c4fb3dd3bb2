/* The code object metadata: the YAML of .amdgpu_metadata blocks as the
 * MessagePack map of the NT_AMDGPU_METADATA note, as llvm-mc 14 converts
 * it: every scalar, quoted or not, becomes the first of an unsigned
 * integer (decimal, 0x hex, 0b binary, 0o or 0 octal), a negative
 * integer, a boolean (YAML 1.1's y/yes/true/on and n/no/false/off, in
 * three cases), nil for what strtod reads whole (floats, the empty text:
 * llvm-mc 14 writes no floats), else a string; map keys sorted (by kind,
 * then value), a repeated key's last value; the smallest encodings.
 * Then checked as llvm-mc 14 checks it ("invalid HSA metadata"): the keys
 * the root, each kernel and each argument require, the types of those it
 * knows, the values its enumerations allow; others pass. */
#ifndef GCN_OBJECT_METADATA_H
#define GCN_OBJECT_METADATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Converts the first YAML document of text into *out (malloc'ed, *size
 * bytes). False with a message (and the 1-based line and column in text
 * it is about, 0 if none) on a YAML error or when the nesting or the
 * number of nodes (aliases included) passes a limit. */
bool gcn_metadata_from_yaml(const char *text, size_t length, uint8_t **out, size_t *size,
                            char *error, size_t error_size, unsigned *line, unsigned *column);

#endif
