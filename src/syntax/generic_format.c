/* The generic printer: a row's operands by its profile, in either dialect. */
#include "syntax/generic_write.h"

const gcn_padded_name gcn_padded_names[GCN_ROW_COUNT] = {
#define GCN_ROW_ENTRY(family, name, ...) {#name, sizeof #name - 1},
#include "isa/rows.inc"
#undef GCN_ROW_ENTRY
};

/* write_mnemonic appending to text (also near its end); for no row, CLRX's
 * name for an opcode the generation lacks: SOPP_ill_3. */
static inline __attribute__((always_inline)) void put_mnemonic(gcn_text *text, gcn_dialect dialect,
                                                               const gcn_instruction *instruction,
                                                               const gcn_row *row, bool operands)
{
    size_t start = text->length;
    if (!row) {
        gcn_put(text, gcn_encodings[instruction->encoding].name);
        gcn_put(text, "_ill_");
        gcn_put_unsigned(text, instruction->opcode);
    } else if (start + sizeof gcn_padded_names[0] + 16 < text->size) {
        text->length = (size_t)(write_mnemonic(text->data + start, (unsigned)(row - gcn_rows), dialect, operands) -
                                text->data);
        return;
    } else {
        gcn_put_length(text, row->name, row->name_length);
    }
    if (operands)
        gcn_put_pad(text, start, dialect == GCN_DIALECT_CLRX ? 16 : 1);
}

#include "isa/generation_sets.h"

/* The dialects' names (tables beside the rows). */
const gcn_scalar_name gcn_scalar_names[] = {
#define SCALAR_NAME(...) {__VA_ARGS__},
#include "isa/scalar_names.def"
#undef SCALAR_NAME
};
const size_t gcn_scalar_name_count = sizeof gcn_scalar_names / sizeof gcn_scalar_names[0];

const char *gcn_clrx_field_key(gcn_encoding encoding, unsigned field)
{
    if (encoding == GCN_ENCODING_SOP1 && field == GCN_FIELD(SOP1, ssrc0))
        return "ssrc";
    if (encoding == GCN_ENCODING_FLAT && field == GCN_FIELD(FLAT, data))
        return "vdata";
    for (unsigned l = 0; gcn_field_layouts[l].encoding != GCN_ENCODING_NONE; l++)
        if (gcn_field_layouts[l].encoding == encoding && gcn_field_layouts[l].index == field)
            return gcn_field_layouts[l].name;
    return NULL;
}

/* A scalar register operand of dwords; false where the dialect has no
 * name for it. */
static bool put_scalar(gcn_text *text, gcn_arch arch, gcn_dialect dialect, unsigned code,
                       unsigned count, unsigned dwords)
{
    bool llvm = dialect == GCN_DIALECT_LLVM;
    unsigned align = gcn_scalar_alignment(count);
    for (size_t i = 0; i < gcn_scalar_name_count; i++) {
        const gcn_scalar_name *name = &gcn_scalar_names[i];
        unsigned known = name->clrx_generations | name->llvm_prints | name->llvm_reads;
        if (name->code != code || name->count != count || !((known >> arch) & 1u))
            continue;
        if (((llvm ? name->llvm_prints : name->clrx_generations) >> arch) & 1u) {
            if (llvm && code == GCN_CODE_LDS_DIRECT && dwords != 1)
                return false;
            gcn_put(text, llvm ? name->llvm : name->clrx);
            return true;
        }
        if (llvm)
            return false;
        break; /* CLRX: ill_N below */
    }
    /* llvm-mc reads a misaligned SGPR or ttmp tuple as the aligned one
     * below it (with a warning); any other misaligned tuple it refuses. */
    if (llvm && code % align) {
        unsigned aligned = code - code % align, base = gcn_ttmp_base(arch);
        bool sgprs = aligned + count <= gcn_sgpr_count(arch);
        bool ttmps = aligned >= base && aligned + count <= base + gcn_ttmp_count(arch);
        if (!sgprs && !ttmps)
            return false;
        code = aligned;
    }
    if (gcn_format_scalar(text, arch, dialect, code, count))
        return true;
    if (dialect == GCN_DIALECT_LLVM)
        return false;
    gcn_put(text, "ill_"); /* as clrxdisasm prints a code with no name */
    gcn_put_unsigned(text, code);
    return true;
}

/* A literal of dwords (0: an IMM32 field) at a raw pointer with 32 bytes:
 * llvm-mc prints a value an inline constant has as that constant (the
 * values it reads back as one: gcn_inline_code); CLRX writes lit(N) for
 * those integers, so that they stay literals, and an IMM32 field in hex. */
