/* The wave: its registers, the fetch-decode-execute loop, faults,
 * messages and diagnostics. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/memory.h"
#include "emu/pending.h"
#include "emu/registers.h"

gcn_wave *gcn_wave_create(gcn_workgroup *workgroup)
{
    if (!workgroup)
        return NULL;
    gcn_machine *machine = workgroup->machine;
    gcn_wave *wave = calloc(1, sizeof *wave);
    if (!wave)
        return NULL;
    wave->machine = machine;
    wave->workgroup = workgroup;
    wave->vgpr = calloc(GCN_VGPR_COUNT, sizeof *wave->vgpr);
    wave->op_data = calloc(EMU_MAX_OPS, EMU_OP_DWORDS * sizeof(uint32_t));
    size_t scratch = (size_t)machine->options.scratch_per_lane * GCN_WAVE_LANES;
    if (scratch)
        wave->scratch = calloc(1, scratch);
    if (!wave->vgpr || !wave->op_data || (scratch && !wave->scratch) ||
        !emu_workgroup_join(workgroup, wave)) {
        wave->workgroup = NULL;
        gcn_wave_destroy(wave);
        return NULL;
    }
    for (unsigned i = 0; i < EMU_MAX_OPS; i++)
        wave->ops[i].data = wave->op_data + (size_t)i * EMU_OP_DWORDS;
    gcn_state_set_pair(&wave->state, GCN_CODE_EXEC_LO, ~0ull);
    wave->state.pc = machine->program_address;
    wave->end_pc = wave->state.pc;
    wave->status = GCN_RUN_RUNNING;
    return wave;
}

void gcn_wave_destroy(gcn_wave *wave)
{
    if (!wave)
        return;
    if (wave->workgroup)
        emu_workgroup_leave(wave->workgroup, wave);
    free(wave->vgpr);
    free(wave->op_data);
    free(wave->scratch);
    free(wave->messages);
    free(wave->diagnostics);
    free(wave);
}

gcn_wave_state *gcn_wave_registers(gcn_wave *wave)
{
    return &wave->state;
}

uint32_t *gcn_wave_vgpr(gcn_wave *wave, unsigned index)
{
    return index < GCN_VGPR_COUNT ? wave->vgpr[index] : NULL;
}

uint8_t *gcn_wave_scratch(gcn_wave *wave, unsigned lane)
{
    return emu_scratch_span(wave, lane, 0, 0);
}

gcn_run_status gcn_wave_status(const gcn_wave *wave)
{
    return wave->status;
}

uint64_t gcn_wave_instructions(const gcn_wave *wave)
{
    return wave->instructions;
}

uint64_t gcn_wave_pc(const gcn_wave *wave)
{
    return wave->status == GCN_RUN_RUNNING || wave->status == GCN_RUN_LIMIT ||
                   wave->status == GCN_RUN_BARRIER
               ? wave->state.pc
               : wave->end_pc;
}

const gcn_fault *gcn_wave_fault(const gcn_wave *wave)
{
    return wave->faulted ? &wave->fault : NULL;
}

const gcn_message *gcn_wave_messages(const gcn_wave *wave, size_t *count)
{
    *count = wave->message_count;
    return wave->messages;
}

const gcn_diagnostic *gcn_wave_diagnostics(const gcn_wave *wave, size_t *count, size_t *dropped)
{
    *count = wave->diagnostic_count;
    if (dropped)
        *dropped = wave->diagnostics_dropped;
    return wave->diagnostics;
}

void gcn_wave_drain(gcn_wave *wave)
{
    emu_drain(wave);
}

static gcn_run_status vfault(emu_step *step, int lane, bool has_address, uint64_t address,
                             const char *format, va_list arguments)
{
    gcn_wave *wave = step->wave;
    if (wave->faulted)
        return GCN_RUN_FAULT;
    wave->faulted = true;
    wave->fault.pc = step->pc;
    wave->fault.lane = lane;
    wave->fault.address = has_address ? address : 0;
    wave->fault.has_address = has_address;
    vsnprintf(wave->fault.message, sizeof wave->fault.message, format, arguments);
    return GCN_RUN_FAULT;
}

gcn_run_status emu_fault(emu_step *step, int lane, const char *format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    gcn_run_status status = vfault(step, lane, false, 0, format, arguments);
    va_end(arguments);
    return status;
}

gcn_run_status emu_fault_at(emu_step *step, int lane, uint64_t address, const char *format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    gcn_run_status status = vfault(step, lane, true, address, format, arguments);
    va_end(arguments);
    return status;
}

void emu_diagnose(gcn_wave *wave, uint64_t pc, uint64_t other_pc, const char *kind,
                  const char *format, ...)
{
    for (size_t i = 0; i < wave->diagnostic_count; i++) {
        const gcn_diagnostic *seen = &wave->diagnostics[i];
        if (seen->pc == pc && seen->other_pc == other_pc && strcmp(seen->kind, kind) == 0)
            return;
    }
    if (wave->diagnostic_count >= wave->machine->options.max_diagnostics) {
        wave->diagnostics_dropped++;
        return;
    }
    gcn_diagnostic *diagnostics = emu_grow(wave->diagnostics, wave->diagnostic_count,
                                           &wave->diagnostic_capacity, sizeof *diagnostics);
    if (!diagnostics) {
        wave->diagnostics_dropped++;
        return;
    }
    wave->diagnostics = diagnostics;
    gcn_diagnostic *diagnostic = &wave->diagnostics[wave->diagnostic_count++];
    diagnostic->pc = pc;
    diagnostic->other_pc = other_pc;
    diagnostic->kind = kind;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(diagnostic->message, sizeof diagnostic->message, format, arguments);
    va_end(arguments);
}

/* Messages are few; a program that sends one per loop trip is bounded by
 * the instruction limit, and past a million the oldest are kept. */
