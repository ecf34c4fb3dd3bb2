/* MUBUF, as the CLRX GCN ISA pages define it (the MUBUF page and its
 * "Buffer addressing"; the operations mirror the FLAT page's): every lane
 * of EXEC computes its address from the buffer resource, and loads,
 * stores and atomics run in lane order, so that lanes racing on one
 * address leave the last lane's store and see the effects of the lower
 * lanes' atomics. Memory is read and written when the instruction issues;
 * results reach the VGPRs through VM_CNT, in order (the MUBUF page: MUBUF
 * instructions execute in order). */
#include "emu/buffer_lanes.h"
#include "emu/format_element.h"
#include "emu/memory.h"
#include "emu/mubuf.h"
#include "emu/operands.h"
#include "emu/pending.h"
#include "emu/registers.h"

void mubuf_span_fault(const mubuf_context *context, unsigned lane, uint64_t address, unsigned size,
                      bool write)
{
    emu_fault_at(context->step, (int)lane, address, "%s: %s of %u bytes at 0x%llx outside guest memory",
                 context->step->row->name, write ? "write" : "read", size,
                 (unsigned long long)address);
}

/* The bytes of a lane's dwords 0..count-1 (each of `size` bytes, 4 apart),
 * NULL where out of range; false after a fault. Unswizzled, a wholly
 * in-range access is contiguous (the range rules grow with the offset) and
 * takes one span; otherwise each dword is addressed on its own. */
static bool mubuf_lane_spans(const mubuf_context *context, unsigned lane, unsigned size,
                             unsigned count, bool write, uint8_t **spans)
{
    if (context->linear) {
        uint8_t *bytes = count > 1 ? mubuf_linear_span(context, lane, 4 * (count - 1), size, 4 * count)
                                   : mubuf_linear_span(context, lane, 0, size, size);
        if (bytes) {
            for (unsigned i = 0; i < count; i++)
                spans[i] = bytes + 4 * i;
            return true;
        }
    }
    if (count > 1 && !context->resource.swizzle) {
        uint64_t first, last;
        bool first_in = mubuf_address(context, lane, 0, size, &first);
        if (first_in && mubuf_address(context, lane, 4 * (count - 1), size, &last) &&
            last == first + 4 * (count - 1)) {
            uint8_t *bytes = emu_memory_span(context->step->machine, first, 4 * count);
            if (bytes) {
                for (unsigned i = 0; i < count; i++)
                    spans[i] = bytes + 4 * i;
                return true;
            }
        }
    }
    for (unsigned i = 0; i < count; i++) {
        uint64_t address;
        spans[i] = NULL;
        if (mubuf_address(context, lane, 4 * i, size, &address) &&
            !(spans[i] = mubuf_span(context, lane, address, size, write)))
            return false;
    }
    return true;
}

/* The common case for a whole instruction before its lanes run: the spans
 * (mubuf_linear_span) of the EXEC lanes that take it, in spans[lane];
 * returns those lanes (the rest take the general path in lane order).
 * Addresses depend on registers only, so computing them first changes
 * nothing; not while the machine watches, which records spans in order. */
