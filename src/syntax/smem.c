/* SMRD/SMEM's parser: the dialects' text as the printer writes it (the
 * generic printer with SMRD/SMEM's hooks, syntax/scalar_memory.h), CLRX's
 * key=value form of the fields (sdata=0x7f sbase=0x38 offset=0x23 imm=1,
 * sdst= on SMRD), GCN 1.1 literal offsets and GCN 1.4's soffset with soe;
 * in the llvm dialect also what llvm-mc 14's disassembler prints but its
 * assembler refuses (read back with a warning). */
#include <string.h>
#include <strings.h>

#include "codec/codec.h"
#include "isa/profile.h"
#include "syntax/scalar_memory.h"
#include "syntax/syntax.h"

/* Fields, for the ones operands print and the ones printed as key=value. */
enum {
    FIELD_SDATA = 1u << 0,
    FIELD_SBASE = 1u << 1,
    FIELD_OFFSET = 1u << 2,  /* offset and imm */
    FIELD_SOFFSET = 1u << 3, /* soffset and soe */
    FIELD_LITERAL = 1u << 4
};

#define CODE_M0 124u
#define SMRD_LITERAL_CODE 0xffu

/* The operands an instruction has; opcodes a generation lacks read as
 * CLRX prints them: like s_load_dword. */
typedef struct smem_form {
    const gcn_row *row; /* NULL: an opcode the generation lacks */
    gcn_shape shape;
    unsigned data_count; /* SGPRs of sdata; 0: none */
    unsigned base_count; /* SGPRs of sbase; 0: none */
    bool probe;          /* sdata is a 7-bit immediate */
    bool has_offset;
} smem_form;

static bool is_smrd(gcn_arch arch) { return arch <= GCN_ARCH_GCN11; }
static bool is_gcn14(gcn_arch arch) { return arch >= GCN_ARCH_GCN14; }

/* The register fields of the words: from the operands, and from
 * reserved[] (the generic codec keeps there what the row does not show,
 * with the bits no field covers, which reserved gets). */
typedef struct smem_fields {
    unsigned sdata, sbase, soffset; /* field values */
    uint64_t reserved;              /* word 0 in the low half, word 1 in the high */
} smem_fields;

/* Inline: in the llvm writer its fields stay in registers. */
static inline __attribute__((always_inline)) smem_form form_of(const gcn_row *row)
{
    smem_form form = {row, GCN_SHAPE_SMEM_LOAD, 1, 2, false, true};
    if (!row)
        return form;
    form.shape = (gcn_shape)row->shape;
    form.data_count = row->data_dwords;
    form.base_count = (row->flags & GCN_ROW_BUFFER_BASE) ? 4 : 2;
    switch (form.shape) {
    case GCN_SHAPE_SMEM_NONE: /* data_dwords 0 */
    case GCN_SHAPE_SMEM_TIME:
        form.base_count = 0;
        form.has_offset = false;
        break;
    case GCN_SHAPE_SMEM_PROBE:
        form.probe = true;
        form.data_count = 0;
        break;
    case GCN_SHAPE_SMEM_DISCARD:
        form.data_count = 0;
        break;
    default:
        break;
    }
    return form;
}

/* The offset field's mask (encodings.def). */
static uint32_t offset_mask(gcn_arch arch)
{
    return is_smrd(arch) ? gcn_field_places[GCN_ENCODING_SMRD][arch][GCN_FIELD(SMRD, offset)].mask
                         : gcn_field_places[GCN_ENCODING_SMEM][arch][GCN_FIELD(SMEM, offset)].mask;
}

/* ---- parsing ---- */

typedef enum offset_kind {
    OFFSET_NONE,      /* no offset operand: a shape without one, or the key form */
    OFFSET_MISSING,   /* left out: 0, as llvm-mc takes it */
    OFFSET_IMMEDIATE,
    OFFSET_REGISTER,
    OFFSET_LITERAL    /* CLRX lit(N) */
} offset_kind;

enum { KEY_SDATA, KEY_SBASE, KEY_OFFSET, KEY_IMM, KEY_SOFFSET, KEY_SOE, KEY_LITERAL, KEY_RESERVED };

typedef struct smem_parse {
    gcn_cursor *cursor;
    const smem_form *form;
    gcn_instruction *instruction;
    gcn_arch arch;
    bool llvm;
    smem_fields fields;      /* the register fields, into the instruction at the end */
    unsigned operand_fields; /* FIELD_* the operands set */
    unsigned keys_seen;      /* 1 << KEY_* */
    offset_kind kind;
    int64_t offset;          /* a value, or a register code */
    const char *offset_at;
    bool soe_given;          /* CLRX GCN 1.4: sN offset:X */
    int64_t soe_offset;
    const char *soe_at;
    int suffix;              /* CLRX encoding size: 32 (_e32), 64 (_e64) or 0 */
} smem_parse;