static inline __attribute__((always_inline)) char *write_literal(char *at, gcn_arch arch, bool llvm,
                                                                 uint32_t value, unsigned dwords)
{
    int64_t as_integer = dwords == 2 ? (int64_t)value : (int64_t)(int32_t)value;
    if (as_integer >= -16 && as_integer <= 64 && (llvm || dwords)) {
        at = llvm ? at : gcn_write_length(at, "lit(", 4);
        *at = '-';
        at = gcn_write_small_unsigned(at + (as_integer < 0), (unsigned)(as_integer < 0 ? -as_integer : as_integer));
        return llvm ? at : gcn_write_length(at, ")", 1);
    }
    unsigned code = llvm && dwords == 1 ? gcn_inline_code(arch, GCN_DIALECT_LLVM, as_integer, false) : 0;
    const char *text = code ? gcn_inline_float_texts[code - GCN_CODE_HALF] : NULL; /* an inline float's bits */
    return text ? gcn_write_length(at, text, strlen(text)) : gcn_write_hex(at, value);
}

static bool put_operand(gcn_text *text, const gcn_instruction *instruction, gcn_dialect dialect,
                        uint64_t address, const gcn_operand_profile *profile,
                        const gcn_operand *operand)
{
    gcn_arch arch = (gcn_arch)instruction->arch;
    /* registers but scalar sources (put_scalar's below) as the fast path
     * writes them: every text they have but CLRX's tuple past v255 */
    if (gcn_encoding_hooks[instruction->encoding].write_operand || operand->kind == GCN_OPERAND_VECTOR ||
        operand->kind == GCN_OPERAND_OFF || profile->width == GCN_WIDTH_FLAT_SADDR ||
        profile->syntax == GCN_SYNTAX_SOFFSET || profile->syntax == GCN_SYNTAX_SRSRC) {
        char spare[GCN_OPERAND_ROOM];
        char *end = write_register_operand(spare, arch, instruction, dialect, (gcn_encoding)instruction->encoding,
                                           profile, operand);
        if (!end && dialect == GCN_DIALECT_CLRX && operand->kind == GCN_OPERAND_VECTOR) /* as clrxdisasm: v[255:0] */
            end = gcn_write_range(spare, "v\0\0", 1, operand->number, (operand->number + operand->count - 1) & 255,
                                  true);
        if (end)
            gcn_put_length(text, spare, (size_t)(end - spare));
        return end != NULL;
    }
    switch (operand->kind) {
    case GCN_OPERAND_SCALAR:
        /* llvm-mc's assembler takes no 32-bit source (vccz) for a 64-bit
         * register, which its disassembler prints from GCN 1.2 on */
        if (dialect == GCN_DIALECT_LLVM && profile->syntax == GCN_SYNTAX_SSRC_REGISTER &&
            profile->dwords == 2 && operand->number >= 128 && arch < GCN_ARCH_GCN12)
            return false;
        return put_scalar(text, arch, dialect, operand->number, operand->count, profile->dwords);
    case GCN_OPERAND_CONSTANT:
        if (dialect == GCN_DIALECT_LLVM && profile->syntax == GCN_SYNTAX_SSRC_REGISTER)
            return false; /* llvm-mc: an invalid immediate */
        if (operand->number == 248 && profile->dwords == 2 && dialect == GCN_DIALECT_LLVM) {
            gcn_put(text, "0.15915494309189532"); /* llvm-mc prints the double */
            return true;
        }
        return gcn_format_scalar(text, arch, dialect, operand->number, 1);
    case GCN_OPERAND_LITERAL: {
        if (dialect == GCN_DIALECT_LLVM && (profile->syntax == GCN_SYNTAX_SSRC_REGISTER ||
                                            profile->syntax == GCN_SYNTAX_SSRC_INLINE))
            return false; /* llvm-mc's assembler takes no literal there */
        char spare[32]; /* (llvm-mc's immediate: an integer, no float) */
        char *end = write_literal(spare, arch, dialect == GCN_DIALECT_LLVM, operand->value,
                                  profile->syntax == GCN_SYNTAX_IMM32 ? 0 : profile->dwords);
        gcn_put_length(text, spare, (size_t)(end - spare));
        return true;
    }
    case GCN_OPERAND_BRANCH:
    case GCN_OPERAND_IMMEDIATE:
        switch (profile->syntax) {
        case GCN_SYNTAX_BRANCH:
        case GCN_SYNTAX_UNUSED16: /* not 0 here */
        case GCN_SYNTAX_IMM16:
        case GCN_SYNTAX_OPTIONAL16: {
            char spare[32];
            char *end = write_immediate(spare, profile->syntax, dialect == GCN_DIALECT_LLVM, address, operand->value);
            if (end)
                gcn_put_length(text, spare, (size_t)(end - spare));
            return end != NULL;
        }
        default:
            if (gcn_operand_hooks[profile->syntax].format)
                gcn_operand_hooks[profile->syntax].format(text, arch, dialect, operand->value);
            else
                gcn_put_hex(text, operand->value);
            return true;
        }
    default:
        return false;
    }
}