static uint64_t mubuf_linear_lanes(const mubuf_context *context, uint32_t last, unsigned align,
                                   unsigned bytes, uint8_t **spans)
{
    static const uint32_t zeros[GCN_WAVE_LANES];
    gcn_machine *machine = context->step->machine;
    if (!context->linear || machine->watching)
        return 0;
    /* mubuf_linear_span with every per-instruction value in a local, and
     * without a branch on the modifiers. */
    const emu_buffer_resource *resource = &context->resource;
    const emu_buffer_request *request = &context->request;
    const uint32_t *index_registers = request->idxen ? context->vaddr0 : zeros;
    const uint32_t *offset_registers = !request->offen ? zeros : request->idxen ? context->vaddr1 : context->vaddr0;
    uint32_t stride = resource->stride, num_records = resource->num_records, soffset = request->soffset;
    uint32_t instruction_offset = request->offset, tid_mask = resource->tid_enable ? UINT32_MAX : 0;
    uint64_t base = resource->base + soffset, align_mask = emu_buffer_align(UINT64_MAX, align);
    /* Raw rule, BUFOFFSET + last + SGPR_OFFSET < NUMRECORDS: below limit
     * (which also keeps BUFOFFSET + last from wrapping). */
    int64_t limit = (int64_t)num_records - soffset - last;
    bool structured = context->structured;
    emu_hot_region hot;
    emu_hot_start(&hot, machine, bytes);
    if (context->exec == UINT64_MAX && !structured) {
        /* The whole wave: when the lowest and the highest BUFOFFSET are in
         * range and in the region, every lane is (addresses grow with it). */
        uint32_t offsets[GCN_WAVE_LANES], lowest = UINT32_MAX, highest = 0;
        for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++) {
            uint32_t offset = (index_registers[lane] + (lane & tid_mask)) * stride + instruction_offset +
                              offset_registers[lane];
            offsets[lane] = offset;
            lowest = offset < lowest ? offset : lowest;
            highest = offset > highest ? offset : highest;
        }
        if ((int64_t)highest < limit && emu_hot_holds(&hot, (base + lowest) & align_mask) &&
            emu_hot_holds(&hot, (base + highest) & align_mask)) {
            for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++)
                spans[lane] = hot.region.bytes + (((base + offsets[lane]) & align_mask) - hot.region.address);
            return UINT64_MAX;
        }
    }
    uint64_t taken = 0;
    for (uint64_t lanes = context->exec; lanes; lanes &= lanes - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(lanes);
        uint32_t index = index_registers[lane] + (lane & tid_mask);
        uint32_t offset = instruction_offset + offset_registers[lane];
        uint32_t buffer_offset = index * stride + offset;
        if (__builtin_expect(structured, 0)) {
            if (offset > UINT32_MAX - last || buffer_offset > UINT32_MAX - last || index >= num_records ||
                offset + last >= stride)
                continue; /* a dword wraps, or out of range: the general path */
        } else if ((int64_t)buffer_offset >= limit) {
            continue;
        }
        uint8_t *span = emu_hot_span(&hot, machine, (base + buffer_offset) & align_mask, bytes);
        if (!span)
            continue;
        spans[lane] = span;
        taken |= 1ull << lane;
    }
    return taken;
}

/* The same for a row's `count` dwords (or one element of `size` bytes). */
static uint64_t mubuf_linear_rows(const mubuf_context *context, unsigned size, unsigned count,
                                  uint8_t **spans)
{
    return count > 1 ? mubuf_linear_lanes(context, 4 * (count - 1), size, 4 * count, spans)
                     : mubuf_linear_lanes(context, 0, size, size, spans);
}

/* Reads the resource, SOFFSET and the VADDR registers the modifiers use. */
static bool mubuf_begin(emu_step *step, mubuf_context *context)
{
    const gcn_instruction *instruction = step->instruction;
    unsigned srsrc = emu_mubuf_srsrc(instruction);
    *context = (mubuf_context){.step = step};
    if (srsrc + 4 > GCN_SCALAR_SLOTS) {
        emu_fault(step, -1, "%s: the resource s[%u:%u] runs past the scalar registers",
                  step->row->name, srsrc, srsrc + 3);
        return false;
    }
    uint32_t words[4];
    for (unsigned i = 0; i < 4; i++)
        words[i] = emu_read_sgpr(step, srsrc + i);
    emu_buffer_resource_decode((gcn_arch)instruction->arch, words, &context->resource);
    emu_buffer_request *request = &context->request;
    request->offset = emu_offset_field(instruction);
    request->soffset = emu_read_scalar_source(step, emu_mubuf_soffset(instruction));
    request->offen = emu_has_modifier(instruction, GCN_MOD_OFFEN);
    request->idxen = emu_has_modifier(instruction, GCN_MOD_IDXEN);
    request->addr64 = emu_has_modifier(instruction, GCN_MOD_ADDR64);
    /* The IDXEN/OFFEN table: both (or ADDR64) take VADDR and VADDR+1. */
    unsigned vaddr_count = request->addr64 || (request->offen && request->idxen) ? 2
                           : request->offen || request->idxen ? 1 : 0;
    unsigned vaddr = emu_mubuf_vaddr(instruction);
    if (vaddr_count && !emu_lanes_check_vgprs(step, "the address registers", vaddr, vaddr_count))
        return false;
    if (vaddr_count >= 1)
        context->vaddr0 = emu_read_vgpr(step, vaddr);
    if (vaddr_count == 2)
        context->vaddr1 = emu_read_vgpr(step, vaddr + 1);
    context->exec = emu_exec(step);
    context->linear = !context->resource.swizzle && !request->addr64;
    context->structured = context->resource.stride != 0 && (request->idxen || context->resource.tid_enable);
    return !emu_failed(step);
}

