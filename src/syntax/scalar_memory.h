/* SMRD/SMEM's text rules that its profiles do not say: the encodings'
 * hooks (syntax/hooks.h), inline so that the printer's writer for a known
 * profile folds them. The llvm dialect prints what llvm-mc 14's
 * disassembler does, and on GCN 1.0/1.1, which it cannot disassemble, the
 * text its assembler takes back to the same words. */
#ifndef GCN_SCALAR_MEMORY_H
#define GCN_SCALAR_MEMORY_H

#include "syntax/generic.h"
#include "syntax/modifier.h"

/* Whether a shape takes glc in llvm-mc. */
static inline bool gcn_memory_takes_glc(unsigned shape)
{
    return shape == GCN_SHAPE_SMEM_LOAD || shape == GCN_SHAPE_SMEM_STORE || shape == GCN_SHAPE_SMEM_ATOMIC;
}

/* llvm-mc shows the offset as an operand, and ignores soe, nv, reserved
 * bits and the fields a row does not use (GCN 1.2/1.4); it has no text for
 * an opcode the generation lacks, or imm on a row with no offset; on GCN
 * 1.0/1.1 none for words it would not assemble to (an unused field set). */
static inline unsigned gcn_llvm_memory_modifiers(const gcn_instruction *instruction, const gcn_row *row)
{
    unsigned shape = row->shape;
    bool no_offset = shape == GCN_SHAPE_SMEM_NONE || shape == GCN_SHAPE_SMEM_TIME;
    if (row->opcode[instruction->arch] < 0 || (no_offset && (instruction->modifiers & GCN_MOD_IMM)) ||
        (instruction->encoding == GCN_ENCODING_SMRD && no_offset &&
         (instruction->offset | instruction->reserved[0])))
        return GCN_NO_LLVM_TEXT;
    return GCN_HIDE_VALUE | GCN_MOD_IMM | GCN_MOD_SOE | GCN_MOD_NV |
           (gcn_memory_takes_glc(shape) ? 0 : GCN_MOD_GLC);
}

/* llvm-mc's text of a register past s101 on GCN 1.2/1.4, at a raw pointer
 * with GCN_OPERAND_ROOM bytes, as its disassembler prints it, NULL where it
 * has none (TTMP tuples lose the bits below their alignment and may reach
 * ttmp15 whatever the generation has; specials only at their own width,
 * where pairs also stand for four SGPRs; 125 is null). */
char *gcn_write_llvm_memory_other(char *at, gcn_arch arch, unsigned code, unsigned count);

/* CLRX's register with a name (code below 128), else NULL (the key form);
 * llvm-mc's SGPRs straight (GCN 1.2/1.4 masked to their alignment), and on
 * GCN 1.0/1.1 what its assembler takes: aligned tuples, specials at their
 * own width (the scalar writer's, which names no ttmp tuple past the last
 * either), neither m0 nor exec as data. */
static inline __attribute__((always_inline)) char *
gcn_write_memory_register(char *at, const gcn_instruction *instruction, gcn_dialect dialect, unsigned code,
                          unsigned count, bool data)
{
    gcn_arch arch = (gcn_arch)instruction->arch;
    unsigned align = gcn_scalar_alignment(count);
    if (dialect == GCN_DIALECT_CLRX)
        return code < 128 ? gcn_write_scalar(at, arch, GCN_DIALECT_CLRX, code, count) : NULL;
    if (instruction->encoding == GCN_ENCODING_SMRD)
        return code < 128 && code % align == 0 && !(data && (code == GCN_CODE_M0 || code >= GCN_CODE_EXEC))
                   ? gcn_write_scalar(at, arch, GCN_DIALECT_LLVM, code, count)
                   : NULL;
    if (code > 101)
        return gcn_write_llvm_memory_other(at, arch, code, count);
    /* (the last register tested, not the end: the writer then knows both below 256) */
    unsigned first = code & ~(align - 1), last = first + count - 1;
    return last > 103 ? NULL : gcn_write_range(at, "s\0\0", 1, first, last, count != 1);
}

