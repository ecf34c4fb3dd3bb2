/* The pending-result API the memory executors use (src/emu/pending.h) and
 * the waitcnt checker's rules: in-order and out-of-order completion, what
 * a wait makes certain, store data in flight, the counters' maxima, D16
 * merges of VGPR results. Expected values worked out by hand from the
 * rules in src/emu/pending.c (after the CLRX GCN ISA pages: SMEM "can
 * return the result data out of the order", FLAT "can complete out of
 * order with each other"). */
#include <stdio.h>
#include <string.h>

#include "emu/pending.h"
#include "emu/registers.h"
#include "support/harness.h"

static test_summary summary = {"emu_pending", 0, 0, 0};

#define CHECK(condition, ...)                               \
    do {                                                    \
        if (condition) {                                    \
            test_pass(&summary);                            \
        } else {                                            \
            printf("  (tests/emu_pending.c:%d) ", __LINE__); \
            test_fail(&summary, __VA_ARGS__);               \
        }                                                   \
    } while (0)

typedef struct rig {
    gcn_machine *machine;
    gcn_workgroup *workgroup;
    gcn_wave *wave;
    gcn_instruction instruction;
    emu_step step;
} rig;

static void rig_open(rig *r, gcn_arch arch)
{
    gcn_machine_options options;
    gcn_machine_options_default(&options, arch);
    memset(r, 0, sizeof *r);
    r->machine = gcn_machine_create(&options);
    r->workgroup = gcn_workgroup_create(r->machine, GCN_LDS_SIZE);
    r->wave = gcn_wave_create(r->workgroup);
    r->instruction.row = GCN_ROW_INDEX_buffer_load_dword;
    r->step = (emu_step){.wave = r->wave, .machine = r->machine, .instruction = &r->instruction,
                         .row = &gcn_rows[r->instruction.row]};
}

static void rig_close(rig *r)
{
    gcn_wave_destroy(r->wave);
    gcn_workgroup_destroy(r->workgroup);
    gcn_machine_destroy(r->machine);
}

static size_t diagnostics(rig *r)
{
    size_t count;
    gcn_wave_diagnostics(r->wave, &count, NULL);
    return count;
}

/* Issues a one-VGPR load at pc into vgpr, all lanes value. */
static void load_vgpr(rig *r, uint64_t pc, unsigned vgpr, uint32_t value, bool in_order)
{
    r->step.pc = pc;
    emu_op *op = emu_issue(&r->step, GCN_COUNTER_VM, 1, in_order);
    uint32_t *data = emu_op_load_vgprs(op, r->wave, vgpr, 1, ~0ull, ~0u);
    for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++)
        data[lane] = value + lane;
}

static void test_in_order(void)
{
    rig r;
    rig_open(&r, GCN_ARCH_GCN12);
    load_vgpr(&r, 0x0, 1, 0x100, true);
    load_vgpr(&r, 0x8, 2, 0x200, true);
    load_vgpr(&r, 0x10, 3, 0x300, true);
    CHECK(gcn_wave_registers(r.wave)->counter[GCN_COUNTER_VM] == 3, "vmcnt 3");
    CHECK(gcn_wave_vgpr(r.wave, 1)[5] == 0, "nothing arrives before a wait");
    emu_wait(r.wave, GCN_COUNTER_VM, 1);
    /* In order: the two oldest completed and are certain (1 + 1 newer > 1). */
    CHECK(gcn_wave_vgpr(r.wave, 1)[5] == 0x105 && gcn_wave_vgpr(r.wave, 2)[5] == 0x205 &&
              gcn_wave_vgpr(r.wave, 3)[5] == 0,
          "vmcnt(1) in order: v1 0x%x v2 0x%x v3 0x%x", gcn_wave_vgpr(r.wave, 1)[5],
          gcn_wave_vgpr(r.wave, 2)[5], gcn_wave_vgpr(r.wave, 3)[5]);
    r.step.pc = 0x20;
    emu_read_vgpr(&r.step, 1);
    emu_read_vgpr(&r.step, 2);
    CHECK(diagnostics(&r) == 0, "certain results read quietly");
    emu_read_vgpr(&r.step, 3);
    size_t count;
    const gcn_diagnostic *d = gcn_wave_diagnostics(r.wave, &count, NULL);
    CHECK(count == 1 && d[0].pc == 0x20 && d[0].other_pc == 0x10 &&
              strcmp(d[0].message, "v3 is read before an s_waitcnt vmcnt covers the "
                                   "buffer_load_dword at pc 0x10 that loads it") == 0,
          "v3 in flight: %s", count ? d[0].message : "none");
    emu_wait(r.wave, GCN_COUNTER_VM, 0);
    CHECK(gcn_wave_vgpr(r.wave, 3)[63] == 0x33f && gcn_wave_registers(r.wave)->counter[GCN_COUNTER_VM] == 0,
          "vmcnt(0)");
    rig_close(&r);
}

