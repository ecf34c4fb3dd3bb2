/* MUBUF: two words.
 * word 0: offset 0-11, offen 12, idxen 13, glc 14, addr64 15 (GCN 1.0/1.1),
 *         lds 16, slc 17 (GCN 1.2/1.4), opcode 18-24, 0b111000 in 26-31;
 * word 1: vaddr 0-7, vdata 8-15, srsrc 16-20 (SGPR / 4), slc 22 (GCN 1.0/1.1),
 *         tfe 23, soffset 24-31.
 * Every other bit is kept in reserved[] so that decode then encode is exact. */
#include "codec/codec.h"

#define WORD0_KNOWN_GCN10 0xfdfdffffu /* all but bits 17 and 25 */
#define WORD0_KNOWN_GCN12 0xfdff7fffu /* all but bits 15 and 25 */
#define WORD1_KNOWN_GCN10 0xffdfffffu /* all but bit 53 */
#define WORD1_KNOWN_GCN12 0xff9fffffu /* all but bits 53 and 54 */

static bool slc_in_word0(gcn_arch arch)
{
    return arch >= GCN_ARCH_GCN12;
}

gcn_status gcn_decode_mubuf(gcn_arch arch, const uint32_t *words, size_t word_count,
                            gcn_instruction *instruction)
{
    if (word_count < GCN_MUBUF_WORDS)
        return GCN_ERROR_TRUNCATED;
    uint32_t w0 = words[0], w1 = words[1];
    bool gcn12 = slc_in_word0(arch);
    gcn_decode_start(instruction, arch, GCN_FAMILY_MUBUF, gcn_mubuf_opcode(w0), GCN_MUBUF_WORDS);
    instruction->offset = gcn_bits(w0, 0, 12);
    unsigned modifiers = 0;
    if (w0 & (1u << 12)) modifiers |= GCN_MOD_OFFEN;
    if (w0 & (1u << 13)) modifiers |= GCN_MOD_IDXEN;
    if (w0 & (1u << 14)) modifiers |= GCN_MOD_GLC;
    if (!gcn12 && (w0 & (1u << 15))) modifiers |= GCN_MOD_ADDR64;
    if (w0 & (1u << 16)) modifiers |= GCN_MOD_LDS;
    /* A product, not a test: no branch on the random slc. */
    modifiers |= ((gcn12 ? w0 >> 17 : w1 >> 22) & 1u) * GCN_MOD_SLC;
    if (w1 & (1u << 23)) modifiers |= GCN_MOD_TFE;
    instruction->modifiers = (uint16_t)modifiers;
    instruction->vaddr = (uint8_t)gcn_bits(w1, 0, 8);
    instruction->vdata = (uint8_t)gcn_bits(w1, 8, 8);
    instruction->sbase = (uint8_t)gcn_bits(w1, 16, 5);
    instruction->soffset = (uint8_t)gcn_bits(w1, 24, 8);
    instruction->reserved[0] = w0 & ~(gcn12 ? WORD0_KNOWN_GCN12 : WORD0_KNOWN_GCN10);
    instruction->reserved[1] = w1 & ~(gcn12 ? WORD1_KNOWN_GCN12 : WORD1_KNOWN_GCN10);
    return GCN_OK;
}

gcn_status gcn_encode_mubuf(const gcn_instruction *instruction, uint32_t *words)
{
    gcn_arch arch = (gcn_arch)instruction->arch;
    bool gcn12 = slc_in_word0(arch);
    unsigned modifiers = instruction->modifiers;
    if (instruction->opcode >= GCN_OPCODES_MUBUF || instruction->offset > 0xfff ||
        instruction->sbase > 31 || instruction->word_count != 2 ||
        (gcn12 && (modifiers & GCN_MOD_ADDR64)) ||
        (modifiers & (GCN_MOD_NV | GCN_MOD_IMM | GCN_MOD_SOE | GCN_MOD_LITERAL)))
        return GCN_ERROR_NOT_ENCODABLE;
    uint32_t w0 = 0xe0000000u | (uint32_t)instruction->opcode << 18 | instruction->offset;
    uint32_t w1 = (uint32_t)instruction->vaddr | (uint32_t)instruction->vdata << 8 |
                  (uint32_t)instruction->sbase << 16 | (uint32_t)instruction->soffset << 24;
    if (modifiers & GCN_MOD_OFFEN) w0 |= 1u << 12;
    if (modifiers & GCN_MOD_IDXEN) w0 |= 1u << 13;
    if (modifiers & GCN_MOD_GLC) w0 |= 1u << 14;
    if (modifiers & GCN_MOD_ADDR64) w0 |= 1u << 15;
    if (modifiers & GCN_MOD_LDS) w0 |= 1u << 16;
    if (modifiers & GCN_MOD_SLC) {
        if (gcn12)
            w0 |= 1u << 17;
        else
            w1 |= 1u << 22;
    }
    if (modifiers & GCN_MOD_TFE) w1 |= 1u << 23;
    w0 |= instruction->reserved[0] & ~(gcn12 ? WORD0_KNOWN_GCN12 : WORD0_KNOWN_GCN10);
    w1 |= instruction->reserved[1] & ~(gcn12 ? WORD1_KNOWN_GCN12 : WORD1_KNOWN_GCN10);
    words[0] = w0;
    words[1] = w1;
    return GCN_OK;
}
