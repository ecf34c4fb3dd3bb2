/* Every SOPP and SMRD/SMEM row on every generation that has it
 * (src/isa/sopp.def, smem.def) runs in the emulator, encoded from its row,
 * and leaves exactly the state the CLRX GCN ISA pages give its operation:
 * - SMEM page: a load's SDATA[i] = *(SMEM + i*4 + (OFFSET & ~3)), a store
 *   the reverse, an atomic's memory = op(old, data) and SDATA = old with
 *   GLC (data kept without); the offset counts dwords on GCN 1.0/1.1 (SMRD)
 *   and bytes on GCN 1.2/1.4; s_memtime/s_memrealtime the clock (the
 *   emulator's: one cycle an instruction, real time a 16th of it); cache
 *   operations and probes change nothing. GCN 1.4 s_scratch_* address
 *   byte B of the wave's scratch, lanes interleaved dword by dword: byte
 *   (B / 256) * 4 + B % 4 of lane (B / 4) % 64 (src/emu/smem.c says why).
 * - SOPP page: each branch jumps to RELADDR = NEXTPC + SIMM16*4 when its
 *   condition holds and falls through otherwise; the end, halt and trap
 *   instructions end the run so; the others set what their operation says.
 * The expected values are worked out here from those sentences, not read
 * back from the emulator. */
#include "isa/profile.h"
#include <stdio.h>
#include <string.h>

#include "gcn_emu.h"
#include "isa/isa.h"
#include "support/emu_rig.h"
#include "support/harness.h"

static test_summary summary = {"emu_scalar_rows", 0, 0, 0};

#define CHECK_EQ(actual, expected, ...) \
    emu_rig_check(&summary, __LINE__, (uint64_t)(actual), (uint64_t)(expected), __VA_ARGS__)

enum {
    SDATA = 16,           /* s16..: data and destination */
    PATTERN = 0xa5000000u, /* memory dword i = PATTERN + i */
    DATA = 0x12345678u,   /* s16 + i = DATA + i before the instruction */
    PRESET = 0xdeadbeefu, /* destinations beyond the data */
    OFFSET_DWORDS = 2,    /* the immediate offset: 8 bytes */
    CLOCK = 0x12345678full
};

/* ---- SMRD/SMEM ---- */

/* Base registers: s[2:3] the address, s[4:7] a buffer resource, s[8:9]
 * the scratch offset (GCN 1.4 s_scratch_*): 0x40 + 8 = byte 0x48 of the
 * wave's scratch, the first dword of lane 18 (SCRATCH_LANE). */
enum { SCRATCH_LANE = 0x48 / 4 };

static uint32_t scratch_u32(emu_rig *rig, unsigned lane)
{
    const uint8_t *bytes = gcn_wave_scratch(rig->wave, lane);
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 |
           (uint32_t)bytes[3] << 24;
}

/* Dword i of the data's place: guest memory dword OFFSET_DWORDS + i, or
 * the first dword of lane SCRATCH_LANE + i. */
static uint32_t data_u32(emu_rig *rig, bool scratch, int i)
{
    return scratch ? scratch_u32(rig, (unsigned)(SCRATCH_LANE + i))
                   : emu_rig_u32(rig, (uint32_t)(4 * (OFFSET_DWORDS + i)));
}
static unsigned sbase_field(const gcn_row *row)
{
    if (row->flags & GCN_ROW_BUFFER_BASE)
        return 2;
    return (row->flags & GCN_ROW_SCRATCH) ? 4 : 1;
}

