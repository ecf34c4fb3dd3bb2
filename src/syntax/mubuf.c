/* MUBUF text: VDATA, VADDR, SRSRC, SOFFSET and modifiers.
 *   CLRX: buffer_load_dword v[61:62], v[18:19], s[80:83], s35 offen idxen offset:603 glc slc addr64 lds tfe
 *   LLVM: buffer_load_dword v61, v[18:19], s[80:83], s35 idxen offen offset:603 glc slc lds tfe
 * CLRX counts the tfe register in vdata and prints every field as encoded
 * (unused ones as vaddr=0x12 ...); LLVM prints `off` for an unused vaddr,
 * leaves tfe out of vdata and drops bits that its syntax cannot show. */
#include <string.h>
#include <strings.h>

#include "syntax/generic.h"
#include "syntax/modifier.h"

enum { MUBUF_OFFSET_MAX = 4095 };

/* The four register fields as the text shows them (srsrc: register / 4). */
typedef struct mubuf_fields {
    unsigned vaddr, vdata, srsrc, soffset;
} mubuf_fields;

static bool has_vector_operands(const gcn_row *row)
{
    return !row || row->shape == GCN_SHAPE_MUBUF_LOAD || row->shape == GCN_SHAPE_MUBUF_STORE ||
           row->shape == GCN_SHAPE_MUBUF_ATOMIC;
}

/* Registers of vdata without tfe, and of vaddr: the profiles' width rules
 * (isa/profile.h), by arithmetic (a branch on the random row's packing or
 * modifiers mispredicts). */
static inline unsigned data_width(const gcn_row *row, gcn_arch arch)
{
    return gcn_operand_width(&(gcn_operand_profile){.width = GCN_WIDTH_DATA}, row, arch, 0);
}
static inline unsigned address_width(unsigned modifiers)
{
    return gcn_operand_width(&(gcn_operand_profile){.width = GCN_WIDTH_ADDRESS}, NULL,
                             GCN_ARCH_GCN10, modifiers);
}

/* Whether llvm-mc knows the row's LDS form on this generation. */
static bool llvm_lds_form(const gcn_row *row, gcn_arch arch)
{
    return (row->flags & GCN_ROW_LDS) ||
           ((row->flags & GCN_ROW_LDS_GCN12) && arch >= GCN_ARCH_GCN12);
}

/* The parser's fields as the operands the row's profile shows (their
 * widths by its rules, profiles.def), the others into reserved[]: by the
 * shape, inline (the assembler's hot path). */
static inline void set_operands(gcn_instruction *instruction, const gcn_row *row,
                                const mubuf_fields *fields)
{
    gcn_arch arch = (gcn_arch)instruction->arch;
    unsigned shape = row ? row->shape : GCN_SHAPE_MUBUF_LOAD, count = 4;
    uint32_t hidden = 0;
    gcn_operand *out = instruction->operands;
    gcn_operand soffset = {gcn_is_inline_constant(arch, fields->soffset) ? GCN_OPERAND_CONSTANT
                                                                         : GCN_OPERAND_SCALAR,
                           1, (uint16_t)fields->soffset, 0};
    gcn_operand srsrc = {GCN_OPERAND_SCALAR, 4, (uint16_t)(fields->srsrc * 4), 0};
    instruction->encoding = GCN_ENCODING_MUBUF;
    if (shape == GCN_SHAPE_MUBUF_NONE) {
        count = 0;
        hidden = fields->vaddr | fields->vdata << 8 | fields->srsrc << 16 | fields->soffset << 24;
    } else if (shape == GCN_SHAPE_MUBUF_STORE_LDS) {
        count = 2;
        hidden = fields->vaddr | fields->vdata << 8;
        out[0] = srsrc;
        out[1] = soffset;
    } else {
        unsigned modifiers = instruction->modifiers;
        unsigned data = data_width(row, arch) + ((modifiers & GCN_MOD_TFE) != 0);
        out[0] = (gcn_operand){GCN_OPERAND_VECTOR, (uint8_t)data, (uint16_t)fields->vdata, 0};
        out[1] = (gcn_operand){GCN_OPERAND_VECTOR, (uint8_t)address_width(modifiers),
                               (uint16_t)fields->vaddr, 0};
        out[2] = srsrc;
        out[3] = soffset;
    }
    instruction->operand_count = (uint8_t)count;
    instruction->reserved[1] |= hidden;
}

