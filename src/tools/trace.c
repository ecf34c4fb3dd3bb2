#include "trace.h"

#include <stdlib.h>
#include <string.h>

/* Lines of memory or lane changes shown per instruction and register. */
enum { MAX_CHANGES = 16 };

struct trace {
    const scenario *s;
    FILE *out;
    gcn_wave_state state;
    uint32_t (*vgpr)[GCN_WAVE_LANES];
    uint8_t **regions; /* copies of each region */
    uint8_t *lds;
    size_t messages, diagnostics;
};

trace *trace_create(const scenario *s, FILE *out)
{
    trace *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->s = s;
    t->out = out;
    t->vgpr = calloc(GCN_VGPR_COUNT, sizeof *t->vgpr);
    t->regions = calloc(s->region_count + 1, sizeof *t->regions);
    t->lds = malloc(GCN_LDS_SIZE);
    bool ok = t->vgpr && t->regions && t->lds;
    for (size_t i = 0; ok && i < s->region_count; i++)
        ok = (t->regions[i] = malloc((size_t)s->regions[i].size)) != NULL;
    if (!ok) {
        trace_destroy(t);
        return NULL;
    }
    return t;
}

void trace_destroy(trace *t)
{
    if (!t)
        return;
    for (size_t i = 0; t->regions && i < t->s->region_count; i++)
        free(t->regions[i]);
    free(t->regions);
    free(t->vgpr);
    free(t->lds);
    free(t);
}

void trace_before(trace *t)
{
    const scenario *s = t->s;
    gcn_wave *wave = s->wave;
    t->state = *gcn_wave_registers(wave);
    for (unsigned v = 0; v < GCN_VGPR_COUNT; v++)
        memcpy(t->vgpr[v], gcn_wave_vgpr(wave, v), sizeof t->vgpr[v]);
    for (size_t i = 0; i < s->region_count; i++)
        memcpy(t->regions[i], gcn_machine_memory(s->machine, s->regions[i].address, s->regions[i].size),
               (size_t)s->regions[i].size);
    memcpy(t->lds, gcn_workgroup_lds(s->workgroup, NULL), GCN_LDS_SIZE);
    gcn_wave_messages(wave, &t->messages);
    gcn_wave_diagnostics(wave, &t->diagnostics, NULL);
    char text[256];
    if (!scenario_format_at(s, t->state.pc, true, text, sizeof text))
        snprintf(text, sizeof text, "/*%012llx*/ (no instruction)", (unsigned long long)t->state.pc);
    fprintf(t->out, "%s\n", text);
}

static void scalar_name(const scenario *s, unsigned code, char *name, size_t size)
{
    if (code < gcn_sgpr_count(s->arch))
        snprintf(name, size, "s%u", code);
    else if (code == GCN_CODE_M0)
        snprintf(name, size, "m0");
    else if (code >= GCN_CODE_TTMP0 && code < GCN_CODE_M0)
        snprintf(name, size, "ttmp%u", code - GCN_CODE_TTMP0);
    else if (code == GCN_CODE_VCC_LO || code == GCN_CODE_VCC_HI)
        snprintf(name, size, "vcc_%s", code & 1 ? "hi" : "lo");
    else if (code == GCN_CODE_EXEC_LO || code == GCN_CODE_EXEC_HI)
        snprintf(name, size, "exec_%s", code & 1 ? "hi" : "lo");
    else
        snprintf(name, size, "scalar%u", code);
}

static void changed_bytes(trace *t, const char *what, uint64_t base, const uint8_t *before,
                          const uint8_t *after, uint64_t size)
{
    unsigned shown = 0;
    for (uint64_t i = 0; i + 4 <= size; i += 4) {
        if (memcmp(before + i, after + i, 4) == 0)
            continue;
        if (shown++ == MAX_CHANGES) {
            fprintf(t->out, "        %s: more changes\n", what);
            return;
        }
        uint32_t old, now;
        memcpy(&old, before + i, 4);
        memcpy(&now, after + i, 4);
        fprintf(t->out, "        %s 0x%llx: 0x%08x -> 0x%08x\n", what, (unsigned long long)(base + i), old, now);
    }
}

void trace_after(trace *t)
{
    static const char *const counters[GCN_COUNTER_COUNT] = {"vmcnt", "lgkmcnt", "expcnt"};
    const scenario *s = t->s;
    gcn_wave *wave = s->wave;
    const gcn_wave_state *now = gcn_wave_registers(wave), *old = &t->state;
    FILE *out = t->out;
    for (unsigned code = 0; code < GCN_SCALAR_SLOTS; code++) {
        if (old->sgpr[code] != now->sgpr[code]) {
            char name[32];
            scalar_name(s, code, name, sizeof name);
            fprintf(out, "        %s: 0x%08x -> 0x%08x\n", name, old->sgpr[code], now->sgpr[code]);
        }
    }
    if (old->scc != now->scc)
        fprintf(out, "        scc: %u -> %u\n", old->scc, now->scc);
    if (old->mode != now->mode)
        fprintf(out, "        mode: 0x%08x -> 0x%08x\n", old->mode, now->mode);
    if (old->halt != now->halt || old->kill != now->kill || old->priority != now->priority)
        fprintf(out, "        halt %u kill %u priority %u\n", now->halt, now->kill, now->priority);
    for (int c = 0; c < GCN_COUNTER_COUNT; c++)
        if (old->counter[c] != now->counter[c])
            fprintf(out, "        %s: %u -> %u\n", counters[c], old->counter[c], now->counter[c]);
    for (unsigned i = 0; i < GCN_PERF_COUNTERS; i++)
        if (old->perf_level[i] != now->perf_level[i])
            fprintf(out, "        perf level %u: %u -> %u\n", i, old->perf_level[i], now->perf_level[i]);
    for (unsigned v = 0; v < GCN_VGPR_COUNT; v++) {
        const uint32_t *lanes = gcn_wave_vgpr(wave, v);
        if (memcmp(lanes, t->vgpr[v], sizeof t->vgpr[v]) == 0)
            continue;
        unsigned shown = 0;
        for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++) {
            if (lanes[lane] == t->vgpr[v][lane])
                continue;
            if (shown++ == MAX_CHANGES) {
                fprintf(out, "        v%u: more lanes\n", v);
                break;
            }
            fprintf(out, "        v%u[%u]: 0x%08x -> 0x%08x\n", v, lane, t->vgpr[v][lane], lanes[lane]);
        }
    }
    for (size_t i = 0; i < s->region_count; i++)
        changed_bytes(t, "memory", s->regions[i].address, t->regions[i],
                      gcn_machine_memory(s->machine, s->regions[i].address, s->regions[i].size),
                      s->regions[i].size);
    changed_bytes(t, "lds", 0, t->lds, gcn_workgroup_lds(s->workgroup, NULL), GCN_LDS_SIZE);
    size_t count;
    const gcn_message *messages = gcn_wave_messages(wave, &count);
    for (size_t i = t->messages; i < count; i++) {
        char text[256];
        scenario_message_text(s, messages[i].pc, text, sizeof text);
        fprintf(out, "        message %s, m0 0x%08x\n", text, messages[i].m0);
    }
    const gcn_diagnostic *diagnostics = gcn_wave_diagnostics(wave, &count, NULL);
    for (size_t i = t->diagnostics; i < count; i++)
        fprintf(out, "        %s: %s\n", diagnostics[i].kind, diagnostics[i].message);
    const gcn_fault *fault = gcn_wave_fault(wave);
    if (fault)
        fprintf(out, "        fault: %s\n", fault->message);
}