static void test_out_of_order(void)
{
    rig r;
    rig_open(&r, GCN_ARCH_GCN14);
    load_vgpr(&r, 0x0, 1, 0x100, false);
    load_vgpr(&r, 0x8, 2, 0x200, false);
    load_vgpr(&r, 0x10, 3, 0x300, false);
    emu_wait(r.wave, GCN_COUNTER_VM, 1);
    /* The values arrive oldest first, but none is certain: any one of the
     * three may be the one still in flight. */
    CHECK(gcn_wave_vgpr(r.wave, 1)[0] == 0x100 && gcn_wave_vgpr(r.wave, 2)[0] == 0x200,
          "oldest first");
    r.step.pc = 0x20;
    emu_read_vgpr(&r.step, 1);
    CHECK(diagnostics(&r) == 1, "out of order: v1 is not certain after vmcnt(1)");
    emu_wait(r.wave, GCN_COUNTER_VM, 0);
    r.step.pc = 0x28;
    emu_read_vgpr(&r.step, 1);
    emu_read_vgpr(&r.step, 3);
    CHECK(diagnostics(&r) == 1, "quiet after vmcnt(0)");
    rig_close(&r);

    /* An op that counts 2 is certain after a wait for 1 even out of order. */
    rig_open(&r, GCN_ARCH_GCN14);
    r.step.pc = 0x0;
    emu_op *op = emu_issue(&r.step, GCN_COUNTER_LGKM, 2, false);
    emu_op_load_sgprs(op, r.wave, 4, 2)[0] = 7;
    r.step.pc = 0x8;
    op = emu_issue(&r.step, GCN_COUNTER_LGKM, 1, false);
    emu_op_load_sgprs(op, r.wave, 6, 1)[0] = 9;
    emu_wait(r.wave, GCN_COUNTER_LGKM, 1);
    r.step.pc = 0x10;
    CHECK(emu_read_sgpr(&r.step, 4) == 7 && diagnostics(&r) == 0, "x2 certain after lgkmcnt(1)");
    emu_read_sgpr(&r.step, 6);
    CHECK(diagnostics(&r) == 1, "the single one is not");
    rig_close(&r);
}