/* Keeps the low width bits; CLRX warns as "Value 0x14dca7 truncated to
 * 0x4dca7" when the value fits neither signed nor unsigned. A negative
 * value in a field the hardware reads unsigned (-1 as 0xff) warns too:
 * CLRX keeps its bits in silence. */
static uint32_t truncate(gcn_cursor *cursor, const char *at, int64_t value, unsigned width,
                         bool hardware_unsigned)
{
    uint64_t mask = (1ull << width) - 1;
    int64_t low = hardware_unsigned ? 0 : -(int64_t)(1ull << (width - 1)), high = (int64_t)mask;
    uint32_t kept = (uint32_t)((uint64_t)value & mask);
    if (value < low || value > high) {
        if (value < 0)
            gcn_warn(cursor, at, "value %lld truncated to 0x%x", (long long)value, kept);
        else
            gcn_warn(cursor, at, "value 0x%llx truncated to 0x%x", (unsigned long long)value, kept);
    }
    return kept;
}

/* Out of line: the comma is there in the common case. */
static __attribute__((noinline)) bool separator_missing(smem_parse *p)
{
    if (p->llvm && !gcn_at_end(p->cursor)) /* llvm-mc takes operands without commas */
        return true;
    if (gcn_at_end(p->cursor))
        return gcn_fail(p->cursor, p->cursor->pos, "expected ',' and more operands");
    return gcn_fail(p->cursor, p->cursor->pos, "expected ','");
}

static inline bool expect_separator(smem_parse *p)
{
    return gcn_accept(p->cursor, ',') || separator_missing(p);
}

/* What llvm-mc prints there but refuses to assemble (s[100:103], exec as
 * a load's destination) is read back with a warning that names llvm-mc's
 * message. Out of line: rare. */
static __attribute__((noinline)) void warn_llvm_refused(smem_parse *p, const char *at, unsigned code,
                                                       unsigned count, bool data)
{
    const char *message = gcn_llvm_refused_scalar(p->arch, code, count, data);
    if (message)
        gcn_warn(p->cursor, at, "llvm-mc prints '%.*s' but does not assemble it (%s)",
                 (int)(p->cursor->pos - at), at, message);
}

/* GCN 1.2/1.4 LLVM: a register exactly as llvm-mc's disassembler prints
 * some field value, also where its assembler refuses that text (s[96:103]
 * on GCN 1.2, null, tba as a buffer base): our LLVM output reads back.
 * A tuple's text names its first register, the only candidate. */
static bool accept_llvm_disassembled(smem_parse *p, unsigned count, bool base, bool data,
                                     unsigned *code)
{
    const char *at = p->cursor->pos;
    const char *after = gcn_read_llvm_memory_printed(at, p->cursor->end, p->arch, count, base, code);
    if (!after)
        return false;
    p->cursor->pos = after;
    if (*code + count > 102) /* the usual registers pass one comparison */
        warn_llvm_refused(p, at, *code, count, data);
    return true;
}

/* parse_register past llvm-mc's printed forms; out of line, so that the
 * common path saves no registers. */
static __attribute__((noinline)) bool parse_scalar_register(smem_parse *p, unsigned count,
                                                            bool base, unsigned *code,
                                                            const char *what)
{
    gcn_cursor *cursor = p->cursor;
    const char *at = cursor->pos;
    gcn_scalar scalar;
    if (!gcn_parse_scalar(cursor, false, &scalar))
        return false;
    int length = (int)(cursor->pos - at);
    if (scalar.count != count)
        return gcn_fail(cursor, at, "%s needs %u scalar register%s, found %u", what, count,
                        count == 1 ? "" : "s", scalar.count);
    if (scalar.code >= 128)
        return gcn_fail(cursor, at, "'%.*s' does not fit the 7-bit %s field", length, at, what);
    if (base && (scalar.code & 1))
        return gcn_fail(cursor, at, "%s '%.*s' must start at an even register", what, length, at);
    if (p->llvm && !base && (scalar.code == CODE_M0 || scalar.code >= 126) &&
        strcmp(what, "sdata") == 0)
        return gcn_fail(cursor, at, "llvm-mc takes neither m0 nor exec as %s", what);
    unsigned align = count >= 4 ? 4 : count;
    unsigned ttmp = gcn_ttmp_base(p->arch);
    bool tuple = scalar.general || (scalar.code >= ttmp && scalar.code < 124);
    unsigned index = scalar.general ? scalar.code : scalar.code - ttmp;
    if (tuple && index % align) {
        if (p->llvm)
            return gcn_fail(cursor, at, "misaligned register tuple '%.*s': it must start at a "
                            "multiple of %u", length, at, align);
        if (!base)
            gcn_warn(cursor, at, "misaligned register tuple '%.*s', encoded as written", length, at);
    }
    *code = scalar.code;
    return true;
}