/* CLRX shows a field the row does not use as key=value (sdst=0x15), and,
 * where the row has no operand, the reserved bits it does not keep silent
 * as reserved=0x... */
static void put_hidden_fields(gcn_text *text, const gcn_instruction *instruction,
                              gcn_encoding encoding, unsigned operand_count)
{
    gcn_arch arch = (gcn_arch)instruction->arch;
    uint32_t values[GCN_MAX_FIELDS], reserved[2];
    gcn_unpack(encoding, arch, instruction->reserved, values, reserved);
    for (unsigned field = 0; field < GCN_MAX_FIELDS; field++) {
        const gcn_field_place *place = &gcn_field_places[encoding][arch][field];
        uint64_t bits = (uint64_t)place->mask << (place->first + 32 * place->word);
        if (!values[field] || !(bits & ~gcn_clrx_silent_reserved[encoding][arch]))
            continue;
        gcn_put_char(text, ' ');
        gcn_put(text, gcn_clrx_field_key(encoding, field));
        gcn_put_char(text, '=');
        gcn_put_hex(text, values[field]);
    }
    uint64_t shown = ((uint64_t)reserved[1] << 32 | reserved[0]) & ~gcn_clrx_silent_reserved[encoding][arch];
    if (shown && operand_count == 0) {
        gcn_put(text, " reserved=");
        gcn_put_hex(text, shown);
    }
}

/* What follows the operands of an encoding with modifiers: those not
 * hidden, and in CLRX the fields and bits the row does not show; what
 * follows no operand starts at column 16 in CLRX (buffer_wbinvl1 glc).
 * Out of line, so that the scalar ALU's printer keeps a small frame. */
static __attribute__((noinline)) void put_modifiers(gcn_text *text, const gcn_instruction *instruction,
                                                    gcn_dialect dialect, const gcn_profile *profile,
                                                    unsigned shape, unsigned hide, size_t start)
{
    gcn_encoding encoding = (gcn_encoding)profile->encoding;
    char spare[2 * GCN_TEXT_ROOM];
    char *end = gcn_write_modifiers_valued(spare, instruction, gcn_modifier_order_of(encoding, shape, dialect),
                                           hide, gcn_offset_text(instruction, profile, dialect));
    gcn_text tail = {spare, sizeof spare, (size_t)(end - spare)};
    if (dialect == GCN_DIALECT_CLRX && (instruction->reserved[0] | instruction->reserved[1]))
        put_hidden_fields(&tail, instruction, encoding, profile->operand_count);
    if (tail.length && dialect == GCN_DIALECT_CLRX && profile->operand_count == 0)
        gcn_put_pad(text, start, 15);
    gcn_put_length(text, spare, tail.length);
}

