/* An ELF object or shared object as text, in a form two assemblers' or
 * linkers' outputs can be compared in: the header, each section's name,
 * type, flags, alignment and bytes (not the string and symbol tables nor
 * the relocation sections, whose layout is free), the symbols and
 * relocations by name in sorted order, each kernel descriptor's bytes, and
 * the metadata note decoded (MessagePack as text, maps by key). */
#ifndef GCN_TEST_OBJECT_DUMP_H
#define GCN_TEST_OBJECT_DUMP_H

#include <stdbool.h>
#include <stddef.h>

/* The dump of the ELF file at path (malloc'ed); NULL with a message. */
char *object_dump(const char *path, char *error, size_t error_size);

#endif
