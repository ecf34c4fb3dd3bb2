/* Scalar memory, one family in two encodings.
 *   SMRD (GCN 1.0/1.1), one word: offset 0-7, imm 8, sbase 9-14, sdst 15-21,
 *     opcode 22-26, 0b11000 in 27-31. On GCN 1.1 an SGPR offset of 255
 *     (imm=0) means a 32-bit literal offset in a second word.
 *   SMEM (GCN 1.2/1.4), two words: sbase 0-5, sdata 6-12, (GCN 1.4: soe 14,
 *     nv 15), glc 16, imm 17, opcode 18-25, 0b110000 in 26-31; offset in
 *     word 1 bits 0-19 (GCN 1.4: 0-20), GCN 1.4 soffset in bits 25-31.
 * Bits no field covers go to reserved[] in place, so that encoding gives
 * every bit back. */
#include "codec/codec.h"

#define SMRD_LITERAL_CODE 0xffu
#define SMEM_WORD0_RESERVED_GCN12 0xe000u /* 13; soe and nv are GCN 1.4 */
#define SMEM_WORD0_RESERVED_GCN14 0x2000u /* 13 */
#define SMEM_WORD1_RESERVED_GCN12 0xfff00000u
#define SMEM_WORD1_RESERVED_GCN14 0x01e00000u

static uint32_t offset_mask(gcn_arch arch)
{
    return arch >= GCN_ARCH_GCN14 ? 0x1fffffu : 0xfffffu;
}

static inline __attribute__((always_inline)) gcn_status decode_smrd(gcn_arch arch, const uint32_t *words, size_t word_count,
                              gcn_instruction *instruction)
{
    uint32_t w0 = words[0];
    bool imm = (w0 & 1u << 8) != 0;
    unsigned offset = gcn_bits(w0, 0, 8);
    bool literal = arch == GCN_ARCH_GCN11 && !imm && offset == SMRD_LITERAL_CODE;
    if (literal && word_count < 2)
        return GCN_ERROR_TRUNCATED;
    gcn_decode_start(instruction, arch, GCN_FAMILY_SMEM, gcn_bits(w0, 22, 5), literal ? 2 : 1);
    instruction->offset = offset;
    instruction->sbase = (uint8_t)gcn_bits(w0, 9, 6);
    instruction->sdata = (uint8_t)gcn_bits(w0, 15, 7);
    if (imm)
        instruction->modifiers |= GCN_MOD_IMM;
    if (literal) {
        instruction->modifiers |= GCN_MOD_LITERAL;
        instruction->literal = words[1];
    }
    return GCN_OK;
}

static inline __attribute__((always_inline)) gcn_status decode_smem(gcn_arch arch, const uint32_t *words, size_t word_count,
                              gcn_instruction *instruction)
{
    if (word_count < 2)
        return GCN_ERROR_TRUNCATED;
    uint32_t w0 = words[0], w1 = words[1];
    bool gcn14 = arch >= GCN_ARCH_GCN14;
    gcn_decode_start(instruction, arch, GCN_FAMILY_SMEM, gcn_bits(w0, 18, 8), 2);
    instruction->sbase = (uint8_t)gcn_bits(w0, 0, 6);
    instruction->sdata = (uint8_t)gcn_bits(w0, 6, 7);
    instruction->offset = w1 & offset_mask(arch);
    uint16_t modifiers = 0;
    if (w0 & 1u << 16) modifiers |= GCN_MOD_GLC;
    if (w0 & 1u << 17) modifiers |= GCN_MOD_IMM;
    if (gcn14) {
        if (w0 & 1u << 14) modifiers |= GCN_MOD_SOE;
        if (w0 & 1u << 15) modifiers |= GCN_MOD_NV;
        instruction->soffset = (uint8_t)gcn_bits(w1, 25, 7);
        instruction->reserved[0] = w0 & SMEM_WORD0_RESERVED_GCN14;
        instruction->reserved[1] = w1 & SMEM_WORD1_RESERVED_GCN14;
    } else {
        instruction->reserved[0] = w0 & SMEM_WORD0_RESERVED_GCN12;
        instruction->reserved[1] = w1 & SMEM_WORD1_RESERVED_GCN12;
    }
    instruction->modifiers = modifiers;
    return GCN_OK;
}

