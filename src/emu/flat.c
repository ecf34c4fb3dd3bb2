/* FLAT (GCN 1.1+), GLOBAL and SCRATCH (GCN 1.4), as the CLRX GCN ISA pages
 * define them (the FLAT page): each lane of EXEC takes its address from
 * VADDR (and SADDR), FLAT addresses go to guest memory, the LDS or the
 * lane's scratch by the machine's apertures, SCRATCH to the lane's scratch.
 * Lanes run in lane order (racing lanes: the last store wins, atomics see
 * the lower lanes' effects). "FLAT instruction can complete out of order
 * with each other": results wait for VM_CNT out of order; a FLAT access to
 * LDS counts on LGKM_CNT (the page: "increase VMCNT if access to main
 * memory, or LKGMCNT if accesses to LDS"), and when lanes went to both, the
 * result waits for VM_CNT. No alignment: bytes are read as addressed. */
#include "emu/buffer_lanes.h"
#include "emu/flat_address.h"
#include "emu/format_element.h"
#include "emu/memory.h"
#include "emu/operands.h"
#include "emu/pending.h"
#include "emu/registers.h"

typedef struct flat_context {
    emu_step *step;
    emu_flat_kind kind;
    uint32_t offset;
    uint64_t saddr;
    bool saddr_off;
    const uint32_t *vaddr0, *vaddr1;
    uint64_t exec;
    bool used_memory, used_lds; /* which counters the access counts on */
} flat_context;

static const char *const segment_names[] = {"guest memory", "LDS", "scratch"};

static bool flat_begin(emu_step *step, flat_context *context)
{
    const gcn_instruction *instruction = step->instruction;
    const gcn_row *row = step->row;
    *context = (flat_context){.step = step, .offset = emu_offset_field(instruction)};
    context->kind = row->flags & GCN_ROW_GLOBAL    ? EMU_FLAT_GLOBAL
                    : row->flags & GCN_ROW_SCRATCH ? EMU_FLAT_SCRATCH
                                                   : EMU_FLAT_FLAT;
    /* SADDR: GCN 1.4 GLOBAL and SCRATCH only (FLAT encodes 0 there, unused). */
    unsigned saddr = emu_flat_saddr(instruction);
    context->saddr_off = context->kind == EMU_FLAT_FLAT || saddr == 0x7f;
    if (emu_has_modifier(instruction, GCN_MOD_LDS)) {
        emu_fault(step, -1, "%s: the lds form (data to LDS and memory) is not emulated", row->name);
        return false;
    }
    if (!context->saddr_off) {
        context->saddr = context->kind == EMU_FLAT_GLOBAL ? emu_read_sgpr_pair(step, saddr)
                                                          : emu_read_sgpr(step, saddr);
    }
    /* VADDR: a pair for FLAT and GLOBAL without SADDR; one VGPR for GLOBAL
     * with SADDR and for SCRATCH without; none for SCRATCH with SADDR. */
    unsigned count = context->kind == EMU_FLAT_SCRATCH ? (context->saddr_off ? 1 : 0)
                     : context->kind == EMU_FLAT_GLOBAL && !context->saddr_off ? 1 : 2;
    unsigned vaddr = emu_flat_vaddr(instruction);
    if (count && !emu_lanes_check_vgprs(step, "the address registers", vaddr, count))
        return false;
    if (count >= 1)
        context->vaddr0 = emu_read_vgpr(step, vaddr);
    if (count == 2)
        context->vaddr1 = emu_read_vgpr(step, vaddr + 1);
    context->exec = emu_exec(step);
    return !emu_failed(step);
}

static __attribute__((cold, noinline)) void flat_fault(emu_step *step, unsigned lane,
                                                        uint64_t address, unsigned size, bool write,
                                                        emu_segment segment)
{
    emu_fault_at(step, (int)lane, address, "%s: %s of %u bytes at 0x%llx outside %s",
                 step->row->name, write ? "write" : "read", size, (unsigned long long)address,
                 segment_names[segment]);
}

/* The bytes of a lane's access, or NULL after a fault. */
static uint8_t *flat_span(flat_context *context, unsigned lane, unsigned size, bool write)
{
    emu_step *step = context->step;
    emu_flat_lane operands = {.vaddr0 = context->vaddr0 ? context->vaddr0[lane] : 0,
                              .vaddr1 = context->vaddr1 ? context->vaddr1[lane] : 0,
                              .saddr = context->saddr, .saddr_off = context->saddr_off};
    uint64_t address = emu_flat_lane_address(context->kind, context->offset, &operands);
    uint64_t offset = address;
    emu_segment segment = EMU_SEGMENT_GLOBAL;
    if (context->kind == EMU_FLAT_SCRATCH) {
        segment = EMU_SEGMENT_PRIVATE;
    } else if (context->kind == EMU_FLAT_FLAT) {
        const gcn_machine_options *options = &step->machine->options;
        segment = emu_flat_segment(options->shared_aperture, options->private_aperture, address,
                                   &offset);
    }
    uint8_t *bytes;
    switch (segment) {
    case EMU_SEGMENT_LDS:
        bytes = emu_lds_span(step->wave, offset, size);
        context->used_lds = true;
        break;
    case EMU_SEGMENT_PRIVATE:
        bytes = emu_scratch_span(step->wave, lane, offset, size);
        context->used_memory = true;
        break;
    default:
        bytes = emu_memory_span(step->machine, address, size);
        context->used_memory = true;
        break;
    }
    if (!bytes)
        flat_fault(step, lane, address, size, write, segment);
    return bytes;
}

