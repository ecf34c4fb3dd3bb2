/* Damaged ELF objects (issue 14): each kind of damage an error that names
 * what is wrong, from the library and from gcndis (one line that names the
 * file, nothing on standard output, exit status 1); random damage to the
 * headers and tables an answer, never a crash; and the tools' conventions
 * on objects (issue 12 point 5): gcndis takes ELF whatever -f says and
 * from standard input, warns when -a disagrees with e_flags; gcnasm says
 * once that an object or another binary file is no source. */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dis/object.h"
#include "support/command.h"
#include "support/harness.h"

static test_summary summary = {"object-damage", 0, 0, 0};
static const char *build = "build";
static char scratch[64];

#define DIR "tests/data/object_read/"

/* ---- damaged objects ---- */

static bool discard(void *context, const char *text, size_t length)
{
    (void)context;
    (void)text;
    (void)length;
    return true;
}

typedef struct image {
    uint8_t *bytes;
    size_t size;
} image;

static Elf64_Ehdr header_of(const image *m)
{
    Elf64_Ehdr h;
    memcpy(&h, m->bytes, sizeof h);
    return h;
}

static void put_header(image *m, const Elf64_Ehdr *h)
{
    memcpy(m->bytes, h, sizeof *h);
}

static Elf64_Shdr *section_header(image *m, size_t index)
{
    Elf64_Ehdr h = header_of(m);
    return (Elf64_Shdr *)(void *)(m->bytes + h.e_shoff + index * sizeof(Elf64_Shdr));
}

/* The index of the first section of a type, or named name. */
static size_t find_section(image *m, uint32_t type, const char *name)
{
    Elf64_Ehdr h = header_of(m);
    Elf64_Shdr names;
    memcpy(&names, section_header(m, h.e_shstrndx), sizeof names);
    for (size_t i = 1; i < h.e_shnum; i++) {
        Elf64_Shdr s;
        memcpy(&s, section_header(m, i), sizeof s);
        if ((name && strcmp((const char *)m->bytes + names.sh_offset + s.sh_name, name) == 0) ||
            (!name && s.sh_type == type))
            return i;
    }
    return 0;
}

/* Changes a 64-bit or 32-bit field of a section header, a symbol or a
 * relocation (through memcpy: the image has no alignment). */
#define SET_FIELD(m, base, type, field, value)                                      \
    do {                                                                            \
        type record_;                                                               \
        memcpy(&record_, (m)->bytes + (base), sizeof record_);                      \
        record_.field = (value);                                                    \
        memcpy((m)->bytes + (base), &record_, sizeof record_);                      \
    } while (0)

static size_t section_base(image *m, size_t index)
{
    return (size_t)(header_of(m).e_shoff + index * sizeof(Elf64_Shdr));
}

static uint64_t section_offset(image *m, size_t index)
{
    Elf64_Shdr s;
    memcpy(&s, section_header(m, index), sizeof s);
    return s.sh_offset;
}

typedef enum damage {
    TRUNCATE_10, TRUNCATE_63, TRUNCATE_200, TRUNCATE_LAST, CLASS_32, BIG_ENDIAN, MACHINE_X86,
    TYPE_CORE, SHOFF_HUGE, SHNUM_HUGE, SHENTSIZE, SHSTRNDX, TEXT_PAST_END, TEXT_SIZE_HUGE,
    OVERLAP, SECTION_NAME, SYMTAB_LINK, SYMTAB_ENTSIZE, SYMBOL_NAME, SYMBOL_SECTION,
    SYMBOL_VALUE, RELOCATION_SYMBOL, RELOCATION_OFFSET, RELOCATION_TARGET, NOTE_SIZE,
    METADATA_GARBAGE, METADATA_HUGE_ARRAY, UNKNOWN_MACHINE, DAMAGE_COUNT
} damage;

