/* The generic printer's writer of the usual text (generic_format.c's), inline
 * per profile: an internal layer for the listing's line (dis/line.c). */
#ifndef GCN_GENERIC_WRITE_H
#define GCN_GENERIC_WRITE_H

#include "syntax/generic.h"
#include "syntax/hooks.h"
#include "syntax/modifier.h"

/* Every row's name padded to 32 bytes, so that a mnemonic copies with two
 * 16-byte stores, with its length: the writer's one load by row. */
typedef struct gcn_padded_name { char name[31]; uint8_t length; } gcn_padded_name;
extern const gcn_padded_name gcn_padded_names[GCN_ROW_COUNT];

/* The mnemonic at a raw pointer with GCN_TEXT_ROOM bytes, the row by its
 * index (as the instruction holds it: no pointer division); with operands,
 * the separator after it: CLRX pads to column 16 (at least one blank) as
 * clrxdisasm does, with 16 blanks over the name's; LLVM writes one space. */
static inline __attribute__((always_inline)) char *write_mnemonic(char *at, unsigned row, gcn_dialect dialect,
                                                                  bool operands)
{
    size_t length = gcn_padded_names[row].length;
    memcpy(at, &gcn_padded_names[row], sizeof gcn_padded_names[row]);
    if (operands && dialect == GCN_DIALECT_CLRX) {
        memcpy(at + length, "                ", 16);
        return at + (length + 1 < 16 ? 16 : length + 1);
    }
    at[length] = ' '; /* within the 32 bytes; counted only with operands */
    return at + length + operands;
}

/* Whether llvm-mc leaves the operand out: a FLAT atomic's result, which it
 * writes only with glc (the instruction returns nothing without). */
static inline __attribute__((always_inline)) bool llvm_leaves_out(const gcn_operand_profile *operand,
                                                                  const gcn_row *row, unsigned modifiers)
{
    return operand->width == GCN_WIDTH_FLAT_RESULT && row && (row->flags & GCN_ROW_ATOMIC) &&
           !(modifiers & GCN_MOD_GLC);
}

/* A scalar source but an SGPR or inline integer (a name, a float, the literal)
 * as put_operand writes it, out of line: its line stays on the fast path. */
char *gcn_write_other_source(char *at, const gcn_instruction *instruction, gcn_dialect dialect,
                             const gcn_operand_profile *profile, const gcn_operand *operand);

/* One operand of a register profile (write_profile's) at a raw pointer
 * with GCN_OPERAND_ROOM bytes: SGPRs (llvm-mc: aligned tuples), VGPRs
 * (llvm-mc leaves tfe's register out of the data and writes `off` for an
 * address the instruction does not read), scalar sources, off, and the
 * names the generation has; NULL for any other, which put_operand prints. */
