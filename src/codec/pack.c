/* The generic bit packer: any encoding's fields to and from its words, by
 * each field's place on the generation (gcn_field_places, generated from
 * encodings.def). */
#include "isa/encoding.h"

void gcn_unpack(gcn_encoding encoding, gcn_arch arch, const uint32_t *words, uint32_t *values,
                uint32_t *reserved)
{
    const gcn_field_place *places = gcn_field_places[encoding][arch];
    for (unsigned field = 0; field < GCN_MAX_FIELDS; field++)
        values[field] = gcn_field_value(words, &places[field]);
    reserved[0] = words[0] & gcn_encoding_reserved[encoding][arch][0];
    reserved[1] = gcn_encodings[encoding].words > 1 ? words[1] & gcn_encoding_reserved[encoding][arch][1] : 0;
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
    const gcn_field_place *places = gcn_field_places[encoding][arch];
    for (unsigned field = 0; field < GCN_MAX_FIELDS; field++)
        if (!gcn_put_field(&places[field], values[field], out)) /* (absent on the generation: not 0) */
            return false;
    if (info->kind != GCN_ENCODING_EXTRA) /* an extra word leaves its VOP's word 0 */
        words[0] = out[0];
    if (info->words > 1)
        words[1] = out[1];
    return true;
}