gcn_run_status mubuf_finish_load(const mubuf_context *context, unsigned first, unsigned count,
                                 uint32_t mask, uint32_t (*values)[GCN_WAVE_LANES])
{
    emu_step *step = context->step;
    if (!emu_lanes_claim(step, first, count))
        return GCN_RUN_FAULT;
    emu_op *op = emu_issue(step, GCN_COUNTER_VM, 1, true);
    emu_lanes_deliver(op, step->wave, first, count, context->exec, mask, values);
    return GCN_RUN_RUNNING;
}

gcn_run_status mubuf_finish_store(const mubuf_context *context, unsigned first, unsigned count)
{
    emu_step *step = context->step;
    if (emu_failed(step))
        return GCN_RUN_FAULT;
    emu_op *op = emu_issue(step, GCN_COUNTER_VM, 1, true);
    if (step->instruction->arch == GCN_ARCH_GCN10)
        op = emu_issue(step, GCN_COUNTER_EXP, 1, true);
    emu_op_store_vgprs(op, step->wave, first, count);
    return GCN_RUN_RUNNING;
}

/* The LDS form: "LDS_ADDR = LDS_BASE + (M0&0xffff) + LANEID*4", a value
 * narrower than a dword zero-extended (CLRX's memory handling page); the
 * dwords after the first of a wide load go 256 bytes (a wave's dword row)
 * further each. */
static gcn_run_status mubuf_load_to_lds(const mubuf_context *context, unsigned count,
                                        uint32_t (*values)[GCN_WAVE_LANES])
{
    emu_step *step = context->step;
    uint32_t base = emu_read_sgpr(step, GCN_CODE_M0) & 0xffff;
    for (uint64_t lanes = context->exec; lanes; lanes &= lanes - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(lanes);
        for (unsigned i = 0; i < count; i++) {
            uint64_t offset = base + lane * 4u + i * 256u;
            uint8_t *bytes = emu_lds_span(step->wave, offset, 4);
            if (!bytes)
                return emu_fault_at(step, (int)lane, offset,
                                    "%s lds: LDS offset 0x%llx is outside the workgroup's LDS",
                                    step->row->name, (unsigned long long)offset);
            emu_store32(bytes, values[i][lane]);
        }
    }
    emu_issue(step, GCN_COUNTER_VM, 1, true);
    return GCN_RUN_RUNNING;
}

/* Whether the lds modifier is allowed on the row on this generation. */
static bool lds_allowed(const emu_step *step)
{
    const gcn_row *row = step->row;
    if (row->flags & GCN_ROW_LDS)
        return true;
    return (row->flags & GCN_ROW_LDS_GCN12) && step->instruction->arch >= GCN_ARCH_GCN12;
}