enum { MAX_MESSAGES = 1u << 20 };

void emu_message(emu_step *step, uint16_t simm16)
{
    gcn_wave *wave = step->wave;
    if (wave->message_count >= MAX_MESSAGES)
        return;
    gcn_message *messages = emu_grow(wave->messages, wave->message_count, &wave->message_capacity,
                                     sizeof *messages);
    if (!messages)
        return;
    wave->messages = messages;
    /* M0 is read like any operand: a load into m0 still in flight shows. */
    uint32_t m0 = emu_read_sgpr(step, GCN_CODE_M0);
    wave->messages[wave->message_count++] = (gcn_message){
        .pc = step->pc, .simm16 = simm16, .operation = step->row->operation, .m0 = m0,
        .exec = emu_exec(step)};
}

static gcn_run_status fetch_fault(emu_step *step, const char *what)
{
    gcn_machine *machine = step->machine;
    return emu_fault(step, -1, "pc 0x%llx %s (0x%llx to 0x%llx)", (unsigned long long)step->pc, what,
                     (unsigned long long)machine->program_address,
                     (unsigned long long)(machine->program_address + machine->program_words * 4));
}

/* Decodes the program word at index once. */
static const emu_decoded *decoded_at(gcn_machine *machine, size_t index)
{
    emu_decoded *decoded = &machine->decoded[index];
    if (decoded->state == EMU_DECODED_NOT_YET) {
        gcn_status status = gcn_decode(machine->options.arch, machine->program + index,
                                       machine->program_words - index, &decoded->instruction);
        decoded->state = status == GCN_OK && decoded->instruction.row != GCN_ROW_NONE
                             ? EMU_DECODED_OK
                         : status == GCN_ERROR_TRUNCATED ? EMU_DECODED_TRUNCATED : EMU_DECODED_BAD;
    }
    return decoded;
}

gcn_run_status gcn_wave_step(gcn_wave *wave)
{
    if (wave->status != GCN_RUN_RUNNING && wave->status != GCN_RUN_LIMIT &&
        wave->status != GCN_RUN_BARRIER)
        return wave->status;
    gcn_machine *machine = wave->machine;
    emu_step step = {.wave = wave, .machine = machine, .pc = wave->state.pc};
    wave->end_pc = step.pc;
    uint64_t offset = step.pc - machine->program_address;
    gcn_run_status status;
    if ((step.pc & 3) || step.pc < machine->program_address || offset / 4 >= machine->program_words) {
        status = fetch_fault(&step, (step.pc & 3) ? "is not a multiple of 4 in the program"
                                                 : "is outside the program");
    } else {
        const emu_decoded *decoded = decoded_at(machine, (size_t)(offset / 4));
        step.instruction = &decoded->instruction;
        if (decoded->state != EMU_DECODED_OK) {
            status = decoded->state == EMU_DECODED_TRUNCATED
                         ? fetch_fault(&step, "holds an instruction cut off by the end of the program")
                         : emu_fault(&step, -1, "no instruction of %s at pc 0x%llx (word 0x%08x)",
                                     gcn_arch_name(machine->options.arch),
                                     (unsigned long long)step.pc, machine->program[offset / 4]);
        } else {
            step.row = &gcn_rows[decoded->instruction.row];
            step.next_pc = step.pc + 4u * decoded->instruction.word_count;
            wave->instructions++;
            wave->state.cycles++;
            switch (decoded->instruction.family) {
            case GCN_FAMILY_SOPP: status = emu_execute_sopp(&step); break;
            case GCN_FAMILY_SMEM: status = emu_execute_smem(&step); break;
            case GCN_FAMILY_MUBUF: status = emu_execute_mubuf(&step); break;
            case GCN_FAMILY_FLAT: status = emu_execute_flat(&step); break;
            default: status = fetch_fault(&step, "unknown instruction family"); break;
            }
            if (wave->faulted)
                status = GCN_RUN_FAULT;
            if (status == GCN_RUN_RUNNING || status == GCN_RUN_BARRIER)
                wave->state.pc = step.next_pc;
        }
    }
    if (wave->faulted)
        status = GCN_RUN_FAULT;
    wave->status = status;
    return status;
}

gcn_run_status gcn_wave_run(gcn_wave *wave, uint64_t max_instructions)
{
    if (wave->status == GCN_RUN_LIMIT || wave->status == GCN_RUN_BARRIER)
        wave->status = GCN_RUN_RUNNING;
    for (uint64_t executed = 0; wave->status == GCN_RUN_RUNNING; executed++) {
        if (executed == max_instructions) {
            wave->status = GCN_RUN_LIMIT;
            break;
        }
        gcn_wave_step(wave);
    }
    return wave->status;
}