/* A register operand of count registers. sbase must start at an even
 * register (the field holds a pair index); a misaligned data tuple is an
 * error in LLVM and encoded as written in CLRX, whose disassembler prints
 * such words so. */
static inline bool parse_register(smem_parse *p, unsigned count, bool base, unsigned *code,
                                  const char *what)
{
    gcn_skip_space(p->cursor);
    if (p->llvm && !is_smrd(p->arch) &&
        accept_llvm_disassembled(p, count, base, !base && what[0] == 's' && what[1] == 'd', code))
        return true;
    return parse_scalar_register(p, count, base, code, what);
}

/* s_atc_probe's first operand: 7 bits; both tools keep the low 7 of more. */
static bool parse_probe_value(smem_parse *p)
{
    gcn_skip_space(p->cursor);
    const char *at = p->cursor->pos;
    int64_t value;
    if (!gcn_parse_expression(p->cursor, &value))
        return false;
    if (value < 0 || value > 0x7f) {
        if (value < 0)
            gcn_warn(p->cursor, at, "value %lld truncated to 0x%x", (long long)value,
                     (unsigned)(value & 0x7f));
        else
            gcn_warn(p->cursor, at, "value 0x%llx truncated to 0x%x", (unsigned long long)value,
                     (unsigned)(value & 0x7f));
    }
    p->fields.sdata = (unsigned)(value & 0x7f);
    return true;
}

static bool word_is(const char *start, size_t length, const char *word)
{
    return gcn_word_is(start, length, word);
}

/* An identifier directly followed by '=': a CLRX field key. */
static bool at_key(gcn_cursor *cursor)
{
    size_t length = gcn_peek_identifier(cursor);
    if (length == 0)
        return false;
    const char *p = cursor->pos + length;
    while (p < cursor->end && (*p == ' ' || *p == '\t'))
        p++;
    return p < cursor->end && *p == '=';
}

/* Where an omitted offset ends the operands: the end, a modifier or a key. */
static bool at_operands_end(smem_parse *p)
{
    gcn_cursor *cursor = p->cursor;
    if (gcn_at_end(cursor))
        return true;
    if (!p->llvm)
        return at_key(cursor);
    /* The usual next operand (',', sN, s[N:M], a number) starts with none
     * of the modifiers' letters. */
    unsigned char first = gcn_lower(*cursor->pos);
    if (first != 'g' && first != 'n' && first != 'o')
        return false;
    size_t length = gcn_peek_identifier_here(cursor);
    return word_is(cursor->pos, length, "glc") || word_is(cursor->pos, length, "nv") ||
           word_is(cursor->pos, length, "offset");
}

static bool parse_offset_operand(smem_parse *p)
{
    gcn_cursor *cursor = p->cursor;
    gcn_skip_space(cursor);
    const char *at = p->offset_at = cursor->pos;
    if (!p->llvm && gcn_accept(cursor, '@')) { /* CLRX: a symbol, even one named like a register */
        gcn_skip_space(cursor);
        p->offset_at = cursor->pos;
        p->kind = OFFSET_IMMEDIATE;
        return gcn_parse_expression(cursor, &p->offset);
    }
    if (!p->llvm && gcn_peek_identifier(cursor) == 3 && strncasecmp(cursor->pos, "lit", 3) == 0) {
        const char *after = cursor->pos + 3;
        while (after < cursor->end && (*after == ' ' || *after == '\t'))
            after++;
        if (after < cursor->end && *after == '(') {
            cursor->pos = after + 1;
            if (!gcn_parse_expression(cursor, &p->offset))
                return false;
            if (!gcn_accept(cursor, ')'))
                return gcn_fail(cursor, cursor->pos, "expected ')' to close lit(");
            if (p->arch != GCN_ARCH_GCN11)
                return gcn_fail(cursor, at, "lit() is the SMRD literal offset of gcn1.1; %s has none",
                                gcn_arch_name(p->arch));
            p->kind = OFFSET_LITERAL;
            return true;
        }
    }
    /* llvm-mc's printed sN and ttmpN, the usual register offset, read at
     * once: they are registers to gcn_at_register too. */
    const char *end = cursor->end;
    bool printed = p->llvm && !is_smrd(p->arch) &&
                   ((end - at >= 2 && at[0] == 's') || (end - at >= 5 && strncmp(at, "ttmp", 4) == 0));
    unsigned code;
    if (printed && accept_llvm_disassembled(p, 1, false, false, &code)) {
        p->kind = OFFSET_REGISTER;
        p->offset = code;
        return true;
    }
    size_t length = gcn_peek_identifier(cursor);
    if (gcn_at_register(cursor) ||
        (p->llvm && !is_smrd(p->arch) && word_is(cursor->pos, length, "null"))) {
        if (!parse_register(p, 1, false, &code, "offset"))
            return false;
        gcn_shape shape = p->form->shape;
        if (!p->llvm && p->arch == GCN_ARCH_GCN12 && code != CODE_M0 &&
            (shape == GCN_SHAPE_SMEM_STORE || shape == GCN_SHAPE_SMEM_ATOMIC))
            return gcn_fail(cursor, at, "store and atomic SMEM instructions take only m0 as "
                            "offset register on gcn1.2");
        p->kind = OFFSET_REGISTER;
        p->offset = code;
        return true;
    }
    /* vccz and execz (src_vccz, src_execz) as an SMRD register offset, as
     * llvm-mc 14 takes them (on SMEM it encodes them into 7 bits, wrongly;
     * in CLRX a symbol vccz = 33 is the immediate 33). */
    static const char *const conditions[4] = {"vccz", "src_vccz", "execz", "src_execz"};
    for (unsigned i = 0; i < 4 && p->llvm && is_smrd(p->arch); i++)
        if (word_is(cursor->pos, length, conditions[i])) {
            cursor->pos += length;
            p->kind = OFFSET_REGISTER;
            p->offset = i < 2 ? 251 : 252;
            return true;
        }
    p->kind = OFFSET_IMMEDIATE;
    return gcn_parse_expression(cursor, &p->offset);
}