static bool encode_smem(const gcn_row *row, unsigned row_index, gcn_arch arch, bool glc,
                        uint32_t *words, size_t *count)
{
    gcn_instruction instruction = {.row = (uint16_t)row_index, .family = row->family,
                                   .arch = (uint8_t)arch, .opcode = (uint16_t)row->opcode[arch]};
    instruction.word_count = arch <= GCN_ARCH_GCN11 ? 1 : 2;
    instruction.modifiers = GCN_MOD_IMM | (glc ? GCN_MOD_GLC : 0);
    instruction.encoding = arch <= GCN_ARCH_GCN11 ? GCN_ENCODING_SMRD : GCN_ENCODING_SMEM;
    /* SMRD counts the offset in dwords, SMEM in bytes. */
    instruction.offset = arch <= GCN_ARCH_GCN11 ? OFFSET_DWORDS : OFFSET_DWORDS * 4;
    /* the operands of the row's profile: sdata, sbase, the offset */
    const gcn_profile *profile = gcn_profile_of(&instruction);
    for (unsigned i = 0; i < profile->operand_count; i++) {
        unsigned syntax = profile->operands[i].syntax;
        unsigned dwords =
            gcn_operand_width_beside(&profile->operands[i], row_index + 1, (gcn_arch)arch, 0, GCN_SADDR_OFF);
        instruction.operands[i] =
            syntax == GCN_SYNTAX_SREG    ? (gcn_operand){GCN_OPERAND_SCALAR, (uint8_t)dwords, SDATA, 0}
            : syntax == GCN_SYNTAX_SBASE ? (gcn_operand){GCN_OPERAND_SCALAR, (uint8_t)dwords,
                                                         (uint16_t)(sbase_field(row) * 2), 0}
            : syntax == GCN_SYNTAX_SMEM_PROBE ? (gcn_operand){GCN_OPERAND_IMMEDIATE, 1, 0, SDATA}
                                              : (gcn_operand){GCN_OPERAND_IMMEDIATE, 1, 0, instruction.offset};
    }
    instruction.operand_count = profile->operand_count;
    if (!profile->operand_count || profile->operands[profile->operand_count - 1].syntax != GCN_SYNTAX_SMEM_OFFSET)
        instruction.modifiers = instruction.offset = 0; /* no offset operand */
    return gcn_encode(&instruction, words, count) == GCN_OK;
}

/* The atomic operations of the SMEM page (the FLAT page words them the
 * same), on width-bit values. */
static uint64_t atomic_result(gcn_operation operation, bool wide, uint64_t old, uint64_t data,
                              uint64_t compare)
{
    uint64_t mask = wide ? ~0ull : 0xffffffffull;
    int64_t signed_old = wide ? (int64_t)old : (int32_t)(uint32_t)old;
    int64_t signed_data = wide ? (int64_t)data : (int32_t)(uint32_t)data;
    switch (operation) {
    case GCN_OP_ATOMIC_SWAP: return data;
    case GCN_OP_ATOMIC_CMPSWAP: return old == compare ? data : old;
    case GCN_OP_ATOMIC_ADD: return (old + data) & mask;
    case GCN_OP_ATOMIC_SUB: return (old - data) & mask;
    case GCN_OP_ATOMIC_SMIN: return signed_old < signed_data ? old : data;
    case GCN_OP_ATOMIC_UMIN: return old < data ? old : data;
    case GCN_OP_ATOMIC_SMAX: return signed_old > signed_data ? old : data;
    case GCN_OP_ATOMIC_UMAX: return old > data ? old : data;
    case GCN_OP_ATOMIC_AND: return old & data;
    case GCN_OP_ATOMIC_OR: return old | data;
    case GCN_OP_ATOMIC_XOR: return old ^ data;
    case GCN_OP_ATOMIC_INC: return old < data ? old + 1 : 0;
    case GCN_OP_ATOMIC_DEC: return old <= data && old != 0 ? old - 1 : data;
    default: return ~old; /* not an atomic of the page: fails the check */
    }
}

