/* The buffer resource and buffer addressing (see buffer.h). */
#include "emu/buffer.h"

static uint32_t field(uint32_t word, unsigned shift, unsigned width)
{
    return (word >> shift) & ((1u << width) - 1);
}

void emu_buffer_resource_decode(gcn_arch arch, const uint32_t words[4],
                                emu_buffer_resource *resource)
{
    uint32_t w1 = words[1], w3 = words[3];
    resource->base = (uint64_t)words[0] | (uint64_t)field(w1, 0, 16) << 32;
    resource->stride = field(w1, 16, 14);
    resource->cache_swizzle = (w1 >> 30) & 1;
    resource->swizzle = (w1 >> 31) & 1;
    resource->num_records = words[2];
    for (unsigned i = 0; i < 4; i++)
        resource->dst_sel[i] = (uint8_t)field(w3, 3 * i, 3);
    resource->num_format = (uint8_t)field(w3, 12, 3);
    resource->data_format = (uint8_t)field(w3, 15, 4);
    /* GCN 1.4 has no ELEMENT_SIZE field (bits 115-116 are USER_VM_ENABLE and
     * USER_VM_MODE there, as LLVM's scratch resource setup says): its swizzle
     * works on dwords. */
    resource->element_size = arch >= GCN_ARCH_GCN14 ? 4 : (uint8_t)(2u << field(w3, 19, 2));
    resource->index_stride = (uint8_t)(8u << field(w3, 21, 2));
    resource->tid_enable = (w3 >> 23) & 1;
    resource->type = (uint8_t)field(w3, 30, 2);
    /* GCN 1.2 and 1.4: with TID_ENABLE, DATA_FORMAT gives stride bits 14-17
     * (LLVM clears it in its scratch resources for that reason). */
    if (arch >= GCN_ARCH_GCN12 && resource->tid_enable)
        resource->stride |= (uint32_t)resource->data_format << 14;
}

void emu_buffer_lane_address(const emu_buffer_resource *resource,
                             const emu_buffer_request *request, uint32_t vaddr0,
                             uint32_t vaddr1, unsigned lane, uint32_t delta,
                             emu_buffer_address *result)
{
    if (request->addr64) {
        /* ADDRESS = BASE + VGPR_ADDRESS + OFFSET + SGPR_OFFSET; no range check. */
        uint64_t vgpr_address = (uint64_t)vaddr0 | (uint64_t)vaddr1 << 32;
        result->address = resource->base + vgpr_address + request->offset +
                          request->soffset + delta;
        result->index = 0;
        result->offset = request->offset + delta;
        result->buffer_offset = 0;
        result->in_range = true;
        return;
    }
    /* The IDXEN/OFFEN table: the index is always VADDR, the offset VADDR
     * alone or VADDR+1 after an index. */
    uint32_t vgpr_index = request->idxen ? vaddr0 : 0;
    uint32_t vgpr_offset = request->offen ? (request->idxen ? vaddr1 : vaddr0) : 0;
    uint32_t offset = request->offset + vgpr_offset + delta;           /* AOFFSET */
    uint32_t index = vgpr_index + (resource->tid_enable ? lane : 0);   /* AINDEX */
    uint32_t stride = resource->stride;
    uint32_t buffer_offset;
    if (resource->swizzle) {
        uint32_t element = resource->element_size, index_stride = resource->index_stride;
        uint32_t index_msb = index / index_stride, index_lsb = index % index_stride;
        uint32_t offset_msb = offset / element, offset_lsb = offset % element;
        buffer_offset = offset_lsb + element * index_lsb +
                        index_stride * (index_msb * stride + offset_msb * element);
    } else {
        buffer_offset = index * stride + offset;
    }
    bool structured = stride != 0 && (request->idxen || resource->tid_enable);
    if (structured)
        result->in_range = index < resource->num_records && offset < stride;
    else
        result->in_range = (uint64_t)buffer_offset + request->soffset < resource->num_records;
    result->address = resource->base + request->soffset + buffer_offset;
    result->index = index;
    result->offset = offset;
    result->buffer_offset = buffer_offset;
}
