/* Macros (.macro/.endm with arguments, defaults, :req, :vararg, \@ and
 * \()), repeats (.rept, .irp, .irpc ... .endr) and their bounds: nesting
 * depth, the expansion budget and the size of one expansion. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "asm/internal.h"

enum { EXPANSION_TEXT_MAX = 16 << 20 };

static size_t name_length(const char *text, size_t length)
{
    size_t n = 0;
    while (n < length && gcn_is_identifier_char(text[n]))
        n++;
    return n;
}

static bool word_is(const char *word, size_t length, const char *name)
{
    return strlen(name) == length && strncasecmp(word, name, length) == 0;
}

/* Reads the body of a .macro or repeat from the current frame up to its
 * matching end, counting nested openings; the frame moves past the end
 * line. The body is in state->body (until the next capture): a file's
 * window cannot hold it, nor move while the current statement runs. */
static bool capture_body(asm_state *state, bool macro, const char *directive, const char **body,
                         size_t *body_length, uint32_t *first_line, unsigned column)
{
    /* The body starts on the next line: what follows on this one is an error. */
    size_t statement_end = asm_statement_end(state, state->statement_line, column - 1,
                                             state->clean_length);
    if (statement_end < state->clean_length) {
        asm_report(state, true, (unsigned)statement_end + 1,
                   "nothing may follow '%s' on its line (the body starts on the next)", directive);
        state->line_done = true;
    }
    asm_frame *frame = &state->frames[state->frame_count - 1];
    asm_ahead ahead;
    asm_ahead_start(state, &ahead);
    *first_line = frame->line;
    unsigned depth = 1;
    bool block = frame->block_comment;
    bool found = false;
    const char *text;
    size_t n, line_start = ahead.taken;
    while (!found && asm_ahead_line(state, &ahead, &text, &n)) {
        frame->line++;
        if (frame->kind != FRAME_FILE && !asm_spend_expansion(state, 1)) {
            asm_ahead_finish(state, &ahead);
            return false;
        }
        asm_clean_line(state, &state->scratch, text, n, &block);
        const char *clean = state->scratch.data;
        size_t length = state->scratch.length;
        for (size_t i = 0; i < length && !found;) {
            size_t end = asm_statement_end(state, clean, i, length);
            size_t w = asm_skip_blank(clean, i, end);
            size_t word = name_length(clean + w, end - w);
            const char *name = clean + w;
            if (macro ? word_is(name, word, ".macro")
                      : word_is(name, word, ".rept") || word_is(name, word, ".irp") ||
                            word_is(name, word, ".irpc")) {
                depth++;
            } else if (macro ? word_is(name, word, ".endm") || word_is(name, word, ".endmacro")
                             : word_is(name, word, ".endr") || word_is(name, word, ".endrept")) {
                found = --depth == 0;
            }
            i = end + 1;
        }
        if (!found)
            line_start = ahead.taken;
    }
    asm_ahead_finish(state, &ahead);
    frame->block_comment = block;
    if (found) {
        *body = state->body.data;
        *body_length = line_start;
        return true;
    }
    asm_report(state, true, column, "'%s' without a matching '%s'", macro ? ".macro" : directive,
               macro ? ".endm" : ".endr");
    return false;
}

