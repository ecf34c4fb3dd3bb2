/* The generic parser: a row's operands by its profile, in either dialect
 * (the names it accepts come from the printer's tables), then CLRX's
 * key=value forms for the fields the row does not show. */
#include "syntax/generic.h"
#include "syntax/hooks.h"
#include "syntax/modifier.h"
#include "syntax/parse.h"

#include "codec/codec.h"

typedef struct parsed {
    bool literal;
    uint32_t literal_value;
    bool force_literal; /* CLRX's _e64 suffix: constants as literals */
    unsigned alias_depth; /* register symbols naming register symbols */
} parsed;

static bool parse_source(gcn_cursor *cursor, unsigned count, bool registers_only, parsed *state,
                         gcn_operand *out);

/* A name like s123x or ttmp1y is a symbol, not a register. */
static bool register_like_symbol(const char *p, size_t length)
{
    size_t prefix = length > 4 && gcn_word_is(p, 4, "ttmp") ? 4
                    : length > 1 && (gcn_lower(*p) == 's' || gcn_lower(*p) == 'v') ? 1 : 0;
    if (!prefix || p[prefix] < '0' || p[prefix] > '9')
        return false;
    while (prefix < length && p[prefix] >= '0' && p[prefix] <= '9')
        prefix++;
    return prefix < length;
}

/* sN, s[...], vN, v[...] at p: register syntax, which a symbol of the same
 * name does not shadow (CLRX: b = %s[57:67] with a symbol s). */
static bool register_syntax(const char *p, size_t length, const char *end)
{
    char next = p + 1 < end ? p[1] : '\0';
    return length && (gcn_lower(*p) == 's' || gcn_lower(*p) == 'v') &&
           (next == '[' || (length > 1 && next >= '0' && next <= '9' && !register_like_symbol(p, length)));
}

/* CLRX's subscript of a register tuple or register symbol: vcc[0],
 * flat_scratch[0:1], x[4:5] (registers of the tuple, from 0). */
static bool parse_subscript(gcn_cursor *cursor, gcn_operand *out)
{
    const char *start = cursor->pos;
    if (cursor->options->dialect != GCN_DIALECT_CLRX || start >= cursor->end || *start != '[')
        return true;
    cursor->pos++;
    int64_t first, last;
    if (!gcn_parse_expression(cursor, &first))
        return false;
    last = first;
    if (gcn_accept(cursor, ':') && !gcn_parse_expression(cursor, &last))
        return false;
    if (!gcn_accept(cursor, ']'))
        return gcn_fail(cursor, cursor->pos, "expected ']' to close the subscript");
    if (first < 0 || last < first ||
        (out->kind == GCN_OPERAND_SCALAR ? last >= out->count : first != 0 || last > 1))
        return gcn_fail(cursor, start, "subscript [%lld:%lld] outside the %u register%s",
                        (long long)first, (long long)last, out->count, out->count == 1 ? "" : "s");
    out->number = (uint16_t)(out->number + first);
    out->count = (uint8_t)(last - first + 1);
    return true;
}

/* A CLRX register symbol (x = %s26, y = %1, z = %0.5) read as a source
 * from its text; an error in the text is reported at the name. */
