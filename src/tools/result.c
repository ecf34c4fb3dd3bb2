/* Writing a scenario's result as JSON: each member on its own line, its
 * value as jansson prints it. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

static json_t *hex32(uint32_t value)
{
    char text[16];
    snprintf(text, sizeof text, "0x%08x", value);
    return json_string(text);
}

static json_t *hex64(uint64_t value)
{
    char text[24];
    snprintf(text, sizeof text, "0x%016llx", (unsigned long long)value);
    return json_string(text);
}

static json_t *address(uint64_t value)
{
    char text[24];
    snprintf(text, sizeof text, "0x%llx", (unsigned long long)value);
    return json_string(text);
}

/* Writes "name": value (taken), indented, on one line. */
static bool member(FILE *out, const char *indent, const char *name, json_t *value, bool last)
{
    if (!value)
        return false;
    char *text = json_dumps(value, JSON_INDENT(0) | JSON_ENCODE_ANY);
    json_decref(value);
    if (!text)
        return false;
    fprintf(out, "%s\"%s\": %s%s\n", indent, name, text, last ? "" : ",");
    free(text);
    return true;
}

static bool bit(const uint64_t *bits, unsigned index)
{
    return (bits[index >> 6] >> (index & 63)) & 1;
}

static json_t *scalar_registers(const scenario *s)
{
    gcn_wave_state *state = gcn_wave_registers(s->wave);
    json_t *object = json_object();
    unsigned flat_scratch = gcn_flat_scratch_code(s->arch);
    for (unsigned code = 0; code < GCN_SCALAR_SLOTS; code++) {
        bool shown = bit(s->given_sgpr, code) || bit(state->written_sgpr, code);
        bool special = code == GCN_CODE_M0 || code == GCN_CODE_VCC_LO || code == GCN_CODE_VCC_HI ||
                       code == GCN_CODE_EXEC_LO || code == GCN_CODE_EXEC_HI ||
                       (flat_scratch && (code == flat_scratch || code == flat_scratch + 1));
        if (!shown || special)
            continue;
        char name[32];
        if (code < gcn_sgpr_count(s->arch))
            snprintf(name, sizeof name, "s%u", code);
        else if (code >= GCN_CODE_TTMP0 && code < GCN_CODE_M0)
            snprintf(name, sizeof name, "ttmp%u", code - GCN_CODE_TTMP0);
        else if (code == 104 || code == 105)
            snprintf(name, sizeof name, "xnack_mask_%s", code == 104 ? "lo" : "hi");
        else if (code >= GCN_CODE_TBA_LO && code < GCN_CODE_TTMP0)
            snprintf(name, sizeof name, "%s_%s", code < GCN_CODE_TMA_LO ? "tba" : "tma", code & 1 ? "hi" : "lo");
        else
            snprintf(name, sizeof name, "scalar%u", code);
        json_object_set_new(object, name, hex32(state->sgpr[code]));
    }
    json_object_set_new(object, "m0", hex32(state->sgpr[GCN_CODE_M0]));
    json_object_set_new(object, "vcc", hex64(gcn_state_pair(state, GCN_CODE_VCC_LO)));
    json_object_set_new(object, "exec", hex64(gcn_state_pair(state, GCN_CODE_EXEC_LO)));
    json_object_set_new(object, "scc", json_integer(state->scc));
    if (flat_scratch && (bit(s->given_sgpr, flat_scratch) || bit(state->written_sgpr, flat_scratch) ||
                         bit(s->given_sgpr, flat_scratch + 1) || bit(state->written_sgpr, flat_scratch + 1)))
        json_object_set_new(object, "flat_scratch", hex64(gcn_state_pair(state, flat_scratch)));
    if (s->given_mode || state->mode != s->initial_mode)
        json_object_set_new(object, "mode", hex32(state->mode));
    return object;
}