/* The common case for a whole instruction before its lanes run: GLOBAL,
 * and FLAT addresses outside the LDS and private apertures, in guest
 * memory. Their spans go to spans[lane]; returns those lanes (the rest take
 * flat_span in lane order). Addresses depend on registers only, so
 * computing them first changes nothing; not while the machine watches,
 * which records spans in order. */
static uint64_t flat_global_lanes(flat_context *context, unsigned bytes, uint8_t **spans)
{
    gcn_machine *machine = context->step->machine;
    if (context->kind == EMU_FLAT_SCRATCH || machine->watching)
        return 0;
    bool flat = context->kind == EMU_FLAT_FLAT, pair = flat || context->saddr_off;
    /* emu_flat_lane_address: FLAT's offset 12-bit unsigned, GLOBAL's signed. */
    uint64_t offset = flat ? context->offset & 0xfffu : (uint64_t)(int64_t)(int32_t)context->offset;
    uint64_t base = pair ? offset : context->saddr + offset;
    uint64_t shared = machine->options.shared_aperture >> 32, private = machine->options.private_aperture >> 32;
    const uint32_t *low = context->vaddr0, *high = pair ? context->vaddr1 : NULL;
    emu_hot_region hot;
    emu_hot_start(&hot, machine, bytes);
    if (context->exec == UINT64_MAX && !flat) {
        /* The whole wave of a GLOBAL access: when the lowest and the
         * highest address are in the region, every lane is. */
        uint64_t addresses[GCN_WAVE_LANES], lowest = UINT64_MAX, highest = 0;
        for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++) {
            uint64_t address = base + (low[lane] | (high ? (uint64_t)high[lane] << 32 : 0));
            addresses[lane] = address;
            lowest = address < lowest ? address : lowest;
            highest = address > highest ? address : highest;
        }
        if (emu_hot_holds(&hot, lowest) && emu_hot_holds(&hot, highest)) {
            for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++)
                spans[lane] = hot.region.bytes + (addresses[lane] - hot.region.address);
            context->used_memory = true;
            return UINT64_MAX;
        }
    }
    uint64_t taken = 0;
    for (uint64_t lanes = context->exec; lanes; lanes &= lanes - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(lanes);
        uint64_t address = base + (low[lane] | (high ? (uint64_t)high[lane] << 32 : 0));
        if (flat && (address >> 32 == shared || address >> 32 == private))
            continue;
        uint8_t *span = emu_hot_span(&hot, machine, address, bytes);
        if (!span)
            continue;
        spans[lane] = span;
        taken |= 1ull << lane;
    }
    if (taken)
        context->used_memory = true;
    return taken;
}

/* The op of the access: VM_CNT unless every lane went to LDS. */
static emu_op *flat_issue(flat_context *context)
{
    emu_step *step = context->step;
    emu_op *lds = context->used_lds ? emu_issue(step, GCN_COUNTER_LGKM, 1, false) : NULL;
    if (context->used_memory || !lds)
        return emu_issue(step, GCN_COUNTER_VM, 1, false);
    return lds;
}

static gcn_run_status flat_finish_load(flat_context *context, unsigned first, unsigned count,
                                       uint32_t mask, uint32_t (*values)[GCN_WAVE_LANES])
{
    emu_step *step = context->step;
    if (!emu_lanes_claim(step, first, count))
        return GCN_RUN_FAULT;
    emu_lanes_deliver(flat_issue(context), step->wave, first, count, context->exec, mask, values);
    return GCN_RUN_RUNNING;
}

static gcn_run_status flat_finish_store(flat_context *context, unsigned first, unsigned count)
{
    if (emu_failed(context->step))
        return GCN_RUN_FAULT;
    emu_op_store_vgprs(flat_issue(context), context->step->wave, first, count);
    return GCN_RUN_RUNNING;
}

/* TFE exists on GCN 1.1/1.2 only (GCN 1.4 has NV in its place). */
static bool flat_tfe(const emu_step *step)
{
    return step->instruction->arch < GCN_ARCH_GCN14 &&
           emu_has_modifier(step->instruction, GCN_MOD_TFE);
}

