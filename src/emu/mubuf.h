/* What the MUBUF executor's files share (mubuf.c: addressing, loads,
 * stores, atomics; mubuf_format.c: the format loads and stores). */
#ifndef GCN_EMU_MUBUF_H
#define GCN_EMU_MUBUF_H

#include "emu/buffer.h"
#include "emu/emu.h"
#include "emu/memory.h"

/* One instruction's resource, request and address registers. */
typedef struct mubuf_context {
    emu_step *step;
    emu_buffer_resource resource;
    emu_buffer_request request;
    uint64_t exec;
    const uint32_t *vaddr0, *vaddr1; /* VGPR[VADDR], VGPR[VADDR+1]: 64 lanes, or NULL */
    /* The common case, decided once per instruction: no swizzle, no ADDR64
     * (mubuf_linear_span); structured: the range rule of STRIDE and index. */
    bool linear, structured;
} mubuf_context;

/* Where byte delta of a lane's access lies, aligned for elements of
 * `align` bytes; false if out of range (a read gives 0, a write is dropped). */
static inline bool mubuf_address(const mubuf_context *context, unsigned lane, uint32_t delta,
                                 unsigned align, uint64_t *address)
{
    uint32_t vaddr0 = context->vaddr0 ? context->vaddr0[lane] : 0;
    uint32_t vaddr1 = context->vaddr1 ? context->vaddr1[lane] : 0;
    emu_buffer_address result;
    emu_buffer_lane_address(&context->resource, &context->request, vaddr0, vaddr1, lane, delta,
                            &result);
    *address = emu_buffer_align(result.address, align);
    return result.in_range;
}

/* The common case of a lane's access (context->linear) in one step: the
 * guest bytes of `bytes` bytes from byte 0 of the lane's access (aligned for
 * `align`-byte elements), when every dword up to byte `last` is in range,
 * contiguous and in guest memory; else NULL, and the caller takes the
 * general path, which gives the same result for every lane this one takes. */
static inline uint8_t *mubuf_linear_span(const mubuf_context *context, unsigned lane, uint32_t last,
                                         unsigned align, unsigned bytes)
{
    const emu_buffer_resource *resource = &context->resource;
    const emu_buffer_request *request = &context->request;
    uint32_t vgpr_index = request->idxen ? context->vaddr0[lane] : 0;
    uint32_t vgpr_offset = request->offen ? (request->idxen ? context->vaddr1 : context->vaddr0)[lane] : 0;
    uint32_t offset = request->offset + vgpr_offset;
    uint32_t index = vgpr_index + (resource->tid_enable ? lane : 0);
    uint32_t buffer_offset = index * resource->stride + offset;
    if (offset > UINT32_MAX - last || buffer_offset > UINT32_MAX - last)
        return NULL; /* a dword wraps: the general path */
    if (context->structured ? index >= resource->num_records || offset + last >= resource->stride
                            : (uint64_t)buffer_offset + last + request->soffset >= resource->num_records)
        return NULL;
    uint64_t address = resource->base + request->soffset + buffer_offset;
    if (address > UINT64_MAX - last)
        return NULL;
    return emu_memory_span(context->step->machine, emu_buffer_align(address, align), bytes);
}

/* The fault of an access outside guest memory (out of line: it is rare). */
void mubuf_span_fault(const mubuf_context *context, unsigned lane, uint64_t address, unsigned size,
                      bool write) __attribute__((cold));

/* Guest bytes at address for a lane, or NULL after a fault naming them. */
static inline uint8_t *mubuf_span(const mubuf_context *context, unsigned lane, uint64_t address,
                                  unsigned size, bool write)
{
    uint8_t *bytes = emu_memory_span(context->step->machine, address, size);
    if (!bytes)
        mubuf_span_fault(context, lane, address, size, write);
    return bytes;
}

/* Issues the VM_CNT op of a load that writes VGPRs first..first+count-1 of
 * the EXEC lanes (bits of mask) with values[register][lane]; checks first
 * that no op in flight still owns them. */
gcn_run_status mubuf_finish_load(const mubuf_context *context, unsigned first, unsigned count,
                                 uint32_t mask, uint32_t (*values)[GCN_WAVE_LANES]);
/* Issues a store's op, which reads VGPRs first..first+count-1 until done:
 * on VM_CNT, and on GCN 1.0 on EXP_CNT too (there the data registers are
 * free again when EXP_CNT says so, as LLVM's waitcnt pass knows). */
gcn_run_status mubuf_finish_store(const mubuf_context *context, unsigned first, unsigned count);

/* The format loads and stores (mubuf_format.c). */
gcn_run_status mubuf_load_format(const mubuf_context *context);
gcn_run_status mubuf_store_format(const mubuf_context *context);

#endif