/* The hook's operands: sdata and sbase; the probe's 7-bit value (llvm-mc's
 * inline constants decimal); the offset: an immediate (GCN 1.4's signed in
 * llvm-mc), GCN 1.1's literal, GCN 1.4's soffset with soe in CLRX (llvm-mc
 * shows the offset field whatever soe says), else the register in the
 * field's low bits (CLRX 8, llvm-mc 7). */
static inline __attribute__((always_inline)) char *
gcn_write_memory_operand(char *at, const gcn_instruction *instruction, gcn_dialect dialect,
                         const gcn_operand_profile *profile, const gcn_operand *operand)
{
    if (profile->syntax == GCN_SYNTAX_SMEM_PROBE)
        return dialect == GCN_DIALECT_LLVM && operand->value <= 64 ? gcn_write_unsigned(at, operand->value)
                                                                   : gcn_write_hex(at, operand->value);
    if (profile->syntax != GCN_SYNTAX_SMEM_OFFSET)
        return gcn_write_memory_register(at, instruction, dialect, operand->number, operand->count,
                                         profile->syntax == GCN_SYNTAX_SREG);
    gcn_arch arch = (gcn_arch)instruction->arch;
    unsigned modifiers = instruction->modifiers;
    bool smrd = instruction->encoding == GCN_ENCODING_SMRD;
    uint32_t offset = instruction->offset;
    if (dialect == GCN_DIALECT_CLRX && !smrd && (modifiers & GCN_MOD_SOE))
        return gcn_write_memory_register(at, instruction, dialect, operand->number, 1, false);
    if (modifiers & GCN_MOD_IMM) {
        if (dialect == GCN_DIALECT_CLRX || smrd)
            return gcn_write_hex(at, offset);
        /* the '-' written whatever and kept by the sign: no branch on it */
        uint32_t negative = arch >= GCN_ARCH_GCN14 ? (offset >> 20) & 1u : 0, low = offset & 0xfffffu;
        *at = '-';
        return gcn_write_hex(at + negative, low + ((0x100000u - 2 * low) & -negative));
    }
    if (modifiers & GCN_MOD_LITERAL) { /* GCN 1.1; CLRX's lit() keeps a small value a literal */
        uint32_t literal = instruction->literal;
        if (literal > 0xffu)
            return gcn_write_hex(at, literal);
        if (dialect == GCN_DIALECT_LLVM)
            return NULL; /* llvm-mc would encode an inline constant */
        return gcn_write_length(gcn_write_unsigned(gcn_write_length(at, "lit(", 4), literal), ")", 1);
    }
    unsigned bits = !smrd && dialect == GCN_DIALECT_LLVM ? 0x7fu : 0xffu;
    return gcn_write_memory_register(at, instruction, dialect, offset & bits, 1, false);
}

/* What CLRX's order writes of the modifiers: glc and nv (imm and soe show
 * in the offset operand, and offset:N beside soe the tail below). */
#define GCN_CLRX_MEMORY_HIDDEN (GCN_HIDE_VALUE | GCN_MOD_IMM | GCN_MOD_SOE)

/* NULL where CLRX shows more: soe's offset:, the literal, a field the row does not use. */
static inline __attribute__((always_inline)) char *
gcn_write_clrx_memory_tail(char *at, const gcn_instruction *instruction, const gcn_profile *profile)
{
    unsigned modifiers = instruction->modifiers;
    bool offset_operand = profile->operand_count &&
                          profile->operands[profile->operand_count - 1].syntax == GCN_SYNTAX_SMEM_OFFSET;
    if ((modifiers & (GCN_MOD_SOE | GCN_MOD_LITERAL)) ||
        (!offset_operand && (instruction->offset || (modifiers & GCN_MOD_IMM))))
        return NULL;
    const gcn_modifier_order *order = &gcn_modifier_orders[profile->encoding][GCN_DIALECT_CLRX];
    return gcn_write_modifiers_valued(at, instruction, order, GCN_CLRX_MEMORY_HIDDEN, 0);
}

/* The same for any instruction: after glc and nv (and GCN 1.4's offset:N
 * beside soffset), the fields no operand shows as clrxdisasm prints them
 * (sdata=0x7f sbase=0x38 offset=0x23 imm=1, sdst= on SMRD); the bits no
 * field covers only in the key form, where every field is a key
 * (clrxdisasm drops them: its own test prints c0020c9d 01d1345b as offset
 * 0x1345b). */
