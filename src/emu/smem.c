/* SMRD (GCN 1.0/1.1) and SMEM (GCN 1.2/1.4), as the CLRX GCN ISA pages
 * (the SMEM page) define them: SDATA = *(SMEM + (OFFSET & ~3)), SMEM being
 * the 48-bit address in the SBASE pair or the base of the buffer resource
 * in the four SBASE registers. Results wait for LGKM_CNT and may arrive
 * out of order; LGKM_CNT grows by 1 for one dword, by 2 for more. */
#include "emu/integer_atomics.h"
#include "emu/memory.h"
#include "emu/operands.h"
#include "emu/pending.h"
#include "emu/registers.h"

/* Where an instruction's dwords are: the address of dword 0, and for a
 * buffer the bytes NUM_RECORDS allows past the base. */
typedef struct smem_address {
    uint64_t base;
    uint64_t offset;     /* OFFSET & ~3 */
    bool buffer;
    bool scratch;        /* base + offset: a byte of the wave's scratch */
    uint64_t limit;      /* buffer: the range in bytes */
} smem_address;

/* OFFSET in bytes, by generation and form. */
static uint64_t smem_offset(emu_step *step)
{
    const gcn_instruction *instruction = step->instruction;
    gcn_arch arch = (gcn_arch)instruction->arch;
    uint32_t field = emu_smem_offset_field(instruction);
    if (arch <= GCN_ARCH_GCN11) {
        /* SMRD: an immediate or a literal counts dwords; an SGPR bytes. */
        if (emu_smem_imm(instruction))
            return (uint64_t)field * 4;
        if (emu_smem_has_literal(instruction))
            return (uint64_t)emu_smem_literal(instruction) * 4;
        return emu_read_scalar_source(step, field & 0xff);
    }
    if (emu_smem_soe(instruction)) { /* GCN 1.4: SGPR[SOFFSET] (+ the immediate with imm) */
        uint64_t offset = emu_read_scalar_source(step, emu_smem_soffset(instruction));
        return emu_smem_imm(instruction) ? offset + field : offset;
    }
    if (emu_smem_imm(instruction))
        return field;
    return emu_read_scalar_source(step, field & 0xff);
}

static bool check_range(emu_step *step, unsigned first, unsigned count);

/* False (a fault) when the base registers run past the last scalar code. */
static bool smem_locate(emu_step *step, smem_address *address)
{
    const gcn_row *row = step->row;
    unsigned sbase = emu_smem_sbase(step->instruction);
    *address = (smem_address){0};
    if (!check_range(step, sbase, row->flags & GCN_ROW_BUFFER_BASE ? 4 : 2))
        return false;
    if (row->flags & GCN_ROW_BUFFER_BASE) {
        /* Resource: base 0-47, stride 48-61, NUM_RECORDS in dword 2 (bytes,
         * or records of STRIDE bytes when STRIDE is not 0). */
        uint32_t word0 = emu_read_sgpr(step, sbase), word1 = emu_read_sgpr(step, sbase + 1);
        uint32_t records = emu_read_sgpr(step, sbase + 2);
        uint32_t stride = (word1 >> 16) & 0x3fff;
        address->base = word0 | (uint64_t)(word1 & 0xffff) << 32;
        address->buffer = true;
        address->limit = stride ? (uint64_t)records * stride : records;
    } else if (row->flags & GCN_ROW_SCRATCH) {
        /* GCN 1.4 s_scratch_*: the pair is a byte offset into the wave's
         * scratch, the same memory the vector SCRATCH and FLAT private
         * accesses reach lane by lane (see scratch_dword). */
        address->base = emu_read_sgpr_pair(step, sbase);
        address->scratch = true;
    } else {
        uint64_t pair = emu_read_sgpr_pair(step, sbase);
        address->base = pair & 0xffffffffffffull; /* 48-bit address, 16-bit size above */
    }
    address->offset = smem_offset(step) & ~(uint64_t)3;
    return true;
}

/* Dword i's bytes, or NULL where a buffer's range ends (reads 0, writes
 * dropped); a fault outside guest memory. */
static uint8_t *scratch_dword(emu_step *step, uint64_t at, bool *fault);

static uint8_t *smem_dword(emu_step *step, const smem_address *address, unsigned i, bool *fault)
{
    uint64_t offset = address->offset + 4u * i;
    *fault = false;
    if (address->scratch)
        return scratch_dword(step, address->base + offset, fault);
    if (address->buffer && (offset >= address->limit || address->limit - offset < 4))
        return NULL;
    uint64_t at = address->base + offset;
    uint8_t *bytes = emu_memory_span(step->machine, at, 4);
    if (!bytes) {
        *fault = true;
        emu_fault_at(step, -1, at, "%s: 4 bytes at 0x%llx are outside guest memory", step->row->name,
                     (unsigned long long)at);
    }
    return bytes;
}