static gcn_run_status flat_load(flat_context *context)
{
    emu_step *step = context->step;
    gcn_element element = (gcn_element)step->row->element;
    unsigned count = step->row->data_dwords, size = emu_element_bytes(element);
    unsigned vdst = emu_flat_vdst(step->instruction), tfe = flat_tfe(step);
    if (!emu_lanes_check_vgprs(step, "the destination registers", vdst, count + tfe))
        return GCN_RUN_FAULT;
    uint32_t values[5][GCN_WAVE_LANES] = {{0}};
    uint8_t *global[GCN_WAVE_LANES];
    uint64_t taken = flat_global_lanes(context, size * count, global);
    emu_lanes_load(element, count, taken, global, values);
    for (uint64_t lanes = context->exec & ~taken; lanes; lanes &= lanes - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(lanes);
        const uint8_t *bytes = flat_span(context, lane, size * count, false);
        if (!bytes)
            return GCN_RUN_FAULT;
        for (unsigned i = 0; i < count; i++)
            values[i][lane] = emu_element_load(element, bytes + 4 * i);
    }
    uint32_t mask = emu_element_mask(element);
    if (tfe)
        mask = emu_lanes_whole(step, vdst, count, context->exec, mask, values);
    return flat_finish_load(context, vdst, count + tfe, mask, values);
}

static gcn_run_status flat_store(flat_context *context)
{
    emu_step *step = context->step;
    gcn_element element = (gcn_element)step->row->element;
    unsigned count = step->row->data_dwords, size = emu_element_bytes(element);
    unsigned vdata = emu_flat_vdata(step->instruction);
    const uint32_t *data[4];
    if (!emu_lanes_read(step, vdata, count, data))
        return GCN_RUN_FAULT;
    uint8_t *global[GCN_WAVE_LANES];
    uint64_t taken = flat_global_lanes(context, size * count, global);
    uint64_t rest = context->exec; /* the lanes left for the loop in lane order */
    if (taken == UINT64_MAX && element == GCN_ELEMENT_B32) {
        emu_lanes_store_dwords(global, data, count);
        rest = 0;
    }
    for (uint64_t lanes = rest; lanes; lanes &= lanes - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(lanes);
        uint8_t *bytes = taken >> lane & 1 ? global[lane] : flat_span(context, lane, size * count, true);
        if (!bytes)
            return GCN_RUN_FAULT;
        for (unsigned i = 0; i < count; i++)
            emu_element_store(element, data[i][lane], bytes + 4 * i);
    }
    return flat_finish_store(context, vdata, count);
}

/* VDATA holds the data (and CMPSWAP's compare after it); with GLC the old
 * value goes to VDST, otherwise VDST keeps its value. */
static gcn_run_status flat_atomic(flat_context *context)
{
    emu_step *step = context->step;
    const gcn_row *row = step->row;
    unsigned count = row->data_dwords, vdata = emu_flat_vdata(step->instruction);
    unsigned vdst = emu_flat_vdst(step->instruction), tfe = flat_tfe(step);
    unsigned width = emu_lanes_atomic_width(row);
    bool glc = emu_glc(step->instruction);
    const uint32_t *data[4];
    if ((glc && !emu_lanes_check_vgprs(step, "the destination registers", vdst, width + tfe)) ||
        !emu_lanes_read(step, vdata, count, data))
        return GCN_RUN_FAULT;
    uint32_t old[3][GCN_WAVE_LANES] = {{0}};
    uint8_t *global[GCN_WAVE_LANES];
    uint64_t taken = flat_global_lanes(context, 4 * width, global);
    uint64_t rest = context->exec; /* the lanes left for the loop in lane order */
    if (taken == rest) {
        emu_lanes_atomics(row, data, taken, global, old);
        rest = 0;
    }
    for (uint64_t lanes = rest; lanes; lanes &= lanes - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(lanes);
        uint8_t *bytes = taken >> lane & 1 ? global[lane] : flat_span(context, lane, 4 * width, true);
        if (!bytes)
            return GCN_RUN_FAULT;
        uint64_t before = emu_lanes_atomic(row, data, lane, bytes);
        old[0][lane] = (uint32_t)before;
        old[1][lane] = (uint32_t)(before >> 32);
    }
    if (glc)
        return flat_finish_load(context, vdst, width + tfe, 0xffffffffu, old);
    return flat_finish_store(context, vdata, count);
}

gcn_run_status emu_execute_flat(emu_step *step)
{
    flat_context context;
    if (!flat_begin(step, &context))
        return GCN_RUN_FAULT;
    switch ((gcn_operation)step->row->operation) {
    case GCN_OP_LOAD:
        return flat_load(&context);
    case GCN_OP_STORE:
        return flat_store(&context);
    default:
        if (step->row->flags & GCN_ROW_ATOMIC)
            return flat_atomic(&context);
        return emu_fault(step, -1, "%s has no FLAT executor", step->row->name);
    }
}