static inline __attribute__((always_inline)) char *
write_register_operand(char *at, gcn_arch arch, const gcn_instruction *instruction, gcn_dialect dialect,
                       gcn_encoding encoding, const gcn_operand_profile *operand, const gcn_operand *in)
{
    bool llvm = dialect == GCN_DIALECT_LLVM;
    unsigned modifiers = instruction->modifiers;
    if (gcn_encoding_hooks[encoding].write_operand) /* SMRD/SMEM's */
        return gcn_encoding_hooks[encoding].write_operand(at, instruction, dialect, operand, in);
    if (operand->width == GCN_WIDTH_FLAT_SADDR) { /* registers or off: SGPRs the usual */
        unsigned code = in->number, count = operand->dwords;
        return in->kind == GCN_OPERAND_OFF ? gcn_write_length(at, "off", 3)
               : code < 102 && (llvm || code + count <= 102)
                   ? gcn_write_sgprs(at, llvm && count == 2 ? code & ~1u : code, count)
                   : gcn_write_other_saddr(at, arch, dialect, code, count);
    }
    if (operand->width == GCN_WIDTH_FLAT_ADDRESS && in->kind == GCN_OPERAND_OFF)
        return gcn_write_length(at, "off", 3);
    switch (operand->syntax) {
    case GCN_SYNTAX_VGPR: {
        unsigned count = in->count;
        if (llvm && operand->width == GCN_WIDTH_ADDRESS &&
            !(modifiers & (GCN_MOD_OFFEN | GCN_MOD_IDXEN | GCN_MOD_ADDR64)))
            return gcn_write_length(at, "off", 3);
        if (llvm && (operand->width == GCN_WIDTH_DATA || operand->width == GCN_WIDTH_FLAT_RESULT))
            count -= (modifiers & GCN_MOD_TFE) != 0;
        unsigned last = in->number + count - (count != 0); /* (no register: written as one) */
        return last > 255 ? NULL : gcn_write_range(at, "v\0\0", 1, in->number, last, count > 1); /* NULL: wrapped */
    }
    case GCN_SYNTAX_SRSRC:
        return in->number + 4u <= gcn_sgpr_count(arch) ? gcn_write_sgprs(at, in->number, 4)
                                                      : gcn_write_other_srsrc(at, arch, dialect, in->number);
    case GCN_SYNTAX_SOFFSET: /* an SGPR on every generation: the usual case */
        return in->number < 102 ? gcn_write_sgprs(at, in->number, 1)
                                : gcn_write_other_soffset(at, arch, dialect, in->number);
    case GCN_SYNTAX_SREG:
    case GCN_SYNTAX_SSRC:
    case GCN_SYNTAX_SSRC_REGISTER:
    case GCN_SYNTAX_SSRC_INLINE: {
        unsigned count = in->count, code = in->number, align = gcn_scalar_alignment(count);
        if (in->kind == GCN_OPERAND_SCALAR && code + count <= gcn_sgpr_count(arch) &&
            (!llvm || code % align == 0))
            return gcn_write_sgprs(at, code, count); /* the usual operand: no name to look up */
        if (in->kind == GCN_OPERAND_CONSTANT && code <= 208 &&
            !(llvm && operand->syntax == GCN_SYNTAX_SSRC_REGISTER)) {
            bool negative = code > 192;
            *at = '-';
            return gcn_write_register_number(at + negative, negative ? code - 192 : code - 128);
        }
        return gcn_write_other_source(at, instruction, dialect, operand, in);
    }
    case GCN_SYNTAX_SIMM16: /* SOPK's immediate, hex in both dialects */
    case GCN_SYNTAX_UIMM16:
        return in->kind == GCN_OPERAND_IMMEDIATE ? gcn_write_hex(at, in->value) : NULL;
    default:
        return NULL;
    }
}

/* SOPP's immediates: 16 bits, hex in CLRX, decimal in llvm-mc (IMM16's up
 * to 64: an inline constant's value), and a branch (.L<target>_0, llvm-mc's
 * word offset); NULL where llvm-mc takes no operand. at has 32 bytes. */
static inline __attribute__((always_inline)) char *write_immediate(char *at, unsigned syntax, bool llvm,
                                                                   uint64_t address, unsigned value)
{
    if (syntax == GCN_SYNTAX_BRANCH && !llvm)
        return gcn_write_length(gcn_write_unsigned(gcn_write_length(at, ".L", 2),
                                                   gcn_branch_target(address, (uint16_t)value)), "_0", 2);
    if (!llvm || (syntax == GCN_SYNTAX_IMM16 && value > 64))
        return gcn_write_hex(at, value);
    return syntax == GCN_SYNTAX_UNUSED16 ? NULL : gcn_write_unsigned(at, value);
}

/* A special's text (s_waitcnt's, s_sendmsg's...) by its hook. */
static inline __attribute__((always_inline)) char *special_text(const gcn_instruction *instruction,
                                                                 gcn_dialect dialect, char *at, unsigned syntax)
{
    unsigned index = instruction->row;
    char *operands = write_mnemonic(at, index, dialect, true);
    gcn_text text = {at, GCN_TEXT_ROOM, (size_t)(operands - at)};
    gcn_operand_hooks[syntax].format(&text, (gcn_arch)instruction->arch, dialect, instruction->operands[0].value);
    return text.length < GCN_TEXT_ROOM ? at + text.length : NULL;
}

/* Whether every operand of a profile is a register (or SOPK's immediate) of
 * the kinds write_profile writes (SMRD/SMEM's s_dcache_inv has none); a
 * constant where the profile is. */
static inline __attribute__((always_inline)) bool register_profile(const gcn_profile *profile)
{
    const uint32_t registers = 1u << GCN_SYNTAX_VGPR | 1u << GCN_SYNTAX_SRSRC | 1u << GCN_SYNTAX_SOFFSET |
                               1u << GCN_SYNTAX_SREG | 1u << GCN_SYNTAX_SSRC | 1u << GCN_SYNTAX_SSRC_REGISTER |
                               1u << GCN_SYNTAX_SSRC_INLINE | 1u << GCN_SYNTAX_SBASE |
                               1u << GCN_SYNTAX_SMEM_OFFSET | 1u << GCN_SYNTAX_SMEM_PROBE |
                               1u << GCN_SYNTAX_SIMM16 | 1u << GCN_SYNTAX_UIMM16;
    bool all = profile->operand_count != 0 || gcn_encoding_hooks[profile->encoding].write_operand;
#pragma GCC unroll 4
    for (unsigned i = 0; i < profile->operand_count; i++)
        all &= (registers >> profile->operands[i].syntax) & 1u;
    return all;
}