/* Byte `at` (dword aligned) of the wave's scratch as the scalar unit sees
 * it. The hardware keeps a wave's scratch in one block (at FLAT_SCRATCH)
 * with the lanes interleaved dword by dword (element size 4, index stride
 * 64): wave byte at is byte (at / 256) * 4 + at % 4 of lane (at / 4) % 64.
 * The emulator owns that block (FLAT_SCRATCH's value moves it for neither
 * view), so s_scratch_* and the per-lane accesses meet. */
static uint8_t *scratch_dword(emu_step *step, uint64_t at, bool *fault)
{
    unsigned lane = (unsigned)(at >> 2) % GCN_WAVE_LANES;
    uint64_t lane_offset = (at >> 8) * 4 + (at & 3);
    uint8_t *bytes = at >> 62 ? NULL : emu_scratch_span(step->wave, lane, lane_offset, 4);
    *fault = bytes == NULL;
    if (!bytes)
        emu_fault_at(step, -1, at, "%s: 4 bytes at 0x%llx are outside the wave's scratch (%u bytes a lane)",
                     step->row->name, (unsigned long long)at, step->machine->options.scratch_per_lane);
    return bytes;
}

static unsigned lgkm_increment(unsigned dwords)
{
    return dwords > 1 ? 2 : 1;
}

static bool check_range(emu_step *step, unsigned first, unsigned count)
{
    if (first + count <= GCN_SCALAR_SLOTS)
        return true;
    emu_fault(step, -1, "%s: %u scalar registers from code %u run past the last one",
              step->row->name, count, first);
    return false;
}

/* What loads, stores and atomics start with: SDATA's registers within
 * range, and the address. False after a fault. */
static bool smem_begin(emu_step *step, smem_address *address, unsigned *sdata, unsigned *count)
{
    *sdata = emu_smem_sdata(step->instruction);
    *count = step->row->data_dwords;
    return check_range(step, *sdata, *count) && smem_locate(step, address);
}

static gcn_run_status smem_load(emu_step *step)
{
    unsigned sdata, count;
    smem_address address;
    if (!smem_begin(step, &address, &sdata, &count))
        return GCN_RUN_FAULT;
    uint32_t values[16];
    for (unsigned i = 0; i < count; i++) {
        bool fault;
        const uint8_t *bytes = smem_dword(step, &address, i, &fault);
        if (fault)
            return GCN_RUN_FAULT;
        values[i] = bytes ? emu_load32(bytes) : 0;
    }
    emu_check_sgpr_writes(step, sdata, count);
    if (emu_failed(step))
        return GCN_RUN_FAULT;
    emu_op *op = emu_issue(step, GCN_COUNTER_LGKM, lgkm_increment(count), false);
    uint32_t *data = emu_op_load_sgprs(op, step->wave, sdata, count);
    for (unsigned i = 0; i < count; i++)
        data[i] = values[i];
    return GCN_RUN_RUNNING;
}

static gcn_run_status smem_store(emu_step *step)
{
    unsigned sdata, count;
    smem_address address;
    if (!smem_begin(step, &address, &sdata, &count))
        return GCN_RUN_FAULT;
    uint32_t values[16];
    for (unsigned i = 0; i < count; i++)
        values[i] = emu_read_sgpr(step, sdata + i);
    uint8_t *targets[16];
    for (unsigned i = 0; i < count; i++) {
        bool fault;
        targets[i] = smem_dword(step, &address, i, &fault);
        if (fault)
            return GCN_RUN_FAULT;
    }
    if (emu_failed(step))
        return GCN_RUN_FAULT;
    for (unsigned i = 0; i < count; i++)
        if (targets[i])
            emu_store32(targets[i], values[i]);
    emu_op *op = emu_issue(step, GCN_COUNTER_LGKM, lgkm_increment(count), false);
    emu_op_store_sgprs(op, step->wave, sdata, count);
    return GCN_RUN_RUNNING;
}

/* GCN 1.4 s_atomic_* and s_buffer_atomic_*: the old value to SDATA with
 * GLC; CMPSWAP's data holds the value then the compare. */