static const char *const damage_messages[DAMAGE_COUNT] = {
    [TRUNCATE_10] = "truncated: 10 bytes",
    [TRUNCATE_63] = "truncated: 63 bytes",
    [TRUNCATE_200] = "the section header table (offset 2984) is not inside the file (200 bytes)",
    [TRUNCATE_LAST] = "does not hold its 10 entries in the file (3623 bytes)",
    [CLASS_32] = "32-bit",
    [BIG_ENDIAN] = "not little-endian",
    [MACHINE_X86] = "not an AMDGPU object: its machine (e_machine) is 62",
    [TYPE_CORE] = "neither a relocatable object nor a code object",
    [SHOFF_HUGE] = "the section header table (offset 9223372036854775552) is not inside",
    [SHNUM_HUGE] = "does not hold its 65279 entries",
    [SHENTSIZE] = "section headers of 40 bytes",
    [SHSTRNDX] = "section name table",
    [TEXT_PAST_END] = "(.text): its 580 bytes at offset 3620 go past the end of the file (3624",
    [TEXT_SIZE_HUGE] = "go past the end of the file",
    [OVERLAP] = "overlap in the file",
    [SECTION_NAME] = "is outside the section name table",
    [SYMTAB_LINK] = "is no string table",
    [SYMTAB_ENTSIZE] = "entries of 16 bytes",
    [SYMBOL_NAME] = "is outside the string table",
    [SYMBOL_SECTION] = "section index 200 does not exist",
    [SYMBOL_VALUE] = "lies outside its section",
    [RELOCATION_SYMBOL] = "names symbol 1000 of",
    [RELOCATION_OFFSET] = "lies outside section",
    [RELOCATION_TARGET] = "applies to section 77, which does not exist",
    [NOTE_SIZE] = "runs past the section",
    [METADATA_GARBAGE] = "not one MessagePack document",
    [METADATA_HUGE_ARRAY] = "declares an array or map of more elements than its",
    [UNKNOWN_MACHINE] = "EF_AMDGPU_MACH 0x40",
};

/* The good object with one thing damaged; its size in *size. */
static void apply(image *m, damage d)
{
    Elf64_Ehdr h = header_of(m);
    size_t symtab = find_section(m, SHT_SYMTAB, NULL), rela = find_section(m, SHT_RELA, NULL);
    size_t text = find_section(m, 0, ".text"), data = find_section(m, 0, ".data");
    size_t note = find_section(m, SHT_NOTE, NULL);
    size_t symbol = (size_t)section_offset(m, symtab) + 2 * sizeof(Elf64_Sym);
    size_t relocation = (size_t)section_offset(m, rela);
    switch (d) {
    case TRUNCATE_10: m->size = 10; break;
    case TRUNCATE_63: m->size = 63; break;
    case TRUNCATE_200: m->size = 200; break;
    case TRUNCATE_LAST: m->size -= 1; break;
    case CLASS_32: m->bytes[EI_CLASS] = ELFCLASS32; break;
    case BIG_ENDIAN: m->bytes[EI_DATA] = ELFDATA2MSB; break;
    case MACHINE_X86: h.e_machine = EM_X86_64; put_header(m, &h); break;
    case TYPE_CORE: h.e_type = ET_CORE; put_header(m, &h); break;
    case SHOFF_HUGE: h.e_shoff = 0x7fffffffffffff00ull; put_header(m, &h); break;
    case SHNUM_HUGE: h.e_shnum = 0xfeff; put_header(m, &h); break;
    case SHENTSIZE: h.e_shentsize = 40; put_header(m, &h); break;
    case SHSTRNDX: h.e_shstrndx = 200; put_header(m, &h); break;
    case TEXT_PAST_END:
        SET_FIELD(m, section_base(m, text), Elf64_Shdr, sh_offset, m->size - 4);
        break;
    case TEXT_SIZE_HUGE:
        SET_FIELD(m, section_base(m, text), Elf64_Shdr, sh_size, 0xffffffffffffull);
        break;
    case OVERLAP:
        SET_FIELD(m, section_base(m, data), Elf64_Shdr, sh_offset, section_offset(m, text) + 8);
        break;
    case SECTION_NAME: SET_FIELD(m, section_base(m, text), Elf64_Shdr, sh_name, 0xffffff); break;
    case SYMTAB_LINK: SET_FIELD(m, section_base(m, symtab), Elf64_Shdr, sh_link, (Elf64_Word)text); break;
    case SYMTAB_ENTSIZE: SET_FIELD(m, section_base(m, symtab), Elf64_Shdr, sh_entsize, 16); break;
    case SYMBOL_NAME: SET_FIELD(m, symbol, Elf64_Sym, st_name, 0xfffffff); break;
    case SYMBOL_SECTION: SET_FIELD(m, symbol, Elf64_Sym, st_shndx, 200); break;
    case SYMBOL_VALUE:
        SET_FIELD(m, symbol, Elf64_Sym, st_shndx, (Elf64_Section)text);
        SET_FIELD(m, symbol, Elf64_Sym, st_value, 0x100000);
        break;
    case RELOCATION_SYMBOL:
        SET_FIELD(m, relocation, Elf64_Rela, r_info, ELF64_R_INFO(1000, 3));
        break;
    case RELOCATION_OFFSET: SET_FIELD(m, relocation, Elf64_Rela, r_offset, 0x123456); break;
    case RELOCATION_TARGET: SET_FIELD(m, section_base(m, rela), Elf64_Shdr, sh_info, 77); break;
    case NOTE_SIZE: { /* the first note's description size */
        size_t at = (size_t)section_offset(m, note) + 4;
        uint32_t size = 0x7ffffff0;
        memcpy(m->bytes + at, &size, 4);
        break;
    }
    case METADATA_GARBAGE: { /* the description's first byte: 0xc1 is never used */
        size_t at = (size_t)section_offset(m, note) + 12 + 8;
        m->bytes[at] = 0xc1;
        break;
    }
    case METADATA_HUGE_ARRAY: { /* an array of 2^32 - 1 elements in a few bytes */
        size_t at = (size_t)section_offset(m, note) + 12 + 8;
        static const uint8_t array[] = {0xdd, 0xff, 0xff, 0xff, 0xff};
        memcpy(m->bytes + at, array, sizeof array);
        break;
    }
    case UNKNOWN_MACHINE: h.e_flags = (h.e_flags & ~0xffu) | 0x40; put_header(m, &h); break;
    case DAMAGE_COUNT: break;
    }
}

