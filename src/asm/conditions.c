/* The conditional directives (.if and its kin, .else, .endif), which
 * matter also in the lines they skip. */
#include <stdlib.h>
#include <string.h>

#include "asm/internal.h"

static bool push_condition(asm_state *state, bool active, unsigned column)
{
    bool parent = asm_active(state);
    if (state->condition_count == state->condition_capacity) {
        size_t capacity = state->condition_capacity ? state->condition_capacity * 2 : 16;
        if (capacity > 1u << 20) {
            asm_report(state, true, column, ".if nested too deeply");
            return false;
        }
        asm_condition *grown = realloc(state->conditions, capacity * sizeof *grown);
        if (!grown) {
            asm_report(state, true, column, "out of memory");
            return false;
        }
        state->conditions = grown;
        state->condition_capacity = capacity;
    }
    asm_condition *c = &state->conditions[state->condition_count++];
    c->parent_active = parent;
    c->active = parent && active;
    c->taken = c->active || !parent;
    c->else_seen = false;
    c->file = state->location.file;
    c->line = state->location.line;
    c->context = asm_persist_context(state, state->location.context);
    return true;
}

/* The truth of a condition of the given kind over the operands. */
static bool evaluate_condition(asm_state *state, const char *line, size_t name_end, size_t end,
                               unsigned kind, bool *truth)
{
    if (kind == IF_DEFINED || kind == IF_NOT_DEFINED) {
        size_t i = asm_skip_blank(line, name_end, end);
        size_t n = asm_name_at(line, i, end);
        if (n == 0 || asm_skip_blank(line, i + n, end) != end) {
            asm_report(state, true, (unsigned)i + 1, "expected one symbol name");
            return false;
        }
        asm_symbol *symbol = asm_symbol_find(state, line + i, n);
        bool defined = symbol && symbol->defined;
        *truth = kind == IF_DEFINED ? defined : !defined;
        return true;
    }
    if (kind == IF_BLANK || kind == IF_NOT_BLANK) {
        bool blank = asm_skip_blank(line, name_end, end) == end;
        *truth = kind == IF_BLANK ? blank : !blank;
        return true;
    }
    if (kind == IF_SAME || kind == IF_DIFFERENT) {
        size_t i = name_end, comma = name_end;
        bool quoted = false;
        while (comma < end && (line[comma] != ',' || quoted)) {
            if (line[comma] == '"')
                quoted = !quoted;
            comma++;
        }
        if (comma >= end) {
            asm_report(state, true, (unsigned)name_end + 1, "expected two strings separated by ','");
            return false;
        }
        size_t a = i, ae = comma, b = comma + 1, be = end;
        asm_trim(line, &a, &ae);
        asm_trim(line, &b, &be);
        if (ae - a >= 2 && line[a] == '"' && line[ae - 1] == '"')
            a++, ae--;
        if (be - b >= 2 && line[b] == '"' && line[be - 1] == '"')
            b++, be--;
        bool same = ae - a == be - b && memcmp(line + a, line + b, ae - a) == 0;
        *truth = kind == IF_SAME ? same : !same;
        return true;
    }
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error error;
    asm_cursor(state, &cursor, &options, &error, line + name_end, line + end);
    int64_t value;
    unsigned section;
    if (!asm_value_needed(state, &cursor, &value, &section) || !asm_at_end(state, &cursor, "the condition"))
        return false;
    switch (kind) {
    case IF_VALUE: case IF_NOT_ZERO: *truth = value != 0; break;
    case IF_ZERO: *truth = value == 0; break;
    case IF_POSITIVE: *truth = value > 0; break;
    case IF_NOT_NEGATIVE: *truth = value >= 0; break;
    case IF_NEGATIVE: *truth = value < 0; break;
    case IF_NOT_POSITIVE: *truth = value <= 0; break;
    default: *truth = false;
    }
    return true;
}

void asm_directive_condition(asm_state *state, const char *line, size_t start, size_t name_end,
                             size_t end, unsigned kind)
{
    unsigned column = (unsigned)start + 1;
    const char *name = line + start;
    int name_length = (int)(name_end - start);
    if ((kind & 0xff00) == 0) { /* .if... */
        bool truth = false;
        if (asm_active(state) && !evaluate_condition(state, line, name_end, end, kind, &truth))
            truth = false;
        push_condition(state, truth, column);
        return;
    }
    if (state->condition_count == 0 ||
        state->condition_count <= state->frames[state->frame_count - 1].condition_depth) {
        asm_report(state, true, column, "'%.*s' without '.if'", name_length, name);
        return;
    }
    asm_condition *c = &state->conditions[state->condition_count - 1];
    if ((kind & 0xff00) == END_IF) {
        if (asm_skip_blank(line, name_end, end) != end)
            asm_report(state, true, (unsigned)name_end + 1, "unexpected text after '.endif'");
        state->condition_count--;
        return;
    }
    if (c->else_seen) {
        asm_report(state, true, column, "'%.*s' after '.else'", name_length, name);
        return;
    }
    if ((kind & 0xff00) == ELSE) {
        c->else_seen = true;
        c->active = c->parent_active && !c->taken;
        c->taken = true;
        return;
    }
    /* .elseif */
    bool truth = false;
    if (c->parent_active && !c->taken && !evaluate_condition(state, line, name_end, end, kind & 0xff, &truth))
        truth = false;
    c->active = c->parent_active && !c->taken && truth;
    c->taken |= c->active;
}

void asm_check_conditions_closed(asm_state *state)
{
    for (size_t i = 0; i < state->condition_count; i++) {
        const asm_condition *c = &state->conditions[i];
        asm_location location = {c->file, c->line, c->context, NULL, 0};
        asm_report_at(state, &location, state->sequence, true, 0, "'.if' without '.endif'");
    }
    state->condition_count = 0;
}