/* The rest of the wave's state, beyond the scenario format's registers. */
static json_t *wave_state(const scenario *s)
{
    gcn_wave_state *state = gcn_wave_registers(s->wave);
    json_t *object = json_object();
    json_object_set_new(object, "halt", json_integer(state->halt));
    json_object_set_new(object, "kill", json_integer(state->kill));
    json_object_set_new(object, "priority", json_integer(state->priority));
    json_object_set_new(object, "vmcnt", json_integer(state->counter[GCN_COUNTER_VM]));
    json_object_set_new(object, "lgkmcnt", json_integer(state->counter[GCN_COUNTER_LGKM]));
    json_object_set_new(object, "expcnt", json_integer(state->counter[GCN_COUNTER_EXP]));
    json_object_set_new(object, "cycles", json_integer((json_int_t)state->cycles));
    json_t *levels = json_object();
    for (unsigned i = 0; i < GCN_PERF_COUNTERS; i++) {
        if (state->perf_level[i]) {
            char name[8];
            snprintf(name, sizeof name, "%u", i);
            json_object_set_new(levels, name, hex32(state->perf_level[i]));
        }
    }
    json_object_set_new(object, "perf_levels", levels);
    return object;
}

static json_t *words(const uint8_t *bytes, uint64_t size)
{
    json_t *array = json_array();
    for (uint64_t i = 0; i + 4 <= size; i += 4)
        json_array_append_new(array, hex32((uint32_t)bytes[i] | (uint32_t)bytes[i + 1] << 8 |
                                           (uint32_t)bytes[i + 2] << 16 | (uint32_t)bytes[i + 3] << 24));
    return array;
}

static bool write_vgprs(const scenario *s, FILE *out, bool last)
{
    gcn_wave_state *state = gcn_wave_registers(s->wave);
    unsigned shown = 0, count = 0;
    for (unsigned v = 0; v < GCN_VGPR_COUNT; v++)
        count += bit(s->given_vgpr, v) || bit(state->written_vgpr, v);
    if (count == 0)
        return member(out, "  ", "vgpr", json_object(), last);
    fprintf(out, "  \"vgpr\": {\n");
    bool ok = true;
    for (unsigned v = 0; v < GCN_VGPR_COUNT; v++) {
        if (!bit(s->given_vgpr, v) && !bit(state->written_vgpr, v))
            continue;
        char name[8];
        snprintf(name, sizeof name, "v%u", v);
        const uint32_t *lanes = gcn_wave_vgpr(s->wave, v);
        json_t *array = json_array();
        for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++)
            json_array_append_new(array, hex32(lanes[lane]));
        ok &= member(out, "    ", name, array, ++shown == count);
    }
    fprintf(out, "  }%s\n", last ? "" : ",");
    return ok;
}

static bool write_memory(const scenario *s, FILE *out)
{
    if (s->region_count == 0)
        return member(out, "  ", "memory", json_array(), false);
    fprintf(out, "  \"memory\": [\n");
    bool ok = true;
    for (size_t i = 0; i < s->region_count; i++) {
        const scenario_region *region = &s->regions[i];
        json_t *object = json_object();
        json_object_set_new(object, "addr", address(region->address));
        json_object_set_new(object, "u32",
                            words(gcn_machine_memory(s->machine, region->address, region->size), region->size));
        char *text = json_dumps(object, JSON_INDENT(0));
        json_decref(object);
        ok &= text != NULL;
        fprintf(out, "    %s%s\n", text ? text : "{}", i + 1 == s->region_count ? "" : ",");
        free(text);
    }
    fprintf(out, "  ],\n");
    return ok;
}

void scenario_message_text(const scenario *s, uint64_t pc, char *buffer, size_t size)
{
    char text[256];
    if (!scenario_format_at(s, pc, false, text, sizeof text)) {
        snprintf(buffer, size, "?");
        return;
    }
    const char *operands = strchr(text, ' ');
    if (!operands)
        operands = text;
    while (*operands == ' ')
        operands++;
    snprintf(buffer, size, "%s", operands);
}

