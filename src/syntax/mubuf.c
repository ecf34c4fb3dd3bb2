/* MUBUF text: VDATA, VADDR, SRSRC, SOFFSET and modifiers.
 *   CLRX: buffer_load_dword v[61:62], v[18:19], s[80:83], s35 offen idxen offset:603 glc slc addr64 lds tfe
 *   LLVM: buffer_load_dword v61, v[18:19], s[80:83], s35 idxen offen offset:603 glc slc lds tfe
 * CLRX counts the tfe register in vdata and prints every field as encoded
 * (unused ones as vaddr=0x12 ...); LLVM prints `off` for an unused vaddr,
 * leaves tfe out of vdata and drops bits that its syntax cannot show. */
#include <string.h>
#include <strings.h>

#include "syntax/modifier.h"

enum { MUBUF_OFFSET_MAX = 4095 };

static bool has_vector_operands(const gcn_row *row)
{
    return !row || row->shape == GCN_SHAPE_MUBUF_LOAD || row->shape == GCN_SHAPE_MUBUF_STORE ||
           row->shape == GCN_SHAPE_MUBUF_ATOMIC;
}

/* Registers of vdata without tfe; the d16 formats pack on GCN 1.4. */
static unsigned data_width(const gcn_row *row, gcn_arch arch)
{
    unsigned width = row ? row->data_dwords : 1;
    if (row && (row->flags & GCN_ROW_D16_PACKED) && arch >= GCN_ARCH_GCN14)
        width = (width + 1) / 2;
    return width ? width : 1;
}

/* Whether llvm-mc knows the row's LDS form on this generation. */
static bool llvm_lds_form(const gcn_row *row, gcn_arch arch)
{
    return (row->flags & GCN_ROW_LDS) ||
           ((row->flags & GCN_ROW_LDS_GCN12) && arch >= GCN_ARCH_GCN12);
}

static unsigned address_width(unsigned modifiers)
{
    bool both = (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN)) == (GCN_MOD_OFFEN | GCN_MOD_IDXEN);
    return both || (modifiers & GCN_MOD_ADDR64) ? 2 : 1;
}

/* Reserved bits (64-bit instruction numbering) that CLRX text leaves out:
 * clrxdisasm prints none, and its vectors set bit 53 everywhere and bit 15
 * on GCN 1.2, expecting the same text as without. The others print as
 * reserved=0x... where the instruction has no operands (keys only). */
static uint64_t silent_reserved(gcn_arch arch)
{
    return 1ull << 53 | (arch == GCN_ARCH_GCN12 ? 1ull << 15 : 0);
}

static uint64_t reserved_bits(const gcn_instruction *instruction)
{
    return (uint64_t)instruction->reserved[1] << 32 | instruction->reserved[0];
}

/* SRSRC tuples no register name covers, spelled as clrxdisasm does. */
static const struct odd_srsrc {
    uint8_t code;
    uint8_t first, last; /* generations */
    const char *text;
} odd_srsrcs[] = {
    {100, GCN_ARCH_GCN12, GCN_ARCH_GCN14, "s[100:103]"},
    {104, GCN_ARCH_GCN10, GCN_ARCH_GCN10, "ill_104"},
    {104, GCN_ARCH_GCN11, GCN_ARCH_GCN11, "flat_scratch&ill!"},
    {104, GCN_ARCH_GCN12, GCN_ARCH_GCN14, "xnack_mask&ill!"},
    {108, GCN_ARCH_GCN10, GCN_ARCH_GCN12, "tba&ill!"},
    {124, GCN_ARCH_GCN10, GCN_ARCH_GCN14, "m0&ill!"},
};

/* ---- formatting ---- */

/* SRSRC; in LLVM as llvm-mc 14 prints it, false where it says invalid
 * encoding or, on GCN 1.0/1.1, where its assembler has no name for it. */
static inline bool put_srsrc(gcn_text *text, gcn_arch arch, gcn_dialect dialect, unsigned field)
{
    unsigned code = field * 4;
    if (gcn_format_scalar(text, arch, dialect, code, 4))
        return true;
    if (dialect == GCN_DIALECT_CLRX) {
        for (size_t i = 0; i < sizeof odd_srsrcs / sizeof odd_srsrcs[0]; i++) {
            if (odd_srsrcs[i].code == code && arch >= odd_srsrcs[i].first &&
                arch <= odd_srsrcs[i].last) {
                gcn_put(text, odd_srsrcs[i].text);
                return true;
            }
        }
        return false; /* not reached: every code is covered */
    }
    if (arch < GCN_ARCH_GCN12)
        return false;
    /* The GCN 1.2/1.4 disassembler names a tuple by its first registers. */
    if (code == 100) {
        gcn_put(text, "s[100:103]");
        return true;
    }
    if (code == 104 || code == 108) /* xnack_mask; tba (GCN 1.2) */
        return gcn_format_scalar(text, arch, dialect, code, 2);
    return false;
}

static inline bool put_soffset(gcn_text *text, gcn_arch arch, gcn_dialect dialect, unsigned code)
{
    /* llvm-mc's assembler takes no src_lds_direct here (its disassembler prints it). */
    if (dialect == GCN_DIALECT_LLVM && arch < GCN_ARCH_GCN12 && code == 254)
        return false;
    if (gcn_format_scalar(text, arch, dialect, code, 1))
        return true;
    if (dialect == GCN_DIALECT_CLRX) { /* clrxdisasm's name for a reserved code */
        gcn_put(text, "ill_");
        gcn_put_unsigned(text, code);
        return true;
    }
    if (arch < GCN_ARCH_GCN12)
        return false;
    /* The GCN 1.2 disassembler also names GCN 1.4's sources, and 125. */
    if (code == 125) {
        gcn_put(text, "null");
        return true;
    }
    return code >= 235 && code <= 239 && gcn_format_scalar(text, GCN_ARCH_GCN14, dialect, code, 1);
}

