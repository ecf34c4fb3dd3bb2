/* MUBUF codec: not yet written (stub). */
#include "codec/codec.h"

gcn_status gcn_decode_mubuf(gcn_arch arch, const uint32_t *words, size_t word_count,
                           gcn_instruction *instruction)
{
    (void)arch; (void)words; (void)word_count; (void)instruction;
    return GCN_ERROR_NOT_INSTRUCTION;
}

gcn_status gcn_encode_mubuf(const gcn_instruction *instruction, uint32_t *words)
{
    (void)instruction; (void)words;
    return GCN_ERROR_NOT_ENCODABLE;
}
