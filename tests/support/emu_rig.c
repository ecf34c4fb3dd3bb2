/* The memory executor tests' machine (see emu_rig.h). */
#include "emu_rig.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool emu_rig_open(emu_rig *rig, gcn_arch arch, const char *program)
{
    gcn_machine_options options;
    gcn_machine_options_default(&options, arch);
    options.scratch_per_lane = EMU_RIG_SCRATCH;
    memset(rig, 0, sizeof *rig);
    rig->machine = gcn_machine_create(&options);
    if (!rig->machine ||
        gcn_machine_map(rig->machine, EMU_RIG_MEMORY, EMU_RIG_MEMORY_SIZE, &rig->memory) != GCN_OK ||
        gcn_machine_assemble_program(rig->machine, 0, program, strlen(program), GCN_DIALECT_CLRX,
                                     "test.s", stdout) != GCN_OK)
        return false;
    rig->workgroup = gcn_workgroup_create(rig->machine, GCN_LDS_SIZE);
    rig->wave = rig->workgroup ? gcn_wave_create(rig->workgroup) : NULL;
    if (!rig->wave)
        return false;
    uint32_t size;
    rig->lds = gcn_workgroup_lds(rig->workgroup, &size);
    rig->state = gcn_wave_registers(rig->wave);
    return true;
}

void emu_rig_close(emu_rig *rig)
{
    gcn_wave_destroy(rig->wave);
    gcn_workgroup_destroy(rig->workgroup);
    gcn_machine_destroy(rig->machine);
}

gcn_run_status emu_rig_run(emu_rig *rig)
{
    gcn_run_status status = gcn_wave_run(rig->wave, 10000);
    gcn_wave_drain(rig->wave);
    if (status == GCN_RUN_FAULT && getenv("EMU_RIG_VERBOSE"))
        printf("  fault: %s\n", gcn_wave_fault(rig->wave)->message);
    return status;
}

static uint32_t load32(const uint8_t *bytes)
{
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 |
           (uint32_t)bytes[3] << 24;
}

uint32_t emu_rig_u32(const emu_rig *rig, uint32_t offset)
{
    return load32(rig->memory + offset);
}

void emu_rig_set_u32(emu_rig *rig, uint32_t offset, uint32_t value)
{
    for (unsigned i = 0; i < 4; i++)
        rig->memory[offset + i] = (uint8_t)(value >> (8 * i));
}

uint32_t emu_rig_lds_u32(const emu_rig *rig, uint32_t offset)
{
    return load32(rig->lds + offset);
}

void emu_rig_resource(emu_rig *rig, unsigned first, uint64_t base, uint32_t stride,
                      uint32_t num_records, uint32_t word3)
{
    rig->state->sgpr[first] = (uint32_t)base;
    rig->state->sgpr[first + 1] = (uint32_t)(base >> 32 & 0xffff) | (stride & 0x3fff) << 16;
    rig->state->sgpr[first + 2] = num_records;
    rig->state->sgpr[first + 3] = word3;
}

void emu_rig_vgpr_lanes(emu_rig *rig, unsigned index, uint32_t base, uint32_t step)
{
    uint32_t *lanes = gcn_wave_vgpr(rig->wave, index);
    for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++)
        lanes[lane] = base + lane * step;
}

size_t emu_rig_diagnostics(const emu_rig *rig)
{
    size_t count;
    gcn_wave_diagnostics(rig->wave, &count, NULL);
    return count;
}

void emu_rig_fill(emu_rig *rig)
{
    for (uint32_t i = 0; i < 1024; i++)
        emu_rig_set_u32(rig, 4 * i, 0x1000 + i);
}

const uint32_t *emu_rig_vgpr(emu_rig *rig, unsigned index)
{
    return gcn_wave_vgpr(rig->wave, index);
}

bool emu_rig_open_checked(emu_rig *rig, test_summary *summary, gcn_arch arch, const char *program)
{
    if (emu_rig_open(rig, arch, program))
        return true;
    test_fail(summary, "%s: the program does not assemble or the machine is not made:\n%s",
              gcn_arch_name(arch), program);
    emu_rig_close(rig);
    return false;
}

void emu_rig_check(test_summary *summary, int line, uint64_t actual, uint64_t expected,
                   const char *format, ...)
{
    if (actual == expected) {
        test_pass(summary);
        return;
    }
    char message[300];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    printf("  (tests/%s.c:%d) got 0x%llx, expected 0x%llx: ", summary->name, line,
           (unsigned long long)actual, (unsigned long long)expected);
    test_fail(summary, "%s", message);
}
