/* MUBUF text: VDATA, VADDR, SRSRC, SOFFSET and modifiers.
 *   CLRX: buffer_load_dword v[61:62], v[18:19], s[80:83], s35 offen idxen offset:603 glc slc addr64 lds tfe
 *   LLVM: buffer_load_dword v61, v[18:19], s[80:83], s35 idxen offen offset:603 glc slc lds tfe
 * CLRX counts the tfe register in vdata and prints every field as encoded;
 * LLVM prints `off` for an unused vaddr, leaves tfe out of vdata and drops
 * bits that its syntax cannot show. */
#include <string.h>
#include <strings.h>

#include "syntax/syntax.h"

enum { MUBUF_OFFSET_MAX = 4095 };

static bool has_vector_operands(const gcn_row *row)
{
    return row->shape == GCN_SHAPE_MUBUF_LOAD || row->shape == GCN_SHAPE_MUBUF_STORE ||
           row->shape == GCN_SHAPE_MUBUF_ATOMIC;
}

/* Registers of vdata without tfe; the d16 formats pack on GCN 1.4. */
static unsigned data_width(const gcn_row *row, gcn_arch arch)
{
    unsigned width = row->data_dwords;
    if ((row->flags & GCN_ROW_D16_PACKED) && arch >= GCN_ARCH_GCN14)
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

/* ---- formatting ---- */

/* A scalar operand code no name fits: CLRX's ill_N (parsed back by us). */
static void put_raw_code(gcn_text *text, unsigned code)
{
    gcn_put(text, "ill_");
    gcn_put_unsigned(text, code);
}

/* SRSRC as llvm-mc 14 prints it; false where it says invalid encoding or,
 * on GCN 1.0/1.1, where its assembler has no name for the tuple. */
static bool put_srsrc(gcn_text *text, gcn_arch arch, gcn_dialect dialect, unsigned field)
{
    unsigned code = field * 4;
    if (gcn_format_scalar(text, arch, dialect, code, 4))
        return true;
    if (dialect == GCN_DIALECT_CLRX) {
        put_raw_code(text, code);
        return true;
    }
    if (arch < GCN_ARCH_GCN12)
        return false;
    /* The GCN 1.2/1.4 disassembler names a tuple by its first registers. */
    if (code == 100) {
        gcn_put(text, "s[100:103]");
        return true;
    }
    if (code == 104 || code == 108) {
        gcn_format_scalar(text, arch, dialect, code, 2);
        return true;
    }
    return false;
}

static bool put_soffset(gcn_text *text, gcn_arch arch, gcn_dialect dialect, unsigned code)
{
    if (gcn_format_scalar(text, arch, dialect, code, 1))
        return true;
    if (dialect == GCN_DIALECT_CLRX) {
        put_raw_code(text, code);
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

static void put_flag(gcn_text *text, const char *name)
{
    gcn_put_char(text, ' ');
    gcn_put(text, name);
}

static void put_offset(gcn_text *text, unsigned offset)
{
    if (offset) {
        gcn_put(text, " offset:");
        gcn_put_unsigned(text, offset);
    }
}

static void put_field(gcn_text *text, const char *name, unsigned value)
{
    if (value) {
        gcn_put_char(text, ' ');
        gcn_put(text, name);
        gcn_put_char(text, '=');
        gcn_put_hex(text, value);
    }
}

static void format_clrx(const gcn_instruction *instruction, const gcn_row *row, gcn_text *text)
{
    gcn_arch arch = (gcn_arch)instruction->arch;
    unsigned modifiers = instruction->modifiers;
    bool vectors = !row || has_vector_operands(row);
    bool scalars = !row || row->shape != GCN_SHAPE_MUBUF_NONE;
    size_t start = text->length;
    if (!row) {
        gcn_put_illegal(text, GCN_DIALECT_CLRX, "MUBUF", instruction->opcode, true);
    } else if (scalars) {
        gcn_put_mnemonic(text, GCN_DIALECT_CLRX, row->name, true);
    } else {
        gcn_put(text, row->name);
        bool more = modifiers || instruction->offset || instruction->vaddr ||
                    instruction->vdata || instruction->sbase || instruction->soffset;
        if (more) /* the flags below bring their own space */
            gcn_put_pad(text, start, 15);
    }
    if (vectors) {
        unsigned width = row ? data_width(row, arch) : 1;
        gcn_format_vgprs(text, instruction->vdata, width + ((modifiers & GCN_MOD_TFE) ? 1 : 0));
        gcn_put(text, ", ");
        gcn_format_vgprs(text, instruction->vaddr, address_width(modifiers));
        gcn_put(text, ", ");
    }
    if (scalars) {
        put_srsrc(text, arch, GCN_DIALECT_CLRX, instruction->sbase);
        gcn_put(text, ", ");
        put_soffset(text, arch, GCN_DIALECT_CLRX, instruction->soffset);
    }
    if (modifiers & GCN_MOD_OFFEN) put_flag(text, "offen");
    if (modifiers & GCN_MOD_IDXEN) put_flag(text, "idxen");
    put_offset(text, instruction->offset);
    if (modifiers & GCN_MOD_GLC) put_flag(text, "glc");
    if (modifiers & GCN_MOD_SLC) put_flag(text, "slc");
    if (modifiers & GCN_MOD_ADDR64) put_flag(text, "addr64");
    if (modifiers & GCN_MOD_LDS) put_flag(text, "lds");
    if (modifiers & GCN_MOD_TFE) put_flag(text, "tfe");
    if (!vectors) {
        put_field(text, "vaddr", instruction->vaddr);
        put_field(text, "vdata", instruction->vdata);
    }
    if (!scalars) {
        put_field(text, "srsrc", instruction->sbase);
        put_field(text, "soffset", instruction->soffset);
    }
}

/* As llvm-mc 14 disassembles the words (GCN 1.2/1.4), or echoes the text it
 * assembles to them (GCN 1.0/1.1); false where it has no text for them. */
static bool format_llvm(const gcn_instruction *instruction, const gcn_row *row, gcn_text *text)
{
    gcn_arch arch = (gcn_arch)instruction->arch;
    unsigned modifiers = instruction->modifiers;
    bool atomic = (row->flags & GCN_ROW_ATOMIC) != 0;
    if (row->flags & GCN_ROW_LLVM_ABSENT)
        return false;
    switch ((gcn_shape)row->shape) {
    case GCN_SHAPE_MUBUF_NONE:
        /* These bits must be clear; bit 15 too, addr64 or not. */
        if ((modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN | GCN_MOD_GLC | GCN_MOD_LDS |
                          GCN_MOD_ADDR64)) ||
            (instruction->reserved[0] & (1u << 15)))
            return false;
        gcn_put(text, row->name);
        return true;
    case GCN_SHAPE_MUBUF_STORE_LDS:
        if (!(modifiers & GCN_MOD_LDS) || (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN)))
            return false;
        gcn_put_mnemonic(text, GCN_DIALECT_LLVM, row->name, true);
        if (!put_srsrc(text, arch, GCN_DIALECT_LLVM, instruction->sbase))
            return false;
        gcn_put(text, ", ");
        if (!put_soffset(text, arch, GCN_DIALECT_LLVM, instruction->soffset))
            return false;
        put_offset(text, instruction->offset);
        put_flag(text, "lds"); /* and no tfe, as with every LDS form */
        if (modifiers & GCN_MOD_GLC) put_flag(text, "glc");
        if (modifiers & GCN_MOD_SLC) put_flag(text, "slc");
        return true;
    case GCN_SHAPE_MUBUF_LOAD:
    case GCN_SHAPE_MUBUF_STORE:
    case GCN_SHAPE_MUBUF_ATOMIC:
        break;
    default:
        return false;
    }
    if ((modifiers & GCN_MOD_LDS) && !llvm_lds_form(row, arch))
        return false;
    if ((modifiers & GCN_MOD_ADDR64) && (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN)))
        return false;
    bool addressed = (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN | GCN_MOD_ADDR64)) != 0;
    if (instruction->vdata + data_width(row, arch) > 256 ||
        (addressed && instruction->vaddr + address_width(modifiers) > 256))
        return false; /* past v255 */
    gcn_put_mnemonic(text, GCN_DIALECT_LLVM, row->name, true);
    gcn_format_vgprs(text, instruction->vdata, data_width(row, arch));
    gcn_put(text, ", ");
    if (addressed)
        gcn_format_vgprs(text, instruction->vaddr, address_width(modifiers));
    else
        gcn_put(text, "off");
    gcn_put(text, ", ");
    if (!put_srsrc(text, arch, GCN_DIALECT_LLVM, instruction->sbase))
        return false;
    gcn_put(text, ", ");
    if (!put_soffset(text, arch, GCN_DIALECT_LLVM, instruction->soffset))
        return false;
    if (modifiers & GCN_MOD_IDXEN) put_flag(text, "idxen");
    if (modifiers & GCN_MOD_OFFEN) put_flag(text, "offen");
    if (modifiers & GCN_MOD_ADDR64) put_flag(text, "addr64");
    put_offset(text, instruction->offset);
    if (modifiers & GCN_MOD_GLC) put_flag(text, "glc");
    if (modifiers & GCN_MOD_SLC) put_flag(text, "slc");
    if (modifiers & GCN_MOD_LDS) put_flag(text, "lds");
    /* The disassembler drops tfe on atomics and LDS forms. */
    if ((modifiers & GCN_MOD_TFE) && !atomic && !(modifiers & GCN_MOD_LDS))
        put_flag(text, "tfe");
    return true;
}

