/* Memory operations in flight and the waitcnt checker.
 *
 * The checker reasons about every completion order the hardware allows.
 * After s_waitcnt with count N on a counter, an op X of that counter is
 * certainly complete when no allowed order leaves it outstanding:
 *   - out of order: X alone may be the one left, so only when X's
 *     increment exceeds N;
 *   - in order: X is left only together with every newer in-order op of
 *     its counter, so when X's increment plus theirs exceeds N.
 * Values arrive oldest first (one allowed order); an op that completed
 * that way but not certainly stays tracked, so that reading its registers
 * is still reported, until a wait makes it certain. */
#include <stdio.h>
#include <string.h>

#include "emu/pending.h"
#include "emu/registers.h"

static const char *const counter_names[GCN_COUNTER_COUNT] = {"vmcnt", "lgkmcnt", "expcnt"};

unsigned emu_counter_max(gcn_arch arch, gcn_counter counter)
{
    switch (counter) {
    case GCN_COUNTER_VM: return arch >= GCN_ARCH_GCN14 ? 63 : 15;
    case GCN_COUNTER_LGKM: return 15;
    default: return 7;
    }
}

static void hazard_counts(gcn_wave *wave, const emu_op *op, int delta)
{
    uint8_t *counts = op->kind == EMU_TARGET_SGPR_LOAD || op->kind == EMU_TARGET_SGPR_STORE
                          ? wave->sgpr_hazard
                          : op->kind == EMU_TARGET_NONE ? NULL : wave->vgpr_hazard;
    if (!counts)
        return;
    for (unsigned i = 0; i < op->count; i++)
        counts[op->first + i] = (uint8_t)(counts[op->first + i] + delta);
}

/* Writes a load's values into its registers. */
static void complete(gcn_wave *wave, emu_op *op)
{
    gcn_wave_state *state = &wave->state;
    state->counter[op->counter] -= op->increment;
    op->state = EMU_OP_COMPLETED;
    if (op->kind == EMU_TARGET_SGPR_LOAD) {
        for (unsigned i = 0; i < op->count; i++) {
            state->sgpr[op->first + i] = op->data[i];
            emu_mark_sgpr_written(wave, op->first + i);
        }
    } else if (op->kind == EMU_TARGET_VGPR_LOAD) {
        for (unsigned i = 0; i < op->count; i++) {
            uint32_t *lanes = wave->vgpr[op->first + i];
            const uint32_t *values = op->data + (size_t)i * GCN_WAVE_LANES;
            if (op->lanes == ~0ull && op->mask == 0xffffffffu) { /* the common case: whole */
                memcpy(lanes, values, GCN_WAVE_LANES * sizeof *lanes);
                emu_mark_vgpr_written(wave, op->first + i);
                continue;
            }
            for (uint64_t mask = op->lanes; mask; mask &= mask - 1) {
                unsigned lane = (unsigned)__builtin_ctzll(mask);
                lanes[lane] = (lanes[lane] & ~op->mask) | (values[lane] & op->mask);
            }
            emu_mark_vgpr_written(wave, op->first + i);
        }
    }
}

/* Forgets tracked op number position of wave->order. */
static void release(gcn_wave *wave, unsigned position)
{
    emu_op *op = &wave->ops[wave->order[position]];
    hazard_counts(wave, op, -1);
    op->state = EMU_OP_FREE;
    memmove(&wave->order[position], &wave->order[position + 1], wave->tracked - position - 1);
    wave->tracked--;
}

void emu_wait(gcn_wave *wave, gcn_counter counter, unsigned count)
{
    for (unsigned i = 0; i < wave->tracked && wave->state.counter[counter] > count; i++) {
        emu_op *op = &wave->ops[wave->order[i]];
        if (op->counter == counter && op->state == EMU_OP_PENDING)
            complete(wave, op);
    }
    /* Newest first, so that the in-order sum of newer ops is at hand. */
    unsigned newer_in_order = 0;
    for (unsigned i = wave->tracked; i-- > 0;) {
        emu_op *op = &wave->ops[wave->order[i]];
        if (op->counter != counter)
            continue;
        unsigned left = op->increment + (op->in_order ? newer_in_order : 0);
        if (op->in_order)
            newer_in_order += op->increment;
        if (left > count && op->state == EMU_OP_COMPLETED)
            release(wave, i);
    }
}

