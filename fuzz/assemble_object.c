/* Fuzz target: the whole-file assembler making an ELF object (gcnasm -f
 * elf) on arbitrary text: the object directives, the .amdhsa_kernel and
 * .amdgpu_metadata blocks, relocations, the ELF writer. Byte 0 picks the
 * processor (bits 0-1: gfx600, gfx701, gfx803, gfx900:xnack-), the code
 * object version (bit 2: 3, else 4) and the dialect (bit 3: llvm). Checks:
 * no crash, hang or leak; a clean run makes an object whose relocations
 * and symbols lie in their sections, which libelf reads back whole. */
#include <gelf.h>
#include <libelf.h>
#include <string.h>

#include "asm/assembler.h"
#include "fuzz.h"
#include "object/object.h"

static void check_object(const gcn_object *object)
{
    for (size_t r = 0; r < object->relocation_count; r++) {
        const gcn_object_relocation *relocation = &object->relocations[r];
        FUZZ_CHECK(relocation->section >= 0 && (size_t)relocation->section < object->section_count,
                   "relocation %zu in section %d of %zu", r, relocation->section, object->section_count);
        const gcn_object_section *section = &object->sections[relocation->section];
        unsigned width = relocation->type == 3 || relocation->type == 5 ? 8 : 4;
        FUZZ_CHECK(relocation->offset + width <= section->size, "relocation %zu at %llu past %s (%llu bytes)",
                   r, (unsigned long long)relocation->offset, section->name,
                   (unsigned long long)section->size);
        FUZZ_CHECK(relocation->symbol < 0 ? (size_t)(-1 - relocation->symbol) < object->section_count
                                          : (size_t)relocation->symbol < object->symbol_count,
                   "relocation %zu against symbol %d", r, relocation->symbol);
    }
    for (size_t i = 0; i < object->symbol_count; i++) {
        const gcn_object_symbol *symbol = &object->symbols[i];
        FUZZ_CHECK(symbol->section < 0 || (size_t)symbol->section < object->section_count,
                   "symbol %s in section %d", symbol->name, symbol->section);
    }
    size_t size = 0;
    char error[256];
    uint8_t *bytes = gcn_object_write_elf(object, &size, error, sizeof error);
    FUZZ_CHECK(bytes != NULL, "the ELF writer failed: %s", error);
    elf_version(EV_CURRENT);
    Elf *elf = elf_memory((char *)bytes, size);
    GElf_Ehdr header;
    size_t sections = 0;
    FUZZ_CHECK(elf && gelf_getehdr(elf, &header) && header.e_machine == 224 && elf_getshdrnum(elf, &sections) == 0,
               "libelf cannot read the object back: %s", elf_errmsg(-1));
    /* null, .strtab, the sections, their relocations, .note, .llvm_addrsig, .symtab */
    FUZZ_CHECK(sections >= object->section_count + 3, "%zu ELF sections for %zu", sections, object->section_count);
    elf_end(elf);
    free(bytes);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static const char *const targets[4] = {"gfx600", "gfx701", "gfx803", "gfx900:xnack-"};
    static const gcn_arch arches[4] = {GCN_ARCH_GCN10, GCN_ARCH_GCN11, GCN_ARCH_GCN12, GCN_ARCH_GCN14};
    size_t length = size - 1;
    char *source = malloc(length ? length : 1);
    if (!source)
        return 0;
    memcpy(source, data + 1, length);
    gcn_assembly assembly = {
        .arch = arches[data[0] & 3],
        .dialect = data[0] & 8 ? GCN_DIALECT_LLVM : GCN_DIALECT_CLRX,
        .file_name = "fuzz.s",
        .diagnostics = NULL,
    };
    gcn_object object = {0};
    gcn_output output = {.skip_statement_ends = true,
                         .object = &object,
                         .target = targets[data[0] & 3],
                         .code_object_version = data[0] & 4 ? 3 : 4};
    bool ok = gcn_assemble(&assembly, source, length, &output);
    FUZZ_CHECK(ok == (assembly.errors == 0), "returned %d with %u errors", ok, assembly.errors);
    if (ok)
        check_object(&object);
    gcn_object_free(&object);
    gcn_output_free(&output);
    free(source);
    return 0;
}