static void setup_smem(emu_rig *rig, gcn_arch arch)
{
    gcn_wave_state *state = rig->state;
    for (uint32_t i = 0; i < 64; i++)
        emu_rig_set_u32(rig, 4 * i, PATTERN + i);
    gcn_state_set_pair(state, 2, EMU_RIG_MEMORY);
    emu_rig_resource(rig, 4, EMU_RIG_MEMORY, 0, 0x1000, 0);
    gcn_state_set_pair(state, 8, 0x40);
    if (gcn_flat_scratch_code(arch)) /* where the hardware keeps scratch: moves nothing here */
        gcn_state_set_pair(state, gcn_flat_scratch_code(arch), EMU_RIG_MEMORY);
    /* Lane l's first scratch dword is PATTERN + OFFSET_DWORDS + l - SCRATCH_LANE,
     * so that the scratch rows see the values the others see in memory. */
    for (unsigned lane = 0; lane < 64; lane++) {
        uint8_t *bytes = gcn_wave_scratch(rig->wave, lane);
        uint32_t value = PATTERN + OFFSET_DWORDS + lane - SCRATCH_LANE;
        for (unsigned b = 0; b < 4; b++)
            bytes[b] = (uint8_t)(value >> (8 * b));
    }
    for (unsigned i = 0; i < 18; i++)
        state->sgpr[SDATA + i] = i < 16 ? DATA + i : PRESET;
    state->cycles = CLOCK;
}

static void run_smem(unsigned row_index, gcn_arch arch, bool glc)
{
    const gcn_row *row = &gcn_rows[row_index];
    const char *name = gcn_arch_name(arch);
    const char *how = glc ? " glc" : "";
    uint32_t words[4];
    size_t count;
    if (!encode_smem(row, row_index, arch, glc, words, &count)) {
        test_fail(&summary, "%s %s: does not encode", name, row->name);
        return;
    }
    char program[160];
    if (count == 1)
        snprintf(program, sizeof program, ".int 0x%08x\ns_waitcnt 0\ns_endpgm\n", words[0]);
    else
        snprintf(program, sizeof program, ".int 0x%08x, 0x%08x\ns_waitcnt 0\ns_endpgm\n", words[0],
                 words[1]);
    emu_rig rig;
    if (!emu_rig_open_checked(&rig, &summary, arch, program))
        return;
    setup_smem(&rig, arch);
    /* Cmpswap compares with the dwords after the data: make them the old value. */
    unsigned width = (row->flags & GCN_ROW_CMPSWAP) ? row->data_dwords / 2 : row->data_dwords;
    bool wide = (row->flags & GCN_ROW_ATOMIC) && width == 2;
    uint64_t old = PATTERN + OFFSET_DWORDS + (wide ? (uint64_t)(PATTERN + OFFSET_DWORDS + 1) << 32 : 0);
    if (row->flags & GCN_ROW_CMPSWAP) {
        rig.state->sgpr[SDATA + width] = (uint32_t)old;
        if (wide)
            rig.state->sgpr[SDATA + width + 1] = (uint32_t)(old >> 32);
    }
    gcn_wave_state before = *rig.state;
    gcn_run_status status = emu_rig_run(&rig);
    CHECK_EQ(status, GCN_RUN_ENDED, "%s %s%s: ends", name, row->name, how);
    const uint32_t *sgpr = rig.state->sgpr;
    unsigned dwords = row->data_dwords;
    bool scratch = (row->flags & GCN_ROW_SCRATCH) != 0;
    switch ((gcn_operation)row->operation) {
    case GCN_OP_LOAD:
        for (unsigned i = 0; i < dwords; i++)
            CHECK_EQ(sgpr[SDATA + i], PATTERN + OFFSET_DWORDS + i, "%s %s: s%u", name, row->name,
                     SDATA + i);
        CHECK_EQ(sgpr[SDATA + dwords], dwords < 16 ? DATA + dwords : PRESET,
                 "%s %s: the SGPR past the data is kept", name, row->name);
        break;
    case GCN_OP_STORE:
        for (unsigned i = 0; i < dwords; i++)
            CHECK_EQ(data_u32(&rig, scratch, (int)i), DATA + i, "%s %s: dword %u", name, row->name, i);
        CHECK_EQ(data_u32(&rig, scratch, (int)dwords), PATTERN + OFFSET_DWORDS + dwords,
                 "%s %s: the dword past the data is kept", name, row->name);
        CHECK_EQ(data_u32(&rig, scratch, -1), PATTERN + OFFSET_DWORDS - 1,
                 "%s %s: the dword before is kept", name, row->name);
        break;
    case GCN_OP_MEMTIME:
        /* The clock counts an instruction's cycle as it starts. */
        CHECK_EQ(gcn_state_pair(rig.state, SDATA), CLOCK + 1, "%s %s: the clock at issue", name,
                 row->name);
        break;
    case GCN_OP_MEMREALTIME:
        CHECK_EQ(gcn_state_pair(rig.state, SDATA), (CLOCK + 1) / 16, "%s %s: the clock / 16", name,
                 row->name);
        break;
    default:
        if (row->flags & GCN_ROW_ATOMIC) {
            uint64_t data = DATA + (wide ? (uint64_t)(DATA + 1) << 32 : 0);
            uint64_t expected = atomic_result((gcn_operation)row->operation, wide, old, data, old);
            uint64_t memory = emu_rig_u32(&rig, 4 * OFFSET_DWORDS) |
                              (wide ? (uint64_t)emu_rig_u32(&rig, 4 * OFFSET_DWORDS + 4) << 32 : 0);
            CHECK_EQ(memory, expected, "%s %s%s: memory", name, row->name, how);
            uint64_t returned = sgpr[SDATA] | (wide ? (uint64_t)sgpr[SDATA + 1] << 32 : 0);
            CHECK_EQ(returned, glc ? old : data, "%s %s%s: %s", name, row->name, how,
                     glc ? "the old value" : "the data kept");
            if (!wide)
                CHECK_EQ(emu_rig_u32(&rig, 4 * OFFSET_DWORDS + 4), PATTERN + OFFSET_DWORDS + 1,
                         "%s %s%s: the next dword is kept", name, row->name, how);
            break;
        }
        /* Cache maintenance, probes, discards: nothing changes. */
        CHECK_EQ(memcmp(before.sgpr, rig.state->sgpr, sizeof before.sgpr), 0,
                 "%s %s: the SGPRs are kept", name, row->name);
        for (unsigned i = 0; i < 64; i++)
            if (emu_rig_u32(&rig, 4 * i) != PATTERN + i) {
                test_fail(&summary, "%s %s: memory dword %u changed", name, row->name, i);
                break;
            }
        break;
    }
    emu_rig_close(&rig);
}