static void put_offset(gcn_text *text, unsigned offset)
{
    if (offset) {
        gcn_put(text, " offset:");
        gcn_put_unsigned(text, offset);
    }
}

static void put_field(gcn_text *text, const char *name, uint64_t value)
{
    if (value) {
        gcn_put_char(text, ' ');
        gcn_put(text, name);
        gcn_put_char(text, '=');
        gcn_put_hex(text, value);
    }
}

/* The usual CLRX text at at, which has GCN_TEXT_ROOM bytes: a load, store
 * or atomic with named registers and no reserved bits to show; NULL for
 * anything else, which format_clrx prints. */
static inline __attribute__((always_inline)) char *write_clrx(const gcn_instruction *instruction,
                                                              const void *context, char *at)
{
    const gcn_row *row = context;
    gcn_arch arch = (gcn_arch)instruction->arch;
    unsigned modifiers = instruction->modifiers;
    if (!row || !has_vector_operands(row) ||
        (reserved_bits(instruction) & ~silent_reserved(arch)))
        return NULL;
    unsigned width = data_width(row, arch) + ((modifiers & GCN_MOD_TFE) ? 1 : 0);
    unsigned address = address_width(modifiers);
    if (instruction->vdata + width > 256 || instruction->vaddr + address > 256)
        return NULL; /* wrapped tuples */
    at = gcn_write_clrx_mnemonic(at, instruction->row);
    at = gcn_write_vgprs(at, instruction->vdata, width);
    at = gcn_write(at, ", ");
    at = gcn_write_vgprs(at, instruction->vaddr, address);
    at = gcn_write(at, ", ");
    if (!(at = gcn_write_scalar(at, arch, GCN_DIALECT_CLRX, instruction->sbase * 4u, 4)))
        return NULL;
    at = gcn_write(at, ", ");
    if (!(at = gcn_write_scalar(at, arch, GCN_DIALECT_CLRX, instruction->soffset, 1)))
        return NULL;
    at = gcn_write_if(at, " offen\0", 6, modifiers & GCN_MOD_OFFEN);
    at = gcn_write_if(at, " idxen\0", 6, modifiers & GCN_MOD_IDXEN);
    at = gcn_write_offset(at, (int)instruction->offset); /* 12 bits */
    at = gcn_write_if(at, " glc\0\0\0", 4, modifiers & GCN_MOD_GLC);
    at = gcn_write_if(at, " slc\0\0\0", 4, modifiers & GCN_MOD_SLC);
    at = gcn_write_if(at, " addr64", 7, modifiers & GCN_MOD_ADDR64);
    at = gcn_write_if(at, " lds\0\0\0", 4, modifiers & GCN_MOD_LDS);
    return gcn_write_if(at, " tfe\0\0\0", 4, modifiers & GCN_MOD_TFE);
}

/* Out of line, so that the llvm path keeps a small frame. */
static __attribute__((noinline)) void format_clrx(const gcn_instruction *instruction,
                                                  const gcn_row *row, gcn_text *text)
{
    gcn_arch arch = (gcn_arch)instruction->arch;
    unsigned modifiers = instruction->modifiers;
    bool vectors = has_vector_operands(row);
    bool scalars = !row || row->shape != GCN_SHAPE_MUBUF_NONE;
    uint64_t reserved = vectors || scalars ? 0 : reserved_bits(instruction) & ~silent_reserved(arch);
    size_t start = text->length;
    if (!row) {
        gcn_put_illegal(text, GCN_DIALECT_CLRX, "MUBUF", instruction->opcode, true);
    } else if (scalars) {
        gcn_put_mnemonic(text, GCN_DIALECT_CLRX, row, true);
    } else {
        gcn_put_mnemonic(text, GCN_DIALECT_CLRX, row, false);
        bool more = modifiers || instruction->offset || instruction->vaddr ||
                    instruction->vdata || instruction->sbase || instruction->soffset || reserved;
        if (more) /* the flags below bring their own space */
            gcn_put_pad(text, start, 15);
    }
    if (vectors) {
        unsigned width = data_width(row, arch) + ((modifiers & GCN_MOD_TFE) ? 1 : 0);
        gcn_format_vgprs(text, instruction->vdata, width);
        gcn_put(text, ", ");
        gcn_format_vgprs(text, instruction->vaddr, address_width(modifiers));
        gcn_put(text, ", ");
    }
    if (scalars) {
        put_srsrc(text, arch, GCN_DIALECT_CLRX, instruction->sbase);
        gcn_put(text, ", ");
        put_soffset(text, arch, GCN_DIALECT_CLRX, instruction->soffset);
    }
    if (modifiers & GCN_MOD_OFFEN) gcn_put(text, " offen");
    if (modifiers & GCN_MOD_IDXEN) gcn_put(text, " idxen");
    put_offset(text, instruction->offset);
    if (modifiers & GCN_MOD_GLC) gcn_put(text, " glc");
    if (modifiers & GCN_MOD_SLC) gcn_put(text, " slc");
    if (modifiers & GCN_MOD_ADDR64) gcn_put(text, " addr64");
    if (modifiers & GCN_MOD_LDS) gcn_put(text, " lds");
    if (modifiers & GCN_MOD_TFE) gcn_put(text, " tfe");
    if (!vectors) {
        put_field(text, "vaddr", instruction->vaddr);
        put_field(text, "vdata", instruction->vdata);
    }
    if (!scalars) {
        put_field(text, "srsrc", instruction->sbase);
        put_field(text, "soffset", instruction->soffset);
    }
    put_field(text, "reserved", reserved);
}