void emu_drain(gcn_wave *wave)
{
    while (wave->tracked) {
        emu_op *op = &wave->ops[wave->order[0]];
        if (op->state == EMU_OP_PENDING)
            complete(wave, op);
        release(wave, 0);
    }
}

emu_op *emu_issue(emu_step *step, gcn_counter counter, unsigned increment, bool in_order)
{
    gcn_wave *wave = step->wave;
    unsigned maximum = emu_counter_max(wave->machine->options.arch, counter);
    if (increment == 0)
        increment = 1;
    if (increment > maximum)
        increment = maximum;
    /* The hardware stalls issue while the counter is full. */
    if (wave->state.counter[counter] + increment > maximum)
        emu_wait(wave, counter, maximum - increment);
    /* The counters' maxima keep fewer ops in flight than there are slots;
     * only ops completed but not yet certain can fill them. The oldest is
     * then forgotten (a hazard on it goes unreported). */
    while (wave->tracked == EMU_MAX_OPS) {
        emu_op *oldest = &wave->ops[wave->order[0]];
        if (oldest->state == EMU_OP_PENDING)
            complete(wave, oldest);
        release(wave, 0);
    }
    unsigned slot = 0;
    while (wave->ops[slot].state != EMU_OP_FREE)
        slot++;
    emu_op *op = &wave->ops[slot];
    uint32_t *data = op->data;
    *op = (emu_op){.pc = step->pc, .row = step->instruction->row, .counter = (uint8_t)counter,
                   .increment = (uint8_t)increment, .in_order = in_order, .state = EMU_OP_PENDING,
                   .kind = EMU_TARGET_NONE, .data = data};
    wave->order[wave->tracked++] = (uint8_t)slot;
    wave->state.counter[counter] += increment;
    return op;
}

static void set_target(emu_op *op, gcn_wave *wave, unsigned kind, unsigned first, unsigned count)
{
    hazard_counts(wave, op, -1);
    op->kind = (uint8_t)kind;
    op->first = (uint16_t)first;
    op->count = (uint8_t)count;
    hazard_counts(wave, op, +1);
}

uint32_t *emu_op_load_sgprs(emu_op *op, gcn_wave *wave, unsigned first, unsigned count)
{
    if (count > 16) count = 16;
    if (first + count > GCN_SCALAR_SLOTS) count = first < GCN_SCALAR_SLOTS ? GCN_SCALAR_SLOTS - first : 0;
    set_target(op, wave, EMU_TARGET_SGPR_LOAD, first, count);
    memset(op->data, 0, 16 * sizeof *op->data);
    return op->data;
}

uint32_t *emu_op_load_vgprs(emu_op *op, gcn_wave *wave, unsigned first, unsigned count,
                            uint64_t lanes, uint32_t mask)
{
    if (count > EMU_OP_VGPR_DWORDS) count = EMU_OP_VGPR_DWORDS;
    if (first + count > GCN_VGPR_COUNT) count = first < GCN_VGPR_COUNT ? GCN_VGPR_COUNT - first : 0;
    set_target(op, wave, EMU_TARGET_VGPR_LOAD, first, count);
    op->lanes = lanes;
    op->mask = mask;
    memset(op->data, 0, (size_t)count * GCN_WAVE_LANES * sizeof *op->data);
    return op->data;
}

void emu_op_store_sgprs(emu_op *op, gcn_wave *wave, unsigned first, unsigned count)
{
    if (first + count > GCN_SCALAR_SLOTS) count = first < GCN_SCALAR_SLOTS ? GCN_SCALAR_SLOTS - first : 0;
    set_target(op, wave, EMU_TARGET_SGPR_STORE, first, count);
}

void emu_op_store_vgprs(emu_op *op, gcn_wave *wave, unsigned first, unsigned count)
{
    if (first + count > GCN_VGPR_COUNT) count = first < GCN_VGPR_COUNT ? GCN_VGPR_COUNT - first : 0;
    set_target(op, wave, EMU_TARGET_VGPR_STORE, first, count);
}

