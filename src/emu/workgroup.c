/* Workgroups: their LDS, their waves, and running the waves in turns with
 * s_barrier between them. */
#include <stdlib.h>
#include <string.h>

#include "emu/emu.h"

gcn_workgroup *gcn_workgroup_create(gcn_machine *machine, uint32_t lds_size)
{
    if (!machine || lds_size > GCN_LDS_SIZE)
        return NULL;
    gcn_workgroup *workgroup = calloc(1, sizeof *workgroup);
    if (!workgroup)
        return NULL;
    workgroup->lds = calloc(1, lds_size ? lds_size : 1);
    if (!workgroup->lds) {
        free(workgroup);
        return NULL;
    }
    workgroup->machine = machine;
    workgroup->lds_size = lds_size;
    return workgroup;
}

void gcn_workgroup_destroy(gcn_workgroup *workgroup)
{
    if (!workgroup)
        return;
    for (size_t i = 0; i < workgroup->wave_count; i++) /* their own destroy must not look here */
        workgroup->waves[i]->workgroup = NULL;
    free(workgroup->waves);
    free(workgroup->lds);
    free(workgroup);
}

uint8_t *gcn_workgroup_lds(gcn_workgroup *workgroup, uint32_t *size)
{
    if (size)
        *size = workgroup->lds_size;
    return workgroup->lds;
}

bool emu_workgroup_join(gcn_workgroup *workgroup, gcn_wave *wave)
{
    gcn_wave **waves = emu_grow(workgroup->waves, workgroup->wave_count, &workgroup->wave_capacity,
                                sizeof *waves);
    if (!waves)
        return false;
    workgroup->waves = waves;
    workgroup->waves[workgroup->wave_count++] = wave;
    return true;
}

void emu_workgroup_leave(gcn_workgroup *workgroup, gcn_wave *wave)
{
    for (size_t i = 0; i < workgroup->wave_count; i++) {
        if (workgroup->waves[i] == wave) {
            memmove(&workgroup->waves[i], &workgroup->waves[i + 1],
                    (workgroup->wave_count - i - 1) * sizeof *workgroup->waves);
            workgroup->wave_count--;
            return;
        }
    }
}

/* A wave that can still run: going, at the instruction limit, or at a barrier. */
static bool still_running(const gcn_wave *wave)
{
    return wave->status == GCN_RUN_RUNNING || wave->status == GCN_RUN_LIMIT ||
           wave->status == GCN_RUN_BARRIER;
}

bool emu_workgroup_others_running(const gcn_workgroup *workgroup, const gcn_wave *wave)
{
    for (size_t i = 0; i < workgroup->wave_count; i++)
        if (workgroup->waves[i] != wave && still_running(workgroup->waves[i]))
            return true;
    return false;
}

/* Instructions a wave runs before the next one takes its turn. */
enum { TURN = 64 };

gcn_run_status gcn_workgroup_run(gcn_workgroup *workgroup, uint64_t max_instructions)
{
    uint64_t budget = max_instructions;
    for (;;) {
        bool any_running = false, all_waiting = true;
        for (size_t i = 0; i < workgroup->wave_count; i++) {
            gcn_wave *wave = workgroup->waves[i];
            if (wave->status == GCN_RUN_LIMIT)
                wave->status = GCN_RUN_RUNNING;
            if (wave->status != GCN_RUN_RUNNING)
                continue;
            uint64_t before = wave->instructions;
            uint64_t turn = budget < TURN ? budget : TURN;
            /* gcn_wave_run would pass a barrier: step instead. */
            for (uint64_t n = 0; n < turn && wave->status == GCN_RUN_RUNNING; n++)
                gcn_wave_step(wave);
            budget -= wave->instructions - before;
            if (budget == 0 && still_running(wave) && wave->status != GCN_RUN_BARRIER)
                wave->status = GCN_RUN_LIMIT;
        }
        for (size_t i = 0; i < workgroup->wave_count; i++) {
            gcn_wave *wave = workgroup->waves[i];
            any_running |= still_running(wave);
            all_waiting &= !still_running(wave) || wave->status == GCN_RUN_BARRIER;
        }
        if (!any_running)
            break;
        if (all_waiting) /* every wave still running is at the barrier: all pass */
            for (size_t i = 0; i < workgroup->wave_count; i++)
                if (workgroup->waves[i]->status == GCN_RUN_BARRIER)
                    workgroup->waves[i]->status = GCN_RUN_RUNNING;
        if (budget == 0) {
            for (size_t i = 0; i < workgroup->wave_count; i++)
                if (still_running(workgroup->waves[i]))
                    workgroup->waves[i]->status = GCN_RUN_LIMIT;
            return GCN_RUN_LIMIT;
        }
    }
    /* Ended when every wave ended or halted; else the first other ending. */
    for (size_t i = 0; i < workgroup->wave_count; i++) {
        gcn_run_status status = workgroup->waves[i]->status;
        if (status != GCN_RUN_ENDED && status != GCN_RUN_HALTED)
            return status;
    }
    return GCN_RUN_ENDED;
}