/* SRSRC and SOFFSET for LLVM at a raw pointer: NULL where put_srsrc and
 * put_soffset say false. */
/* Out of line, so that the usual SGPRs need no frame. */
static __attribute__((noinline)) char *write_llvm_other_srsrc(char *at, gcn_arch arch,
                                                              unsigned field)
{
    gcn_text text = {at, GCN_OPERAND_ROOM, 0};
    return put_srsrc(&text, arch, GCN_DIALECT_LLVM, field) ? at + text.length : NULL;
}

static inline __attribute__((always_inline)) char *write_llvm_srsrc(char *at, gcn_arch arch,
                                                                    unsigned field)
{
    if (field * 4 + 4 <= gcn_sgpr_count(arch))
        return gcn_write_sgprs(at, field * 4, 4);
    return write_llvm_other_srsrc(at, arch, field);
}

/* Out of line, so that the usual SGPR needs no frame. */
static __attribute__((noinline)) char *write_llvm_other_soffset(char *at, gcn_arch arch,
                                                                unsigned code)
{
    gcn_text text = {at, GCN_OPERAND_ROOM, 0};
    return put_soffset(&text, arch, GCN_DIALECT_LLVM, code) ? at + text.length : NULL;
}

static inline __attribute__((always_inline)) char *write_llvm_soffset(char *at, gcn_arch arch,
                                                                      unsigned code)
{
    if (code < 102) /* an SGPR on every generation: the usual case */
        return gcn_write_sgprs(at, code, 1);
    return write_llvm_other_soffset(at, arch, code);
}


/* As llvm-mc 14 disassembles the words (GCN 1.2/1.4), or echoes the text it
 * assembles to them (GCN 1.0/1.1), at at with GCN_TEXT_ROOM bytes; NULL
 * where it has no text for them. */
static inline __attribute__((always_inline)) char *write_llvm(const gcn_instruction *instruction,
                                                              const void *context, char *at)
{
    const gcn_row *row = context;
    gcn_arch arch = (gcn_arch)instruction->arch;
    unsigned modifiers = instruction->modifiers;
    bool atomic = (row->flags & GCN_ROW_ATOMIC) != 0;
    if (row->flags & GCN_ROW_LLVM_ABSENT)
        return NULL;
    switch ((gcn_shape)row->shape) {
    case GCN_SHAPE_MUBUF_NONE:
        /* These bits must be clear; bit 15 too, addr64 or not. */
        if ((modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN | GCN_MOD_GLC | GCN_MOD_LDS |
                          GCN_MOD_ADDR64)) ||
            (instruction->reserved[0] & (1u << 15)))
            return NULL;
        return gcn_write_llvm_mnemonic(at, (unsigned)(row - gcn_rows), false);
    case GCN_SHAPE_MUBUF_STORE_LDS:
        if (!(modifiers & GCN_MOD_LDS) || (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN)))
            return NULL;
        at = gcn_write_llvm_mnemonic(at, (unsigned)(row - gcn_rows), true);
        if (!(at = write_llvm_srsrc(at, arch, instruction->sbase)))
            return NULL;
        at = gcn_write(at, ", ");
        if (!(at = write_llvm_soffset(at, arch, instruction->soffset)))
            return NULL;
        at = gcn_write_offset(at, (int)instruction->offset); /* 12 bits */
        at = gcn_write(at, " lds"); /* and no tfe, as with every LDS form */
        if (modifiers & GCN_MOD_GLC) at = gcn_write(at, " glc");
        if (modifiers & GCN_MOD_SLC) at = gcn_write(at, " slc");
        return at;
    case GCN_SHAPE_MUBUF_LOAD:
    case GCN_SHAPE_MUBUF_STORE:
    case GCN_SHAPE_MUBUF_ATOMIC:
        break;
    default:
        return NULL;
    }
    if ((modifiers & GCN_MOD_LDS) && !llvm_lds_form(row, arch))
        return NULL;
    if ((modifiers & GCN_MOD_ADDR64) && (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN)))
        return NULL;
    bool addressed = (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN | GCN_MOD_ADDR64)) != 0;
    /* data_width and address_width by arithmetic, and | for ||: a branch on
     * the random row's packing or the random modifiers mispredicts. */
    unsigned packed = (row->flags / GCN_ROW_D16_PACKED & 1) & (arch >= GCN_ARCH_GCN14);
    unsigned data = (row->data_dwords + packed) >> packed;
    data += data == 0;
    unsigned both = (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN)) == (GCN_MOD_OFFEN | GCN_MOD_IDXEN);
    unsigned address = 1 + (both | ((modifiers & GCN_MOD_ADDR64) != 0));
    if ((instruction->vdata + data > 256) | (addressed & (instruction->vaddr + address > 256)))
        return NULL; /* past v255 */
    at = gcn_write_llvm_mnemonic(at, (unsigned)(row - gcn_rows), true);
    at = gcn_write_vgprs(at, instruction->vdata, data);
    at = gcn_write(at, ", ");
    if (addressed)
        at = gcn_write_vgprs(at, instruction->vaddr, address);
    else
        at = gcn_write(at, "off");
    at = gcn_write(at, ", ");
    if (!(at = write_llvm_srsrc(at, arch, instruction->sbase)))
        return NULL;
    at = gcn_write(at, ", ");
    if (!(at = write_llvm_soffset(at, arch, instruction->soffset)))
        return NULL;
    at = gcn_write_if(at, " idxen\0", 6, modifiers & GCN_MOD_IDXEN);
    at = gcn_write_if(at, " offen\0", 6, modifiers & GCN_MOD_OFFEN);
    at = gcn_write_if(at, " addr64", 7, modifiers & GCN_MOD_ADDR64);
    at = gcn_write_offset(at, (int)instruction->offset); /* 12 bits */
    at = gcn_write_if(at, " glc\0\0\0", 4, modifiers & GCN_MOD_GLC);
    at = gcn_write_if(at, " slc\0\0\0", 4, modifiers & GCN_MOD_SLC);
    at = gcn_write_if(at, " lds\0\0\0", 4, modifiers & GCN_MOD_LDS);
    /* The disassembler drops tfe on atomics and LDS forms. */
    return gcn_write_if(at, " tfe\0\0\0", 4,
                        (modifiers & GCN_MOD_TFE) && !atomic && !(modifiers & GCN_MOD_LDS));
}