static int parse_alias_source(gcn_cursor *cursor, size_t length, unsigned count, bool registers_only,
                              parsed *state, gcn_operand *out)
{
    const gcn_parse_options *options = cursor->options;
    size_t text_length = 0;
    const char *text = options->register_alias
                           ? options->register_alias(options->register_context, cursor->pos,
                                                     length, &text_length)
                           : NULL;
    if (!text)
        return -1;
    if (state->alias_depth >= 8)
        return gcn_fail(cursor, cursor->pos, "register symbols nested too deep");
    gcn_parse_error error = {0};
    /* A register text reads as registers; a name in it may be another symbol. */
    gcn_parse_options plain = *options;
    gcn_cursor inner = {text, text, text + text_length, &plain, &error, false};
    if (register_syntax(text, gcn_peek_identifier_here(&inner), inner.end))
        plain.register_alias = NULL;
    const char *start = cursor->pos;
    /* any width: the subscript after the name picks the registers */
    state->alias_depth++;
    bool inner_ok = parse_source(&inner, 0, registers_only, state, out) && gcn_at_end(&inner);
    state->alias_depth--;
    if (!inner_ok)
        return gcn_fail(cursor, start, "register symbol '%.*s' (%.*s): %s", (int)length, start,
                        (int)text_length, text, inner.failed ? error.message : "not an operand");
    cursor->pos = start + length;
    if (!parse_subscript(cursor, out))
        return 0;
    if (count && out->kind == GCN_OPERAND_SCALAR && out->count != count)
        return gcn_fail(cursor, start, "expected %u scalar register%s, found %u", count,
                        count == 1 ? "" : "s", out->count);
    if (out->kind == GCN_OPERAND_SCALAR && out->number % gcn_scalar_alignment(out->count) &&
        out->number + out->count <= gcn_sgpr_count(options->arch))
        return gcn_fail_misaligned(cursor, start, out->count);
    if (out->kind != GCN_OPERAND_SCALAR)
        out->count = 1;
    return 1;
}

/* The usual sN, s[A:B], ttmpN of the right width and alignment, in one
 * pass (no register symbols in play): true, or false touching nothing. */
static inline bool read_plain_register(gcn_cursor *cursor, unsigned count, gcn_operand *out)
{
    gcn_scalar scalar;
    const char *end;
    if (cursor->options->register_alias ||
        !(end = gcn_read_scalar_registers(cursor->pos, cursor->end, cursor->options->arch, &scalar)) ||
        scalar.count != count || (end < cursor->end && *end == '[') ||
        scalar.code % gcn_scalar_alignment(count))
        return false;
    cursor->pos = end;
    *out = (gcn_operand){GCN_OPERAND_SCALAR, (uint8_t)count, (uint16_t)scalar.code, 0};
    return true;
}

/* A scalar register of count registers; llvm-mc wants SGPR tuples aligned. */
static bool parse_register(gcn_cursor *cursor, unsigned count, gcn_operand *out)
{
    const char *start = cursor->pos;
    gcn_arch arch = cursor->options->arch;
    size_t length = gcn_peek_identifier_here(cursor);
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    for (size_t i = 0; length && i < gcn_scalar_name_count; i++) {
        const gcn_scalar_name *name = &gcn_scalar_names[i];
        const char *spelled = llvm ? name->llvm : name->clrx;
        unsigned known = name->clrx_generations | name->llvm_prints | name->llvm_reads;
        if (!spelled || !gcn_word_is(start, length, spelled) || !((known >> arch) & 1u))
            continue;
        unsigned reads = llvm ? name->llvm_reads | name->llvm_prints : name->clrx_generations;
        if (!((reads >> arch) & 1u) ||
            (llvm && name->code == GCN_CODE_LDS_DIRECT && count != 1))
            return gcn_fail(cursor, start, "%s is not a scalar operand here on %s", spelled,
                            gcn_arch_name(arch));
        if (name->count != count && name->code < 128)
            continue; /* xnack_mask_lo where two are wanted: the message below */
        cursor->pos = start + length;
        *out = (gcn_operand){GCN_OPERAND_SCALAR, name->count, name->code, 0};
        return true;
    }
    if (!llvm && length > 4 && gcn_word_is(start, 4, "ill_")) {
        unsigned code = 0;
        const char *end = gcn_read_register_number(start + 4, cursor->end, 256, &code);
        if (end == start + length) {
            cursor->pos = end;
            *out = (gcn_operand){GCN_OPERAND_SCALAR, (uint8_t)count, (uint16_t)code, 0};
            return true;
        }
    }
    gcn_scalar scalar;
    if (!gcn_parse_scalar(cursor, 0, &scalar))
        return false;
    *out = (gcn_operand){GCN_OPERAND_SCALAR, (uint8_t)scalar.count, (uint16_t)scalar.code, 0};
    if (!parse_subscript(cursor, out))
        return false;
    if (out->count != count && count != 0)
        return gcn_fail(cursor, start, "expected %u scalar register%s, found %u", count,
                        count == 1 ? "" : "s", out->count);
    /* Both dialects want SGPR tuples aligned; llvm-mc any tuple. */
    bool sgprs = out->number + out->count <= gcn_sgpr_count(arch);
    if (count && (llvm || sgprs) && out->number < 128 && out->number % gcn_scalar_alignment(out->count))
        return gcn_fail_misaligned(cursor, start, out->count);
    return true;
}

