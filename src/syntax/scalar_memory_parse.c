/* SMRD/SMEM's hooks of the generic full path (scalar_memory.h): any
 * register text, GCN 1.1's literal offsets, GCN 1.4's soffset with soe. */
#include <string.h>

#include "codec/codec.h"
#include "syntax/scalar_memory.h"

static bool is_smrd(gcn_arch arch) { return arch <= GCN_ARCH_GCN11; }

/* Keeps the low width bits; CLRX warns as "Value 0x14dca7 truncated to
 * 0x4dca7" when the value fits neither signed nor unsigned. A negative
 * value in a field the hardware reads unsigned (-1 as 0xff) warns too:
 * CLRX keeps its bits in silence. */
static uint32_t truncate(gcn_cursor *cursor, const char *at, int64_t value, unsigned width, bool hardware_unsigned)
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

bool gcn_memory_start(gcn_cursor *cursor, unsigned suffix, gcn_memory_parse *parse)
{
    memset(parse, 0, sizeof *parse);
    gcn_arch arch = cursor->options->arch;
    const char *end = cursor->pos;
    bool clrx = cursor->options->dialect == GCN_DIALECT_CLRX;
    parse->suffix = (int)suffix;
    if (suffix == 32 && !is_smrd(arch))
        return gcn_fail(cursor, end - 4, "SMEM on %s has no 32-bit form", gcn_arch_name(arch));
    if (suffix == 64 && arch == GCN_ARCH_GCN10)
        return gcn_fail(cursor, end - 4, "SMRD on gcn1.0 has no 64-bit form");
    size_t length = gcn_peek_identifier(cursor);
    /* (a CLRX field key: an identifier followed by '=') */
    parse->key_form = clrx && ((length && gcn_followed_by(cursor, length, '=')) ||
                               gcn_word_is(cursor->pos, length, "glc") || gcn_word_is(cursor->pos, length, "nv"));
    return true;
}

/* Where the offset is left out: the end, a CLRX key, or (llvm, after a
 * comma or not: llvm-mc takes "s[2:3]," too) a modifier. */
bool gcn_memory_offset_left_out(const gcn_cursor *cursor, gcn_memory_parse *parse)
{
    gcn_cursor here = *cursor;
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    if (llvm)
        gcn_accept(&here, ',');
    size_t length = gcn_peek_identifier(&here);
    /* (the usual next operand, sN, s[N:M] or a number, is none of llvm's words) */
    bool left_out = gcn_at_end(&here) ||
                    (llvm ? gcn_word_is(here.pos, length, "glc") || gcn_word_is(here.pos, length, "nv") ||
                                gcn_word_is(here.pos, length, "offset")
                          : length && gcn_followed_by(&here, length, '='));
    if (left_out) {
        parse->kind = GCN_MEMORY_OFFSET_IMMEDIATE; /* 0, as llvm-mc takes it */
        parse->offset_at = cursor->pos;
    }
    return left_out;
}

/* count registers (sbase's field holds a pair index). A misaligned SGPR
 * tuple is refused, though clrxdisasm prints one (--exact prints it as data). */
static bool parse_register(gcn_cursor *cursor, unsigned count, bool base, unsigned *code, const char *what)
{
    gcn_arch arch = cursor->options->arch;
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM, data = strcmp(what, "sdata") == 0;
    gcn_skip_space(cursor);
    const char *at = cursor->pos;
    /* our LLVM output reads back, with a warning that names llvm-mc's message */
    const char *after = llvm && !is_smrd(arch) ? gcn_read_llvm_memory_printed(at, cursor->end, arch, count, base, code)
                                               : NULL;
    if (after) {
        cursor->pos = after;
        const char *message = *code + count > 102 ? gcn_llvm_refused_scalar(arch, *code, count, data) : NULL;
        if (message)
            gcn_warn(cursor, at, "llvm-mc prints '%.*s' but does not assemble it (%s)", (int)(after - at), at, message);
        return true;
    }
    gcn_scalar scalar;
    if (!gcn_parse_scalar(cursor, 0, &scalar))
        return false;
    int length = (int)(cursor->pos - at);
    if (scalar.count != count)
        return gcn_fail(cursor, at, "%s needs %u scalar register%s, found %u", what, count, count == 1 ? "" : "s",
                        scalar.count);
    if (scalar.code >= 128)
        return gcn_fail(cursor, at, "'%.*s' does not fit the 7-bit %s field", length, at, what);
    if (base && (scalar.code & 1))
        return gcn_fail(cursor, at, "%s '%.*s' must start at an even register", what, length, at);
    if (llvm && data && (scalar.code == GCN_CODE_M0 || scalar.code >= GCN_CODE_EXEC))
        return gcn_fail(cursor, at, "llvm-mc takes neither m0 nor exec as %s", what);
    /* (the named pairs, vcc and the like, and the ttmp base are aligned) */
    if (scalar.code % gcn_scalar_alignment(count) && (llvm || scalar.general))
        return gcn_fail_misaligned(cursor, at, count);
    *code = scalar.code;
    return true;
}

