/* The generic printer: a row's operands by its profile, in either dialect.
 * The dialects' differences are the tables here: register and hwreg names,
 * and how a literal, a branch and gpr_idx read. */
#include "syntax/generic.h"

#include "codec/codec.h"

/* The profiles copied, so that the compiler knows a profile where it knows
 * its shape (write_generic). */
static const gcn_profile profiles[GCN_SHAPE_COUNT] = {
#include "isa/profile_rows.h"
};

#define ALL GCN_GENERATION_ALL
#define G10 GCN_GENERATION_10
#define G11 GCN_GENERATION_11
#define G12 GCN_GENERATION_12
#define G14 GCN_GENERATION_14

/* CLRX's names from its GCN ISA pages and vectors; llvm-mc 14's from its
 * disassembly of every id on tonga and gfx900. */
const gcn_hwreg_name gcn_hwreg_names[] = {
    {1, ALL, "mode", "HW_REG_MODE"},
    {2, ALL, "status", "HW_REG_STATUS"},
    {3, ALL, "trapsts", "HW_REG_TRAPSTS"},
    {4, ALL, "hw_id", "HW_REG_HW_ID"},
    {5, ALL, "gpr_alloc", "HW_REG_GPR_ALLOC"},
    {6, ALL, "lds_alloc", "HW_REG_LDS_ALLOC"},
    {7, ALL, "ib_sts", "HW_REG_IB_STS"},
    {8, ALL, "pc_lo", NULL},
    {9, ALL, "pc_hi", NULL},
    {10, ALL, "inst_dw0", NULL},
    {11, ALL, "inst_dw1", NULL},
    {12, ALL, "ib_dbg0", NULL},
    {13, G12 | G14, "ib_dbg1", NULL},
    {14, G14, "flush_ib", NULL},
    {15, G14, "sh_mem_bases", "HW_REG_SH_MEM_BASES"},
    {16, G14, "sq_shader_tba_lo", NULL},
    {17, G14, "sq_shader_tba_hi", NULL},
    {18, G14, "sq_shader_tma_lo", NULL},
    {19, G14, "sq_shader_tma_hi", NULL},
    /* names CLRX also reads (the first of an id is the one printed) */
    {16, G14, "tba_lo", NULL},
    {17, G14, "tba_hi", NULL},
    {18, G14, "tma_lo", NULL},
    {19, G14, "tma_hi", NULL},
};
const size_t gcn_hwreg_name_count = sizeof gcn_hwreg_names / sizeof gcn_hwreg_names[0];

/* From llvm-mc 14 on tonga and gfx900: its disassembler prints these on
 * GCN 1.2 too, its assembler takes them only where llvm_reads says (the
 * parser reads what the printer prints, so that the text is a fixpoint);
 * lds_direct it prints only as a 32-bit source. */
const gcn_scalar_name gcn_scalar_names[] = {
    {104, 2, G12 | G14, G12 | G14, G14, "xnack_mask", "xnack_mask"},
    {104, 1, G12 | G14, G12 | G14, G14, "xnack_mask_lo", "xnack_mask_lo"},
    {105, 1, G12 | G14, G12 | G14, G14, "xnack_mask_hi", "xnack_mask_hi"},
    {125, 1, 0, G12 | G14, 0, NULL, "null"},
    {125, 2, 0, G12 | G14, 0, NULL, "null"},
    {235, 1, G14, G12 | G14, G14, "shared_base", "src_shared_base"},
    {236, 1, G14, G12 | G14, G14, "shared_limit", "src_shared_limit"},
    {237, 1, G14, G12 | G14, G14, "private_base", "src_private_base"},
    {238, 1, G14, G12 | G14, G14, "private_limit", "src_private_limit"},
    {239, 1, G14, G12 | G14, G14, "pops_exiting_wave_id", "src_pops_exiting_wave_id"},
    {254, 1, ALL, G12 | G14, 0, "lds_direct", "src_lds_direct"},
};
const size_t gcn_scalar_name_count = sizeof gcn_scalar_names / sizeof gcn_scalar_names[0];