/* ---- SOPP ---- */

/* How a SOPP row is set up and what it must leave: `taken` sets up the
 * branch's condition (or nothing), `simm16` is its operand. */
typedef struct sopp_case {
    uint16_t simm16;
    gcn_run_status status; /* after the program */
} sopp_case;

static void set_condition(gcn_wave_state *state, gcn_operation operation, bool holds)
{
    switch (operation) {
    case GCN_OP_CBRANCH_SCC0: state->scc = !holds; break;
    case GCN_OP_CBRANCH_SCC1: state->scc = holds; break;
    case GCN_OP_CBRANCH_VCCZ: gcn_state_set_pair(state, GCN_CODE_VCC_LO, holds ? 0 : 1ull << 40); break;
    case GCN_OP_CBRANCH_VCCNZ: gcn_state_set_pair(state, GCN_CODE_VCC_LO, holds ? 1ull << 40 : 0); break;
    case GCN_OP_CBRANCH_EXECZ: gcn_state_set_pair(state, GCN_CODE_EXEC_LO, holds ? 0 : 1ull << 63); break;
    case GCN_OP_CBRANCH_EXECNZ: gcn_state_set_pair(state, GCN_CODE_EXEC_LO, holds ? 1ull << 63 : 0); break;
    case GCN_OP_CBRANCH_CDBGSYS: state->cdbg_sys = holds; state->cdbg_user = !holds; break;
    case GCN_OP_CBRANCH_CDBGUSER: state->cdbg_user = holds; state->cdbg_sys = !holds; break;
    case GCN_OP_CBRANCH_CDBGSYS_OR_USER: state->cdbg_user = holds; state->cdbg_sys = false; break;
    case GCN_OP_CBRANCH_CDBGSYS_AND_USER: state->cdbg_user = true; state->cdbg_sys = holds; break;
    default: break;
    }
}