static bool take_literal(gcn_cursor *cursor, const char *start, parsed *state, int64_t value,
                         gcn_operand *out)
{
    if (value < -2147483648LL || value > 0xffffffffLL) {
        if (cursor->options->dialect == GCN_DIALECT_LLVM)
            return gcn_fail(cursor, start, "literal %lld does not fit in 32 bits", (long long)value);
        /* CLRX keeps the low 32 bits, with a warning. */
        gcn_warn(cursor, start, "value 0x%llx truncated to 0x%x", (unsigned long long)value,
                 (unsigned)(uint32_t)value);
    }
    uint32_t bits = (uint32_t)value;
    if (state->literal && state->literal_value != bits)
        return gcn_fail(cursor, start, "only one literal constant fits an instruction");
    state->literal = true;
    state->literal_value = bits;
    *out = (gcn_operand){GCN_OPERAND_LITERAL, 1, GCN_SCALAR_LITERAL, bits};
    return true;
}

/* An inline constant or (above 248) a condition source by its code. */
static bool take_constant(gcn_cursor *cursor, const char *start, unsigned code, gcn_operand *out)
{
    if (code == 248 && cursor->options->arch < GCN_ARCH_GCN12)
        return gcn_fail(cursor, start, "1/(2*pi) is an inline constant from GCN 1.2 on");
    *out = (gcn_operand){code > 248 ? GCN_OPERAND_SCALAR : GCN_OPERAND_CONSTANT, 1, (uint16_t)code, 0};
    return true;
}

/* A scalar source: a register, an inline constant, or a literal (CLRX:
 * lit(N) keeps an inline value a literal); registers only if llvm-mc
 * takes only those. */
static bool parse_source(gcn_cursor *cursor, unsigned count, bool registers_only, parsed *state,
                         gcn_operand *out)
{
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    const gcn_parse_options *options = cursor->options;
    size_t length = gcn_peek_identifier_here(cursor);
    if (length && !register_syntax(start, length, cursor->end)) {
        int alias = parse_alias_source(cursor, length, count, registers_only, state, out);
        if (alias >= 0)
            return alias == 1;
    }
    if (registers_only && options->dialect == GCN_DIALECT_LLVM) {
        if (!parse_source(cursor, count, false, state, out))
            return false;
        if (out->kind == GCN_OPERAND_SCALAR &&
            (count == 1 || out->number < 128 || options->arch >= GCN_ARCH_GCN12))
            return true; /* what llvm-mc prints from GCN 1.2 on reads back */
        return gcn_fail(cursor, start, "llvm-mc takes only a %s register here",
                        count == 1 ? "scalar" : "64-bit scalar");
    }
    /* llvm-mc prints 1/(2*pi) as a double for a 64-bit operand. */
    if (options->dialect == GCN_DIALECT_LLVM && count == 2 && gcn_accept_word_here(cursor, "0.15915494309189532"))
        return take_constant(cursor, start, 248, out);
    int64_t value;
    if (options->dialect == GCN_DIALECT_CLRX && length == 3 && gcn_word_is(start, 3, "lit") &&
        gcn_followed_by(cursor, 3, '(')) {
        cursor->pos += 3;
        gcn_accept(cursor, '(');
        uint32_t bits;
        gcn_skip_space(cursor);
        if (gcn_parse_float_text(cursor, &bits))
            value = bits;
        else if (!gcn_parse_expression(cursor, &value))
            return false;
        if (!gcn_accept(cursor, ')'))
            return gcn_fail(cursor, cursor->pos, "expected ')' to close lit(");
        return take_literal(cursor, start, state, value, out);
    }
    if (length && !register_like_symbol(start, length) &&
        (gcn_at_register(cursor) || (length > 4 && gcn_word_is(start, 4, "ill_"))))
        return parse_register(cursor, count, out);
    /* CLRX: a float is an inline constant if it is one, else a literal */
    uint32_t float_bits;
    if (options->dialect == GCN_DIALECT_CLRX && count <= 1 && gcn_parse_float_text(cursor, &float_bits)) {
        for (unsigned i = 0; i < 9 && !state->force_literal; i++)
            if (float_bits == gcn_inline_float_bits[i] && (i < 8 || options->arch >= GCN_ARCH_GCN12))
                return take_constant(cursor, start, 240 + i, out);
        return take_literal(cursor, start, state, float_bits, out);
    }
    for (size_t i = 0; length && i < gcn_scalar_name_count; i++) {
        const char *spelled = options->dialect == GCN_DIALECT_LLVM ? gcn_scalar_names[i].llvm
                                                                   : gcn_scalar_names[i].clrx;
        if (spelled && gcn_word_is(start, length, spelled))
            return parse_register(cursor, count, out);
    }
    if (gcn_parse_reference(cursor, count, &value) || cursor->failed) /* sym@rel32@lo+4 in an object */
        return !cursor->failed && take_literal(cursor, start, state, value, out);
    /* Condition sources, inline floats, and symbols or numbers that are
     * inline constants (gcn_inline_code); anything else a literal. */
    gcn_parse_error quiet;
    gcn_cursor probe = *cursor;
    probe.error = &quiet;
    gcn_scalar scalar;
    if (gcn_parse_scalar(&probe, count == 2 ? 2 : 1, &scalar) && scalar.constant &&
        (!state->force_literal || scalar.code > 248)) {
        cursor->pos = probe.pos;
        return take_constant(cursor, start, scalar.code, out);
    }
    if (!gcn_parse_expression(cursor, &value)) /* (a symbol that reads as a register: s123x) */
        return false;
    unsigned code = gcn_inline_code(options->arch, options->dialect, value, count == 2);
    return code && !state->force_literal ? take_constant(cursor, start, code, out)
                                         : take_literal(cursor, start, state, value, out);
}