const char *gcn_clrx_field_key(gcn_encoding encoding, unsigned field)
{
    if (encoding == GCN_ENCODING_SOP1 && field == GCN_FIELD(SOP1, ssrc0))
        return "ssrc";
    for (unsigned l = gcn_encodings[encoding].first_layout; gcn_field_layouts[l].encoding == encoding;
         l++)
        if (gcn_field_layouts[l].index == field)
            return gcn_field_layouts[l].name;
    return NULL;
}

/* A scalar register operand of dwords; false where the dialect has no
 * name for it. */
static bool put_scalar(gcn_text *text, gcn_arch arch, gcn_dialect dialect, unsigned code,
                       unsigned count, unsigned dwords)
{
    bool llvm = dialect == GCN_DIALECT_LLVM;
    unsigned align = count >= 4 ? 4 : count;
    if (code + count <= gcn_sgpr_count(arch) && (!llvm || code % align == 0)) {
        gcn_put_sgprs(text, code, count); /* the usual operand: no name to look up */
        return true;
    }
    for (size_t i = 0; i < gcn_scalar_name_count; i++) {
        const gcn_scalar_name *name = &gcn_scalar_names[i];
        unsigned known = name->clrx_generations | name->llvm_prints | name->llvm_reads;
        if (name->code != code || name->count != count || !((known >> arch) & 1u))
            continue;
        if (((llvm ? name->llvm_prints : name->clrx_generations) >> arch) & 1u) {
            if (llvm && code == 254 && dwords != 1)
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

static void put_constant(gcn_text *text, gcn_arch arch, gcn_dialect dialect, unsigned code,
                         unsigned dwords)
{
    (void)arch;
    if (code <= 208) {
        gcn_put_signed(text, code <= 192 ? (int64_t)code - 128 : 192 - (int64_t)code);
        return;
    }
    if (code == 248 && dwords == 2 && dialect == GCN_DIALECT_LLVM)
        gcn_put(text, "0.15915494309189532"); /* llvm-mc prints the double */
    else
        gcn_put(text, gcn_inline_float_texts[code - 240]);
}

/* A literal: llvm-mc prints a value an inline constant has as that
 * constant; CLRX writes lit(N) for those integers, so that they stay
 * literals. */
static void put_literal(gcn_text *text, gcn_arch arch, gcn_dialect dialect, uint32_t value,
                        unsigned dwords)
{
    int64_t as_integer = dwords == 2 ? (int64_t)value : (int64_t)(int32_t)value; /* 0: IMM32 */
    bool inline_integer = as_integer >= -16 && as_integer <= 64;
    if (dialect == GCN_DIALECT_CLRX) {
        if (inline_integer) {
            gcn_put(text, "lit(");
            gcn_put_signed(text, as_integer);
            gcn_put_char(text, ')');
        } else {
            gcn_put_hex(text, value);
        }
        return;
    }
    if (inline_integer) {
        gcn_put_signed(text, as_integer);
        return;
    }
    for (unsigned i = 0; dwords == 1 && i < 9; i++)
        if (value == gcn_inline_float_bits[i] && (i < 8 || arch >= GCN_ARCH_GCN12)) {
            gcn_put(text, gcn_inline_float_texts[i]);
            return;
        }
    gcn_put_hex(text, value);
}

/* hwreg(name, offset, width): CLRX always writes all three, with @N for
 * an id it has no name for; llvm-mc writes hwreg(NAME) for the whole
 * register and the id as a number where it has no name. */
static void put_hwreg(gcn_text *text, gcn_arch arch, gcn_dialect dialect, unsigned value)
{
    unsigned id = value & 63, offset = (value >> 6) & 31, width = (value >> 11) + 1;
    const char *name = NULL;
    for (size_t i = 0; i < gcn_hwreg_name_count && !name; i++)
        if (gcn_hwreg_names[i].id == id && ((gcn_hwreg_names[i].generations >> arch) & 1u))
            name = dialect == GCN_DIALECT_LLVM ? gcn_hwreg_names[i].llvm : gcn_hwreg_names[i].clrx;
    gcn_put(text, "hwreg(");
    if (name) {
        gcn_put(text, name);
    } else {
        if (dialect == GCN_DIALECT_CLRX)
            gcn_put_char(text, '@');
        gcn_put_unsigned(text, id);
    }
    if (dialect == GCN_DIALECT_CLRX || offset != 0 || width != 32) {
        gcn_put(text, ", ");
        gcn_put_unsigned(text, offset);
        gcn_put(text, ", ");
        gcn_put_unsigned(text, width);
    }
    gcn_put_char(text, ')');
}

static bool put_operand(gcn_text *text, const gcn_instruction *instruction, gcn_dialect dialect,
                        uint64_t address, const gcn_operand_profile *profile,
                        const gcn_operand *operand)
{
    gcn_arch arch = (gcn_arch)instruction->arch;
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
        put_constant(text, arch, dialect, operand->number, profile->dwords);
        return true;
    case GCN_OPERAND_LITERAL:
        if (dialect == GCN_DIALECT_LLVM && (profile->syntax == GCN_SYNTAX_SSRC_REGISTER ||
                                            profile->syntax == GCN_SYNTAX_SSRC_INLINE))
            return false; /* llvm-mc's assembler takes no literal there */
        if (profile->syntax == GCN_SYNTAX_IMM32 && dialect == GCN_DIALECT_CLRX)
            gcn_put_hex(text, operand->value);
        else /* llvm-mc's immediate: an integer, no float */
            put_literal(text, arch, dialect, operand->value,
                        profile->syntax == GCN_SYNTAX_IMM32 ? 0 : profile->dwords);
        return true;
    case GCN_OPERAND_BRANCH:
        gcn_format_branch(text, arch, dialect, address, operand->value);
        return true;
    case GCN_OPERAND_IMMEDIATE:
        switch (profile->syntax) {
        case GCN_SYNTAX_HWREG:
            put_hwreg(text, arch, dialect, operand->value);
            return true;
        case GCN_SYNTAX_UNUSED16: /* not 0 here */
            if (dialect == GCN_DIALECT_LLVM)
                return false; /* llvm-mc takes no operand */
            break;
        case GCN_SYNTAX_IMM16: /* llvm-mc: an inline constant's value in decimal */
        case GCN_SYNTAX_OPTIONAL16:
            if (dialect == GCN_DIALECT_LLVM &&
                (operand->value <= 64 || profile->syntax == GCN_SYNTAX_OPTIONAL16)) {
                gcn_put_unsigned(text, operand->value);
                return true;
            }
            break;
        default:
            if (gcn_operand_hooks[profile->syntax].format) {
                gcn_operand_hooks[profile->syntax].format(text, arch, dialect, address,
                                                          operand->value);
                return true;
            }
            break;
        }
        gcn_put_hex(text, operand->value);
        return true;
    default:
        return false;
    }
}

/* CLRX shows a field the row does not use as key=value (sdst=0x15). */
static void put_hidden_fields(gcn_text *text, const gcn_instruction *instruction,
                              gcn_encoding encoding)
{
    uint32_t values[GCN_MAX_FIELDS], reserved[2];
    gcn_unpack(encoding, (gcn_arch)instruction->arch, instruction->reserved, values, reserved);
    for (unsigned field = 0; field < GCN_MAX_FIELDS; field++) {
        if (!values[field])
            continue;
        gcn_put_char(text, ' ');
        gcn_put(text, gcn_clrx_field_key(encoding, field));
        gcn_put_char(text, '=');
        gcn_put_hex(text, values[field]);
    }
}

bool gcn_format_generic(const gcn_instruction *instruction, gcn_dialect dialect, uint64_t address,
                        gcn_text *text)
{
    const gcn_profile *profile = gcn_profile_of(instruction);
    gcn_encoding encoding = (gcn_encoding)instruction->encoding;
    if (instruction->operand_count != profile->operand_count || encoding != profile->encoding)
        return false;
    /* SOPP's unused field and s_endpgm's: left out when 0 */
    unsigned count = profile->operand_count;
    if (count == 1 && instruction->operands[0].value == 0 &&
        (profile->operands[0].syntax == GCN_SYNTAX_UNUSED16 ||
         profile->operands[0].syntax == GCN_SYNTAX_OPTIONAL16))
        count = 0;
    bool operands = count != 0;
    if (instruction->row == GCN_ROW_NONE ||
        (gcn_rows[instruction->row].flags & GCN_ROW_LLVM_ABSENT)) {
        if (dialect == GCN_DIALECT_LLVM)
            return false; /* llvm-mc has no text for it */
    }
    if (instruction->row == GCN_ROW_NONE) {
        gcn_put_illegal(text, dialect, gcn_encodings[encoding].name, instruction->opcode, operands);
    } else {
        gcn_put_mnemonic(text, dialect, &gcn_rows[instruction->row], operands);
    }
    for (unsigned i = 0; i < count; i++) {
        if (i)
            gcn_put(text, ", ");
        if (!put_operand(text, instruction, dialect, address, &profile->operands[i],
                         &instruction->operands[i]))
            return false;
    }
    if (dialect == GCN_DIALECT_CLRX && (instruction->reserved[0] | instruction->reserved[1]))
        put_hidden_fields(text, instruction, encoding);
    return true;
}

/* A special's text (s_waitcnt's, s_sendmsg's...) by its hook. */
static inline __attribute__((always_inline)) char *special_text(const gcn_instruction *instruction,
                                                                 gcn_dialect dialect, uint64_t address,
                                                                 char *at, unsigned syntax)
{
    unsigned index = instruction->row;
    char *operands = dialect == GCN_DIALECT_LLVM ? gcn_write_llvm_mnemonic(at, index, true)
                                                 : gcn_write_clrx_mnemonic(at, index);
    gcn_text text = {at, GCN_TEXT_ROOM, (size_t)(operands - at)};
    gcn_operand_hooks[syntax].format(&text, (gcn_arch)instruction->arch, dialect, address,
                                     instruction->operands[0].value);
    return text.length < GCN_TEXT_ROOM ? at + text.length : NULL;
}
/* The same out of line, for CLRX's writer: its usual rows then keep no
 * frame (the llvm writer keeps one for gcn_format_generic anyway). */
static __attribute__((noinline)) char *write_clrx_special(const gcn_instruction *instruction,
                                                          uint64_t address, char *at, unsigned syntax)
{
    return special_text(instruction, GCN_DIALECT_CLRX, address, at, syntax);
}

/* The generic printer's one fast path: a row of one immediate field
 * (SOPP's) at a raw pointer with GCN_TEXT_ROOM bytes, as gcn_format_generic
 * writes it; NULL for any other instruction, which that prints. Inline
 * per profile (write_generic's switch on the row's shape), so that the
 * profile's tests fold. */
static inline __attribute__((always_inline)) char *
write_profile(const gcn_instruction *instruction, gcn_dialect dialect, uint64_t address, char *at,
              unsigned index, const gcn_profile *profile)
{
    const gcn_operand *operand = &instruction->operands[0];
    unsigned syntax = profile->operands[0].syntax, value = operand->value;
    bool llvm = dialect == GCN_DIALECT_LLVM;
    if (profile->operand_count != 1 || instruction->operand_count != 1 || instruction->encoding != profile->encoding ||
        (instruction->reserved[0] | instruction->reserved[1]) ||
        (gcn_rows[index].flags & GCN_ROW_LLVM_ABSENT) ||
        operand->kind != (syntax == GCN_SYNTAX_BRANCH ? GCN_OPERAND_BRANCH : GCN_OPERAND_IMMEDIATE))
        return NULL;
    switch (syntax) {
    case GCN_SYNTAX_UNUSED16:
    case GCN_SYNTAX_OPTIONAL16:
        if (value == 0)
            return gcn_write_llvm_mnemonic(at, index, false); /* the same in CLRX */
        if (!llvm)
            return gcn_write_hex(gcn_write_clrx_mnemonic(at, index), value);
        if (syntax == GCN_SYNTAX_UNUSED16)
            return NULL; /* llvm-mc takes no operand */
        return gcn_write_unsigned(gcn_write_llvm_mnemonic(at, index, true), value);
    case GCN_SYNTAX_IMM16:
        if (!llvm)
            return gcn_write_hex(gcn_write_clrx_mnemonic(at, index), value);
        at = gcn_write_llvm_mnemonic(at, index, true);
        return value <= 64 ? gcn_write_unsigned(at, value) : gcn_write_hex(at, value);
    case GCN_SYNTAX_BRANCH:
        if (llvm)
            return gcn_write_unsigned(gcn_write_llvm_mnemonic(at, index, true), value);
        at = gcn_write(gcn_write_clrx_mnemonic(at, index), ".L");
        return gcn_write(gcn_write_unsigned(at, gcn_branch_target(address, (uint16_t)value)), "_0");
    default: /* a special's text */
        if (!gcn_operand_hooks[syntax].format)
            return NULL;
        return llvm ? special_text(instruction, dialect, address, at, syntax)
                    : write_clrx_special(instruction, address, at, syntax);
    }
}

/* A profile of scalar registers and sources (the scalar ALU's), the usual
 * instruction: no field hidden, SGPRs (llvm-mc: aligned tuples) and inline
 * integers, as put_scalar and put_constant write them; NULL for any other,
 * which gcn_format_generic prints. Inline per profile, so that its
 * operands' tests fold. */
static inline __attribute__((always_inline)) char *
write_scalars(const gcn_instruction *instruction, gcn_dialect dialect, char *at, unsigned index,
              const gcn_profile *profile)
{
    gcn_arch arch = (gcn_arch)instruction->arch;
    bool llvm = dialect == GCN_DIALECT_LLVM;
    if (instruction->operand_count != profile->operand_count || instruction->encoding != profile->encoding ||
        (instruction->reserved[0] | instruction->reserved[1]) ||
        (llvm && (gcn_rows[index].flags & GCN_ROW_LLVM_ABSENT)))
        return NULL;
    at = llvm ? gcn_write_llvm_mnemonic(at, index, true) : gcn_write_clrx_mnemonic(at, index);
#pragma GCC unroll 3
    for (unsigned i = 0; i < profile->operand_count; i++) {
        const gcn_operand_profile *operand = &profile->operands[i];
        const gcn_operand *in = &instruction->operands[i];
        unsigned count = in->count, code = in->number, align = count >= 4 ? 4 : count;
        if (i)
            at = gcn_write_length(at, ", ", 2);
        if (in->kind == GCN_OPERAND_SCALAR && code + count <= gcn_sgpr_count(arch) &&
            (!llvm || code % align == 0)) {
            at = gcn_write_sgprs(at, code, count);
        } else if (in->kind == GCN_OPERAND_CONSTANT && code <= 208 &&
                   !(llvm && operand->syntax == GCN_SYNTAX_SSRC_REGISTER)) {
            bool negative = code > 192;
            *at = '-';
            at = gcn_write_register_number(at + negative, negative ? code - 192 : code - 128);
        } else {
            return NULL;
        }
    }
    return at;
}

static inline __attribute__((always_inline)) char *
write_generic(const gcn_instruction *instruction, gcn_dialect dialect, uint64_t address, char *at)
{
    unsigned index = instruction->row;
    if (index >= GCN_ROW_COUNT)
        return NULL;
    switch (gcn_rows[index].shape) {
#define PROFILE(family, name, ...)     \
    case GCN_SHAPE_##family##_##name: \
        if (gcn_scalar_profile(&profiles[GCN_SHAPE_##family##_##name]))                                \
            return write_scalars(instruction, dialect, at, index, &profiles[GCN_SHAPE_##family##_##name]); \
        return write_profile(instruction, dialect, address, at, index, &profiles[GCN_SHAPE_##family##_##name]);
#include "isa/profiles.def"
#undef PROFILE
    default:
        return NULL;
    }
}

/* The llvm writer's fast path out of line, so that CLRX's (inline in
 * gcn_write_generic) keeps no frame. */
static __attribute__((noinline)) char *write_llvm_generic(const gcn_instruction *instruction,
                                                          uint64_t address, char *at)
{
    return write_generic(instruction, GCN_DIALECT_LLVM, address, at);
}

/* (one writer per dialect, the dialect's tests folded) */
char *gcn_write_generic(const gcn_instruction *instruction, gcn_dialect dialect, uint64_t address,
                        char *at)
{
    return dialect == GCN_DIALECT_LLVM ? write_llvm_generic(instruction, address, at)
                                       : write_generic(instruction, GCN_DIALECT_CLRX, address, at);
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

bool gcn_generic_loses_bits(const gcn_instruction *instruction)
{
    for (unsigned i = 0; i < instruction->operand_count; i++) {
        const gcn_operand *operand = &instruction->operands[i];
        unsigned align = operand->count >= 4 ? 4 : operand->count;
        if (operand->kind == GCN_OPERAND_SCALAR && align > 1 && operand->number % align &&
            operand->number + operand->count <= gcn_sgpr_count((gcn_arch)instruction->arch))
            return true;
    }
    return false;
}