/* ---- the checker's reports ---- */

void emu_sgpr_name(gcn_arch arch, unsigned code, char *buffer, size_t size)
{
    static const char *const specials[] = {"vcc_lo", "vcc_hi", "tba_lo", "tba_hi", "tma_lo", "tma_hi"};
    unsigned flat_scratch = gcn_flat_scratch_code(arch);
    if (code < gcn_sgpr_count(arch))
        snprintf(buffer, size, "s%u", code);
    else if (flat_scratch && (code == flat_scratch || code == flat_scratch + 1))
        snprintf(buffer, size, "flat_scratch_%s", code == flat_scratch ? "lo" : "hi");
    else if (arch >= GCN_ARCH_GCN12 && (code == 104 || code == 105))
        snprintf(buffer, size, "xnack_mask_%s", code == 104 ? "lo" : "hi");
    else if (code >= GCN_CODE_VCC_LO && code < GCN_CODE_TTMP0)
        snprintf(buffer, size, "%s", specials[code - GCN_CODE_VCC_LO]);
    else if (code >= GCN_CODE_TTMP0 && code < GCN_CODE_M0)
        snprintf(buffer, size, "ttmp%u", code - GCN_CODE_TTMP0);
    else if (code == GCN_CODE_M0)
        snprintf(buffer, size, "m0");
    else if (code == GCN_CODE_EXEC_LO || code == GCN_CODE_EXEC_HI)
        snprintf(buffer, size, "exec_%s", code == GCN_CODE_EXEC_LO ? "lo" : "hi");
    else
        snprintf(buffer, size, "scalar register %u", code);
}

static void report(emu_step *step, const emu_op *op, const char *name, bool write)
{
    gcn_wave *wave = step->wave;
    const char *mnemonic = gcn_rows[op->row].name;
    bool load = op->kind == EMU_TARGET_SGPR_LOAD || op->kind == EMU_TARGET_VGPR_LOAD;
    char message[200];
    if (load && !write)
        snprintf(message, sizeof message,
                 "%s is read before an s_waitcnt %s covers the %s at pc 0x%llx that loads it",
                 name, counter_names[op->counter], mnemonic, (unsigned long long)op->pc);
    else if (load)
        snprintf(message, sizeof message,
                 "%s is written while the %s at pc 0x%llx that loads it may still be in flight "
                 "(no s_waitcnt %s covers it)",
                 name, mnemonic, (unsigned long long)op->pc, counter_names[op->counter]);
    else
        snprintf(message, sizeof message,
                 "%s is overwritten while the %s at pc 0x%llx that stores it may still be in "
                 "flight (no s_waitcnt %s covers it)",
                 name, mnemonic, (unsigned long long)op->pc, counter_names[op->counter]);
    if (wave->machine->options.strict_waitcnt)
        emu_fault(step, -1, "%s", message);
    else
        emu_diagnose(wave, step->pc, op->pc, "waitcnt", "%s", message);
}

static void hazard(emu_step *step, bool vector, unsigned index, bool write)
{
    gcn_wave *wave = step->wave;
    char name[32];
    if (vector)
        snprintf(name, sizeof name, "v%u", index);
    else
        emu_sgpr_name(wave->machine->options.arch, index, name, sizeof name);
    for (unsigned i = 0; i < wave->tracked; i++) {
        const emu_op *op = &wave->ops[wave->order[i]];
        bool load = op->kind == (vector ? EMU_TARGET_VGPR_LOAD : EMU_TARGET_SGPR_LOAD);
        bool store = op->kind == (vector ? EMU_TARGET_VGPR_STORE : EMU_TARGET_SGPR_STORE);
        if ((!load && !store) || index < op->first || index >= op->first + op->count)
            continue;
        /* Reading what a store stores is fine; the store's data stays put. */
        if (store && !write)
            continue;
        report(step, op, name, write);
        return;
    }
}

void emu_hazard_sgpr(emu_step *step, unsigned code, bool write)
{
    hazard(step, false, code, write);
}

void emu_hazard_vgpr(emu_step *step, unsigned index, bool write)
{
    hazard(step, true, index, write);
}