/* Reserved bits (64-bit instruction numbering) that CLRX text leaves out:
 * clrxdisasm prints none, and its vectors set bit 53 everywhere and bit 15
 * on GCN 1.2, expecting the same text as without. The others print as
 * reserved=0x... where the instruction has no operands (keys only). */
static uint64_t silent_reserved(gcn_arch arch)
{
    return 1ull << 53 | (arch == GCN_ARCH_GCN12 ? 1ull << 15 : 0);
}

/* ---- parsing ---- */

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

static bool parse_fields(gcn_cursor *cursor, unsigned allowed, gcn_instruction *instruction,
                         mubuf_fields *out)
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
            const uint32_t *mask = gcn_encoding_reserved[GCN_ENCODING_MUBUF][arch];
            uint64_t reserved_mask = ((uint64_t)mask[1] << 32 | mask[0]) & ~silent_reserved(arch);
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
        if (which == FIELD_VADDR) out->vaddr = (unsigned)value;
        else if (which == FIELD_VDATA) out->vdata = (unsigned)value;
        else if (which == FIELD_SRSRC) out->srsrc = (unsigned)value;
        else out->soffset = (unsigned)value;
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
                          const vector_operand *address, gcn_instruction *instruction,
                          mubuf_fields *out)
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
    out->vdata = data->first;
    out->vaddr = address->off || address->omitted ? 0 : address->first;
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

/* An inline integer constant, -16..64, as a plain decimal: its code, or
 * NULL (for -0 too, which the full path reads). */
static inline const char *read_inline_integer(const char *p, const char *end, unsigned *code)
{
    bool negative = p < end && *p == '-';
    unsigned value;
    if (!(p = gcn_read_register_number(p + negative, end, negative ? 17 : 65, &value)) ||
        (negative && value == 0))
        return NULL;
    *code = negative ? GCN_CODE_ZERO + 64 + value : GCN_CODE_ZERO + value;
    return p;
}

/* The usual statement of a row with operands, read in one pass:
 * registers as plain numbers (gcn_read_register_range), operands after
 * ", ", SOFFSET an SGPR, a TTMP or an inline integer, modifiers as
 * gcn_read_plain_modifiers reads them, and nothing the full path would warn
 * about or refuse. False, touching nothing, for anything else, which the
 * full path then reads and reports. */
static bool parse_plain(gcn_cursor *cursor, const gcn_row *row, gcn_instruction *instruction,
                        mubuf_fields *out)
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
        if (!(p = read_inline_integer(p, end, &soffset)))
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
    *out = (mubuf_fields){address_first, data_first, srsrc, soffset};
    instruction->offset = (uint32_t)read.offset;
    cursor->pos = p;
    return true;
}

static __attribute__((noinline)) bool parse_full(gcn_cursor *cursor, const gcn_row *row,
                                                 gcn_instruction *instruction, mubuf_fields *out)
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
    if (scalars && (!gcn_parse_srsrc(cursor, &srsrc) || !expect_comma(cursor) ||
                    !(gcn_skip_space(cursor), soffset_at = cursor->pos) ||
                    !gcn_parse_soffset(cursor, &soffset)))
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
        if (!parse_fields(cursor, fields, instruction, out))
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
    if (vectors && !check_vectors(cursor, row, &data, &address, instruction, out))
        return false;
    if (scalars) {
        out->srsrc = srsrc;
        out->soffset = soffset;
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
    mubuf_fields fields = {0, 0, 0, 0};
    instruction->word_count = 2;
    if (row && !size_suffix &&
        !(cursor->options->dialect == GCN_DIALECT_LLVM && (row->flags & GCN_ROW_LLVM_ABSENT))) {
        if ((row->shape == GCN_SHAPE_MUBUF_NONE && name_end == cursor->end) ||
            (row->shape != GCN_SHAPE_MUBUF_NONE && parse_plain(cursor, row, instruction, &fields))) {
            set_operands(instruction, row, &fields); /* buffer_wbinvl1: no operand, no modifier */
            return true;
        }
    }
    if (!parse_full(cursor, row, instruction, &fields))
        return false;
    set_operands(instruction, row, &fields);
    return true;
}