/* The fast path: a profile of registers (SOPK's immediate too) and modifiers,
 * or of one immediate (SOPP's), in the usual instruction (no field hidden, names the generation
 * has) at a raw pointer with GCN_TEXT_ROOM bytes; NULL for any other, which
 * gcn_format_generic prints. Inline per profile, so that its tests fold. */
static inline __attribute__((always_inline)) char *
write_profile(gcn_arch arch, const gcn_instruction *instruction, gcn_dialect dialect, uint64_t address, char *at,
              unsigned index, const gcn_profile *profile, unsigned shape)
{
    gcn_encoding encoding = (gcn_encoding)profile->encoding;
    bool registers = register_profile(profile);
    /* (an SMRD instruction's row names its SMEM profile: the same operands) */
    bool smrd = encoding == GCN_ENCODING_SMEM && instruction->encoding == GCN_ENCODING_SMRD;
    const uint32_t *reserved =
        registers ? gcn_encoding_reserved[smrd ? GCN_ENCODING_SMRD : encoding][arch] : (const uint32_t[2]){0, 0};
    bool llvm = dialect == GCN_DIALECT_LLVM;
    unsigned modifiers = instruction->modifiers, hide = 0;
    const gcn_encoding_hook *hook = &gcn_encoding_hooks[encoding];
    /* (llvm-mc ignores the fields an SMEM row does not use, and its reserved
     * bits; on GCN 1.0/1.1 the hook says which words have no text) */
    bool unused_fields_shown = !(llvm && encoding == GCN_ENCODING_SMEM);
    if (instruction->operand_count != profile->operand_count || (instruction->encoding != encoding && !smrd) ||
        (!registers && profile->operand_count != 1) ||
        (unused_fields_shown &&
         ((instruction->reserved[0] & ~reserved[0]) | (instruction->reserved[1] & ~reserved[1]))))
        return NULL;
    if (!registers) {
        const gcn_operand *operand = &instruction->operands[0];
        unsigned syntax = profile->operands[0].syntax, value = operand->value;
        if (operand->kind != (syntax == GCN_SYNTAX_BRANCH ? GCN_OPERAND_BRANCH : GCN_OPERAND_IMMEDIATE) ||
            (llvm && (gcn_rows[index].flags & GCN_ROW_LLVM_ABSENT)))
            return NULL;
        switch (syntax) {
        case GCN_SYNTAX_UNUSED16:
        case GCN_SYNTAX_OPTIONAL16:
            if (value == 0)
                return write_mnemonic(at, index, dialect, false);
            /* fall through */
        case GCN_SYNTAX_IMM16:
        case GCN_SYNTAX_BRANCH:
            return write_immediate(write_mnemonic(at, index, dialect, true), syntax, llvm, address, value);
        default: /* a special's text */
            if (!gcn_operand_hooks[syntax].format)
                return NULL;
            return special_text(instruction, dialect, at, syntax);
        }
    }
    if (llvm && ((gcn_rows[index].flags & GCN_ROW_LLVM_ABSENT) ||
                 (hook->llvm_hidden && (hide = hook->llvm_hidden(instruction, &gcn_rows[index])) == GCN_NO_LLVM_TEXT)))
        return NULL;
    at = write_mnemonic(at, index, dialect, profile->operand_count != 0);
    bool left_out = false;
#pragma GCC unroll 4
    for (unsigned i = 0; i < profile->operand_count; i++) {
        const gcn_operand_profile *operand = &profile->operands[i];
        const gcn_operand *in = &instruction->operands[i];
        if (llvm && llvm_leaves_out(operand, &gcn_rows[index], modifiers)) {
            left_out = true;
            continue;
        }
        if (i && !(i == 1 && left_out))
            at = gcn_write_length(at, ", ", 2);
        if (!(at = write_register_operand(at, arch, instruction, dialect, encoding, operand, in)))
            return NULL;
    }
    if (!gcn_modifier_orders[encoding][GCN_DIALECT_CLRX].count)
        return at;
    if (!llvm && hook->write_clrx_tail)
        return hook->write_clrx_tail(at, instruction, profile);
    return gcn_write_modifiers_valued(at, instruction, gcn_modifier_order_of(encoding, shape, dialect), hide,
                                      gcn_offset_text(instruction, profile, dialect));
}

#endif
