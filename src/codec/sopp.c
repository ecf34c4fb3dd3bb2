/* SOPP: SIMM16 in bits 0-15, opcode in bits 16-22, 0b101111111 above. */
#include "codec/codec.h"

gcn_status gcn_decode_sopp(gcn_arch arch, const uint32_t *words, size_t word_count,
                           gcn_instruction *instruction)
{
    (void)word_count;
    gcn_decode_start(instruction, arch, GCN_FAMILY_SOPP, gcn_bits(words[0], 16, 7), 1);
    instruction->simm16 = (uint16_t)words[0];
    return GCN_OK;
}

gcn_status gcn_encode_sopp(const gcn_instruction *instruction, uint32_t *words)
{
    if (instruction->opcode >= GCN_OPCODES_SOPP)
        return GCN_ERROR_NOT_ENCODABLE;
    words[0] = 0xbf800000u | (uint32_t)instruction->opcode << 16 | instruction->simm16;
    return GCN_OK;
}
