/* Input that is not assembly source or raw code: ELF objects (gcndis
 * disassembles them) and binary files (gcnasm refuses them once). */
#ifndef GCN_TOOLS_OBJECT_INPUT_H
#define GCN_TOOLS_OBJECT_INPUT_H

#include <stdbool.h>
#include <stddef.h>

/* Whether the named file (or standard input, when it is a regular file)
 * starts with the ELF magic. A pipe is not looked into. */
bool cli_is_elf(const char *path);

/* gcndis on an ELF object: arch_name NULL takes the generation from
 * e_flags. Returns the exit status. */
int gcndis_object(const char *path, const char *arch_name, bool llvm, bool reassemble,
                  bool show_encoding);

/* gcnasm: true (after one message naming the file) if the input is binary:
 * a NUL byte in its first 64 KiB, as grep and diff decide. descriptor: a
 * file still to read (cli_open), else data[0, length). */
bool cli_reject_binary(const char *program, const char *path, int descriptor, const char *data,
                       size_t length);

#endif