/* llvm-mc 14 also decodes GCN 1.1's buffer_wbinvl1 opcode on GCN 1.2/1.4;
 * out of line, so that the usual row needs no frame. */
static __attribute__((noinline)) const gcn_row *llvm_alias_row(const gcn_instruction *instruction)
{
    if (instruction->arch >= GCN_ARCH_GCN12) {
        uint16_t alias = gcn_row_for_opcode(GCN_FAMILY_MUBUF, GCN_ARCH_GCN11, instruction->opcode);
        if (alias != GCN_ROW_NONE && gcn_rows[alias].operation == GCN_OP_CACHE_WBINVL1)
            return &gcn_rows[alias];
    }
    return NULL;
}

/* The row LLVM prints. */
static inline const gcn_row *llvm_row(const gcn_instruction *instruction)
{
    if (instruction->row != GCN_ROW_NONE)
        return &gcn_rows[instruction->row];
    return llvm_alias_row(instruction);
}

char *gcn_write_llvm_mubuf(const gcn_instruction *instruction, char *at)
{
    const gcn_row *row = llvm_row(instruction);
    return row ? write_llvm(instruction, row, at) : NULL;
}

char *gcn_write_clrx_mubuf(const gcn_instruction *instruction, char *at)
{
    return instruction->row == GCN_ROW_NONE ? NULL
                                            : write_clrx(instruction, &gcn_rows[instruction->row], at);
}

bool gcn_format_mubuf(const gcn_instruction *instruction, gcn_dialect dialect, uint64_t address,
                      gcn_text *text)
{
    (void)address;
    if (dialect == GCN_DIALECT_LLVM) {
        const gcn_row *row = llvm_row(instruction);
        return row ? gcn_write_reserved(text, write_llvm, instruction, row) : false;
    }
    const gcn_row *row = instruction->row == GCN_ROW_NONE ? NULL : &gcn_rows[instruction->row];
    if (!gcn_write_reserved(text, write_clrx, instruction, row))
        format_clrx(instruction, row, text);
    return true;
}

/* ---- parsing ---- */

/* Accepts text exactly (ignoring case) when no name character follows;
 * the caller has skipped space. */
static bool accept_text(gcn_cursor *cursor, const char *expected)
{
    const char *p = cursor->pos, *end = cursor->end;
    for (; *expected; expected++, p++)
        if (p >= end || gcn_lower(*p) != gcn_lower(*expected))
            return false;
    if (p < end && gcn_is_identifier_char(*p))
        return false;
    cursor->pos = p;
    return true;
}

/* A vector operand as written; its count is checked once the flags are known. */
typedef struct vector_operand {
    const char *at;
    unsigned first, count;
    bool off, omitted;
} vector_operand;

static bool parse_vector(gcn_cursor *cursor, vector_operand *operand)
{
    gcn_skip_space(cursor);
    operand->at = cursor->pos;
    return gcn_parse_vgprs(cursor, &operand->first, &operand->count);
}

/* CLRX's ill_N for an operand code without a name; N in [0, maximum]. */
static bool parse_raw_code(gcn_cursor *cursor, unsigned maximum, unsigned *code)
{
    if (cursor->options->dialect != GCN_DIALECT_CLRX)
        return false;
    size_t length = gcn_peek_identifier(cursor);
    const char *p = cursor->pos;
    if (length < 5 || strncasecmp(p, "ill_", 4) != 0)
        return false;
    unsigned value = 0;
    for (size_t i = 4; i < length; i++) {
        if (p[i] < '0' || p[i] > '9' || value > maximum)
            return false;
        value = value * 10 + (unsigned)(p[i] - '0');
    }
    if (value > maximum)
        return false;
    cursor->pos += length;
    *code = value;
    return true;
}

/* The llvm dialect reads back what llvm-mc prints but refuses to assemble
 * (s[100:103], null): with a warning that names llvm-mc's message. */
static __attribute__((noinline)) void warn_llvm_refused(gcn_cursor *cursor, unsigned srsrc,
                                                       const char *srsrc_at, unsigned soffset,
                                                       const char *soffset_at)
{
    gcn_arch arch = cursor->options->arch;
    const char *message = gcn_llvm_refused_scalar(arch, srsrc * 4, 4, false), *at = srsrc_at;
    if (!message && soffset < 256 && (message = gcn_llvm_refused_scalar(arch, soffset, 1, false)))
        at = soffset_at;
    if (message) {
        size_t length = 0;
        while (at + length < cursor->end && at[length] != ',' && at[length] != ' ')
            length++;
        gcn_warn(cursor, at, "llvm-mc prints '%.*s' but does not assemble it (%s)", (int)length, at,
                 message);
    }
}