static gcn_run_status mubuf_load(const mubuf_context *context)
{
    emu_step *step = context->step;
    const gcn_row *row = step->row;
    gcn_element element = (gcn_element)row->element;
    bool lds = emu_has_modifier(step->instruction, GCN_MOD_LDS);
    bool tfe = emu_has_modifier(step->instruction, GCN_MOD_TFE);
    unsigned count = row->data_dwords, size = emu_element_bytes(element);
    unsigned vdata = emu_mubuf_vdata(step->instruction);
    if (lds && tfe)
        return emu_fault(step, -1, "%s: lds and tfe together are illegal", row->name);
    if (lds && !lds_allowed(step))
        return emu_fault(step, -1, "%s has no lds form on this generation", row->name);
    if (!lds && !emu_lanes_check_vgprs(step, "the data registers", vdata, count + tfe))
        return GCN_RUN_FAULT;
    /* The LDS form zero-extends: SBYTE and SSHORT read as UBYTE and USHORT. */
    gcn_element read_as = !lds ? element
                          : element == GCN_ELEMENT_S8 ? GCN_ELEMENT_U8
                          : element == GCN_ELEMENT_S16 ? GCN_ELEMENT_U16 : element;
    uint32_t values[5][GCN_WAVE_LANES] = {{0}};
    uint8_t *linear[GCN_WAVE_LANES];
    uint64_t taken = mubuf_linear_rows(context, size, count, linear);
    emu_lanes_load(read_as, count, taken, linear, values);
    for (uint64_t lanes = context->exec & ~taken; lanes; lanes &= lanes - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(lanes);
        uint8_t *spans[4];
        if (!mubuf_lane_spans(context, lane, size, count, false, spans))
            return GCN_RUN_FAULT;
        for (unsigned i = 0; i < count; i++)
            if (spans[i]) /* out of range: 0 */
                values[i][lane] = emu_element_load(read_as, spans[i]);
    }
    if (lds)
        return mubuf_load_to_lds(context, count, values);
    /* TFE: one more register, 0: no fetch of a buffer fails. */
    uint32_t mask = emu_element_mask(element);
    if (tfe)
        mask = emu_lanes_whole(step, vdata, count, context->exec, mask, values);
    return mubuf_finish_load(context, vdata, count + tfe, mask, values);
}

static gcn_run_status mubuf_store(const mubuf_context *context)
{
    emu_step *step = context->step;
    const gcn_row *row = step->row;
    gcn_element element = (gcn_element)row->element;
    unsigned count = row->data_dwords, size = emu_element_bytes(element);
    unsigned vdata = emu_mubuf_vdata(step->instruction);
    if (emu_has_modifier(step->instruction, GCN_MOD_LDS))
        return emu_fault(step, -1, "%s has no lds form", row->name);
    const uint32_t *data[4];
    if (!emu_lanes_read(step, vdata, count, data))
        return GCN_RUN_FAULT;
    uint8_t *linear[GCN_WAVE_LANES];
    uint64_t taken = mubuf_linear_rows(context, size, count, linear);
    uint64_t rest = context->exec; /* the lanes left for the loop in lane order */
    if (taken == UINT64_MAX && element == GCN_ELEMENT_B32) {
        emu_lanes_store_dwords(linear, data, count);
        rest = 0;
    }
    for (uint64_t lanes = rest; lanes; lanes &= lanes - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(lanes);
        uint8_t *spans[4];
        if (taken >> lane & 1) {
            for (unsigned i = 0; i < count; i++)
                emu_element_store(element, data[i][lane], linear[lane] + 4 * i);
            continue;
        }
        if (!mubuf_lane_spans(context, lane, size, count, true, spans))
            return GCN_RUN_FAULT;
        for (unsigned i = 0; i < count; i++)
            if (spans[i]) /* out of range: dropped */
                emu_element_store(element, data[i][lane], spans[i]);
    }
    return mubuf_finish_store(context, vdata, count);
}

/* buffer_store_lds_dword: the dword at LDS_BASE + (M0&0xffff) + LANEID*4
 * to the lane's buffer address. */
