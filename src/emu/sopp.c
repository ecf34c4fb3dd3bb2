/* SOPP: program control, as the CLRX GCN ISA pages (the SOPP page) define
 * each operation. */
#include "emu/operands.h"
#include "emu/pending.h"
#include "emu/registers.h"

static gcn_run_status branch_if(emu_step *step, bool taken)
{
    if (taken)
        step->next_pc = gcn_branch_target(step->pc, emu_simm16(step->instruction));
    return GCN_RUN_RUNNING;
}

/* s_waitcnt's fields: VM_CNT in bits 0-3 (GCN 1.4: and 14-15), EXP_CNT in
 * 4-6, LGKM_CNT in 8-11 (the SOPP page says bits 8-12; the hardware, as
 * llvm-mc encodes it, has four). */
static gcn_run_status waitcnt(emu_step *step)
{
    gcn_wave *wave = step->wave;
    uint16_t simm16 = emu_simm16(step->instruction);
    unsigned vm = simm16 & 15;
    if (step->instruction->arch >= GCN_ARCH_GCN14)
        vm |= (simm16 >> 10) & 0x30;
    emu_wait(wave, GCN_COUNTER_VM, vm);
    emu_wait(wave, GCN_COUNTER_EXP, (simm16 >> 4) & 7);
    emu_wait(wave, GCN_COUNTER_LGKM, (simm16 >> 8) & 15);
    return GCN_RUN_RUNNING;
}

/* s_endpgm_saved "implicitly executes S_WAITCNT 0"; for s_endpgm the
 * results in flight arrive as the wave ends, so the final state is the
 * same. */
static gcn_run_status end_program(emu_step *step)
{
    emu_drain(step->wave);
    return GCN_RUN_ENDED;
}

gcn_run_status emu_execute_sopp(emu_step *step)
{
    gcn_wave *wave = step->wave;
    gcn_wave_state *state = &wave->state;
    uint16_t simm16 = emu_simm16(step->instruction);
    switch ((gcn_operation)step->row->operation) {
    case GCN_OP_NOP: /* (SIMM16 & 7) + 1 cycles of nothing */
        state->cycles += (simm16 & 7u);
        return GCN_RUN_RUNNING;
    case GCN_OP_SLEEP: /* about (SIMM16 & 7) * 64 cycles */
        state->cycles += (simm16 & 7u) * 64u;
        return GCN_RUN_RUNNING;
    case GCN_OP_ENDPGM:
    case GCN_OP_ENDPGM_SAVED:
        return end_program(step);
    case GCN_OP_ENDPGM_ORDERED_PS_DONE: /* S_SENDMSG(MSG_ORDERED_PS_DONE) and S_ENDPGM */
        emu_drain(wave);
        emu_message(step, simm16);
        return GCN_RUN_ENDED;
    case GCN_OP_BRANCH:
        return branch_if(step, true);
    case GCN_OP_CBRANCH_SCC0:
        return branch_if(step, state->scc == 0);
    case GCN_OP_CBRANCH_SCC1:
        return branch_if(step, state->scc != 0);
    case GCN_OP_CBRANCH_VCCZ:
        return branch_if(step, emu_read_sgpr_pair(step, GCN_CODE_VCC_LO) == 0);
    case GCN_OP_CBRANCH_VCCNZ:
        return branch_if(step, emu_read_sgpr_pair(step, GCN_CODE_VCC_LO) != 0);
    case GCN_OP_CBRANCH_EXECZ:
        return branch_if(step, emu_read_sgpr_pair(step, GCN_CODE_EXEC_LO) == 0);
    case GCN_OP_CBRANCH_EXECNZ:
        return branch_if(step, emu_read_sgpr_pair(step, GCN_CODE_EXEC_LO) != 0);
    case GCN_OP_CBRANCH_CDBGSYS:
        return branch_if(step, state->cdbg_sys);
    case GCN_OP_CBRANCH_CDBGUSER:
        return branch_if(step, state->cdbg_user);
    case GCN_OP_CBRANCH_CDBGSYS_OR_USER:
        return branch_if(step, state->cdbg_sys || state->cdbg_user);
    case GCN_OP_CBRANCH_CDBGSYS_AND_USER:
        return branch_if(step, state->cdbg_sys && state->cdbg_user);
    case GCN_OP_WAITCNT:
        return waitcnt(step);
    case GCN_OP_BARRIER: /* the last wave of its workgroup still running passes at once */
        return emu_workgroup_others_running(wave->workgroup, wave) ? GCN_RUN_BARRIER : GCN_RUN_RUNNING;
    case GCN_OP_SETKILL:
        state->kill = simm16 & 1;
        return GCN_RUN_RUNNING;
    case GCN_OP_SETHALT: /* PRIV is 0 for a program, so HALT is never ignored */
        state->halt = simm16 & 1;
        return state->halt ? GCN_RUN_HALTED : GCN_RUN_RUNNING;
    case GCN_OP_SETPRIO:
        state->priority = simm16 & 3;
        return GCN_RUN_RUNNING;
    case GCN_OP_SENDMSG:
        emu_message(step, simm16);
        return GCN_RUN_RUNNING;
    case GCN_OP_SENDMSGHALT:
        emu_message(step, simm16);
        state->halt = 1;
        return GCN_RUN_HALTED;
    case GCN_OP_TTRACEDATA: /* M0 as user data to the thread trace */
        emu_message(step, simm16);
        return GCN_RUN_RUNNING;
    case GCN_OP_TRAP:
        return GCN_RUN_TRAP;
    case GCN_OP_INCPERFLEVEL:
        state->perf_level[simm16 & 15]++;
        return GCN_RUN_RUNNING;
    case GCN_OP_DECPERFLEVEL:
        state->perf_level[simm16 & 15]--;
        return GCN_RUN_RUNNING;
    case GCN_OP_ICACHE_INV: /* no instruction cache to invalidate */
    case GCN_OP_WAKEUP:     /* no other wave sleeps */
        return GCN_RUN_RUNNING;
    case GCN_OP_SET_GPR_IDX_OFF:
        state->mode &= ~(uint32_t)GCN_MODE_GPR_INDEX_ENABLE;
        return GCN_RUN_RUNNING;
    case GCN_OP_SET_GPR_IDX_MODE: { /* M0 = (M0 & 0xffff0fff) | ((SIMM16 & 15) << 12) */
        uint32_t m0 = emu_read_sgpr(step, GCN_CODE_M0);
        if (emu_failed(step))
            return GCN_RUN_FAULT;
        emu_write_sgpr(step, GCN_CODE_M0, (m0 & 0xffff0fffu) | (uint32_t)(simm16 & 15) << 12);
        return GCN_RUN_RUNNING;
    }
    default:
        return emu_fault(step, -1, "%s has no SOPP executor", step->row->name);
    }
}