static bool parse_operands(smem_parse *p)
{
    const smem_form *form = p->form;
    unsigned code;
    bool first = true;
    if (form->probe) {
        if (!parse_probe_value(p))
            return false;
        p->operand_fields |= FIELD_SDATA;
        first = false;
    } else if (form->data_count) {
        if (!parse_register(p, form->data_count, false, &code, "sdata"))
            return false;
        p->fields.sdata = code;
        p->operand_fields |= FIELD_SDATA;
        first = false;
    }
    if (form->base_count) {
        if (!first && !expect_separator(p))
            return false;
        if (!parse_register(p, form->base_count, true, &code, "sbase"))
            return false;
        p->fields.sbase = code / 2;
        p->operand_fields |= FIELD_SBASE;
    }
    if (!form->has_offset)
        return true;
    p->operand_fields |= FIELD_OFFSET;
    if (at_operands_end(p)) { /* the offset left out: 0, as llvm-mc reads it */
        p->kind = OFFSET_MISSING;
        p->offset_at = p->cursor->pos;
        return true;
    }
    if (!expect_separator(p))
        return false;
    if (p->llvm && at_operands_end(p)) { /* "s[2:3], glc": still no offset */
        p->kind = OFFSET_MISSING;
        p->offset_at = p->cursor->pos;
        return true;
    }
    return parse_offset_operand(p);
}

/* flag or, in CLRX, flag:0 / flag:1. */
static bool parse_flag_value(smem_parse *p, bool *on)
{
    *on = true;
    if (p->llvm || !gcn_accept(p->cursor, ':'))
        return true;
    gcn_skip_space(p->cursor);
    const char *at = p->cursor->pos;
    int64_t value;
    if (!gcn_parse_expression(p->cursor, &value))
        return false;
    if (value != 0 && value != 1)
        return gcn_fail(p->cursor, at, "modifier value must be 0 or 1");
    *on = value != 0;
    return true;
}

/* CLRX field keys: sdata=N (sdst=N), sbase=N, offset=N, imm=N, and on
 * GCN 1.4 soffset=N, soe=N, on GCN 1.1 literal=N: raw field values. */