static void test_damaged(void)
{
    size_t size;
    char *good = test_read_file(DIR "kernels_gfx900.o", &size);
    if (!good) {
        test_fail(&summary, "cannot read " DIR "kernels_gfx900.o");
        return;
    }
    for (int d = 0; d < DAMAGE_COUNT; d++) {
        image m = {malloc(size), size};
        memcpy(m.bytes, good, size);
        apply(&m, (damage)d);
        for (int mode = 0; mode < 3; mode++) {
            gcn_object_options options = {mode ? GCN_DIALECT_LLVM : GCN_DIALECT_CLRX, false,
                                          GCN_ARCH_GCN14, mode == 2, false, "damaged.o"};
            char error[300], warning[300];
            bool ok = gcn_disassemble_object(&options, m.bytes, m.size, discard, NULL, error,
                                             sizeof error, warning, sizeof warning);
            if (ok || !strstr(error, damage_messages[d]))
                test_fail(&summary, "damage %d: %s, '%s' (expected '%s')", d,
                          ok ? "accepted" : "refused", ok ? "" : error, damage_messages[d]);
            else
                test_pass(&summary);
        }
        /* the tool: one line that names the file, nothing on standard output */
        char path[128], command[300], expected[400];
        snprintf(path, sizeof path, "%s/damaged%d.o", scratch, d);
        FILE *file = fopen(path, "wb");
        if (file) {
            fwrite(m.bytes, 1, m.size, file);
            fclose(file);
        }
        snprintf(command, sizeof command, "%s/gcndis -s llvm %s", build, path);
        run_result r = command_run(command);
        snprintf(expected, sizeof expected, "gcndis: %s: error: ", path);
        if (r.status != 1 || r.out_length || strncmp(r.err, expected, strlen(expected)) != 0 ||
            strchr(r.err, '\n') != r.err + r.err_length - 1 || !strstr(r.err, damage_messages[d]))
            test_fail(&summary, "%s: exit %d, output %zu bytes, messages '%s'", command, r.status,
                      r.out_length, r.err);
        else
            test_pass(&summary);
        command_free(&r);
        free(m.bytes);
    }
    /* Random damage to the headers and tables: any answer but a crash, a
     * hang or a leak (the sanitizer build checks). */
    uint64_t state = 0x9e3779b97f4a7c15ull;
    unsigned refused = 0, accepted = 0;
    for (int i = 0; i < 3000; i++) {
        image m = {malloc(size), size};
        memcpy(m.bytes, good, size);
        int changes = 1 + i % 4;
        for (int c = 0; c < changes; c++) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            size_t at = (size_t)(state >> 33) % size;
            if (c == 0 && i % 3 == 0) /* the ELF header or the section headers */
                at = i % 6 == 0 ? at % sizeof(Elf64_Ehdr) : size - 1 - at % (9 * sizeof(Elf64_Shdr));
            m.bytes[at] ^= (uint8_t)(1u << (state >> 60 & 7));
        }
        gcn_object_options options = {i & 1 ? GCN_DIALECT_LLVM : GCN_DIALECT_CLRX, false,
                                      GCN_ARCH_GCN14, (i & 2) != 0, false, "random.o"};
        char error[300], warning[300];
        if (gcn_disassemble_object(&options, m.bytes, m.size, discard, NULL, error, sizeof error,
                                   warning, sizeof warning))
            accepted++;
        else if (error[0])
            refused++;
        else
            test_fail(&summary, "random damage %d: refused without a message", i);
        free(m.bytes);
    }
    printf("object-damage: 3000 randomly damaged objects: %u refused with a message, %u read\n", refused,
           accepted);
    test_pass(&summary);
    free(good);
}