/* The program: the row's instruction at 0, s_trap 0 at 4, s_endpgm at 8.
 * A branch with SIMM16 1 jumps over the trap to 4 + 4 + 4 = 8. */
static void run_sopp(unsigned row_index, gcn_arch arch, uint16_t simm16, bool holds)
{
    const gcn_row *row = &gcn_rows[row_index];
    const char *name = gcn_arch_name(arch);
    gcn_operation operation = (gcn_operation)row->operation;
    gcn_instruction instruction = {.row = (uint16_t)row_index, .family = row->family,
                                   .arch = (uint8_t)arch, .word_count = 1,
                                   .opcode = (uint16_t)row->opcode[arch],
                                   .encoding = GCN_ENCODING_SOPP, .operand_count = 1};
    instruction.operands[0] = (gcn_operand){row->shape == GCN_SHAPE_SOPP_BRANCH ? GCN_OPERAND_BRANCH
                                                                               : GCN_OPERAND_IMMEDIATE,
                                            1, 0, simm16};
    uint32_t word;
    size_t count;
    if (gcn_encode(&instruction, &word, &count) != GCN_OK || count != 1) {
        test_fail(&summary, "%s %s: does not encode", name, row->name);
        return;
    }
    char program[96];
    snprintf(program, sizeof program, ".int 0x%08x\ns_trap 0\ns_endpgm\n", word);
    emu_rig rig;
    if (!emu_rig_open_checked(&rig, &summary, arch, program))
        return;
    gcn_wave_state *state = rig.state;
    state->sgpr[GCN_CODE_M0] = 0xffffffffu;
    state->mode = 0xffffffffu;
    set_condition(state, operation, holds);
    gcn_run_status status = emu_rig_run(&rig);
    size_t message_count;
    const gcn_message *messages = gcn_wave_messages(rig.wave, &message_count);
    uint64_t pc = gcn_wave_pc(rig.wave);
    bool branch = row->shape == GCN_SHAPE_SOPP_BRANCH;
    if (branch) {
        /* Taken: over the trap to s_endpgm at 8; not taken: the trap at 4. */
        CHECK_EQ(status, holds ? GCN_RUN_ENDED : GCN_RUN_TRAP, "%s %s %s: how it ends", name,
                 row->name, holds ? "taken" : "not taken");
        CHECK_EQ(pc, holds ? 8 : 4, "%s %s %s: pc", name, row->name, holds ? "taken" : "not taken");
        emu_rig_close(&rig);
        return;
    }
    gcn_run_status expected = GCN_RUN_TRAP; /* falls through to the trap at 4 */
    uint64_t expected_pc = 4;
    switch (operation) {
    case GCN_OP_ENDPGM:
    case GCN_OP_ENDPGM_SAVED:
    case GCN_OP_ENDPGM_ORDERED_PS_DONE:
        expected = GCN_RUN_ENDED, expected_pc = 0;
        break;
    case GCN_OP_TRAP:
    case GCN_OP_SETHALT:
    case GCN_OP_SENDMSGHALT:
        expected = operation == GCN_OP_TRAP ? GCN_RUN_TRAP : GCN_RUN_HALTED, expected_pc = 0;
        break;
    default:
        break;
    }
    CHECK_EQ(status, expected, "%s %s: how it ends", name, row->name);
    CHECK_EQ(pc, expected_pc, "%s %s: pc", name, row->name);
    bool sends = operation == GCN_OP_SENDMSG || operation == GCN_OP_SENDMSGHALT ||
                 operation == GCN_OP_TTRACEDATA || operation == GCN_OP_ENDPGM_ORDERED_PS_DONE;
    CHECK_EQ(message_count, sends ? 1 : 0, "%s %s: messages", name, row->name);
    if (sends && message_count == 1) {
        CHECK_EQ(messages[0].m0, 0xffffffffu, "%s %s: the message's M0", name, row->name);
        CHECK_EQ(messages[0].simm16, simm16, "%s %s: the message's SIMM16", name, row->name);
    }
    /* "KILL = SIMM16&1", "HALT = SIMM16&1", "PRIORITY = SIMM16&3",
     * "PERFCNT[SIMM16 & 15]++/--", "M0 = (M0 & 0xffff0fff) |
     * ((SIMM16 & 15)<<12)", "MODE = (MODE & ~(1U<<27))". */
    CHECK_EQ(state->kill, operation == GCN_OP_SETKILL ? (simm16 & 1) : 0, "%s %s: KILL", name, row->name);
    CHECK_EQ(state->halt, operation == GCN_OP_SETHALT || operation == GCN_OP_SENDMSGHALT,
             "%s %s: HALT", name, row->name);
    CHECK_EQ(state->priority, operation == GCN_OP_SETPRIO ? (simm16 & 3) : 0, "%s %s: PRIORITY",
             name, row->name);
    uint32_t perf = operation == GCN_OP_INCPERFLEVEL ? 1u : operation == GCN_OP_DECPERFLEVEL ? ~0u : 0;
    CHECK_EQ(state->perf_level[simm16 & 15], perf, "%s %s: PERFCNT[%u]", name, row->name, simm16 & 15);
    CHECK_EQ(state->sgpr[GCN_CODE_M0],
             operation == GCN_OP_SET_GPR_IDX_MODE ? (0xffff0fffu | (uint32_t)(simm16 & 15) << 12)
                                                   : 0xffffffffu,
             "%s %s: M0", name, row->name);
    CHECK_EQ(state->mode, operation == GCN_OP_SET_GPR_IDX_OFF ? ~(1u << 27) : 0xffffffffu,
             "%s %s: MODE", name, row->name);
    emu_rig_close(&rig);
}