static bool parse_key(smem_parse *p, const char *start, size_t length)
{
    static const struct {
        const char *name;
        int key;
        unsigned field;
        uint32_t maximum; /* 0: the offset field's */
    } keys[] = {
        {"sdata", KEY_SDATA, FIELD_SDATA, 0x7f}, {"sdst", KEY_SDATA, FIELD_SDATA, 0x7f},
        {"sbase", KEY_SBASE, FIELD_SBASE, 0x3f}, {"offset", KEY_OFFSET, FIELD_OFFSET, 0},
        {"imm", KEY_IMM, FIELD_OFFSET, 1},      {"soffset", KEY_SOFFSET, FIELD_SOFFSET, 0x7f},
        {"soe", KEY_SOE, FIELD_SOFFSET, 1},     {"literal", KEY_LITERAL, FIELD_LITERAL, 0xffffffffu},
        {"reserved", KEY_RESERVED, 0, 0},
    };
    gcn_cursor *cursor = p->cursor;
    gcn_instruction *instruction = p->instruction;
    size_t which = sizeof keys / sizeof keys[0];
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (word_is(start, length, keys[i].name))
            which = i;
    if (which == sizeof keys / sizeof keys[0])
        return gcn_fail(cursor, start, "unknown field '%.*s' (sdata, sbase, offset, imm, reserved%s)",
                        (int)length, start,
                        is_gcn14(p->arch) ? ", soffset, soe"
                        : p->arch == GCN_ARCH_GCN11 ? ", literal" : "");
    const char *name = keys[which].name;
    int key = keys[which].key;
    if ((keys[which].field == FIELD_SOFFSET && !is_gcn14(p->arch)) ||
        (key == KEY_LITERAL && p->arch != GCN_ARCH_GCN11) || (key == KEY_RESERVED && is_smrd(p->arch)))
        return gcn_fail(cursor, start, "field '%s' does not exist on %s", name,
                        gcn_arch_name(p->arch));
    if (p->operand_fields & keys[which].field)
        return gcn_fail(cursor, start, "field '%s' is already given by the operands", name);
    if (p->keys_seen & (1u << key))
        return gcn_fail(cursor, start, "field '%s' given twice", name);
    p->keys_seen |= 1u << key;
    cursor->pos = start + length;
    gcn_accept(cursor, '=');
    gcn_skip_space(cursor);
    const char *at = cursor->pos;
    int64_t value;
    if (!gcn_parse_expression(cursor, &value))
        return false;
    if (key == KEY_RESERVED) {
        /* the bits no field covers, numbered 0-63 over both words as the
         * seed's field table does (encodings.def; GCN 1.2 has no soe or nv) */
        const uint32_t *reserved = gcn_encoding_reserved[GCN_ENCODING_SMEM][p->arch];
        uint64_t allowed = reserved[0] | (uint64_t)reserved[1] << 32;
        if ((uint64_t)value & ~allowed)
            return gcn_fail(cursor, at, "reserved=0x%llx sets bits of fields; %s reserves 0x%llx",
                            (unsigned long long)value, gcn_arch_name(p->arch),
                            (unsigned long long)allowed);
        p->fields.reserved = (uint64_t)value;
        return true;
    }
    int64_t maximum = keys[which].maximum ? keys[which].maximum : offset_mask(p->arch);
    if (value < 0 || value > maximum)
        return gcn_fail(cursor, at, "%s value %lld out of range [0, 0x%llx]", name, (long long)value,
                        (unsigned long long)maximum);
    switch (key) {
    case KEY_SDATA: p->fields.sdata = (unsigned)value; break;
    case KEY_SBASE: p->fields.sbase = (unsigned)value; break;
    case KEY_OFFSET: instruction->offset = (uint32_t)value; break;
    case KEY_SOFFSET: p->fields.soffset = (unsigned)value; break;
    case KEY_LITERAL: instruction->literal = (uint32_t)value; break;
    default: {
        uint16_t bit = key == KEY_IMM ? GCN_MOD_IMM : GCN_MOD_SOE;
        if (value)
            instruction->modifiers |= bit;
        else
            instruction->modifiers &= (uint16_t)~bit;
    }
    }
    return true;
}