static void test_store_data_and_limits(void)
{
    rig r;
    rig_open(&r, GCN_ARCH_GCN12);
    r.step.pc = 0x4;
    emu_op *op = emu_issue(&r.step, GCN_COUNTER_VM, 1, true);
    emu_op_store_vgprs(op, r.wave, 8, 2);
    r.step.pc = 0xc;
    emu_read_vgpr(&r.step, 9);
    CHECK(diagnostics(&r) == 0, "reading store data is fine");
    emu_write_vgpr(&r.step, 9)[0] = 1;
    size_t count;
    const gcn_diagnostic *d = gcn_wave_diagnostics(r.wave, &count, NULL);
    CHECK(count == 1 && d[0].other_pc == 0x4 && strstr(d[0].message, "v9 is overwritten while the"),
          "store data overwritten: %s", count ? d[0].message : "none");
    emu_wait(r.wave, GCN_COUNTER_VM, 0);
    r.step.pc = 0x10;
    emu_write_vgpr(&r.step, 9);
    CHECK(diagnostics(&r) == 1, "after vmcnt(0) the store is done");

    /* VM_CNT holds 15 on GCN 1.2: the 16th load first waits for the oldest. */
    for (unsigned i = 0; i < 16; i++)
        load_vgpr(&r, 0x100 + 8 * i, 20 + i, i << 8, true);
    CHECK(gcn_wave_registers(r.wave)->counter[GCN_COUNTER_VM] == 15 && gcn_wave_vgpr(r.wave, 20)[1] == 1 &&
              gcn_wave_vgpr(r.wave, 21)[1] == 0,
          "counter full: vmcnt %u", gcn_wave_registers(r.wave)->counter[GCN_COUNTER_VM]);
    gcn_wave_drain(r.wave);
    CHECK(gcn_wave_vgpr(r.wave, 35)[1] == 0xf01 && gcn_wave_registers(r.wave)->counter[GCN_COUNTER_VM] == 0,
          "drained");
    rig_close(&r);

    /* A D16 result merges into the register as it is when it completes. */
    rig_open(&r, GCN_ARCH_GCN14);
    uint32_t *v5 = gcn_wave_vgpr(r.wave, 5);
    for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++)
        v5[lane] = 0xaaaabbbbu;
    op = emu_issue(&r.step, GCN_COUNTER_VM, 1, true);
    uint32_t *data = emu_op_load_vgprs(op, r.wave, 5, 1, 0x5ull, 0xffffu);
    data[0] = 0x11111234u;
    data[1] = 0x22225678u;
    data[2] = 0x33339abcu;
    v5[0] = 0xccccdddd; /* written meanwhile (a hazard the executor would report) */
    emu_wait(r.wave, GCN_COUNTER_VM, 0);
    CHECK(v5[0] == 0xcccc1234u && v5[1] == 0xaaaabbbbu && v5[2] == 0xaaaa9abcu, "d16: %08x %08x %08x",
          v5[0], v5[1], v5[2]);
    rig_close(&r);
}

/* s_waitcnt's VM_CNT field: bits 0-3, and on GCN 1.4 also 14-15 (the
 * SOPP page: (SIMM16&15)|((SIMM16>>10)&0x30)). The word 0xbf8c4f70 is
 * vmcnt(16) on GCN 1.4 and vmcnt(0) before it. */
static void test_waitcnt_fields(void)
{
    static const uint32_t program[] = {0xbf8c4f70u, 0xbf810000u};
    for (int gcn14 = 0; gcn14 < 2; gcn14++) {
        rig r;
        rig_open(&r, gcn14 ? GCN_ARCH_GCN14 : GCN_ARCH_GCN12);
        gcn_machine_load_program(r.machine, 0, program, 2);
        unsigned loads = gcn14 ? 20 : 15;
        for (unsigned i = 0; i < loads; i++)
            load_vgpr(&r, 0x100 + 8 * i, 100 + i, 1, true);
        gcn_wave_step(r.wave);
        unsigned expected = gcn14 ? 16 : 0;
        unsigned counter = gcn_wave_registers(r.wave)->counter[GCN_COUNTER_VM];
        CHECK(counter == expected, "%s: vmcnt %u after 0xbf8c4f70, expected %u",
              gcn14 ? "gcn1.4" : "gcn1.2", counter, expected);
        CHECK(gcn_wave_vgpr(r.wave, 100 + loads - expected - 1)[0] == 1 &&
                  (expected == 0 || gcn_wave_vgpr(r.wave, 100 + loads - expected)[0] == 0),
              "%s: the oldest arrived", gcn14 ? "gcn1.4" : "gcn1.2");
        CHECK(gcn_wave_run(r.wave, 10) == GCN_RUN_ENDED, "ends");
        rig_close(&r);
    }
}

int main(void)
{
    test_waitcnt_fields();
    test_in_order();
    test_out_of_order();
    test_store_data_and_limits();
    return test_finish(&summary);
}