/* ---- the tools' conventions ---- */

static void expect(const char *command, int status, const char *out_part, const char *err_part,
                   bool one_error_line)
{
    run_result r = command_run(command);
    bool ok = r.status == status && (!out_part || strstr(r.out, out_part)) &&
              (!err_part ? r.err_length == 0 : strstr(r.err, err_part) != NULL) &&
              (!one_error_line || (r.err_length && strchr(r.err, '\n') == r.err + r.err_length - 1));
    if (ok)
        test_pass(&summary);
    else
        test_fail(&summary, "%s: exit %d, output '%.200s', messages '%.300s'", command, r.status,
                  r.out, r.err);
    command_free(&r);
}

static void test_tools(void)
{
    char command[512], part[256];
    /* ELF by its magic, whatever -f says, from a file or from standard input */
    snprintf(command, sizeof command, "%s/gcndis -s llvm -f hex " DIR "kernels_tonga.o", build);
    expect(command, 0, "s_buffer_load_dword s12, s[8:11], 0x10", NULL, false);
    snprintf(command, sizeof command, "%s/gcndis -s llvm <" DIR "kernels_tonga.o", build);
    expect(command, 0, "<stdin>:\tfile format elf64-amdgpu", NULL, false);
    /* -a that disagrees with e_flags: a warning, and the code as -a says */
    snprintf(command, sizeof command, "%s/gcndis -s llvm -a tahiti " DIR "kernels_gfx900.o", build);
    expect(command, 0, "file format elf64-amdgpu",
           "gcndis: " DIR "kernels_gfx900.o: warning: -a gcn1.0 disagrees with the object's "
           "processor gfx900 (gcn1.4); disassembling as gcn1.0",
           true);
    snprintf(command, sizeof command, "%s/gcndis -s llvm -a gfx9 " DIR "kernels_gfx900.o", build);
    expect(command, 0, "global_load_dword v1, v0, s[4:5]", NULL, false);
    /* the clrx dialect: source, branch targets as labels */
    snprintf(command, sizeof command, "%s/gcndis " DIR "kernels_gfx900.o", build);
    expect(command, 0, "\t.amdhsa_kernel buffer_loop\n", NULL, false);
    /* a relocation source cannot give back: a comment where it was, one warning */
    snprintf(command, sizeof command, "%s/gcndis -s llvm --reassemble " DIR "unexpressible_tonga.o",
             build);
    expect(command, 0,
           "\t.long 0x00000000\n\t/* relocation R_AMDGPU_ABS64 at 0x4: message (not reassembled) */",
           "gcndis: " DIR "unexpressible_tonga.o: warning: the relocation R_AMDGPU_ABS64 at 0x4 in "
           ".text cannot be written as source",
           true);
    /* gcnasm given an object or another binary file: one message */
    snprintf(command, sizeof command, "%s/gcnasm -a gfx900 -o %s/a.out " DIR "kernels_gfx900.o", build,
             scratch);
    snprintf(part, sizeof part, "gcnasm: " DIR "kernels_gfx900.o: error: an ELF object, not assembly source");
    expect(command, 1, NULL, part, true);
    snprintf(command, sizeof command,
             "printf 's_nop 0\\n\\001\\000\\002 s_endpgm\\n' >%s/binary.s && %s/gcnasm -a gfx900 "
             "-f hex %s/binary.s",
             scratch, build, scratch);
    snprintf(part, sizeof part, "binary.s: error: a binary file (a NUL byte at offset 9), not assembly source");
    expect(command, 1, NULL, part, true);
    snprintf(command, sizeof command, "%s/gcnasm -a gfx900 -f hex <" DIR "kernels_gfx900.so", build);
    expect(command, 1, NULL, "gcnasm: <stdin>: error: an ELF object", true);
}

int main(void)
{
    build = command_build();
    if (!command_folder()) {
        test_fail(&summary, "cannot make a temporary folder");
        return test_finish(&summary);
    }
    snprintf(scratch, sizeof scratch, "%s", command_folder());
    test_damaged();
    test_tools();
    command_folder_remove();
    return test_finish(&summary);
}