/* Modifiers (glc, nv, CLRX GCN 1.4 offset:X) and CLRX field keys, in any order. */
static bool parse_trailing(smem_parse *p, const gcn_row *row)
{
    gcn_cursor *cursor = p->cursor;
    gcn_instruction *instruction = p->instruction;
    const char *name = row ? row->name : "this opcode";
    bool glc_seen = false;
    while (!gcn_at_end(cursor)) {
        if (p->llvm && gcn_accept(cursor, ',')) /* llvm-mc takes "0x5, glc" */
            continue;
        const char *start = cursor->pos;
        size_t length = gcn_peek_identifier(cursor);
        if (length == 0)
            return gcn_fail(cursor, start, "expected a modifier");
        if (!p->llvm && at_key(cursor)) {
            if (!parse_key(p, start, length))
                return false;
            continue;
        }
        bool on;
        if (word_is(start, length, "glc")) {
            cursor->pos += length;
            if (p->llvm && glc_seen)
                return gcn_fail(cursor, start, "glc given twice");
            glc_seen = true;
            if (is_smrd(p->arch)) {
                /* llvm-mc takes glc on SMRD loads and encodes nothing for it. */
                if (!p->llvm)
                    return gcn_fail(cursor, start, "SMRD has no glc bit on %s", gcn_arch_name(p->arch));
                if (p->form->shape != GCN_SHAPE_SMEM_LOAD)
                    return gcn_fail(cursor, start, "%s takes no glc", name);
                gcn_warn(cursor, start, "SMRD has no glc bit on %s: ignored", gcn_arch_name(p->arch));
                continue;
            }
            if (p->llvm && !gcn_memory_takes_glc(p->form->shape))
                return gcn_fail(cursor, start, "%s takes no glc in LLVM syntax", name);
            if (!parse_flag_value(p, &on))
                return false;
            if (on)
                instruction->modifiers |= GCN_MOD_GLC;
            else
                instruction->modifiers &= (uint16_t)~GCN_MOD_GLC;
        } else if (word_is(start, length, "nv")) {
            if (!is_gcn14(p->arch))
                return gcn_fail(cursor, start, "modifier 'nv' is not valid on %s", gcn_arch_name(p->arch));
            if (p->llvm)
                return gcn_fail(cursor, start, "llvm-mc 14 has no nv on SMEM (the clrx dialect has)");
            cursor->pos += length;
            if (!parse_flag_value(p, &on))
                return false;
            if (on)
                instruction->modifiers |= GCN_MOD_NV;
            else
                instruction->modifiers &= (uint16_t)~GCN_MOD_NV;
        } else if (word_is(start, length, "offset")) {
            if (!is_gcn14(p->arch))
                return gcn_fail(cursor, start, "offset:X (an SGPR plus an offset) needs gcn1.4, not %s",
                                gcn_arch_name(p->arch));
            if (p->llvm)
                return gcn_fail(cursor, start, "llvm-mc 14 takes no SGPR plus offset:X on SMEM "
                                "(the clrx dialect does)");
            if (p->kind != OFFSET_REGISTER)
                return gcn_fail(cursor, start, "illegal second offset: offset:X follows only an "
                                "SGPR offset");
            if (p->soe_given)
                return gcn_fail(cursor, start, "offset:X given twice");
            cursor->pos += length;
            if (!gcn_accept(cursor, ':'))
                return gcn_fail(cursor, cursor->pos, "expected ':' after offset");
            gcn_skip_space(cursor);
            p->soe_at = cursor->pos;
            if (!gcn_parse_expression(cursor, &p->soe_offset))
                return false;
            p->soe_given = true;
        } else {
            return gcn_fail(cursor, start, "unknown modifier '%.*s'", (int)length, start);
        }
    }
    return true;
}

/* An immediate offset: its range per generation and dialect. */
static bool set_immediate(smem_parse *p, int64_t value)
{
    gcn_cursor *cursor = p->cursor;
    gcn_instruction *instruction = p->instruction;
    const char *at = p->offset_at;
    if (p->arch == GCN_ARCH_GCN11 && (p->suffix == 64 || value < 0 || value > 0xff)) {
        /* The 32-bit literal offset. */
        if (p->suffix == 32)
            return gcn_fail(cursor, at, "offset %lld needs a literal, which _e32 forbids",
                            (long long)value);
        if (p->llvm && (value < 0 || value > 0xffffffffll))
            return gcn_fail(cursor, at, "offset %lld out of range [0, 0xffffffff]", (long long)value);
        instruction->modifiers |= GCN_MOD_LITERAL;
        instruction->literal = truncate(cursor, at, value, 32, false);
        instruction->offset = SMRD_LITERAL_CODE;
        return true;
    }
    int64_t minimum = 0, maximum = offset_mask(p->arch);
    const char *expected = "an 8-bit unsigned dword offset";
    unsigned width = 8;
    if (p->arch == GCN_ARCH_GCN12) {
        expected = "a 20-bit unsigned offset";
        width = 20;
    } else if (is_gcn14(p->arch)) {
        width = 21;
        minimum = -0x100000;
        maximum = 0xfffff;
        expected = "a 21-bit signed offset";
        /* llvm-mc's assembler wants 20-bit unsigned offsets on buffers, yet
         * its disassembler prints the field signed: take those back. */
        if (p->llvm && value < 0 && value >= minimum && p->form->row &&
            (p->form->row->flags & GCN_ROW_BUFFER_BASE))
            gcn_warn(cursor, at, "llvm-mc takes no negative offset on %s (it prints them)",
                     p->form->row->name);
    }
    if (p->llvm && (value < minimum || value > maximum))
        return gcn_fail(cursor, at, "offset %lld out of range: expected %s", (long long)value, expected);
    instruction->modifiers |= GCN_MOD_IMM;
    instruction->offset = truncate(cursor, at, value, width, !is_gcn14(p->arch));
    return true;
}

/* The fields into the instruction, as the generic codec decodes their
 * words (operands, and reserved[] for what the row does not show). */
/* The usual instruction straight into its operands, as the generic codec
 * decodes its words: no field the row does not show set, no reserved bit,
 * the modifiers the generation has, the offset within its field; false
 * for anything else, which store packs and decodes. */
