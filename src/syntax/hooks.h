/* gcn_encoding_hooks (generic.h), here, static, so that a writer that knows
 * the encoding calls its hook directly (inline). */
#ifndef GCN_ENCODING_HOOKS_H
#define GCN_ENCODING_HOOKS_H

#include "syntax/buffer.h"
#include "syntax/flat.h"
#include "syntax/scalar_memory.h"

/* Bits CLRX does not show (64-bit instruction numbering): clrxdisasm
 * prints no reserved bit of these, and its vectors set MUBUF's bit 53
 * everywhere and bit 15 on GCN 1.2, expecting the same text as without;
 * nor a field of these, where the row has no operand for it (FLAT's saddr,
 * bits 48-54, on GCN 1.4). */
static const uint64_t gcn_clrx_silent_reserved[GCN_ENCODING_COUNT][GCN_ARCH_COUNT] = {
    [GCN_ENCODING_MUBUF] = {1ull << 53, 1ull << 53, 1ull << 53 | 1ull << 15, 1ull << 53},
    [GCN_ENCODING_FLAT] = {[GCN_ARCH_GCN14] = 0x7full << 48},
};

/* FLAT: llvm-mc 14 has no text with lds (no FLAT opcode has an LDS form
 * there), with saddr bits where the row has no saddr (the FLAT segment on
 * GCN 1.4; every segment before), or with the GCN 1.4 lds and segment bits
 * (reserved) before GCN 1.4, nor on GCN 1.1 with its offset bits; it writes
 * no tfe or nv. Arithmetic (| for ||): a branch on random bits mispredicts. */
static inline unsigned gcn_llvm_flat_modifiers(const gcn_instruction *instruction, const gcn_row *row)
{
    (void)row;
    uint32_t low = instruction->reserved[0], saddr = instruction->reserved[1] & 0x7fu << 16;
    unsigned invalid = instruction->arch >= GCN_ARCH_GCN14
                           ? ((instruction->modifiers & GCN_MOD_LDS) != 0) | (saddr != 0)
                           : ((low & 0xe000u) != 0) | (saddr != 0) |
                                 ((instruction->arch < GCN_ARCH_GCN12) & ((low & 0x1fffu) != 0));
    return invalid ? GCN_NO_LLVM_TEXT : GCN_MOD_TFE | GCN_MOD_NV | GCN_MOD_LDS;
}

static const gcn_encoding_hook gcn_encoding_hooks[GCN_ENCODING_COUNT] = {
    [GCN_ENCODING_MUBUF] = {.llvm_hidden = gcn_llvm_buffer_modifiers, .allowed = gcn_buffer_modifiers_allowed,
                            .check = gcn_buffer_check},
    [GCN_ENCODING_FLAT] = {.llvm_hidden = gcn_llvm_flat_modifiers, .allowed = gcn_flat_modifiers_allowed,
                           .check = gcn_flat_check},
#define GCN_SCALAR_MEMORY_HOOK                                                                            \
    {.llvm_hidden = gcn_llvm_memory_modifiers, .write_operand = gcn_write_memory_operand,                 \
     .write_clrx_tail = gcn_write_clrx_memory_tail, .put_clrx_tail = gcn_put_clrx_memory_tail,            \
     .clrx_alias = gcn_clrx_memory_alias, .allowed = gcn_memory_plain_modifiers}
    [GCN_ENCODING_SMRD] = GCN_SCALAR_MEMORY_HOOK,
    [GCN_ENCODING_SMEM] = GCN_SCALAR_MEMORY_HOOK,
#undef GCN_SCALAR_MEMORY_HOOK
};

/* The VALUE modifier (the offset) as the dialect writes it: as held but
 * FLAT's (inline, a constant test where the encoding is known): clrxdisasm
 * 12 bits in the FLAT segment (bit 12 left out; the GCN 1.4 opcodes of no
 * row read so too) and none before GCN 1.4; llvm-mc 13 bits (GLOBAL's and
 * SCRATCH's signed, as held), and on GCN 1.2 the bits where GCN 1.4 has
 * the offset (a text its assembler rejects). */
static inline __attribute__((always_inline)) int
gcn_offset_text(const gcn_instruction *instruction, const gcn_profile *profile, gcn_dialect dialect)
{
    if (profile->encoding != GCN_ENCODING_FLAT)
        return (int)instruction->offset;
    if (dialect == GCN_DIALECT_LLVM)
        return instruction->arch >= GCN_ARCH_GCN14 ? (int)instruction->offset
                                                   : (int)(instruction->reserved[0] & 0x1fffu);
    return profile->offset_rule == GCN_OFFSET_UNSIGNED_12 ? (int)(instruction->offset & 0xfffu)
                                                          : (int)instruction->offset;
}

#endif