static bool parse_srsrc(gcn_cursor *cursor, unsigned *field)
{
    gcn_arch arch = cursor->options->arch;
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    if (!llvm) { /* clrxdisasm's spellings of tuples without a name */
        for (size_t i = 0; i < sizeof odd_srsrcs / sizeof odd_srsrcs[0]; i++) {
            if (arch >= odd_srsrcs[i].first && arch <= odd_srsrcs[i].last &&
                accept_text(cursor, odd_srsrcs[i].text)) {
                *field = odd_srsrcs[i].code / 4;
                return true;
            }
        }
    } else if (arch >= GCN_ARCH_GCN12 && accept_text(cursor, "s[100:103]")) {
        *field = 25; /* as llvm-mc's GCN 1.2/1.4 disassembler prints it */
        return true;
    }
    gcn_scalar scalar;
    if (!gcn_parse_scalar(cursor, false, &scalar))
        return false;
    /* llvm-mc's disassembler names these tuples by their first pair. */
    bool llvm_pair = llvm && arch >= GCN_ARCH_GCN12 && scalar.count == 2 && !scalar.general &&
                     (scalar.code == 104 || (scalar.code == 108 && arch == GCN_ARCH_GCN12));
    if (scalar.count != 4 && !llvm_pair) {
        if (scalar.constant)
            return gcn_fail(cursor, start, "SRSRC takes 4 scalar registers, found a constant");
        return gcn_fail(cursor, start, "SRSRC takes 4 scalar registers, found %u", scalar.count);
    }
    if (scalar.code % 4)
        return gcn_fail(cursor, start, "misaligned SRSRC: the 4 registers must start at a multiple of 4");
    *field = scalar.code / 4;
    return true;
}

static bool parse_soffset(gcn_cursor *cursor, unsigned *code)
{
    gcn_arch arch = cursor->options->arch;
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    if (parse_raw_code(cursor, 255, code))
        return true;
    if (llvm && arch >= GCN_ARCH_GCN12) { /* what llvm-mc's GCN 1.2/1.4 disassembler prints */
        if (gcn_accept_word_here(cursor, "null")) {
            *code = 125;
            return true;
        }
        size_t length = arch == GCN_ARCH_GCN12 ? gcn_peek_identifier(cursor) : 0;
        for (unsigned source = 235; length && source <= 239; source++) {
            char name[40];
            gcn_text text = {name, sizeof name, 0};
            gcn_format_scalar(&text, GCN_ARCH_GCN14, GCN_DIALECT_LLVM, source, 1);
            if (gcn_text_finish(&text) == 0 && text.length == length &&
                strncasecmp(start, name, length) == 0) {
                cursor->pos += length;
                *code = source;
                return true;
            }
        }
    }
    gcn_scalar scalar;
    if (!gcn_parse_scalar(cursor, true, &scalar))
        return false;
    if (scalar.count != 1)
        return gcn_fail(cursor, start, "SOFFSET takes one scalar register or an inline constant, "
                                       "found %u registers", scalar.count);
    if (scalar.code == 254 && llvm && arch < GCN_ARCH_GCN12)
        return gcn_fail(cursor, start, "src_lds_direct is not valid as SOFFSET");
    if (scalar.code == 248 && arch < GCN_ARCH_GCN12)
        return gcn_fail(cursor, start, "1/(2*pi) is not an inline constant on %s",
                        gcn_arch_name(arch));
    *code = scalar.code;
    return true;
}

/* Out of line: the comma is there in the common case. llvm-mc takes
 * operands without commas between them, as SMEM and FLAT do here. */
static __attribute__((noinline)) bool comma_missing(gcn_cursor *cursor)
{
    if (cursor->options->dialect == GCN_DIALECT_LLVM && !gcn_at_end(cursor))
        return true;
    return gcn_fail(cursor, cursor->pos, "expected ','");
}

static inline bool expect_comma(gcn_cursor *cursor)
{
    return gcn_accept(cursor, ',') || comma_missing(cursor);
}

/* CLRX: the fields the printer shows after the flags (vaddr=0x12 ...). */
enum { FIELD_VADDR, FIELD_VDATA, FIELD_SRSRC, FIELD_SOFFSET, FIELD_RESERVED, FIELD_COUNT };