static gcn_run_status mubuf_store_lds(const mubuf_context *context)
{
    emu_step *step = context->step;
    uint32_t base = emu_read_sgpr(step, GCN_CODE_M0) & 0xffff;
    for (uint64_t lanes = context->exec; lanes; lanes &= lanes - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(lanes);
        uint64_t offset = base + lane * 4u, address;
        const uint8_t *from = emu_lds_span(step->wave, offset, 4);
        if (!from)
            return emu_fault_at(step, (int)lane, offset, "%s: LDS offset 0x%llx is outside the workgroup's LDS",
                                step->row->name, (unsigned long long)offset);
        if (!mubuf_address(context, lane, 0, 4, &address))
            continue;
        uint8_t *to = mubuf_span(context, lane, address, 4, true);
        if (!to)
            return GCN_RUN_FAULT;
        emu_store32(to, emu_load32(from));
    }
    emu_issue(step, GCN_COUNTER_VM, 1, true);
    return GCN_RUN_RUNNING;
}

/* Atomics: VDATA holds the data (and CMPSWAP's compare after it); with GLC
 * the old value comes back to VDATA. Out of range: memory untouched, 0
 * returned (as a read out of range). */
static gcn_run_status mubuf_atomic(const mubuf_context *context)
{
    emu_step *step = context->step;
    const gcn_row *row = step->row;
    unsigned count = row->data_dwords, vdata = emu_mubuf_vdata(step->instruction);
    unsigned width = emu_lanes_atomic_width(row);
    bool glc = emu_glc(step->instruction), tfe = emu_has_modifier(step->instruction, GCN_MOD_TFE);
    if (emu_has_modifier(step->instruction, GCN_MOD_LDS))
        return emu_fault(step, -1, "%s has no lds form", row->name);
    const uint32_t *data[4];
    if ((glc && !emu_lanes_check_vgprs(step, "the data registers", vdata, width + tfe)) ||
        !emu_lanes_read(step, vdata, count, data))
        return GCN_RUN_FAULT;
    uint32_t old[3][GCN_WAVE_LANES] = {{0}};
    uint8_t *linear[GCN_WAVE_LANES];
    uint64_t taken = mubuf_linear_lanes(context, 0, 4, 4 * width, linear);
    uint64_t rest = context->exec; /* the lanes left for the loop in lane order */
    if (taken == rest) {
        emu_lanes_atomics(row, data, taken, linear, old);
        rest = 0;
    }
    for (uint64_t lanes = rest; lanes; lanes &= lanes - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(lanes);
        uint64_t address;
        uint8_t *bytes = taken >> lane & 1 ? linear[lane] : NULL;
        if (!bytes) {
            if (!mubuf_address(context, lane, 0, 4, &address))
                continue;
            if (!(bytes = mubuf_span(context, lane, address, 4 * width, true)))
                return GCN_RUN_FAULT;
        }
        uint64_t before = emu_lanes_atomic(row, data, lane, bytes);
        old[0][lane] = (uint32_t)before;
        old[1][lane] = (uint32_t)(before >> 32);
    }
    if (glc)
        return mubuf_finish_load(context, vdata, width + tfe, 0xffffffffu, old);
    return mubuf_finish_store(context, vdata, count);
}

gcn_run_status emu_execute_mubuf(emu_step *step)
{
    gcn_operation operation = (gcn_operation)step->row->operation;
    if (operation == GCN_OP_CACHE_WBINVL1 || operation == GCN_OP_CACHE_WBINVL1_VOL ||
        operation == GCN_OP_CACHE_WBINVL1_SC) {
        /* No cache to write back or invalidate; it counts on VM_CNT. */
        emu_issue(step, GCN_COUNTER_VM, 1, true);
        return GCN_RUN_RUNNING;
    }
    mubuf_context context;
    if (!mubuf_begin(step, &context))
        return GCN_RUN_FAULT;
    switch (operation) {
    case GCN_OP_LOAD:
        return mubuf_load(&context);
    case GCN_OP_STORE:
        return mubuf_store(&context);
    case GCN_OP_LOAD_FORMAT:
        return mubuf_load_format(&context);
    case GCN_OP_STORE_FORMAT:
        return mubuf_store_format(&context);
    case GCN_OP_STORE_LDS:
        return mubuf_store_lds(&context);
    default:
        if (step->row->flags & GCN_ROW_ATOMIC)
            return mubuf_atomic(&context);
        return emu_fault(step, -1, "%s has no MUBUF executor", step->row->name);
    }
}