/* Replaces \name, \() and \@ in body; values[i] for parameter i. */
static bool substitute(asm_state *state, const char *body, size_t body_length,
                       const asm_macro_parameter *parameters, const char *const *values,
                       const size_t *value_lengths, size_t count, unsigned column)
{
    asm_buffer *out = &state->expansion;
    out->length = 0;
    if (!asm_buffer_reserve(out, 1))
        goto too_large;
    char counter[24];
    int counter_length = snprintf(counter, sizeof counter, "%llu",
                                  (unsigned long long)state->macro_invocations);
    size_t copied = 0;
    for (size_t i = 0; i < body_length; i++) {
        if (body[i] != '\\' || i + 1 >= body_length)
            continue;
        const char *with = NULL;
        size_t with_length = 0, skip = 0;
        if (body[i + 1] == '@') {
            with = counter;
            with_length = (size_t)counter_length;
            skip = 2;
        } else if (body[i + 1] == '(' && i + 2 < body_length && body[i + 2] == ')') {
            with = "";
            skip = 3;
        } else {
            size_t n = 0;
            while (i + 1 + n < body_length &&
                   (gcn_is_identifier_char(body[i + 1 + n]) && body[i + 1 + n] != '.'))
                n++;
            for (size_t p = 0; n && p < count; p++) {
                if (parameters[p].name_length == n && memcmp(parameters[p].name, body + i + 1, n) == 0) {
                    with = values[p];
                    with_length = value_lengths[p];
                    skip = n + 1;
                }
            }
        }
        if (!with)
            continue;
        if (!asm_buffer_append(out, body + copied, i - copied) || !asm_buffer_append(out, with, with_length))
            goto too_large;
        copied = i + skip;
        i += skip - 1;
        if (out->length > EXPANSION_TEXT_MAX)
            goto too_large;
    }
    if (!asm_buffer_append(out, body + copied, body_length - copied) || out->length > EXPANSION_TEXT_MAX)
        goto too_large;
    return true;
too_large:
    asm_report(state, true, column, "expansion too large (more than %d bytes)", EXPANSION_TEXT_MAX);
    return false;
}

/* ---- the macro table: open addressing over lowercase names ---- */