static bool store_usual(smem_parse *p)
{
    gcn_instruction *instruction = p->instruction;
    const smem_form *form = p->form;
    gcn_arch arch = p->arch;
    bool smrd = is_smrd(arch);
    unsigned modifiers = instruction->modifiers;
    unsigned allowed = smrd ? GCN_MOD_IMM | (arch == GCN_ARCH_GCN11 ? GCN_MOD_LITERAL : 0)
                            : GCN_MOD_IMM | GCN_MOD_GLC | (is_gcn14(arch) ? GCN_MOD_SOE | GCN_MOD_NV : 0);
    bool soe = (modifiers & GCN_MOD_SOE) != 0, literal = (modifiers & GCN_MOD_LITERAL) != 0;
    unsigned sdata = p->fields.sdata, sbase = p->fields.sbase;
    /* (the registers and keys are within their fields: the parser checks) */
    if (p->fields.reserved || (modifiers & ~allowed) || instruction->offset > offset_mask(arch) ||
        (!soe && p->fields.soffset) || (!literal && instruction->literal) ||
        (!form->probe && !form->data_count && sdata) || (!form->base_count && sbase))
        return false;
    /* the operands of the row's profile (isa/profiles.def), in its order */
    gcn_operand *operand = instruction->operands;
    if (form->probe)
        *operand++ = (gcn_operand){GCN_OPERAND_IMMEDIATE, 1, 0, sdata};
    else if (form->data_count)
        *operand++ = (gcn_operand){GCN_OPERAND_SCALAR, (uint8_t)form->data_count, (uint16_t)sdata, 0};
    if (form->base_count)
        *operand++ = (gcn_operand){GCN_OPERAND_SCALAR, (uint8_t)form->base_count, (uint16_t)(sbase * 2), 0};
    if (form->has_offset)
        *operand++ = soe ? (gcn_operand){GCN_OPERAND_SCALAR, 1, (uint16_t)p->fields.soffset, 0}
                     : (modifiers & GCN_MOD_IMM) ? (gcn_operand){GCN_OPERAND_IMMEDIATE, 1, 0, instruction->offset}
                     : literal ? (gcn_operand){GCN_OPERAND_LITERAL, 1, SMRD_LITERAL_CODE, instruction->literal}
                               : (gcn_operand){GCN_OPERAND_SCALAR, 1, (uint16_t)(instruction->offset & 0xffu), 0};
    instruction->operand_count = (uint8_t)(operand - instruction->operands);
    instruction->encoding = (uint8_t)(smrd ? GCN_ENCODING_SMRD : GCN_ENCODING_SMEM);
    instruction->word_count = (uint8_t)(smrd ? 1 + literal : 2);
    instruction->reserved[0] = instruction->reserved[1] = 0;
    return true;
}

static bool store(smem_parse *p)
{
    if (store_usual(p))
        return true;
    gcn_instruction *instruction = p->instruction;
    gcn_arch arch = p->arch;
    uint16_t modifiers = instruction->modifiers;
    uint32_t values[GCN_MAX_FIELDS] = {0}, words[GCN_MAX_WORDS] = {0};
    uint32_t reserved[2] = {(uint32_t)p->fields.reserved, (uint32_t)(p->fields.reserved >> 32)};
    gcn_encoding encoding = is_smrd(arch) ? GCN_ENCODING_SMRD : GCN_ENCODING_SMEM;
    if (encoding == GCN_ENCODING_SMRD) {
        values[GCN_FIELD(SMRD, op)] = instruction->opcode;
        values[GCN_FIELD(SMRD, sdst)] = p->fields.sdata;
        values[GCN_FIELD(SMRD, sbase)] = p->fields.sbase;
        values[GCN_FIELD(SMRD, offset)] = instruction->offset;
        values[GCN_FIELD(SMRD, imm)] = (modifiers & GCN_MOD_IMM) != 0;
        words[1] = instruction->literal;
    } else {
        values[GCN_FIELD(SMEM, op)] = instruction->opcode;
        values[GCN_FIELD(SMEM, sdata)] = p->fields.sdata;
        values[GCN_FIELD(SMEM, sbase)] = p->fields.sbase;
        values[GCN_FIELD(SMEM, offset)] = instruction->offset;
        values[GCN_FIELD(SMEM, soffset)] = p->fields.soffset;
        values[GCN_FIELD(SMEM, imm)] = (modifiers & GCN_MOD_IMM) != 0;
        values[GCN_FIELD(SMEM, glc)] = (modifiers & GCN_MOD_GLC) != 0;
        values[GCN_FIELD(SMEM, soe)] = (modifiers & GCN_MOD_SOE) != 0;
        values[GCN_FIELD(SMEM, nv)] = (modifiers & GCN_MOD_NV) != 0;
    }
    if (!gcn_pack(encoding, arch, values, reserved, words) ||
        gcn_decode_generic(arch, words, GCN_MAX_WORDS, instruction) != GCN_OK)
        return gcn_fail(p->cursor, p->cursor->pos, "the fields do not fit %s",
                        is_smrd(arch) ? "SMRD" : "SMEM");
    return true;
}