static bool parse_fields(gcn_cursor *cursor, unsigned allowed, gcn_instruction *instruction)
{
    static const char *const names[FIELD_COUNT] = {"vaddr", "vdata", "srsrc", "soffset",
                                                   "reserved"};
    gcn_arch arch = (gcn_arch)instruction->arch;
    unsigned seen = 0;
    while (!gcn_at_end(cursor)) {
        const char *start = cursor->pos;
        size_t length = gcn_peek_identifier(cursor);
        int which = -1;
        for (int i = 0; i < FIELD_COUNT; i++)
            if ((allowed & (1u << i)) && strlen(names[i]) == length &&
                strncasecmp(start, names[i], length) == 0)
                which = i;
        if (which < 0)
            return gcn_fail(cursor, start, "expected a modifier or a field (%s=...)",
                            allowed & (1u << FIELD_VADDR) ? "vaddr" : "reserved");
        if (seen & (1u << which))
            return gcn_fail(cursor, start, "%s given twice", names[which]);
        seen |= 1u << which;
        cursor->pos += length;
        if (!gcn_accept(cursor, '='))
            return gcn_fail(cursor, cursor->pos, "expected '=' after %s", names[which]);
        gcn_skip_space(cursor);
        const char *value_at = cursor->pos;
        int64_t value;
        if (which == FIELD_RESERVED) {
            uint64_t reserved_mask = ~(uint64_t)0;
            uint32_t words[2];
            gcn_instruction zero = *instruction; /* the codec knows which bits are reserved */
            zero.modifiers = 0;
            zero.reserved[0] = zero.reserved[1] = ~0u;
            if (gcn_encode(&zero, words, NULL) == GCN_OK) {
                zero.reserved[0] = zero.reserved[1] = 0;
                uint32_t plain[2];
                if (gcn_encode(&zero, plain, NULL) == GCN_OK)
                    reserved_mask = ((uint64_t)(words[1] ^ plain[1]) << 32 | (words[0] ^ plain[0])) &
                                    ~silent_reserved(arch);
            }
            if (!gcn_parse_expression(cursor, &value))
                return false;
            if ((uint64_t)value & ~reserved_mask)
                return gcn_fail(cursor, value_at, "reserved=%#llx sets bits that are not "
                                "reserved MUBUF bits on %s", (unsigned long long)value,
                                gcn_arch_name(arch));
            gcn_warn(cursor, start, "reserved MUBUF bits set");
            instruction->reserved[0] = (uint32_t)value;
            instruction->reserved[1] = (uint32_t)((uint64_t)value >> 32);
            continue;
        }
        if (!gcn_parse_ranged(cursor, 0, which == FIELD_SRSRC ? 31 : 255, &value, names[which]))
            return false;
        if (which == FIELD_VADDR) instruction->vaddr = (uint8_t)value;
        else if (which == FIELD_VDATA) instruction->vdata = (uint8_t)value;
        else if (which == FIELD_SRSRC) instruction->sbase = (uint8_t)value;
        else instruction->soffset = (uint8_t)value;
    }
    return true;
}

/* Where the CLRX field list (the first `name=`) starts, or end. */
static const char *fields_start(const gcn_cursor *cursor)
{
    const char *equals = memchr(cursor->pos, '=', (size_t)(cursor->end - cursor->pos));
    if (!equals)
        return cursor->end;
    const char *p = equals;
    while (p > cursor->pos && (p[-1] == ' ' || p[-1] == '\t'))
        p--;
    while (p > cursor->pos && gcn_is_identifier_char(p[-1]))
        p--;
    return p;
}

/* The last modifier word `name` in [start, end), for error columns. */
static const char *find_flag(const char *start, const char *end, const char *name)
{
    const char *found = start;
    size_t length = strlen(name);
    for (const char *p = start; p + length <= end; p++) {
        if ((p == start || !gcn_is_identifier_char(p[-1])) && strncasecmp(p, name, length) == 0 &&
            (p + length == end || !gcn_is_identifier_char(p[length])))
            found = p;
    }
    return found;
}

/* The vector operands: vdata, then vaddr, `off`, or (CLRX) nothing. */
static bool parse_vectors(gcn_cursor *cursor, vector_operand *data, vector_operand *address)
{
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    if (!parse_vector(cursor, data) || !expect_comma(cursor))
        return false;
    gcn_skip_space(cursor);
    address->at = cursor->pos;
    if (gcn_accept_word_here(cursor, "off")) {
        address->off = true;
    } else if (!llvm && gcn_at_register(cursor) && *cursor->pos != 'v' && *cursor->pos != 'V') {
        address->omitted = true; /* CLRX: vaddr may be left out */
        return true;
    } else if (!parse_vector(cursor, address)) {
        return false;
    }
    return expect_comma(cursor);
}

/* Operand counts, once the flags are known. */
static bool check_vectors(gcn_cursor *cursor, const gcn_row *row, const vector_operand *data,
                          const vector_operand *address, gcn_instruction *instruction)
{
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    unsigned modifiers = instruction->modifiers;
    unsigned width = data_width(row, (gcn_arch)instruction->arch) +
                     (!llvm && (modifiers & GCN_MOD_TFE) ? 1 : 0);
    if (data->count != width)
        return gcn_fail(cursor, data->at, "%s takes %u vector register%s as data, found %u",
                        row ? row->name : "this opcode", width, width == 1 ? "" : "s",
                        data->count);
    if (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN | GCN_MOD_ADDR64)) {
        unsigned needed = address_width(modifiers);
        if (address->off || address->omitted)
            return gcn_fail(cursor, address->at,
                            "a VGPR address is required with offen, idxen or addr64");
        if (address->count != needed)
            return gcn_fail(cursor, address->at, "expected %u vector register%s as address, found %u",
                            needed, needed == 1 ? "" : "s", address->count);
    } else if (!address->off && !address->omitted) {
        if (llvm)
            return gcn_fail(cursor, address->at,
                            "the address must be 'off' without offen, idxen or addr64");
        if (address->count != 1)
            return gcn_fail(cursor, address->at, "expected 1 vector register as address, found %u",
                            address->count);
    }
    instruction->vdata = (uint8_t)data->first;
    instruction->vaddr = (uint8_t)(address->off || address->omitted ? 0 : address->first);
    return true;
}

/* Which modifiers the dialect takes here: CLRX all of the generation's;
 * LLVM what its syntax has for the instruction. */