static uint32_t hash_lower(const char *name, size_t length)
{
    uint32_t hash = 2166136261u;
    for (size_t i = 0; i < length; i++) {
        char c = name[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        hash = (hash ^ (uint8_t)c) * 16777619u;
    }
    return hash;
}

asm_macro *asm_macro_find(asm_state *state, const char *name, size_t length)
{
    if (state->macro_count == 0)
        return NULL;
    size_t mask = state->macro_slot_capacity - 1;
    for (size_t i = hash_lower(name, length) & mask;; i = (i + 1) & mask) {
        uint32_t entry = state->macro_slots[i];
        if (!entry)
            return NULL;
        asm_macro *macro = &state->macros[entry - 1];
        if (macro->alive && macro->name_length == length && strncasecmp(macro->name, name, length) == 0)
            return macro;
    }
}

static bool add_macro(asm_state *state, const asm_macro *macro)
{
    if (state->macro_count == state->macro_capacity) {
        size_t capacity = state->macro_capacity ? state->macro_capacity * 2 : 16;
        asm_macro *macros = realloc(state->macros, capacity * sizeof *macros);
        if (!macros)
            return false;
        state->macros = macros;
        state->macro_capacity = capacity;
    }
    if ((state->macro_count + 1) * 2 > state->macro_slot_capacity) {
        size_t capacity = state->macro_slot_capacity ? state->macro_slot_capacity * 2 : 64;
        uint32_t *slots = calloc(capacity, sizeof *slots);
        if (!slots)
            return false;
        for (size_t m = 0; m < state->macro_count; m++) {
            size_t i = hash_lower(state->macros[m].name, state->macros[m].name_length) & (capacity - 1);
            while (slots[i])
                i = (i + 1) & (capacity - 1);
            slots[i] = (uint32_t)(m + 1);
        }
        free(state->macro_slots);
        state->macro_slots = slots;
        state->macro_slot_capacity = capacity;
    }
    state->macros[state->macro_count] = *macro;
    size_t mask = state->macro_slot_capacity - 1, i = hash_lower(macro->name, macro->name_length) & mask;
    while (state->macro_slots[i])
        i = (i + 1) & mask;
    state->macro_slots[i] = (uint32_t)++state->macro_count;
    return true;
}

void asm_macros_free(asm_state *state)
{
    free(state->macros);
    free(state->macro_slots);
    state->macros = NULL;
    state->macro_slots = NULL;
    state->macro_count = state->macro_capacity = state->macro_slot_capacity = 0;
}

/* .macro NAME [PARAMETER[=DEFAULT][:req|:vararg]][[,] ...] */
void asm_macro_define(asm_state *state, const char *line, size_t start, size_t end)
{
    size_t i = asm_skip_blank(line, start, end);
    size_t n = name_length(line + i, end - i);
    unsigned column = (unsigned)i + 1;
    if (n == 0) {
        asm_report(state, true, column, "expected a macro name");
        capture_body(state, true, ".macro", &(const char *){NULL}, &(size_t){0}, &(uint32_t){0}, column);
        return;
    }
    asm_macro macro = {0};
    macro.name = asm_arena_copy(&state->arena, line + i, n);
    macro.name_length = n;
    macro.alive = true;
    asm_macro_parameter parameters[64];
    size_t count = 0;
    bool ok = macro.name != NULL;
    i = asm_skip_blank(line, i + n, end);
    if (i < end && line[i] == ',')
        i++;
    while (ok) {
        i = asm_skip_blank(line, i, end);
        if (i >= end)
            break;
        size_t p = name_length(line + i, end - i);
        if (p == 0 || (line[i] >= '0' && line[i] <= '9')) {
            asm_report(state, true, (unsigned)i + 1, "expected a parameter name");
            ok = false;
            break;
        }
        if (count == sizeof parameters / sizeof parameters[0]) {
            asm_report(state, true, (unsigned)i + 1, "too many macro parameters (limit 64)");
            ok = false;
            break;
        }
        asm_macro_parameter *parameter = &parameters[count++];
        memset(parameter, 0, sizeof *parameter);
        parameter->name = line + i;
        parameter->name_length = p;
        for (size_t q = 0; q + 1 < count; q++)
            if (parameters[q].name_length == p && memcmp(parameters[q].name, line + i, p) == 0) {
                asm_report(state, true, (unsigned)i + 1, "parameter '%.*s' given twice", (int)p, line + i);
                ok = false;
            }
        i = asm_skip_blank(line, i + p, end);
        if (i < end && line[i] == '=') { /* a default, up to ',' or blank */
            i = asm_skip_blank(line, i + 1, end);
            size_t d = i;
            if (d < end && line[d] == '"') {
                d++;
                while (d < end && line[d] != '"')
                    d += line[d] == '\\' ? 2 : 1;
                if (d < end)
                    d++;
            } else {
                while (d < end && line[d] != ',' && line[d] != ' ' && line[d] != '\t' && line[d] != ':')
                    d++;
            }
            parameter->default_value = line + i;
            parameter->default_length = (d < end ? d : end) - i;
            i = asm_skip_blank(line, d, end);
        }
        while (i < end && line[i] == ':') {
            size_t q = asm_skip_blank(line, i + 1, end);
            size_t w = name_length(line + q, end - q);
            if (word_is(line + q, w, "req")) {
                parameter->required = true;
            } else if (word_is(line + q, w, "vararg")) {
                parameter->variadic = true;
            } else {
                asm_report(state, true, (unsigned)q + 1, "expected 'req' or 'vararg' after ':'");
                ok = false;
            }
            i = asm_skip_blank(line, q + w, end);
        }
        if (i < end && line[i] == ',')
            i++;
    }
    for (size_t p = 0; ok && p + 1 < count; p++)
        if (parameters[p].variadic) {
            asm_report(state, true, column, "only the last parameter can be :vararg");
            ok = false;
        }
    const char *body = NULL;
    size_t body_length = 0;
    uint32_t first_line = 0;
    asm_frame *frame = &state->frames[state->frame_count - 1];
    uint32_t file = frame->file;
    if (!capture_body(state, true, ".macro", &body, &body_length, &first_line, column) || !ok)
        return;
    if (asm_macro_find(state, macro.name, n)) {
        asm_report(state, true, column, "macro '%.*s' is already defined", (int)n, macro.name);
        return;
    }
    macro.parameters = asm_arena_allocate(&state->arena, (count ? count : 1) * sizeof *macro.parameters);
    macro.body = asm_arena_copy(&state->arena, body, body_length);
    if (!macro.parameters || !macro.body) {
        asm_report(state, true, column, "out of memory");
        return;
    }
    for (size_t p = 0; p < count; p++) {
        macro.parameters[p] = parameters[p];
        macro.parameters[p].name = asm_arena_copy(&state->arena, parameters[p].name, parameters[p].name_length);
        if (parameters[p].default_value)
            macro.parameters[p].default_value =
                asm_arena_copy(&state->arena, parameters[p].default_value, parameters[p].default_length);
    }
    macro.parameter_count = count;
    macro.body_length = body_length;
    macro.file = file;
    macro.line = first_line;
    if (!add_macro(state, &macro))
        asm_report(state, true, column, "out of memory");
}

void asm_macro_purge(asm_state *state, const char *line, size_t start, size_t end)
{
    size_t i = asm_skip_blank(line, start, end);
    size_t n = name_length(line + i, end - i);
    asm_macro *macro = n ? asm_macro_find(state, line + i, n) : NULL;
    if (!macro) {
        asm_report(state, true, (unsigned)i + 1, "no macro named '%.*s'", (int)n, line + i);
        return;
    }
    macro->alive = false;
}

/* Splits arguments at top-level commas (quotes and parentheses kept
 * together), or at blanks when there are no commas. */
static size_t split_arguments(const char *line, size_t start, size_t end, bool blanks,
                              size_t *starts, size_t *ends, size_t max)
{
    size_t count = 0, i = asm_skip_blank(line, start, end);
    if (i >= end)
        return 0;
    bool commas = false;
    for (size_t j = i, depth = 0; j < end; j++) {
        if (line[j] == '"') {
            for (j++; j < end && line[j] != '"'; j++)
                if (line[j] == '\\')
                    j++;
        } else if (line[j] == '(') {
            depth++;
        } else if (line[j] == ')' && depth) {
            depth--;
        } else if (line[j] == ',' && depth == 0) {
            commas = true;
        }
    }
    char separator = commas || !blanks ? ',' : ' ';
    while (count < max) {
        i = asm_skip_blank(line, i, end);
        size_t j = i, depth = 0;
        while (j < end) {
            char c = line[j];
            if (c == '"') {
                for (j++; j < end && line[j] != '"'; j++)
                    if (line[j] == '\\')
                        j++;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && depth) {
                depth--;
            } else if (depth == 0 && (separator == ',' ? c == ',' : (c == ' ' || c == '\t'))) {
                break;
            }
            j++;
        }
        if (j > end)
            j = end;
        size_t e = j;
        while (e > i && (line[e - 1] == ' ' || line[e - 1] == '\t'))
            e--;
        starts[count] = i;
        ends[count] = e;
        count++;
        if (j >= end)
            break;
        i = j + 1;
        if (separator == ' ')
            i = asm_skip_blank(line, i, end);
        if (i >= end && separator == ' ')
            break;
    }
    return count;
}

static bool push_expansion(asm_state *state, uint8_t kind, const char *name, size_t length,
                           unsigned column, uint32_t file, uint32_t first_line)
{
    if (state->expansion_depth >= ASM_MAX_EXPANSION_DEPTH) {
        asm_report(state, true, column,
                   "expansions nested too deeply (limit %d): is a macro calling itself?",
                   ASM_MAX_EXPANSION_DEPTH);
        return false;
    }
    asm_frame *frame = asm_push_frame(state, kind);
    if (!frame) {
        asm_report(state, true, column, "out of memory");
        return false;
    }
    asm_frame_context(state, frame, kind == FRAME_MACRO ? CONTEXT_MACRO : CONTEXT_REPEAT, name, length,
                      column);
    frame->file = file;
    frame->line = frame->first_line = first_line;
    return true;
}

void asm_macro_expand(asm_state *state, asm_macro *macro, const char *line, size_t start,
                      size_t name_end, size_t end)
{
    unsigned column = (unsigned)start + 1;
    enum { MAX_ARGUMENTS = 256 };
    size_t starts[MAX_ARGUMENTS], ends[MAX_ARGUMENTS];
    size_t count = split_arguments(line, name_end, end, macro->parameter_count > 1, starts, ends,
                                   MAX_ARGUMENTS);
    const char *values[64];
    size_t lengths[64];
    bool given[64] = {false}, keyword[64] = {false};
    size_t parameters = macro->parameter_count;
    for (size_t p = 0; p < parameters; p++) {
        values[p] = macro->parameters[p].default_value ? macro->parameters[p].default_value : "";
        lengths[p] = macro->parameters[p].default_value ? macro->parameters[p].default_length : 0;
    }
    size_t position = 0;
    for (size_t a = 0; a < count; a++) {
        const char *text = line + starts[a];
        size_t length = ends[a] - starts[a];
        /* name=value */
        size_t n = name_length(text, length);
        size_t k = asm_skip_blank(text, n, length);
        if (n && k < length && text[k] == '=' && (k + 1 >= length || text[k + 1] != '=')) {
            size_t p = 0;
            while (p < parameters && !(macro->parameters[p].name_length == n &&
                                       memcmp(macro->parameters[p].name, text, n) == 0))
                p++;
            if (p < parameters) {
                k = asm_skip_blank(text, k + 1, length);
                values[p] = text + k;
                lengths[p] = length - k;
                given[p] = keyword[p] = true;
                continue;
            }
        }
        while (position < parameters && keyword[position]) /* given by name */
            position++;
        if (position >= parameters) {
            asm_report(state, true, (unsigned)starts[a] + 1, "too many arguments for macro '%s' (it takes %zu)",
                       macro->name, parameters);
            return;
        }
        if (macro->parameters[position].variadic) { /* the rest, commas and all */
            values[position] = text;
            lengths[position] = ends[count - 1] - starts[a];
            given[position] = true;
            break;
        }
        if (length) {
            values[position] = text;
            lengths[position] = length;
            given[position] = true;
        }
        position++;
    }
    for (size_t p = 0; p < parameters; p++) {
        if (macro->parameters[p].required && !given[p]) {
            asm_report(state, true, column, "missing value for required parameter '%s' of macro '%s'",
                       macro->parameters[p].name, macro->name);
            return;
        }
    }
    state->macro_invocations++;
    if (!substitute(state, macro->body, macro->body_length, macro->parameters, values, lengths,
                    parameters, column))
        return;
    char *owned = malloc(state->expansion.length + 1);
    if (!owned) {
        asm_report(state, true, column, "out of memory");
        return;
    }
    memcpy(owned, state->expansion.data, state->expansion.length);
    if (!push_expansion(state, FRAME_MACRO, macro->name, macro->name_length, column, macro->file,
                        macro->line)) {
        free(owned);
        return;
    }
    asm_frame *frame = &state->frames[state->frame_count - 1];
    frame->owned = owned;
    frame->text = owned;
    frame->length = state->expansion.length;
}

bool asm_irp_next(asm_state *state, asm_frame *frame)
{
    if (frame->value_position >= frame->values_length)
        return false;
    const char *value = frame->values + frame->value_position;
    size_t length = frame->characters ? 1 : strlen(value);
    frame->value_position += frame->characters ? 1 : length + 1;
    asm_macro_parameter parameter = {frame->parameter, NULL, frame->parameter_length, 0, false, false};
    const char *values[1] = {value};
    size_t lengths[1] = {length};
    if (!substitute(state, frame->body, frame->body_length, &parameter, values, lengths, 1, 0))
        return false;
    char *owned = realloc(frame->owned, state->expansion.length + 1);
    if (!owned)
        return false;
    memcpy(owned, state->expansion.data, state->expansion.length);
    frame->owned = owned;
    frame->text = owned;
    frame->length = state->expansion.length;
    frame->position = 0;
    frame->line = frame->first_line;
    return true;
}

/* .rept COUNT / .irp NAME, VALUES / .irpc NAME, CHARACTERS */
void asm_repeat(asm_state *state, const char *line, size_t start, size_t name_end, size_t end)
{
    unsigned column = (unsigned)start + 1;
    const char *name = line + start;
    size_t name_length_ = name_end - start;
    bool rept = word_is(name, name_length_, ".rept");
    bool characters = word_is(name, name_length_, ".irpc");
    int64_t count = 0;
    bool ok = true;
    char *values = NULL;
    size_t values_length = 0;
    const char *parameter = NULL;
    size_t parameter_length = 0;
    if (rept) {
        gcn_cursor cursor;
        gcn_parse_options options;
        gcn_parse_error error;
        asm_cursor(state, &cursor, &options, &error, line + name_end, line + end);
        unsigned section;
        if (!asm_value_needed(state, &cursor, &count, &section)) {
            ok = false;
        } else if (!gcn_at_end(&cursor)) {
            asm_report(state, true, asm_column(state, cursor.pos), "unexpected text after the count");
            ok = false;
        } else if (state->unknown) {
            count = 0;
        }
        if (count < 0)
            count = 0;
    } else {
        size_t i = asm_skip_blank(line, name_end, end);
        parameter_length = name_length(line + i, end - i);
        parameter = line + i;
        if (parameter_length == 0) {
            asm_report(state, true, (unsigned)i + 1, "expected a parameter name");
            ok = false;
        } else {
            i = asm_skip_blank(line, i + parameter_length, end);
            if (i < end && line[i] == ',')
                i++;
            if (characters) {
                i = asm_skip_blank(line, i, end);
                size_t e = end;
                while (e > i && (line[e - 1] == ' ' || line[e - 1] == '\t'))
                    e--;
                values_length = e - i;
                values = malloc(values_length + 1);
                if (values)
                    memcpy(values, line + i, values_length);
                count = (int64_t)values_length;
            } else {
                enum { MAX_VALUES = 4096 };
                size_t *starts = malloc(2 * MAX_VALUES * sizeof *starts), *ends = starts + MAX_VALUES;
                size_t n = starts ? split_arguments(line, i, end, true, starts, ends, MAX_VALUES) : 0;
                if (n == 0 && starts) { /* no values: the body once, with nothing */
                    starts[0] = ends[0] = i;
                    n = 1;
                }
                values = malloc(end - i + n + 1);
                for (size_t v = 0; values && v < n; v++) {
                    memcpy(values + values_length, line + starts[v], ends[v] - starts[v]);
                    values_length += ends[v] - starts[v];
                    values[values_length++] = '\0';
                }
                free(starts);
                count = (int64_t)n;
            }
            if (!values) {
                asm_report(state, true, column, "out of memory");
                ok = false;
            }
        }
    }
    /* Copy the parameter name before the capture moves on. */
    char parameter_copy[64];
    if (parameter_length >= sizeof parameter_copy)
        parameter_length = sizeof parameter_copy - 1;
    if (parameter)
        memcpy(parameter_copy, parameter, parameter_length);
    const char *body = NULL;
    size_t body_length = 0;
    uint32_t first_line = 0;
    uint32_t file = state->frames[state->frame_count - 1].file;
    const char *directive = rept ? ".rept" : characters ? ".irpc" : ".irp";
    if (!capture_body(state, false, directive, &body, &body_length, &first_line, column) || !ok ||
        count == 0 ||
        !asm_spend_expansion(state, 1)) {
        free(values);
        return;
    }
    if (!push_expansion(state, rept ? FRAME_REPEAT : FRAME_IRP, directive, strlen(directive), column,
                        file, first_line)) {
        free(values);
        return;
    }
    asm_frame *frame = &state->frames[state->frame_count - 1];
    frame->body = malloc(body_length + 1);
    if (!frame->body) {
        asm_report(state, true, column, "out of memory");
        asm_pop_frame(state);
        free(values);
        return;
    }
    memcpy(frame->body, body, body_length);
    frame->body_length = body_length;
    frame->count = (uint64_t)count;
    if (rept) {
        frame->text = frame->body;
        frame->length = body_length;
        return;
    }
    frame->values = values;
    frame->values_length = values_length;
    frame->characters = characters;
    char *name_copy = asm_arena_copy(&state->arena, parameter_copy, parameter_length);
    frame->parameter = name_copy ? name_copy : "";
    frame->parameter_length = name_copy ? parameter_length : 0;
    if (!asm_irp_next(state, frame))
        asm_pop_frame(state);
}

void asm_exit_macro(asm_state *state, unsigned column)
{
    size_t f = state->frame_count;
    while (f > 0 && state->frames[f - 1].kind != FRAME_MACRO && state->frames[f - 1].kind != FRAME_FILE)
        f--;
    if (f == 0 || state->frames[f - 1].kind != FRAME_MACRO) {
        asm_report(state, true, column, "'.exitm' outside a macro");
        return;
    }
    size_t depth = state->frames[f - 1].condition_depth;
    while (state->frame_count >= f)
        asm_pop_frame(state);
    if (state->condition_count > depth)
        state->condition_count = depth;
}