/* Operands and keys into the fields; GCN 1.1's literal word. */
static bool finish(smem_parse *p)
{
    gcn_cursor *cursor = p->cursor;
    gcn_instruction *instruction = p->instruction;
    if (p->suffix == 64 && p->arch == GCN_ARCH_GCN11 && p->kind == OFFSET_REGISTER)
        return gcn_fail(cursor, p->offset_at, "_e64 needs an immediate offset (the literal)");
    switch (p->kind) {
    case OFFSET_NONE:
        break;
    case OFFSET_MISSING:
        if (!set_immediate(p, 0))
            return false;
        break;
    case OFFSET_IMMEDIATE:
        if (!set_immediate(p, p->offset))
            return false;
        break;
    case OFFSET_LITERAL:
        instruction->modifiers |= GCN_MOD_LITERAL;
        instruction->literal = truncate(cursor, p->offset_at, p->offset, 32, false);
        instruction->offset = SMRD_LITERAL_CODE;
        break;
    case OFFSET_REGISTER:
        if (p->soe_given) {
            instruction->modifiers |= GCN_MOD_SOE | GCN_MOD_IMM;
            p->fields.soffset = (unsigned)p->offset;
            instruction->offset = truncate(cursor, p->soe_at, p->soe_offset, 21, false);
        } else {
            instruction->offset = (uint32_t)p->offset;
        }
        break;
    }
    if (p->arch == GCN_ARCH_GCN11) {
        bool literal = !(instruction->modifiers & GCN_MOD_IMM) && instruction->offset == SMRD_LITERAL_CODE;
        if (!literal && (p->keys_seen & (1u << KEY_LITERAL)))
            return gcn_fail(cursor, cursor->pos, "literal= needs offset=0xff without imm");
        if (literal)
            instruction->modifiers |= GCN_MOD_LITERAL;
        else
            instruction->modifiers &= (uint16_t)~GCN_MOD_LITERAL;
    }
    return store(p);
}

/* CLRX's encoding-size suffix (s_load_dword_e32), left on the mnemonic. */
static inline int size_suffix(const gcn_cursor *cursor, const gcn_row *row)
{
    const char *end = cursor->pos;
    size_t name = row ? row->name_length : 0;
    if ((size_t)(end - cursor->text) < name + 4 || end[-4] != '_' || (end[-3] != 'e' && end[-3] != 'E'))
        return 0;
    if (end[-2] == '3' && end[-1] == '2')
        return 32;
    if (end[-2] == '6' && end[-1] == '4')
        return 64;
    return 0;
}

/* Every statement the generic one-pass path leaves (the encodings' full
 * path: syntax/hooks.h). */
bool gcn_parse_memory_full(gcn_cursor *cursor, const gcn_row *row, gcn_instruction *instruction)
{
    smem_form form = form_of(row);
    smem_parse p;
    memset(&p, 0, sizeof p);
    p.cursor = cursor;
    p.form = &form;
    p.instruction = instruction;
    p.arch = (gcn_arch)instruction->arch;
    p.llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    p.suffix = size_suffix(cursor, row);
    if (p.suffix) {
        const char *at = cursor->pos - 4;
        /* llvm-mc takes _e32 on any instruction and ignores it. */
        if (p.llvm && p.suffix == 64)
            return gcn_fail(cursor, at, "llvm-mc has no e64 variant of %s", row ? row->name : "it");
        if (p.llvm)
            p.suffix = 0;
        else if (p.suffix == 32 && !is_smrd(p.arch))
            return gcn_fail(cursor, at, "SMEM on %s has no 32-bit form", gcn_arch_name(p.arch));
        if (p.suffix == 64 && p.arch == GCN_ARCH_GCN10)
            return gcn_fail(cursor, at, "SMRD on gcn1.0 has no 64-bit form");
    }
    instruction->word_count = is_smrd(p.arch) ? 1 : 2;
    /* CLRX's key form: the mnemonic, then flags and field keys only. */
    gcn_skip_space(cursor);
    bool keys_only = false;
    if (!p.llvm) {
        size_t length = gcn_peek_identifier(cursor);
        keys_only = at_key(cursor) || word_is(cursor->pos, length, "glc") ||
                    word_is(cursor->pos, length, "nv");
    }
    if (!keys_only && !parse_operands(&p))
        return false;
    if (!parse_trailing(&p, row))
        return false;
    return finish(&p);
}