/* Whether an operand is an immediate field's text: SOPP's and SOPK's 16-bit
 * immediates, or a special's. */
static inline bool immediate_syntax(gcn_operand_syntax syntax)
{
    return syntax == GCN_SYNTAX_IMM16 || syntax == GCN_SYNTAX_UNUSED16 || syntax == GCN_SYNTAX_OPTIONAL16 ||
           syntax == GCN_SYNTAX_SIMM16 || syntax == GCN_SYNTAX_UIMM16 || gcn_operand_hooks[syntax].parse;
}

static inline __attribute__((always_inline)) bool parse_immediate(gcn_cursor *cursor, gcn_operand_syntax syntax, uint32_t *value)
{
    if (syntax == GCN_SYNTAX_IMM16 || syntax == GCN_SYNTAX_SIMM16)
        return gcn_parse_imm16(cursor, false, value);
    if (syntax == GCN_SYNTAX_UNUSED16 || syntax == GCN_SYNTAX_OPTIONAL16 || syntax == GCN_SYNTAX_UIMM16)
        return gcn_parse_imm16(cursor, true, value);
    return gcn_operand_hooks[syntax].parse(cursor, value);
}

static bool parse_operand(gcn_cursor *cursor, const gcn_operand_profile *profile, parsed *state,
                          gcn_operand *out)
{
    gcn_skip_space(cursor);
    const char *start = cursor->pos;
    gcn_arch arch = cursor->options->arch;
    int64_t value;
    bool registers_only = profile->syntax == GCN_SYNTAX_SSRC_REGISTER;
    switch ((gcn_operand_syntax)profile->syntax) {
    case GCN_SYNTAX_SREG: /* a register (sdst, sN), or a source */
    case GCN_SYNTAX_SSRC:
    case GCN_SYNTAX_SSRC_REGISTER:
    case GCN_SYNTAX_SSRC_INLINE:
        if (!(profile->dwords && read_plain_register(cursor, profile->dwords, out)) &&
            !(profile->syntax == GCN_SYNTAX_SREG ? parse_register(cursor, profile->dwords, out)
                                                  : parse_source(cursor, profile->dwords, registers_only, state, out)))
            return false;
        if (profile->syntax == GCN_SYNTAX_SSRC_INLINE && out->kind == GCN_OPERAND_LITERAL &&
            cursor->options->dialect == GCN_DIALECT_LLVM)
            return gcn_fail(cursor, start, "llvm-mc takes no literal constant here");
        /* The llvm dialect reads back what llvm-mc prints but refuses to
         * assemble past the SGPRs it always takes (xnack_mask on GCN 1.2, null,
         * src_lds_direct..., and anything but SGPRs where a 64-bit operand takes
         * registers only: s_setpc_b64 src_vccz): with a warning that names
         * llvm-mc's message. */
        if (out->kind == GCN_OPERAND_SCALAR && cursor->options->dialect == GCN_DIALECT_LLVM &&
            arch >= GCN_ARCH_GCN12 && out->number + out->count > 102) {
            const char *message = gcn_llvm_refused_scalar(arch, out->number, out->count, false);
            if (registers_only && profile->dwords == 2 && out->number >= 128)
                message = "invalid operand for instruction";
            if (message)
                gcn_warn(cursor, start, "llvm-mc prints '%.*s' but does not assemble it (%s)",
                         (int)(cursor->pos - start), start, message);
        }
        return true;
    case GCN_SYNTAX_IMM32: {
        /* llvm-mc 14 takes a float here as a double's low half (1.0 is 0): README */
        gcn_cursor probe = *cursor;
        uint32_t bits;
        if (cursor->options->dialect == GCN_DIALECT_LLVM && gcn_parse_float_text(&probe, &bits))
            return gcn_fail(cursor, start, "a float is no 32-bit immediate here: write its bits (0x%08x)", bits);
        if (!gcn_parse_expression(cursor, &value))
            return false;
        return take_literal(cursor, start, state, value, out);
    }
    default: /* (VGPR, SRSRC, SOFFSET and SMRD/SMEM's are generic_modifiers.c's) */
        if (!immediate_syntax((gcn_operand_syntax)profile->syntax))
            return gcn_fail(cursor, start, "unexpected operand");
        *out = (gcn_operand){profile->syntax == GCN_SYNTAX_BRANCH ? GCN_OPERAND_BRANCH : GCN_OPERAND_IMMEDIATE, 1, 0, 0};
        if (!parse_immediate(cursor, (gcn_operand_syntax)profile->syntax, &out->value))
            return false;
        if (out->value > 255 && profile->field == GCN_FIELD(SOPC, ssrc1)) /* s_set_gpr_idx_on's mode */
            return gcn_fail(cursor, start, "gpr_idx mode %u does not fit in 8 bits", out->value);
        return true;
    }
}

