/* FLAT, GLOBAL and SCRATCH: two words.
 *   word 0: GCN 1.4 offset 0-12, lds 13, segment 14-15; glc 16, slc 17,
 *           opcode 18-24, bit 25 unused, 0b110111 in 26-31.
 *   word 1: vaddr 0-7, vdata 8-15, GCN 1.4 saddr 16-22, tfe (GCN 1.4: nv) 23,
 *           vdst 24-31.
 * GCN 1.1/1.2 have no offset, lds, segment or saddr: those bits, and bit 25,
 * go to reserved[] so that encoding gives every bit back. */
#include "codec/codec.h"

#define WORD0_RESERVED_GCN14 (1u << 25)
#define WORD0_RESERVED_GCN11 (0xffffu | 1u << 25)
#define WORD1_RESERVED_GCN11 (0x7fu << 16)

/* The 13-bit offset field as GLOBAL/SCRATCH read it: signed. */
static bool signed_offset(gcn_arch arch, unsigned opcode)
{
    return arch >= GCN_ARCH_GCN14 && (opcode >> 7) != 0;
}

static inline __attribute__((always_inline)) gcn_status
flat_decode(gcn_arch arch, const uint32_t *words, size_t word_count, gcn_instruction *instruction)
{
    if (word_count < GCN_FLAT_WORDS)
        return GCN_ERROR_TRUNCATED;
    uint32_t w0 = words[0], w1 = words[1];
    bool gcn14 = arch >= GCN_ARCH_GCN14;
    unsigned opcode = gcn_flat_opcode(arch, w0);
    gcn_decode_start(instruction, arch, GCN_FAMILY_FLAT, opcode, GCN_FLAT_WORDS);
    uint16_t modifiers = 0;
    if (w0 & 1u << 16) modifiers |= GCN_MOD_GLC;
    if (w0 & 1u << 17) modifiers |= GCN_MOD_SLC;
    if (w1 & 1u << 23) modifiers |= gcn14 ? GCN_MOD_NV : GCN_MOD_TFE;
    if (gcn14 && (w0 & 1u << 13)) modifiers |= GCN_MOD_LDS;
    instruction->modifiers = modifiers;
    instruction->vaddr = (uint8_t)gcn_bits(w1, 0, 8);
    instruction->vdata = (uint8_t)gcn_bits(w1, 8, 8);
    instruction->vdst = (uint8_t)gcn_bits(w1, 24, 8);
    if (gcn14) {
        uint32_t offset = gcn_bits(w0, 0, 13);
        /* GLOBAL and SCRATCH (segment bits not 0) read it signed: extended
         * with no branch on the random segment and sign. */
        uint32_t negative = (uint32_t)((opcode >> 7) != 0) & (offset >> 12);
        instruction->offset = offset | (-negative & ~0x1fffu);
        instruction->saddr = (uint8_t)gcn_bits(w1, 16, 7);
        instruction->reserved[0] = w0 & WORD0_RESERVED_GCN14;
    } else {
        instruction->reserved[0] = w0 & WORD0_RESERVED_GCN11;
        instruction->reserved[1] = w1 & WORD1_RESERVED_GCN11;
    }
    return GCN_OK;
}

static inline __attribute__((always_inline)) gcn_status
flat_encode(gcn_arch arch, const gcn_instruction *instruction, uint32_t *words)
{
    bool gcn14 = arch >= GCN_ARCH_GCN14;
    unsigned opcode = instruction->opcode;
    if (arch < GCN_ARCH_GCN11 || instruction->word_count != 2 ||
        opcode >= (gcn14 ? GCN_OPCODES_FLAT : 128u))
        return GCN_ERROR_NOT_ENCODABLE;
    uint16_t modifiers = instruction->modifiers;
    uint32_t known = GCN_MOD_GLC | GCN_MOD_SLC | (gcn14 ? GCN_MOD_NV | GCN_MOD_LDS : GCN_MOD_TFE);
    if (modifiers & ~known)
        return GCN_ERROR_NOT_ENCODABLE;
    uint32_t w0 = 0xdc000000u | (uint32_t)(opcode & 0x7f) << 18;
    uint32_t w1 = (uint32_t)instruction->vaddr | (uint32_t)instruction->vdata << 8 |
                  (uint32_t)instruction->vdst << 24;
    if (modifiers & GCN_MOD_GLC) w0 |= 1u << 16;
    if (modifiers & GCN_MOD_SLC) w0 |= 1u << 17;
    if (modifiers & (GCN_MOD_NV | GCN_MOD_TFE)) w1 |= 1u << 23;
    if (gcn14) {
        uint32_t offset = instruction->offset;
        /* 13 bits, read as unsigned (FLAT) or signed (GLOBAL/SCRATCH). */
        bool fits = offset <= 0x1fffu ||
                    (signed_offset(arch, opcode) && offset >= ~0xfffu);
        if (!fits || instruction->saddr > 0x7f ||
            (instruction->reserved[0] & ~WORD0_RESERVED_GCN14) || instruction->reserved[1])
            return GCN_ERROR_NOT_ENCODABLE;
        w0 |= (offset & 0x1fffu) | (uint32_t)(opcode >> 7) << 14 | instruction->reserved[0];
        if (modifiers & GCN_MOD_LDS) w0 |= 1u << 13;
        w1 |= (uint32_t)instruction->saddr << 16;
    } else {
        if (instruction->offset || instruction->saddr ||
            (instruction->reserved[0] & ~WORD0_RESERVED_GCN11) ||
            (instruction->reserved[1] & ~WORD1_RESERVED_GCN11))
            return GCN_ERROR_NOT_ENCODABLE;
        w0 |= instruction->reserved[0];
        w1 |= instruction->reserved[1];
    }
    words[0] = w0;
    words[1] = w1;
    return GCN_OK;
}

GCN_HAND_CODEC(flat)