int main(void)
{
    unsigned smem[GCN_ARCH_COUNT] = {0}, sopp[GCN_ARCH_COUNT] = {0};
    for (unsigned index = 0; index < GCN_ROW_COUNT; index++) {
        const gcn_row *row = &gcn_rows[index];
        if (row->family != GCN_FAMILY_SMEM && row->family != GCN_FAMILY_SOPP)
            continue;
        FOR_EACH_ARCH(arch) {
            if (row->opcode[arch] < 0)
                continue;
            if (row->family == GCN_FAMILY_SMEM) {
                smem[arch]++;
                run_smem(index, arch, false);
                if (row->flags & GCN_ROW_ATOMIC)
                    run_smem(index, arch, true);
                continue;
            }
            sopp[arch]++;
            if (row->shape == GCN_SHAPE_SOPP_BRANCH) {
                run_sopp(index, arch, 1, true);
                if (row->operation != GCN_OP_BRANCH) /* s_branch always jumps */
                    run_sopp(index, arch, 1, false);
            } else {
                /* 0x2d: bit 0 set (kill, halt), &3 = 1 (priority), &15 = 13
                 * (perf counter, GPR index mode); s_nop/s_sleep take it too. */
                run_sopp(index, arch, 0x2d, false);
            }
        }
    }
    for (gcn_arch arch = GCN_ARCH_GCN10; arch < GCN_ARCH_COUNT; arch++)
        printf("  %s: %u SMRD/SMEM and %u SOPP rows\n", gcn_arch_name(arch), smem[arch], sopp[arch]);
    return test_finish(&summary);
}