/* Every profile's operands, then CLRX's key=value forms. */
static __attribute__((noinline)) bool parse_operands(gcn_cursor *cursor, const gcn_profile *profile,
                                                     gcn_instruction *instruction)
{
    gcn_encoding encoding = (gcn_encoding)profile->encoding;
    instruction->encoding = (uint8_t)encoding;
    parsed state = {false, 0, cursor->options->dialect == GCN_DIALECT_CLRX && gcn_size_suffix(cursor) == 64, 0};
    uint32_t shown = 1u << gcn_encoding_opcode_field[encoding];
    for (unsigned i = 0; i < profile->operand_count; i++) {
        if (i && !gcn_accept(cursor, ','))
            return gcn_fail(cursor, cursor->pos, "expected ',' and %u more operand%s",
                            profile->operand_count - i, profile->operand_count - i == 1 ? "" : "s");
        if (i == 0 && gcn_at_end(cursor))
            return gcn_fail(cursor, cursor->pos, "expected %u operand%s", profile->operand_count,
                            profile->operand_count == 1 ? "" : "s");
        if (!parse_operand(cursor, &profile->operands[i], &state, &instruction->operands[i]))
            return false;
        if (profile->operands[i].field != GCN_FIELD_LITERAL)
            shown |= 1u << profile->operands[i].field;
    }
    instruction->operand_count = profile->operand_count;
    instruction->literal = state.literal_value;
    instruction->word_count = (uint8_t)(gcn_encodings[encoding].words + state.literal);
    return cursor->pos >= cursor->end || gcn_parse_hidden_fields(cursor, encoding, shown, instruction);
}