bool scenario_write_result(const scenario *s, FILE *out)
{
    static const char *const statuses[] = {"running", "ended", "halted", "fault", "trap", "limit", "barrier"};
    gcn_wave *wave = s->wave;
    bool ok = true;
    fprintf(out, "{\n");
    ok &= member(out, "  ", "status", json_string(statuses[gcn_wave_status(wave)]), false);
    ok &= member(out, "  ", "instructions", json_integer((json_int_t)gcn_wave_instructions(wave)), false);
    ok &= member(out, "  ", "pc", address(gcn_wave_pc(wave)), false);
    const gcn_fault *fault = gcn_wave_fault(wave);
    if (fault) {
        json_t *object = json_object();
        json_object_set_new(object, "message", json_string(fault->message));
        if (fault->has_address)
            json_object_set_new(object, "address", address(fault->address));
        if (fault->lane >= 0)
            json_object_set_new(object, "lane", json_integer(fault->lane));
        ok &= member(out, "  ", "fault", object, false);
    }
    ok &= member(out, "  ", "sgpr", scalar_registers(s), false);
    ok &= member(out, "  ", "state", wave_state(s), false);
    ok &= write_vgprs(s, out, false);
    ok &= write_memory(s, out);
    if (s->lds_given) {
        json_t *object = json_object();
        json_object_set_new(object, "u32", words(gcn_workgroup_lds(s->workgroup, NULL), s->lds_size));
        ok &= member(out, "  ", "lds", object, false);
    }
    uint32_t scratch_size = gcn_machine_options_of(s->machine)->scratch_per_lane;
    if (scratch_size) { /* the lanes given, and those whose scratch is not all 0 */
        json_t *lanes = json_array();
        for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++) {
            const uint8_t *bytes = gcn_wave_scratch(wave, lane);
            bool shown = (s->scratch_given >> lane) & 1;
            for (uint32_t i = 0; i < scratch_size && !shown; i++)
                shown = bytes[i] != 0;
            if (!shown)
                continue;
            json_t *object = json_object();
            json_object_set_new(object, "lane", json_integer(lane));
            json_object_set_new(object, "u32", words(bytes, scratch_size));
            json_array_append_new(lanes, object);
        }
        ok &= member(out, "  ", "scratch", lanes, false);
    }
    size_t count;
    const gcn_message *messages = gcn_wave_messages(wave, &count);
    json_t *array = json_array();
    for (size_t i = 0; i < count; i++) {
        json_t *object = json_object();
        json_object_set_new(object, "pc", address(messages[i].pc));
        char text[256];
        scenario_message_text(s, messages[i].pc, text, sizeof text);
        json_object_set_new(object, "text", json_string(text));
        json_object_set_new(object, "m0", hex32(messages[i].m0));
        json_array_append_new(array, object);
    }
    ok &= member(out, "  ", "messages", array, false);
    size_t dropped;
    const gcn_diagnostic *diagnostics = gcn_wave_diagnostics(wave, &count, &dropped);
    if (count == 0 && dropped == 0) {
        ok &= member(out, "  ", "diagnostics", json_array(), true);
    } else { /* one per line */
        fprintf(out, "  \"diagnostics\": [\n");
        for (size_t i = 0; i < count; i++) {
            json_t *object = json_object();
            json_object_set_new(object, "pc", address(diagnostics[i].pc));
            json_object_set_new(object, "kind", json_string(diagnostics[i].kind));
            json_object_set_new(object, "message", json_string(diagnostics[i].message));
            char *text = json_dumps(object, JSON_INDENT(0));
            json_decref(object);
            ok &= text != NULL;
            fprintf(out, "    %s%s\n", text ? text : "{}", i + 1 == count && !dropped ? "" : ",");
            free(text);
        }
        if (dropped)
            fprintf(out, "    {\"kind\": \"limit\", \"message\": \"%zu more reports not kept\"}\n",
                    dropped);
        fprintf(out, "  ]\n");
    }
    fprintf(out, "}\n");
    return ok && !ferror(out);
}
