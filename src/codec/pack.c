/* The generic bit packer: any encoding's fields to and from its words, by
 * the layouts of encodings.def. */
#include <string.h>

#include "isa/encoding.h"

void gcn_unpack(gcn_encoding encoding, gcn_arch arch, const uint32_t *words, uint32_t *values,
                uint32_t *reserved)
{
    const gcn_encoding_info *info = &gcn_encodings[encoding];
    memset(values, 0, GCN_MAX_FIELDS * sizeof *values);
    unsigned generation = 1u << arch;
    for (const gcn_field_layout *layout = &gcn_field_layouts[info->first_layout];
         layout->encoding == encoding; layout++) {
        if (!(layout->generations & generation))
            continue;
        uint32_t value = (words[layout->word] >> layout->first) & layout->mask;
        values[layout->index] = (value ^ layout->sign) - layout->sign;
    }
    reserved[0] = words[0] & gcn_encoding_reserved[encoding][arch][0];
    reserved[1] = info->words > 1 ? words[1] & gcn_encoding_reserved[encoding][arch][1] : 0;
}

bool gcn_pack(gcn_encoding encoding, gcn_arch arch, const uint32_t *values,
              const uint32_t *reserved, uint32_t *words)
{
    const gcn_encoding_info *info = &gcn_encodings[encoding];
    if (!gcn_encoding_on_arch(encoding, arch) ||
        (reserved[0] & ~gcn_encoding_reserved[encoding][arch][0]) ||
        (reserved[1] & ~gcn_encoding_reserved[encoding][arch][1]))
        return false;
    uint32_t out[2] = {info->value[arch] | reserved[0], reserved[1]};
    /* A field absent on the generation must be 0 unless another layout of
     * it is present: checked after, from what was placed. */
    uint32_t placed = 0, seen = 0;
    for (unsigned l = info->first_layout; gcn_field_layouts[l].encoding == encoding; l++) {
        const gcn_field_layout *layout = &gcn_field_layouts[l];
        uint32_t value = values[layout->index];
        seen |= 1u << layout->index;
        if (!((layout->generations >> arch) & 1u))
            continue;
        uint32_t mask = layout->mask;
        bool fits = layout->is_signed ? (value & ~(mask >> 1)) == 0 || (~value & ~(mask >> 1)) == 0
                                      : (value & ~mask) == 0;
        if (!fits)
            return false;
        out[layout->word] |= (value & mask) << layout->first;
        placed |= 1u << layout->index;
    }
    for (unsigned index = 0; index < GCN_MAX_FIELDS; index++)
        if (((seen & ~placed) >> index) & 1u && values[index] != 0)
            return false;
    if (info->kind != GCN_ENCODING_EXTRA) /* an extra word leaves its VOP's word 0 */
        words[0] = out[0];
    if (info->words > 1)
        words[1] = out[1];
    return true;
}

void gcn_field_bits(gcn_encoding encoding, gcn_arch arch, uint32_t set, uint32_t *bits)
{
    bits[0] = bits[1] = 0;
    for (unsigned l = gcn_encodings[encoding].first_layout; gcn_field_layouts[l].encoding == encoding;
         l++) {
        const gcn_field_layout *layout = &gcn_field_layouts[l];
        if (((layout->generations >> arch) & 1u) && ((set >> layout->index) & 1u))
            bits[layout->word] |= layout->mask << layout->first;
    }
}