/* The offset operand: CLRX's @symbol and lit(N), a register, llvm's
 * vccz/execz on SMRD, else an expression (its range: finish). */
static bool parse_offset(gcn_cursor *cursor, const gcn_row *row, gcn_memory_parse *parse)
{
    gcn_arch arch = cursor->options->arch;
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    gcn_skip_space(cursor);
    const char *at = parse->offset_at = cursor->pos;
    parse->kind = GCN_MEMORY_OFFSET_IMMEDIATE;
    if (!llvm && gcn_accept(cursor, '@')) { /* CLRX: a symbol, even one named like a register */
        gcn_skip_space(cursor);
        parse->offset_at = cursor->pos;
        return gcn_parse_expression(cursor, &parse->offset);
    }
    if (!llvm && gcn_peek_identifier(cursor) == 3 && gcn_word_is(cursor->pos, 3, "lit") &&
        gcn_followed_by(cursor, 3, '(')) {
        cursor->pos += 3;
        gcn_accept(cursor, '(');
        if (!gcn_parse_expression(cursor, &parse->offset))
            return false;
        if (!gcn_accept(cursor, ')'))
            return gcn_fail(cursor, cursor->pos, "expected ')' to close lit(");
        if (arch != GCN_ARCH_GCN11)
            return gcn_fail(cursor, at, "lit() is the SMRD literal offset of gcn1.1; %s has none",
                            gcn_arch_name(arch));
        parse->kind = GCN_MEMORY_OFFSET_LITERAL;
        return true;
    }
    /* (llvm-mc's printed sN and ttmpN are registers to gcn_at_register) */
    unsigned code;
    size_t length = gcn_peek_identifier(cursor);
    gcn_scalar condition;
    const char *after;
    if ((gcn_at_register(cursor) || (llvm && !is_smrd(arch) && gcn_word_is(cursor->pos, length, "null"))) &&
        parse_register(cursor, 1, false, &code, "offset")) {
        unsigned shape = row ? row->shape : GCN_SHAPE_SMEM_LOAD;
        if (!llvm && arch == GCN_ARCH_GCN12 && code != GCN_CODE_M0 &&
            (shape == GCN_SHAPE_SMEM_STORE || shape == GCN_SHAPE_SMEM_ATOMIC))
            return gcn_fail(cursor, at, "store and atomic SMEM instructions take only m0 as offset register on "
                            "gcn1.2");
    } else if (!cursor->failed && llvm && is_smrd(arch) &&
               (after = gcn_read_named_scalar(cursor->pos, cursor->end, arch, &condition)) &&
               (condition.code == GCN_CODE_VCCZ || condition.code == GCN_CODE_EXECZ)) {
        /* vccz and execz (src_vccz, src_execz) as an SMRD register offset, as
         * llvm-mc 14 takes them (on SMEM it encodes them into 7 bits, wrongly;
         * in CLRX a symbol vccz = 33 is the immediate 33). */
        cursor->pos = after;
        code = condition.code;
    } else {
        return !cursor->failed && gcn_parse_expression(cursor, &parse->offset);
    }
    parse->kind = GCN_MEMORY_OFFSET_REGISTER;
    parse->offset = code;
    return true;
}

bool gcn_parse_memory_operand(gcn_cursor *cursor, const gcn_row *row, const gcn_operand_profile *profile,
                              unsigned field, gcn_memory_parse *parse)
{
    if (profile->syntax == GCN_SYNTAX_SMEM_OFFSET)
        return parse_offset(cursor, row, parse);
    if (profile->syntax == GCN_SYNTAX_SMEM_PROBE) { /* 7 bits; both tools keep the low 7 of more */
        gcn_skip_space(cursor);
        const char *at = cursor->pos;
        int64_t value;
        if (!gcn_parse_expression(cursor, &value))
            return false;
        parse->values[field] = truncate(cursor, at, value, 7, true);
        return true;
    }
    /* sdata, sbase: their widths by the row, as decoded */
    bool base = profile->syntax == GCN_SYNTAX_SBASE;
    unsigned slot = row ? (unsigned)(row - gcn_rows) + 1 : 0, code;
    if (!parse_register(cursor, gcn_operand_width_beside(profile, slot, cursor->options->arch, 0, GCN_SADDR_OFF),
                        base, &code, base ? "sbase" : "sdata"))
        return false;
    parse->values[field] = base ? code / 2 : code;
    return true;
}

/* An immediate offset: the offset field's width (SMRD's counts dwords,
 * GCN 1.4's is signed); CLRX's lit(N), and on GCN 1.1 past 8 bits (or
 * with _e64), the literal word after SMRD's, whose offset field says so. */