static inline unsigned allowed_modifiers(const gcn_row *row, gcn_arch arch, bool llvm)
{
    unsigned allowed = GCN_MOD_OFFEN | GCN_MOD_IDXEN | GCN_MOD_GLC | GCN_MOD_SLC | GCN_MOD_LDS |
                       GCN_MOD_TFE | (arch < GCN_ARCH_GCN12 ? GCN_MOD_ADDR64 : 0);
    if (!llvm || !row)
        return allowed;
    if (row->shape == GCN_SHAPE_MUBUF_NONE)
        return 0;
    if (row->shape == GCN_SHAPE_MUBUF_STORE_LDS)
        return GCN_MOD_GLC | GCN_MOD_SLC | GCN_MOD_LDS;
    if (row->flags & GCN_ROW_ATOMIC)
        allowed &= ~GCN_MOD_TFE;
    if (!llvm_lds_form(row, arch))
        allowed &= ~GCN_MOD_LDS;
    return allowed;
}

/* ", ": the next operand's start, or NULL (for other spacing too, which
 * the operand reader after it or the full path takes). */
static inline const char *after_comma(const char *p, const char *end)
{
    return end - p >= 2 && memcmp(p, ", ", 2) == 0 ? p + 2 : NULL; /* one 16-bit comparison */
}

/* The usual statement of a row with operands, read in one pass:
 * registers as plain numbers (gcn_read_register_range), operands after
 * ", ", SOFFSET an SGPR, a TTMP or an inline integer, modifiers as
 * gcn_read_plain_modifiers reads them, and nothing the full path would warn
 * about or refuse. False, touching nothing, for anything else, which the
 * full path then reads and reports. */
static bool parse_plain(gcn_cursor *cursor, const gcn_row *row, gcn_instruction *instruction)
{
    const gcn_parse_options *options = cursor->options;
    gcn_arch arch = options->arch;
    bool llvm = options->dialect == GCN_DIALECT_LLVM;
    const char *p = cursor->pos, *end = cursor->end;
    bool vectors = row->shape != GCN_SHAPE_MUBUF_STORE_LDS;
    unsigned data_first = 0, data_count = 0, address_first = 0, address_count = 0, soffset;
    gcn_scalar scalar;
    if (options->register_alias || end - p < 2 || *p != ' ')
        return false;
    if (*++p == ' ') /* CLRX's text pads the mnemonic */
        while (p < end && *p == ' ')
            p++;
    if (vectors) {
        if (p >= end || *p != 'v' ||
            !(p = gcn_read_register_range(p + 1, end, 256, false, &data_first,
                                          &data_count)) ||
            !(p = after_comma(p, end)))
            return false;
        if (p < end && *p == 'v') {
            if (!(p = gcn_read_register_range(p + 1, end, 256, false, &address_first,
                                              &address_count)))
                return false;
        } else if (end - p >= 3 && memcmp(p, "off", 3) == 0) { /* the comma must follow */
            p += 3;
        } else {
            return false;
        }
        if (!(p = after_comma(p, end)))
            return false;
    }
    if (!(p = gcn_read_scalar_registers(p, end, arch, false, &scalar)) || scalar.count != 4 ||
        scalar.code % 4 || !(p = after_comma(p, end)))
        return false;
    unsigned srsrc = scalar.code / 4;
    if (p < end && (*p == '-' || (unsigned)(*p - '0') <= 9)) {
        if (!(p = gcn_read_inline_integer(p, end, &soffset)))
            return false;
    } else {
        const char *after = gcn_read_scalar_registers(p, end, arch, false, &scalar);
        if (!after) {
            if (!(after = gcn_read_named_scalar(p, end, arch, &scalar)) ||
                (llvm && gcn_llvm_refused_scalar(arch, scalar.code, 1, false)))
                return false; /* what llvm-mc refuses: the general path warns */
        }
        if (scalar.count != 1)
            return false;
        p = after;
        soffset = scalar.code;
    }
    gcn_plain_modifiers read;
    if (!(p = gcn_read_plain_modifiers(p, end, ~0u, 0, MUBUF_OFFSET_MAX, &read)) ||
        (read.flags && (read.flags & ~allowed_modifiers(row, arch, llvm))))
        return false;
    unsigned modifiers = instruction->modifiers | read.flags;
    if ((row->shape == GCN_SHAPE_MUBUF_LOAD && (modifiers & GCN_MOD_LDS) &&
         (modifiers & GCN_MOD_TFE)) ||
        ((modifiers & GCN_MOD_ADDR64) && (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN))))
        return false;
    if (!vectors) {
        if (llvm) /* llvm-mc always sets it */
            modifiers |= GCN_MOD_LDS;
    } else if (data_count != data_width(row, arch) + (!llvm && (modifiers & GCN_MOD_TFE) ? 1 : 0)) {
        return false;
    } else if (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN | GCN_MOD_ADDR64)) {
        if (address_count != address_width(modifiers)) /* 0 for off */
            return false;
    } else if (address_count && (llvm || address_count != 1)) {
        return false;
    }
    instruction->modifiers = (uint16_t)modifiers;
    instruction->vdata = (uint8_t)data_first;
    instruction->vaddr = (uint8_t)address_first;
    instruction->sbase = (uint8_t)srsrc;
    instruction->soffset = (uint8_t)soffset;
    instruction->offset = (uint32_t)read.offset;
    cursor->pos = p;
    return true;
}