bool gcn_format_generic(const gcn_instruction *instruction, gcn_dialect dialect, uint64_t address,
                        gcn_text *text)
{
    gcn_encoding encoding = (gcn_encoding)instruction->encoding;
    const gcn_encoding_hook *hook = &gcn_encoding_hooks[encoding < GCN_ENCODING_COUNT ? encoding : 0];
    gcn_instruction aliased;
    if (dialect == GCN_DIALECT_CLRX && instruction->row == GCN_ROW_NONE && hook->clrx_alias &&
        hook->clrx_alias(instruction, &aliased))
        instruction = &aliased;
    const gcn_profile *profile = gcn_profile_of(instruction);
    /* (an SMRD instruction's row names its SMEM profile: the same operands) */
    if (instruction->operand_count != profile->operand_count ||
        (encoding != profile->encoding &&
         !(encoding == GCN_ENCODING_SMRD && profile->encoding == GCN_ENCODING_SMEM)))
        return false;
    /* SOPP's unused field and s_endpgm's: left out when 0 */
    unsigned count = profile->operand_count;
    if (count == 1 && instruction->operands[0].value == 0 &&
        (profile->operands[0].syntax == GCN_SYNTAX_UNUSED16 ||
         profile->operands[0].syntax == GCN_SYNTAX_OPTIONAL16))
        count = 0;
    const gcn_row *row = instruction->row == GCN_ROW_NONE ? NULL : &gcn_rows[instruction->row];
    bool modifiers = gcn_modifier_orders[encoding][GCN_DIALECT_CLRX].count != 0;
    unsigned hide = 0;
    if (dialect == GCN_DIALECT_LLVM) {
        if (!row || (row->flags & GCN_ROW_LLVM_ABSENT)) {
            /* llvm-mc prints another generation's row for an opcode the
             * generation lacks (with no operand), where it has one */
            const gcn_row *alias = row || !modifiers ? NULL : gcn_llvm_alias_row(instruction);
            if (!alias || (hook->llvm_hidden && hook->llvm_hidden(instruction, alias) == GCN_NO_LLVM_TEXT))
                return false;
            put_mnemonic(text, GCN_DIALECT_LLVM, instruction, alias, false);
            return true;
        }
        if (modifiers && hook->llvm_hidden && (hide = hook->llvm_hidden(instruction, row)) == GCN_NO_LLVM_TEXT)
            return false;
    }
    size_t start = text->length;
    put_mnemonic(text, dialect, instruction, row, count != 0);
    size_t operands_at = text->length;
    for (unsigned i = 0; i < count; i++) {
        if (dialect == GCN_DIALECT_LLVM && llvm_leaves_out(&profile->operands[i], row, instruction->modifiers))
            continue;
        if (text->length != operands_at)
            gcn_put(text, ", ");
        if (put_operand(text, instruction, dialect, address, &profile->operands[i], &instruction->operands[i]))
            continue;
        if (dialect == GCN_DIALECT_LLVM || !hook->put_clrx_tail)
            return false;
        /* CLRX's key form (SMRD/SMEM's, where an operand has no register
         * name): the bare mnemonic, then every field as key=value */
        text->length = start;
        put_mnemonic(text, GCN_DIALECT_CLRX, instruction, row, false);
        hook->put_clrx_tail(text, instruction, profile, true);
        return true;
    }
    if (dialect == GCN_DIALECT_CLRX && hook->put_clrx_tail)
        hook->put_clrx_tail(text, instruction, profile, false);
    else if (modifiers)
        put_modifiers(text, instruction, dialect, profile, row ? row->shape : gcn_default_shape[instruction->family],
                      hide, start);
    else if (dialect == GCN_DIALECT_CLRX && (instruction->reserved[0] | instruction->reserved[1]))
        put_hidden_fields(text, instruction, encoding, profile->operand_count);
    return true;
}

char *gcn_write_other_source(char *at, const gcn_instruction *instruction, gcn_dialect dialect,
                             const gcn_operand_profile *profile, const gcn_operand *operand)
{
    gcn_text text = {at, GCN_OPERAND_ROOM, 0}; /* (for a vector or off, put_operand would call back) */
    if (operand->kind == GCN_OPERAND_VECTOR || operand->kind == GCN_OPERAND_OFF ||
        !put_operand(&text, instruction, dialect, 0, profile, operand))
        return NULL;
    return at + text.length;
}

/* write_profile by the row's layout read at run time (the listing's line
 * knows it as a constant: dis/line.c), for the tests and the rarer paths. */
static inline __attribute__((always_inline)) char *
write_generic(const gcn_instruction *instruction, gcn_dialect dialect, uint64_t address, char *at)
{
    unsigned index = instruction->row;
    if (index >= GCN_ROW_COUNT)
        return NULL;
    unsigned layout = gcn_row_layouts[index];
    return write_profile((gcn_arch)instruction->arch, instruction, dialect, address, at, index, &gcn_profiles[layout],
                         layout);
}

char *gcn_write_clrx(const gcn_instruction *instruction, uint64_t address, char *at)
{
    return write_generic(instruction, GCN_DIALECT_CLRX, address, at);
}

char *gcn_write_llvm_generic(const gcn_instruction *instruction, char *at)
{
    char *end = write_generic(instruction, GCN_DIALECT_LLVM, 0, at);
    if (end)
        return end;
    gcn_text text = {at, GCN_TEXT_ROOM, 0};
    if (!gcn_format_generic(instruction, GCN_DIALECT_LLVM, 0, &text) || text.length >= GCN_TEXT_ROOM)
        return NULL;
    return at + text.length;
}