void gcn_put_clrx_memory_tail(gcn_text *text, const gcn_instruction *instruction, const gcn_profile *profile,
                              bool key_form);

/* CLRX also names GCN 1.4's s_buffer_atomic_* on GCN 1.2. */
const gcn_row *gcn_clrx_memory_alias(const gcn_instruction *instruction, gcn_instruction *copy);

/* GCN 1.2/1.4 LLVM: a register exactly as llvm-mc's disassembler prints
 * some field value, also where its assembler refuses that text (s[96:103]
 * on GCN 1.2, null, tba as a buffer base: the full path warns). */
const char *gcn_read_llvm_memory_printed(const char *at, const char *end, gcn_arch arch, unsigned count,
                                         bool base, unsigned *code);

/* The modifiers a row takes (NULL: an opcode the generation lacks, read as
 * s_load_dword): glc where llvm-mc takes it; on the full path also llvm's
 * glc on SMRD's loads, where it encodes nothing (a warning), CLRX's glc on
 * every SMEM row, nv and soe's offset:X on GCN 1.4. */
static inline unsigned gcn_memory_modifiers_allowed(const gcn_row *row, gcn_arch arch, gcn_dialect dialect,
                                                    bool full)
{
    unsigned shape = row ? row->shape : GCN_SHAPE_SMEM_LOAD;
    if (arch < GCN_ARCH_GCN12)
        return full && dialect == GCN_DIALECT_LLVM && shape == GCN_SHAPE_SMEM_LOAD ? GCN_MOD_GLC : 0;
    if (!full || dialect == GCN_DIALECT_LLVM)
        return gcn_memory_takes_glc(shape) ? GCN_MOD_GLC : 0;
    return GCN_MOD_GLC | (arch >= GCN_ARCH_GCN14 ? GCN_MOD_NV | GCN_MOD_SOE : 0);
}
static inline unsigned gcn_memory_plain_modifiers(const gcn_row *row, gcn_arch arch, gcn_dialect dialect)
{
    return gcn_memory_modifiers_allowed(row, arch, dialect, false);
}

/* SMRD/SMEM's full path: the generic one's (gcn_parse_full_modifiers) with
 * these hooks, which keep the operands' fields until the words are packed.
 * CLRX's literal=N on GCN 1.1 (the word after SMRD's) is one more key. */
enum { GCN_MEMORY_LITERAL_KEY = GCN_MAX_FIELDS + 1 };
typedef struct gcn_memory_parse {
    uint32_t values[GCN_MAX_FIELDS]; /* the operands' fields (SMRD's before GCN 1.2) */
    enum {
        GCN_MEMORY_OFFSET_NONE, /* a shape without one, or the key form */
        GCN_MEMORY_OFFSET_IMMEDIATE,
        GCN_MEMORY_OFFSET_REGISTER,
        GCN_MEMORY_OFFSET_LITERAL /* CLRX's lit(N) */
    } kind;
    int64_t offset;                 /* a value, or a register code */
    const char *offset_at;
    int suffix;                     /* CLRX's encoding size: 32 (_e32), 64 (_e64) or 0 */
    bool key_form;                  /* CLRX: the mnemonic, then flags and keys only */
} gcn_memory_parse;

bool gcn_memory_start(gcn_cursor *cursor, unsigned suffix, gcn_memory_parse *parse);
/* Whether the offset operand is left out here, before its comma (0, as llvm-mc takes it). */
bool gcn_memory_offset_left_out(const gcn_cursor *cursor, gcn_memory_parse *parse);
bool gcn_parse_memory_operand(gcn_cursor *cursor, const gcn_row *row, const gcn_operand_profile *profile,
                              unsigned field, gcn_memory_parse *parse);
/* The words from what was read and CLRX's keys (the fields given as keys,
 * in reserved[]), decoded into the instruction; soe_offset: offset:X's
 * value (NULL: none); flags_at..flags_end: where the modifiers were. */
bool gcn_memory_finish(gcn_cursor *cursor, const gcn_row *row, gcn_instruction *instruction,
                       gcn_memory_parse *parse, uint32_t keys, const char *flags_at, const char *flags_end,
                       const int64_t *soe_offset);

#endif
