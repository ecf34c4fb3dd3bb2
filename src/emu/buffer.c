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