static __attribute__((noinline)) bool parse_full(gcn_cursor *cursor, const gcn_row *row,
                                                 gcn_instruction *instruction)
{
    gcn_arch arch = cursor->options->arch;
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    bool vectors = has_vector_operands(row);
    bool scalars = !row || row->shape != GCN_SHAPE_MUBUF_NONE;
    vector_operand data = {cursor->pos, 0, 0, false, false}, address = data;
    unsigned srsrc = 0, soffset = 0;

    /* CLRX's size suffix (the lookup took it off): llvm-mc ignores _e32, refuses _e64. */
    const char *name_end = cursor->pos, *name = name_end;
    if (llvm && row && name_end - cursor->text > 4 && gcn_word_is(name_end - 4, 4, "_e64")) {
        while (name > cursor->text && gcn_is_identifier_char(name[-1]))
            name--;
        if ((size_t)(name_end - name) == strlen(row->name) + 4)
            return gcn_fail(cursor, name, "e64 variant of %s is not supported", row->name);
    }
    if (llvm && (!row || (row->flags & GCN_ROW_LLVM_ABSENT)))
        return gcn_fail(cursor, cursor->text, "%s is not known to LLVM (CLRX syntax only)",
                        row ? row->name : "this opcode");
    if (vectors && !parse_vectors(cursor, &data, &address))
        return false;
    gcn_skip_space(cursor);
    const char *srsrc_at = cursor->pos, *soffset_at = NULL;
    if (scalars && (!parse_srsrc(cursor, &srsrc) || !expect_comma(cursor) ||
                    !(gcn_skip_space(cursor), soffset_at = cursor->pos) ||
                    !parse_soffset(cursor, &soffset)))
        return false;
    if (llvm && scalars && (srsrc * 4 + 4 > 102 || soffset >= 102))
        warn_llvm_refused(cursor, srsrc, srsrc_at, soffset, soffset_at);

    gcn_offset_rule rule = {0, MUBUF_OFFSET_MAX, 12, 0xffff, 0, false};
    int64_t offset = 0;
    const char *flags_at = cursor->pos;
    gcn_cursor flags = *cursor; /* CLRX: the fields after the flags are read below */
    if (!llvm)
        flags.end = fields_start(cursor);
    unsigned allowed = allowed_modifiers(row, arch, llvm);
    const gcn_offset_rule *offset_rule = llvm && !scalars ? NULL : &rule;
    bool ok = gcn_parse_modifiers(&flags, allowed, offset_rule, instruction, &offset);
    cursor->pos = flags.pos;
    cursor->failed = flags.failed;
    if (!ok)
        return false;
    if (!llvm) {
        unsigned fields = 1u << FIELD_RESERVED;
        if (!vectors)
            fields |= 1u << FIELD_VADDR | 1u << FIELD_VDATA;
        if (!scalars)
            fields |= 1u << FIELD_SRSRC | 1u << FIELD_SOFFSET;
        if (!parse_fields(cursor, fields, instruction))
            return false;
    }

    unsigned modifiers = instruction->modifiers;
    /* A load goes to LDS or to VGPRs; tfe's status VGPR belongs to the latter
     * (CLRX: "Both LDS and TFE is illegal"). Elsewhere the pair reads back. */
    if (row && row->shape == GCN_SHAPE_MUBUF_LOAD && (modifiers & GCN_MOD_LDS) &&
        (modifiers & GCN_MOD_TFE)) {
        const char *lds_at = find_flag(flags_at, flags.end, "lds");
        const char *tfe_at = find_flag(flags_at, flags.end, "tfe");
        return gcn_fail(cursor, lds_at > tfe_at ? lds_at : tfe_at,
                        "lds and tfe cannot be used together");
    }
    if ((modifiers & GCN_MOD_ADDR64) && (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN))) {
        const char *addr64_at = find_flag(flags_at, flags.end, "addr64");
        if (llvm)
            return gcn_fail(cursor, addr64_at, "offen and idxen must be off with addr64");
        /* kept, so that clrxdisasm's text of such words reads back */
        gcn_warn(cursor, addr64_at, "offen or idxen with addr64 (CLRX refuses this)");
    }
    if (llvm && row && row->shape == GCN_SHAPE_MUBUF_STORE_LDS) /* llvm-mc always sets it */
        instruction->modifiers |= GCN_MOD_LDS;
    if (vectors && !check_vectors(cursor, row, &data, &address, instruction))
        return false;
    if (scalars) {
        instruction->sbase = (uint8_t)srsrc;
        instruction->soffset = (uint8_t)soffset;
    }
    instruction->offset = (uint32_t)offset;
    return true;
}

/* row is NULL for CLRX's MUBUF_ill_N: an opcode with no instruction, whose
 * fields clrxdisasm prints as those of a one-dword load. The usual
 * statement in one pass; anything else (and an _e32/_e64 spelling, a row
 * llvm-mc lacks) the full way, out of line, so that this one keeps a small
 * frame. */
bool gcn_parse_mubuf(gcn_cursor *cursor, const gcn_row *row, gcn_instruction *instruction)
{
    const char *name_end = cursor->pos;
    bool size_suffix = name_end - cursor->text >= 4 && name_end[-4] == '_' &&
                       (name_end[-3] | 0x20) == 'e';
    instruction->word_count = 2;
    if (row && !size_suffix &&
        !(cursor->options->dialect == GCN_DIALECT_LLVM && (row->flags & GCN_ROW_LLVM_ABSENT))) {
        if (row->shape == GCN_SHAPE_MUBUF_NONE && name_end == cursor->end)
            return true; /* buffer_wbinvl1: no operand, no modifier */
        if (row->shape != GCN_SHAPE_MUBUF_NONE && parse_plain(cursor, row, instruction))
            return true;
    }
    return parse_full(cursor, row, instruction);
}