static bool set_immediate(gcn_cursor *cursor, const gcn_row *row, gcn_instruction *instruction,
                          const gcn_memory_parse *parse)
{
    gcn_arch arch = cursor->options->arch;
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM, smrd = is_smrd(arch), is_signed = arch >= GCN_ARCH_GCN14;
    bool literal = parse->kind == GCN_MEMORY_OFFSET_LITERAL; /* (on gcn1.1 only) */
    const char *at = parse->offset_at;
    int64_t value = parse->offset;
    if (literal || (arch == GCN_ARCH_GCN11 && (parse->suffix == 64 || value < 0 || value > 0xff))) {
        if (parse->suffix == 32 && !literal)
            return gcn_fail(cursor, at, "offset %lld needs a literal, which _e32 forbids", (long long)value);
        if (llvm && (value < 0 || value > 0xffffffffll))
            return gcn_fail(cursor, at, "offset %lld out of range [0, 0xffffffff]", (long long)value);
        instruction->literal = truncate(cursor, at, value, 32, false);
        instruction->offset = GCN_SCALAR_LITERAL;
        return true;
    }
    unsigned field = smrd ? GCN_FIELD(SMRD, offset) : GCN_FIELD(SMEM, offset);
    int64_t mask = gcn_field_places[instruction->encoding][arch][field].mask;
    int64_t minimum = is_signed ? -(mask / 2) - 1 : 0, maximum = is_signed ? mask / 2 : mask;
    unsigned width = (unsigned)__builtin_popcountll((uint64_t)mask);
    /* llvm-mc's assembler wants 20-bit unsigned offsets on buffers, yet its
     * disassembler prints the field signed: take those back. */
    if (llvm && is_signed && value < 0 && value >= minimum && row && (row->flags & GCN_ROW_BUFFER_BASE))
        gcn_warn(cursor, at, "llvm-mc takes no negative offset on %s (it prints them)", row->name);
    if (llvm && (value < minimum || value > maximum))
        return gcn_fail(cursor, at, "offset %lld out of range: expected a%s %u-bit %s offset", (long long)value,
                        smrd ? "n" : "", width, is_signed ? "signed" : smrd ? "unsigned dword" : "unsigned");
    instruction->modifiers |= GCN_MOD_IMM;
    instruction->offset = truncate(cursor, at, value, width, !is_signed);
    return true;
}

bool gcn_memory_finish(gcn_cursor *cursor, const gcn_row *row, gcn_instruction *instruction,
                       gcn_memory_parse *parse, uint32_t keys, const char *flags_at, const char *flags_end,
                       const int64_t *soe_offset)
{
    gcn_arch arch = cursor->options->arch;
    if (arch < GCN_ARCH_GCN12 && (instruction->modifiers & GCN_MOD_GLC)) { /* llvm's; it encodes nothing */
        gcn_warn(cursor, gcn_find_modifier(flags_at, flags_end, "glc"), "SMRD has no glc bit on %s: ignored",
                 gcn_arch_name(arch));
        instruction->modifiers &= (uint16_t)~GCN_MOD_GLC;
    }
    if (soe_offset) { /* CLRX GCN 1.4: sN offset:X */
        if (parse->kind != GCN_MEMORY_OFFSET_REGISTER)
            return gcn_fail(cursor, gcn_find_modifier(flags_at, flags_end, "offset"),
                            "illegal second offset: offset:X follows only an SGPR offset");
        if (keys & 1u << GCN_FIELD(SMEM, soffset))
            return gcn_fail(cursor, gcn_find_modifier(flags_at, flags_end, "soffset"),
                            "soffset given twice: sN with offset:X is soffset");
        instruction->modifiers |= GCN_MOD_SOE | GCN_MOD_IMM;
        parse->values[GCN_FIELD(SMEM, soffset)] = (uint32_t)parse->offset;
        instruction->offset = (uint32_t)*soe_offset & 0x1fffffu;
    } else if (parse->kind == GCN_MEMORY_OFFSET_REGISTER) {
        if (parse->suffix == 64 && arch == GCN_ARCH_GCN11)
            return gcn_fail(cursor, parse->offset_at, "_e64 needs an immediate offset (the literal)");
        instruction->offset = (uint32_t)parse->offset;
    } else if (parse->kind != GCN_MEMORY_OFFSET_NONE && !set_immediate(cursor, row, instruction, parse)) {
        return false;
    }
    /* (decoded: the instruction as the codec reads its words) */
    if (gcn_set_fields(instruction, parse->values) != GCN_OK)
        return gcn_fail(cursor, cursor->pos, "the fields do not fit %s", gcn_encodings[instruction->encoding].name);
    if ((keys & 1u << GCN_MEMORY_LITERAL_KEY) && !(instruction->modifiers & GCN_MOD_LITERAL))
        return gcn_fail(cursor, cursor->pos, "literal= needs offset=0xff without imm");
    return true;
}
