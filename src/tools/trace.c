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
    uint8_t **regions; /* copies of each region, kept equal to it after each step */
    struct region_key {
        uint64_t address;
        size_t index;
    } *by_address; /* the regions sorted by address */
    uint8_t *lds;
    size_t messages, diagnostics;
};

static int by_region_address(const void *a, const void *b)
{
    uint64_t x = ((const struct region_key *)a)->address, y = ((const struct region_key *)b)->address;
    return x < y ? -1 : x > y;
}
static int by_span_address(const void *a, const void *b)
{
    uint64_t x = ((const gcn_span *)a)->address, y = ((const gcn_span *)b)->address;
    return x < y ? -1 : x > y;
}

trace *trace_create(const scenario *s, FILE *out)
{
    trace *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->s = s;
    t->out = out;
    t->vgpr = calloc(GCN_VGPR_COUNT, sizeof *t->vgpr);
    t->regions = calloc(s->region_count + 1, sizeof *t->regions);
    t->by_address = calloc(s->region_count + 1, sizeof *t->by_address);
    t->lds = malloc(GCN_LDS_SIZE);
    bool ok = t->vgpr && t->regions && t->by_address && t->lds;
    for (size_t i = 0; ok && i < s->region_count; i++) {
        ok = (t->regions[i] = malloc((size_t)s->regions[i].size)) != NULL;
        if (ok)
            memcpy(t->regions[i], gcn_machine_memory(s->machine, s->regions[i].address, s->regions[i].size),
                   (size_t)s->regions[i].size);
        t->by_address[i] = (struct region_key){s->regions[i].address, i};
    }
    if (!ok) {
        trace_destroy(t);
        return NULL;
    }
    qsort(t->by_address, s->region_count, sizeof *t->by_address, by_region_address);
    /* Each step is compared where it touched memory, not over all of it,
     * so that tracing costs the same for 4 KiB and 1 GiB of regions. */
    gcn_machine_watch(s->machine, true);
    return t;
}

void trace_destroy(trace *t)
{
    if (!t)
        return;
    for (size_t i = 0; t->regions && i < t->s->region_count; i++)
        free(t->regions[i]);
    free(t->regions);
    free(t->by_address);
    gcn_machine_watch(t->s->machine, false);
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
    gcn_machine_watch_clear(s->machine);
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

/* *shown counts the lines of one step's memory (or LDS) changes. */
static void changed_bytes(trace *t, const char *what, uint64_t base, const uint8_t *before,
                          const uint8_t *after, uint64_t size, unsigned *shown)
{
    for (uint64_t i = 0; i + 4 <= size && *shown <= MAX_CHANGES; i += 4) {
        if (memcmp(before + i, after + i, 4) == 0)
            continue;
        if ((*shown)++ == MAX_CHANGES) {
            fprintf(t->out, "        %s: more changes\n", what);
            return;
        }
        uint32_t old, now;
        memcpy(&old, before + i, 4);
        memcpy(&now, after + i, 4);
        fprintf(t->out, "        %s 0x%llx: 0x%08x -> 0x%08x\n", what, (unsigned long long)(base + i), old, now);
    }
}

/* The region holding address (its index), or -1. */
static long region_at(const trace *t, uint64_t address)
{
    const scenario *s = t->s;
    size_t low = 0, high = s->region_count; /* the last region starting at or below address */
    while (high - low > 1) {
        size_t middle = low + (high - low) / 2;
        if (t->by_address[middle].address <= address)
            low = middle;
        else
            high = middle;
    }
    if (s->region_count == 0)
        return -1;
    const scenario_region *region = &s->regions[t->by_address[low].index];
    return address >= region->address && address - region->address < region->size
               ? (long)t->by_address[low].index : -1;
}

/* Region i's dwords from offset to end (region-relative, whole dwords):
 * the changes shown, the copy brought up to date. */
static void region_changes(trace *t, size_t i, uint64_t offset, uint64_t end, unsigned *shown)
{
    const scenario_region *region = &t->s->regions[i];
    offset &= ~(uint64_t)3;
    end = end + 3 < region->size ? (end + 3) & ~(uint64_t)3 : region->size;
    uint8_t *now = gcn_machine_memory(t->s->machine, region->address, region->size);
    changed_bytes(t, "memory", region->address + offset, t->regions[i] + offset, now + offset, end - offset,
                  shown);
    memcpy(t->regions[i] + offset, now + offset, (size_t)(end - offset));
}

/* Guest memory the step touched, in address order, overlapping and
 * adjacent spans merged (all of it if the machine could not keep them). */
static void memory_changes(trace *t)
{
    const scenario *s = t->s;
    size_t count;
    bool overflow;
    const gcn_span *watched = gcn_machine_watched(s->machine, &count, &overflow);
    unsigned shown = 0;
    if (overflow) {
        for (size_t k = 0; k < s->region_count; k++)
            region_changes(t, t->by_address[k].index, 0, s->regions[t->by_address[k].index].size, &shown);
        return;
    }
    gcn_span spans[GCN_WATCH_SPANS];
    memcpy(spans, watched, count * sizeof *spans);
    qsort(spans, count, sizeof *spans, by_span_address);
    for (size_t k = 0; k < count;) {
        long i = region_at(t, spans[k].address);
        uint64_t start = spans[k].address, end = start + spans[k].size;
        for (k++; k < count && spans[k].address <= end; k++)
            if (spans[k].address + spans[k].size > end)
                end = spans[k].address + spans[k].size; /* spans lie in one region each */
        if (i < 0)
            continue;
        uint64_t base = s->regions[i].address, limit = base + s->regions[i].size;
        region_changes(t, (size_t)i, start - base, (end < limit ? end : limit) - base, &shown);
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
    memory_changes(t);
    unsigned lds_shown = 0;
    changed_bytes(t, "lds", 0, t->lds, gcn_workgroup_lds(s->workgroup, NULL), GCN_LDS_SIZE, &lds_shown);
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