static inline __attribute__((always_inline)) gcn_status
smem_decode(gcn_arch arch, const uint32_t *words, size_t word_count, gcn_instruction *instruction)
{
    if (arch <= GCN_ARCH_GCN11)
        return decode_smrd(arch, words, word_count, instruction);
    return decode_smem(arch, words, word_count, instruction);
}

static inline __attribute__((always_inline)) gcn_status
encode_smrd(gcn_arch arch, const gcn_instruction *instruction, uint32_t *words)
{
    uint16_t modifiers = instruction->modifiers;
    bool imm = (modifiers & GCN_MOD_IMM) != 0;
    bool literal = (modifiers & GCN_MOD_LITERAL) != 0;
    /* The literal word exists exactly when GCN 1.1 reads offset 255 as a register. */
    bool wants_literal = arch == GCN_ARCH_GCN11 && !imm && instruction->offset == SMRD_LITERAL_CODE;
    if (instruction->opcode >= 32 || instruction->sdata >= 128 || instruction->sbase >= 64 ||
        instruction->offset > 0xffu || (modifiers & ~(GCN_MOD_IMM | GCN_MOD_LITERAL)) ||
        literal != wants_literal || instruction->word_count != (literal ? 2 : 1) ||
        instruction->reserved[0] || instruction->reserved[1] || instruction->soffset ||
        (!literal && instruction->literal))
        return GCN_ERROR_NOT_ENCODABLE;
    words[0] = 0xc0000000u | (uint32_t)instruction->opcode << 22 | (uint32_t)instruction->sdata << 15 |
               (uint32_t)instruction->sbase << 9 | (imm ? 1u << 8 : 0) | instruction->offset;
    if (literal)
        words[1] = instruction->literal;
    return GCN_OK;
}

static inline __attribute__((always_inline)) gcn_status
encode_smem(gcn_arch arch, const gcn_instruction *instruction, uint32_t *words)
{
    bool gcn14 = arch >= GCN_ARCH_GCN14;
    uint16_t modifiers = instruction->modifiers;
    uint16_t allowed = GCN_MOD_IMM | GCN_MOD_GLC | (gcn14 ? GCN_MOD_SOE | GCN_MOD_NV : 0);
    uint32_t reserved0 = gcn14 ? SMEM_WORD0_RESERVED_GCN14 : SMEM_WORD0_RESERVED_GCN12;
    uint32_t reserved1 = gcn14 ? SMEM_WORD1_RESERVED_GCN14 : SMEM_WORD1_RESERVED_GCN12;
    if (instruction->opcode >= GCN_OPCODES_SMEM || instruction->sdata >= 128 ||
        instruction->sbase >= 64 || instruction->offset > offset_mask(arch) ||
        (modifiers & ~allowed) || instruction->word_count != 2 || instruction->literal ||
        (instruction->reserved[0] & ~reserved0) || (instruction->reserved[1] & ~reserved1) ||
        instruction->soffset >= (gcn14 ? 128 : 1))
        return GCN_ERROR_NOT_ENCODABLE;
    words[0] = 0xc0000000u | (uint32_t)instruction->opcode << 18 |
               ((modifiers & GCN_MOD_IMM) ? 1u << 17 : 0) | ((modifiers & GCN_MOD_GLC) ? 1u << 16 : 0) |
               ((modifiers & GCN_MOD_NV) ? 1u << 15 : 0) | ((modifiers & GCN_MOD_SOE) ? 1u << 14 : 0) |
               (uint32_t)instruction->sdata << 6 | instruction->sbase | instruction->reserved[0];
    words[1] = instruction->offset | (uint32_t)instruction->soffset << 25 | instruction->reserved[1];
    return GCN_OK;
}

static inline __attribute__((always_inline)) gcn_status
smem_encode(gcn_arch arch, const gcn_instruction *instruction, uint32_t *words)
{
    if (arch <= GCN_ARCH_GCN11)
        return encode_smrd(arch, instruction, words);
    return encode_smem(arch, instruction, words);
}

GCN_HAND_CODEC(smem)
