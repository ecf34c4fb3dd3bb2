/* The public decode and encode (their arguments checked) and an instruction's identity. */
#include "codec/codec.h"

gcn_status gcn_decode(gcn_arch arch, const uint32_t *words, size_t word_count,
                      gcn_instruction *instruction)
{
    if (!words || !instruction || (unsigned)arch >= GCN_ARCH_COUNT)
        return GCN_ERROR_INVALID_ARGUMENT;
    if (word_count == 0)
        return GCN_ERROR_TRUNCATED;
    return gcn_decode_checked(arch, words, word_count, instruction);
}

gcn_status gcn_encode(const gcn_instruction *instruction, uint32_t *words, size_t *word_count)
{
    if (!instruction || !words || instruction->family == GCN_FAMILY_NONE ||
        instruction->family >= GCN_FAMILY_COUNT || instruction->arch >= GCN_ARCH_COUNT)
        return GCN_ERROR_INVALID_ARGUMENT;
    gcn_status status = gcn_encode_checked(instruction, words);
    if (status == GCN_OK && word_count)
        *word_count = instruction->word_count;
    return status;
}

gcn_encoding gcn_instruction_encoding(const gcn_instruction *instruction)
{
    if (!instruction || instruction->arch >= GCN_ARCH_COUNT)
        return GCN_ENCODING_NONE;
    if (instruction->encoding != GCN_ENCODING_NONE)
        return (gcn_encoding)instruction->encoding;
    /* one built by hand: its family's encoding on its generation (SMRD or SMEM) */
    for (unsigned e = 1; e < GCN_ENCODING_COUNT && instruction->family != GCN_FAMILY_NONE; e++)
        if (gcn_encodings[e].family == instruction->family && gcn_encoding_on_arch((gcn_encoding)e, instruction->arch))
            return (gcn_encoding)e;
    return GCN_ENCODING_NONE;
}

const char *gcn_mnemonic(const gcn_instruction *instruction)
{
    if (!instruction || instruction->row >= GCN_ROW_COUNT)
        return NULL;
    return gcn_rows[instruction->row].name;
}