bool gcn_format_mubuf(const gcn_instruction *instruction, gcn_dialect dialect, uint64_t address,
                      gcn_text *text)
{
    (void)address;
    const gcn_row *row = instruction->row == GCN_ROW_NONE ? NULL : &gcn_rows[instruction->row];
    if (dialect == GCN_DIALECT_LLVM) {
        /* llvm-mc 14 also decodes GCN 1.1's buffer_wbinvl1 opcode on GCN 1.2/1.4. */
        if (!row && instruction->arch >= GCN_ARCH_GCN12) {
            uint16_t alias = gcn_row_for_opcode(GCN_FAMILY_MUBUF, GCN_ARCH_GCN11, instruction->opcode);
            if (alias != GCN_ROW_NONE && gcn_rows[alias].operation == GCN_OP_CACHE_WBINVL1)
                row = &gcn_rows[alias];
        }
        return row ? format_llvm(instruction, row, text) : false;
    }
    format_clrx(instruction, row, text);
    return true;
}

/* ---- parsing ---- */

/* CLRX's ill_N for an operand code without a name; N in [0, maximum]. */
static bool parse_raw_code(gcn_cursor *cursor, unsigned maximum, unsigned *code)
{
    size_t length = gcn_peek_identifier(cursor);
    const char *p = cursor->pos;
    if (cursor->options->dialect != GCN_DIALECT_CLRX || length < 5 ||
        strncasecmp(p, "ill_", 4) != 0)
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

static bool parse_srsrc(gcn_cursor *cursor, unsigned *field)
{
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    unsigned code;
    if (parse_raw_code(cursor, 124, &code)) {
        if (code % 4)
            return gcn_fail(cursor, start, "SRSRC code %u is not a multiple of 4", code);
        *field = code / 4;
        return true;
    }
    gcn_scalar scalar;
    if (!gcn_expect_scalar(cursor, 4, false, &scalar))
        return false;
    if (scalar.code % 4)
        return gcn_fail(cursor, start, "misaligned SRSRC: the 4 registers must start at a multiple of 4");
    *field = scalar.code / 4;
    return true;
}

static bool parse_soffset(gcn_cursor *cursor, unsigned *code)
{
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    if (parse_raw_code(cursor, 255, code))
        return true;
    gcn_scalar scalar;
    if (!gcn_parse_scalar(cursor, true, &scalar))
        return false;
    if (scalar.count != 1)
        return gcn_fail(cursor, start, "SOFFSET takes one scalar register or an inline constant, "
                                       "found %u registers", scalar.count);
    if (scalar.code == 248 && cursor->options->arch < GCN_ARCH_GCN12)
        return gcn_fail(cursor, start, "1/(2*pi) is not an inline constant on %s",
                        gcn_arch_name(cursor->options->arch));
    *code = scalar.code;
    return true;
}

static bool expect_comma(gcn_cursor *cursor)
{
    if (gcn_accept(cursor, ','))
        return true;
    return gcn_fail(cursor, cursor->pos, "expected ','");
}

/* CLRX: the unused fields the printer shows, vaddr=0x12 ... after the flags. */
static bool parse_fields(gcn_cursor *cursor, bool with_scalars, gcn_instruction *instruction)
{
    unsigned seen = 0;
    while (!gcn_at_end(cursor)) {
        static const char *const names[4] = {"vaddr", "vdata", "srsrc", "soffset"};
        const char *start = cursor->pos;
        size_t length = gcn_peek_identifier(cursor);
        int which = -1;
        for (int i = 0; i < (with_scalars ? 4 : 2); i++)
            if (strlen(names[i]) == length && strncasecmp(start, names[i], length) == 0)
                which = i;
        if (which < 0)
            return gcn_fail(cursor, start, "expected a modifier or an unused field (vaddr=...)");
        if (seen & (1u << which))
            return gcn_fail(cursor, start, "%s given twice", names[which]);
        seen |= 1u << which;
        cursor->pos += length;
        if (!gcn_accept(cursor, '='))
            return gcn_fail(cursor, cursor->pos, "expected '=' after %s", names[which]);
        gcn_skip_space(cursor);
        int64_t value;
        if (!gcn_parse_ranged(cursor, 0, which == 2 ? 31 : 255, &value, names[which]))
            return false;
        if (which == 0) instruction->vaddr = (uint8_t)value;
        else if (which == 1) instruction->vdata = (uint8_t)value;
        else if (which == 2) instruction->sbase = (uint8_t)value;
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

bool gcn_parse_mubuf(gcn_cursor *cursor, const gcn_row *row, gcn_instruction *instruction)
{
    gcn_arch arch = cursor->options->arch;
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    bool vectors = has_vector_operands(row);
    bool scalars = row->shape != GCN_SHAPE_MUBUF_NONE;
    bool atomic = (row->flags & GCN_ROW_ATOMIC) != 0;
    unsigned data_first = 0, data_count = 0, address_first = 0, address_count = 0;
    unsigned srsrc = 0, soffset = 0;
    const char *data_at = cursor->pos, *address_at = cursor->pos;
    bool address_off = false, address_omitted = false;
    instruction->word_count = 2;

    if (llvm && (row->flags & GCN_ROW_LLVM_ABSENT))
        return gcn_fail(cursor, cursor->text, "%s is not known to LLVM (CLRX syntax only)",
                        row->name);
    if (vectors) {
        gcn_skip_space(cursor);
        data_at = cursor->pos;
        if (!gcn_parse_vgprs(cursor, &data_first, &data_count) || !expect_comma(cursor))
            return false;
        gcn_skip_space(cursor);
        address_at = cursor->pos;
        if (gcn_accept_word(cursor, "off")) {
            address_off = true;
        } else if (!llvm && gcn_at_register(cursor) && *cursor->pos != 'v' && *cursor->pos != 'V') {
            address_omitted = true; /* CLRX: vaddr may be left out */
        } else if (!gcn_parse_vgprs(cursor, &address_first, &address_count)) {
            return false;
        }
        if (!address_omitted && !expect_comma(cursor))
            return false;
    }
    if (scalars) {
        if (!parse_srsrc(cursor, &srsrc) || !expect_comma(cursor) ||
            !parse_soffset(cursor, &soffset))
            return false;
    }

    /* Modifiers: CLRX takes them all anywhere; LLVM as its syntax allows. */
    unsigned allowed = GCN_MOD_OFFEN | GCN_MOD_IDXEN | GCN_MOD_GLC | GCN_MOD_SLC | GCN_MOD_LDS |
                       GCN_MOD_TFE | (arch < GCN_ARCH_GCN12 ? GCN_MOD_ADDR64 : 0);
    if (llvm) {
        if (!scalars)
            allowed = 0;
        else if (!vectors)
            allowed = GCN_MOD_GLC | GCN_MOD_SLC | GCN_MOD_LDS | GCN_MOD_TFE;
        else {
            if (atomic)
                allowed &= ~GCN_MOD_TFE;
            if (!llvm_lds_form(row, arch))
                allowed &= ~GCN_MOD_LDS;
        }
    }
    gcn_offset_rule rule = {0, MUBUF_OFFSET_MAX, 12, 0xffff};
    int64_t offset = 0;
    gcn_cursor flags = *cursor;
    if (!llvm && !vectors)
        flags.end = fields_start(cursor);
    bool ok = gcn_parse_modifiers(&flags, allowed, llvm && !scalars ? NULL : &rule, instruction,
                                  &offset);
    cursor->pos = flags.pos;
    cursor->failed = flags.failed;
    if (!ok)
        return false;
    if (!llvm && !vectors && !parse_fields(cursor, !scalars, instruction))
        return false;

    unsigned modifiers = instruction->modifiers;
    bool addressed = (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN | GCN_MOD_ADDR64)) != 0;
    if ((modifiers & GCN_MOD_ADDR64) && (modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN)))
        return gcn_fail(cursor, cursor->text, "offen and idxen must be off with addr64");
    if ((modifiers & GCN_MOD_LDS) && (modifiers & GCN_MOD_TFE))
        return gcn_fail(cursor, cursor->text, "lds and tfe cannot be used together");
    if (llvm && row->shape == GCN_SHAPE_MUBUF_STORE_LDS) /* llvm-mc always sets it */
        instruction->modifiers |= GCN_MOD_LDS;
    if (vectors) {
        unsigned width = data_width(row, arch) + (!llvm && (modifiers & GCN_MOD_TFE) ? 1 : 0);
        if (data_count != width)
            return gcn_fail(cursor, data_at, "%s takes %u vector register%s as data, found %u",
                            row->name, width, width == 1 ? "" : "s", data_count);
        if (addressed) {
            if (address_off || address_omitted)
                return gcn_fail(cursor, address_at,
                                "a VGPR address is required with offen, idxen or addr64");
            if (address_count != address_width(modifiers))
                return gcn_fail(cursor, address_at, "expected %u vector register%s as address, found %u",
                                address_width(modifiers), address_width(modifiers) == 1 ? "" : "s",
                                address_count);
        } else if (!address_off && !address_omitted) {
            if (llvm)
                return gcn_fail(cursor, address_at,
                                "the address must be 'off' without offen, idxen or addr64");
            if (address_count != 1)
                return gcn_fail(cursor, address_at, "expected 1 vector register as address, found %u",
                                address_count);
        }
        instruction->vdata = (uint8_t)data_first;
        instruction->vaddr = (uint8_t)address_first;
    }
    if (scalars) {
        instruction->sbase = (uint8_t)srsrc;
        instruction->soffset = (uint8_t)soffset;
    }
    instruction->offset = (uint32_t)offset;
    return true;
}