/* A profile's operands: the one operand of a profile that is an
 * immediate field (SOPP's) read straight, in a small frame; the others
 * through parse_operands. Inline, so that the profile is a constant. */
static inline __attribute__((always_inline)) bool
parse_profile(gcn_cursor *cursor, const gcn_row *row, const gcn_profile *profile,
              gcn_instruction *instruction)
{
    const gcn_operand_profile *operand = &profile->operands[0];
    gcn_operand_syntax syntax = (gcn_operand_syntax)operand->syntax;
    if (profile->operand_count != 1 || operand->field == GCN_FIELD_LITERAL || !immediate_syntax(syntax))
        return parse_operands(cursor, profile, instruction);
    instruction->encoding = profile->encoding;
    instruction->operand_count = 1;
    instruction->word_count = encodings[profile->encoding].words;
    gcn_operand *out = &instruction->operands[0];
    *out = (gcn_operand){syntax == GCN_SYNTAX_BRANCH ? GCN_OPERAND_BRANCH : GCN_OPERAND_IMMEDIATE, 1, 0, 0};
    /* SOPP's field left out is 0; the specials read the end themselves
     * (and so does SOPP_ill_N's immediate, with no row) */
    if (gcn_at_end(cursor)) {
        if (syntax == GCN_SYNTAX_UNUSED16 || syntax == GCN_SYNTAX_OPTIONAL16)
            return true;
        if (row && (syntax == GCN_SYNTAX_IMM16 || syntax == GCN_SYNTAX_BRANCH))
            return gcn_fail(cursor, cursor->pos, "%s needs %s", row->name,
                            syntax == GCN_SYNTAX_BRANCH ? "a branch target" : "an immediate operand");
    } else if (syntax == GCN_SYNTAX_UNUSED16 && row && cursor->options->dialect == GCN_DIALECT_LLVM) {
        return gcn_fail(cursor, cursor->pos, "%s takes no operand", row->name);
    }
    return parse_immediate(cursor, syntax, &out->value); /* SOPP's only field but the opcode's: no key=value form */
}

/* llvm-mc knows no CLRX-only row, nor CLRX's _e64 of a family with modifiers. */
static __attribute__((noinline)) bool llvm_refuses(gcn_cursor *cursor, const gcn_row *row, bool modifiers)
{
    if (row && modifiers && gcn_size_suffix(cursor) == 64)
        return gcn_fail(cursor, cursor->pos - row->name_length - 4, "e64 variant of %s is not supported", row->name);
    return gcn_fail(cursor, cursor->text, "%s is not known to LLVM (CLRX syntax only)",
                    row ? row->name : "this opcode");
}

/* The full path of each profile, out of line; parse_profile inline in
 * each, so that the profile is a constant. */
#define PROFILE(family, name, ...)                                                                 \
    static bool parse_full_##family##_##name(gcn_cursor *cursor, const gcn_row *row, gcn_instruction *instruction) \
    {                                                                                              \
        const gcn_profile *profile = &profiles[GCN_SHAPE_##family##_##name];                        \
        bool modifiers = gcn_modifier_orders[profile->encoding][GCN_DIALECT_CLRX].count;           \
        if (cursor->options->dialect == GCN_DIALECT_LLVM &&                                        \
            (!row || (row->flags & GCN_ROW_LLVM_ABSENT) || (modifiers && gcn_size_suffix(cursor) == 64))) \
            return llvm_refuses(cursor, row, modifiers);                                           \
        return modifiers ? gcn_parse_full_modifiers(cursor, row, profile, instruction)             \
                         : parse_profile(cursor, row, profile, instruction);                       \
    }
#include "isa/profiles.def"
#undef PROFILE

const gcn_parser gcn_full_parsers[GCN_SHAPE_COUNT] = {
#define PROFILE(family, name, ...) [GCN_SHAPE_##family##_##name] = parse_full_##family##_##name,
#include "isa/profiles.def"
#undef PROFILE
};
