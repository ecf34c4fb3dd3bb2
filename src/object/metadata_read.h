/* The NT_AMDGPU_METADATA note (MessagePack, read with msgpack-c) as the YAML
 * document of llvm-mc's .amdgpu_metadata directive (written with libyaml's
 * emitter). */
#ifndef GCN_OBJECT_METADATA_READ_H
#define GCN_OBJECT_METADATA_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The YAML of bytes[0, size) in *text (malloc'd, NUL-terminated), from
 * "---" to "..."; a string that reads as another type is tagged !str, so that
 * the YAML reads back to the same MessagePack types. On failure the
 * reason goes to error. */
bool gcn_metadata_to_yaml(const uint8_t *bytes, size_t size, char **text, size_t *length,
                          char *error, size_t error_size);

#endif