static gcn_run_status smem_atomic(emu_step *step)
{
    const gcn_row *row = step->row;
    unsigned sdata, count;
    smem_address address;
    if (!smem_begin(step, &address, &sdata, &count))
        return GCN_RUN_FAULT;
    bool compare_swap = (row->flags & GCN_ROW_CMPSWAP) != 0;
    unsigned width = compare_swap ? count / 2 : count; /* dwords in memory */
    uint32_t values[4];
    for (unsigned i = 0; i < count; i++)
        values[i] = emu_read_sgpr(step, sdata + i);
    uint8_t *low, *high = NULL;
    bool fault;
    low = smem_dword(step, &address, 0, &fault);
    if (!fault && width == 2)
        high = smem_dword(step, &address, 1, &fault);
    if (fault || emu_failed(step))
        return GCN_RUN_FAULT;
    uint64_t data = width == 2 ? values[0] | (uint64_t)values[1] << 32 : values[0];
    uint64_t compare = !compare_swap ? 0
                       : width == 2 ? values[2] | (uint64_t)values[3] << 32 : values[1];
    /* Outside a buffer's range the atomic does nothing and returns 0. */
    bool in_range = low && (width == 1 || high);
    uint64_t old = in_range ? (emu_load32(low) | (width == 2 ? (uint64_t)emu_load32(high) << 32 : 0)) : 0;
    uint64_t result;
    if (!emu_integer_atomic((gcn_operation)row->operation, width == 2, old, data, compare, &result))
        return emu_fault(step, -1, "%s has no scalar atomic executor", row->name);
    if (in_range) {
        emu_store32(low, (uint32_t)result);
        if (width == 2)
            emu_store32(high, (uint32_t)(result >> 32));
    }
    bool returns = emu_glc(step->instruction);
    if (returns) {
        emu_check_sgpr_writes(step, sdata, width);
        if (emu_failed(step))
            return GCN_RUN_FAULT;
    }
    emu_op *op = emu_issue(step, GCN_COUNTER_LGKM, lgkm_increment(width), false);
    if (returns) {
        uint32_t *target = emu_op_load_sgprs(op, step->wave, sdata, width);
        target[0] = (uint32_t)old;
        if (width == 2)
            target[1] = (uint32_t)(old >> 32);
    } else {
        emu_op_store_sgprs(op, step->wave, sdata, count);
    }
    return GCN_RUN_RUNNING;
}

/* s_memtime: the wave's shader clock; s_memrealtime: the slower real-time
 * counter (cycles / realtime_divider). Both deterministic. */
static gcn_run_status smem_time(emu_step *step, bool realtime)
{
    unsigned sdata = emu_smem_sdata(step->instruction);
    if (!check_range(step, sdata, 2))
        return GCN_RUN_FAULT;
    uint64_t value = step->wave->state.cycles;
    if (realtime)
        value /= step->machine->options.realtime_divider;
    emu_check_sgpr_writes(step, sdata, 2);
    if (emu_failed(step))
        return GCN_RUN_FAULT;
    emu_op *op = emu_issue(step, GCN_COUNTER_LGKM, 2, false);
    uint32_t *data = emu_op_load_sgprs(op, step->wave, sdata, 2);
    data[0] = (uint32_t)value;
    data[1] = (uint32_t)(value >> 32);
    return GCN_RUN_RUNNING;
}

gcn_run_status emu_execute_smem(emu_step *step)
{
    switch ((gcn_operation)step->row->operation) {
    case GCN_OP_LOAD:
        return smem_load(step);
    case GCN_OP_STORE:
        return smem_store(step);
    case GCN_OP_MEMTIME:
        return smem_time(step, false);
    case GCN_OP_MEMREALTIME:
        return smem_time(step, true);
    /* Cache maintenance and address probes: no cache to keep, nothing to
     * translate; like any SMEM operation they count on LGKM_CNT. */
    case GCN_OP_CACHE_INV:
    case GCN_OP_CACHE_INV_VOL:
    case GCN_OP_CACHE_WB:
    case GCN_OP_CACHE_WB_VOL:
    case GCN_OP_CACHE_DISCARD:
    case GCN_OP_CACHE_DISCARD_X2:
    case GCN_OP_ATC_PROBE:
    case GCN_OP_ATC_PROBE_BUFFER:
        emu_issue(step, GCN_COUNTER_LGKM, 1, false);
        return GCN_RUN_RUNNING;
    default:
        if (step->row->flags & GCN_ROW_ATOMIC)
            return smem_atomic(step);
        return emu_fault(step, -1, "%s has no SMEM executor", step->row->name);
    }
}
