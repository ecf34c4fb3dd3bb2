/* The directive table of both dialects, with the parsing helpers its
 * handlers share, and the directives of sections, symbols, macros and
 * repeats, .error/.warning, .end and the generation (.gpu/.arch). The
 * others are in data_directives.c, conditions.c and include_directives.c. */
#include <string.h>

#include "asm/internal.h"

/* ---- small parsing helpers ---- */

size_t asm_name_at(const char *text, size_t i, size_t end)
{
    size_t n = 0;
    while (i + n < end && gcn_is_identifier_char(text[i + n]))
        n++;
    return n;
}

/* Nothing may follow; reports what does. */
bool asm_at_end(asm_state *state, gcn_cursor *cursor, const char *what)
{
    if (gcn_at_end(cursor))
        return true;
    asm_report(state, true, asm_column(state, cursor->pos), "unexpected '%.*s' after %s",
               (int)(cursor->end - cursor->pos > 40 ? 40 : cursor->end - cursor->pos), cursor->pos, what);
    return false;
}

/* A value needed now (a count, a size, an alignment). */
bool asm_number(asm_state *state, gcn_cursor *cursor, int64_t *value)
{
    unsigned section;
    return asm_value_needed(state, cursor, value, &section);
}

/* A "string" with C escapes, into out; false after an error. */
bool asm_parse_string(asm_state *state, gcn_cursor *cursor, asm_buffer *out)
{
    gcn_skip_space(cursor);
    const char *at = cursor->pos, *p = at, *end = cursor->end;
    if (p >= end || *p != '"') {
        asm_report(state, true, asm_column(state, at), "expected a string in double quotes");
        return false;
    }
    for (p++; p < end && *p != '"'; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '\\' && p + 1 < end) {
            char e = *++p;
            switch (e) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'a': c = '\a'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'v': c = '\v'; break;
            case 'e': c = 27; break;
            case 'x':
            case 'X': {
                unsigned v = 0, digits = 0;
                while (p + 1 < end && digits < 2) {
                    unsigned x = gcn_hex_digit(p[1]);
                    if (x == 16)
                        break;
                    v = v * 16 + x;
                    p++;
                    digits++;
                }
                c = (unsigned char)v;
                break;
            }
            default:
                if (e >= '0' && e <= '7') {
                    unsigned v = (unsigned)(e - '0');
                    for (int k = 0; k < 2 && p + 1 < end && p[1] >= '0' && p[1] <= '7'; k++)
                        v = v * 8 + (unsigned)(*++p - '0');
                    c = (unsigned char)v;
                } else {
                    c = (unsigned char)e; /* \\ \" \' and anything else: itself */
                }
            }
        }
        asm_buffer_append(out, &c, 1);
    }
    if (p >= end) {
        asm_report(state, true, asm_column(state, at), "unterminated string");
        return false;
    }
    cursor->pos = p + 1;
    return true;
}

/* Trims blanks around [*i, *e). */
void asm_trim(const char *line, size_t *i, size_t *e)
{
    while (*i < *e && (line[*i] == ' ' || line[*i] == '\t'))
        (*i)++;
    while (*e > *i && (line[*e - 1] == ' ' || line[*e - 1] == '\t'))
        (*e)--;
}

/* ---- sections ---- */

static unsigned find_section(asm_state *state, const char *name, size_t length, unsigned column)
{
    for (unsigned s = 1; s <= state->section_count; s++)
        if (state->sections[s].length == length &&
            memcmp(state->names.data + state->sections[s].name, name, length) == 0)
            return s;
    if (state->section_count == ASM_MAX_SECTIONS) {
        asm_report(state, true, column, "too many sections (limit %d)", ASM_MAX_SECTIONS);
        return 0;
    }
    asm_section *section = &state->sections[++state->section_count];
    section->name = (uint32_t)state->names.length;
    section->length = (uint32_t)length;
    section->size = 0;
    section->code = length >= 5 && memcmp(name, ".text", 5) == 0;
    asm_buffer_append(&state->names, name, length);
    asm_buffer_append(&state->names, "", 1);
    return state->section_count;
}

void asm_reset_sections(asm_state *state)
{
    state->section_count = 0;
    for (unsigned s = 1; s <= ASM_MAX_SECTIONS; s++)
        state->sections[s].size = 0;
    state->section = find_section(state, ".text", 5, 0);
}

static void directive_section(asm_state *state, const char *line, size_t start, size_t name_end,
                              size_t end, unsigned named)
{
    unsigned column = (unsigned)start + 1;
    const char *name = line + start;
    size_t length = name_end - start;
    if (named) { /* .section NAME[, flags...] */
        size_t i = asm_skip_blank(line, name_end, end);
        if (i < end && line[i] == '"') {
            size_t j = i + 1;
            while (j < end && line[j] != '"')
                j++;
            name = line + i + 1;
            length = j - i - 1;
        } else {
            name = line + i;
            length = 0;
            while (i + length < end && line[i + length] != ',' && line[i + length] != ' ' &&
                   line[i + length] != '\t')
                length++;
        }
        column = (unsigned)i + 1;
        if (length == 0) {
            asm_report(state, true, column, "expected a section name");
            return;
        }
    }
    char lower[64];
    if (!named && length < sizeof lower) { /* .TEXT is .text */
        for (size_t i = 0; i < length; i++)
            lower[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] - 'A' + 'a' : name[i]);
        name = lower;
    }
    unsigned count = state->section_count;
    unsigned section = find_section(state, name, length, column);
    if (section) {
        asm_object_section_flags(state, section, line, named ? (size_t)(name + length - line) + (name > line && name[-1] == '"') : end, end,
                                 state->section_count != count);
        state->section = section;
        asm_statement_options(state);
    }
}

/* ---- symbols ---- */

/* .set/.equ NAME, EXPRESSION and .equiv (not redefinable). */
static void directive_set(asm_state *state, const char *line, size_t start, size_t name_end,
                          size_t end, unsigned constant)
{
    (void)start;
    size_t i = asm_skip_blank(line, name_end, end);
    size_t n = asm_name_at(line, i, end);
    if (n == 0 || (line[i] >= '0' && line[i] <= '9')) {
        asm_report(state, true, (unsigned)i + 1, "expected a symbol name");
        return;
    }
    size_t j = asm_skip_blank(line, i + n, end);
    if (j >= end || line[j] != ',') {
        asm_report(state, true, (unsigned)j + 1, "expected ',' after the symbol name");
        return;
    }
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error error;
    asm_cursor(state, &cursor, &options, &error, line + j + 1, line + end);
    int64_t value;
    unsigned section;
    if (!asm_value_needed(state, &cursor, &value, &section) || !asm_at_end(state, &cursor, "the value"))
        return;
    asm_object_assignment(state, line + i, n, line + j + 1, end - j - 1);
    asm_define_symbol(state, line + i, n, (unsigned)i + 1, value, section, constant != 0);
}

/* CLRX's .oldmodparam / .nooldmodparam: modifier values of one bit or not. */
static void directive_modifier_values(asm_state *state, const char *line, size_t start,
                                      size_t name_end, size_t end, unsigned old)
{
    (void)line, (void)start, (void)name_end, (void)end;
    if (old)
        state->lookup.flags |= GCN_LOOKUP_CLRX_OLD_MODIFIERS;
    else
        state->lookup.flags &= ~(unsigned)GCN_LOOKUP_CLRX_OLD_MODIFIERS;
}

static void directive_ignored(asm_state *state, const char *line, size_t start, size_t name_end,
                              size_t end, unsigned unused)
{
    (void)state, (void)line, (void)start, (void)name_end, (void)end, (void)unused;
}

/* ---- macros and repeats ---- */

static void directive_macro(asm_state *state, const char *line, size_t start, size_t name_end,
                            size_t end, unsigned unused)
{
    (void)start, (void)unused;
    asm_macro_define(state, line, name_end, end);
}

static void directive_purge(asm_state *state, const char *line, size_t start, size_t name_end,
                            size_t end, unsigned unused)
{
    (void)start, (void)unused;
    asm_macro_purge(state, line, name_end, end);
}

static void directive_repeat(asm_state *state, const char *line, size_t start, size_t name_end,
                             size_t end, unsigned unused)
{
    (void)unused;
    asm_repeat(state, line, start, name_end, end);
}

static void directive_stray_end(asm_state *state, const char *line, size_t start, size_t name_end,
                                size_t end, unsigned macro)
{
    (void)end;
    asm_report(state, true, (unsigned)start + 1, "'%.*s' without '%s'", (int)(name_end - start),
               line + start, macro ? ".macro" : ".rept");
}

static void directive_exit(asm_state *state, const char *line, size_t start, size_t name_end,
                           size_t end, unsigned unused)
{
    (void)line, (void)name_end, (void)end, (void)unused;
    asm_exit_macro(state, (unsigned)start + 1);
}

/* ---- messages, the end, the generation ---- */

static void directive_message(asm_state *state, const char *line, size_t start, size_t name_end,
                              size_t end, unsigned error)
{
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error parse_error;
    asm_cursor(state, &cursor, &options, &parse_error, line + name_end, line + end);
    asm_buffer text = {0};
    if (gcn_at_end(&cursor)) {
        asm_buffer_append(&text, error ? "'.error' directive invoked" : "'.warning' directive invoked", error ? 26 : 28);
    } else if (!asm_parse_string(state, &cursor, &text) || !asm_at_end(state, &cursor, "the message")) {
        asm_buffer_free(&text);
        return;
    }
    asm_report(state, error != 0, (unsigned)start + 1, "%.*s", (int)text.length, text.data ? text.data : "");
    asm_buffer_free(&text);
}

static void directive_err(asm_state *state, const char *line, size_t start, size_t name_end,
                          size_t end, unsigned unused)
{
    (void)line, (void)name_end, (void)end, (void)unused;
    asm_report(state, true, (unsigned)start + 1, "'.err' directive invoked");
}

static void directive_end(asm_state *state, const char *line, size_t start, size_t name_end,
                          size_t end, unsigned unused)
{
    (void)line, (void)start, (void)name_end, (void)end, (void)unused;
    state->ended = true;
}

static void directive_arch(asm_state *state, const char *line, size_t start, size_t name_end,
                           size_t end, unsigned unused)
{
    (void)start, (void)unused;
    size_t i = asm_skip_blank(line, name_end, end), e = end;
    asm_trim(line, &i, &e);
    if (e - i >= 2 && line[i] == '"' && line[e - 1] == '"')
        i++, e--;
    char name[64];
    gcn_arch arch;
    if (e == i || e - i >= sizeof name) {
        asm_report(state, true, (unsigned)i + 1, "expected a GPU or architecture name");
        return;
    }
    memcpy(name, line + i, e - i);
    name[e - i] = '\0';
    if (gcn_arch_from_name(name, &arch) != GCN_OK) {
        asm_report(state, true, (unsigned)i + 1,
                   "unknown GPU or architecture '%s' (gcn1.0..gcn1.4, gfx6..gfx9, tahiti, tonga, gfx900, ...)",
                   name);
        return;
    }
    state->arch = arch;
    asm_statement_options(state);
}

/* ---- the table ---- */

typedef void (*directive_handler)(asm_state *state, const char *line, size_t start, size_t name_end,
                                  size_t end, unsigned argument);
static const struct directive {
    const char *name;
    directive_handler handler;
    unsigned argument;
} directives[] = { /* sorted by name (strcmp) */
    {".2byte", asm_directive_data, 2},
    {".32bit", directive_ignored, 0},
    {".4byte", asm_directive_data, 4},
    {".64bit", directive_ignored, 0},
    {".8byte", asm_directive_data, 8},
    {".align", asm_directive_align, 1},
    {".arch", directive_arch, 0},
    {".ascii", asm_directive_string, 0},
    {".asciz", asm_directive_string, 1},
    {".balign", asm_directive_align, 1},
    {".balignl", asm_directive_align, 4},
    {".balignw", asm_directive_align, 2},
    {".bss", directive_section, 0},
    {".buggyfplit", directive_ignored, 0},
    {".byte", asm_directive_data, 1},
    {".data", directive_section, 0},
    {".else", asm_directive_condition, ELSE},
    {".elseif", asm_directive_condition, ELSE_IF | IF_VALUE},
    {".end", directive_end, 0},
    {".endif", asm_directive_condition, END_IF},
    {".endm", directive_stray_end, 1},
    {".endmacro", directive_stray_end, 1},
    {".endr", directive_stray_end, 0},
    {".endrept", directive_stray_end, 0},
    {".equ", directive_set, 0},
    {".equiv", directive_set, 1},
    {".err", directive_err, 0},
    {".error", directive_message, 1},
    {".exitm", directive_exit, 0},
    {".extern", directive_ignored, 0},
    {".file", directive_ignored, 0},
    {".fill", asm_directive_fill, 0},
    {".gpu", directive_arch, 0},
    {".hword", asm_directive_data, 2},
    {".if", asm_directive_condition, IF_VALUE},
    {".ifb", asm_directive_condition, IF_BLANK},
    {".ifc", asm_directive_condition, IF_SAME},
    {".ifdef", asm_directive_condition, IF_DEFINED},
    {".ifeq", asm_directive_condition, IF_ZERO},
    {".ifge", asm_directive_condition, IF_NOT_NEGATIVE},
    {".ifgt", asm_directive_condition, IF_POSITIVE},
    {".ifle", asm_directive_condition, IF_NOT_POSITIVE},
    {".iflt", asm_directive_condition, IF_NEGATIVE},
    {".ifnb", asm_directive_condition, IF_NOT_BLANK},
    {".ifnc", asm_directive_condition, IF_DIFFERENT},
    {".ifndef", asm_directive_condition, IF_NOT_DEFINED},
    {".ifne", asm_directive_condition, IF_NOT_ZERO},
    {".ifnotdef", asm_directive_condition, IF_NOT_DEFINED},
    {".incbin", asm_directive_incbin, 0},
    {".include", asm_directive_include, 0},
    {".int", asm_directive_data, 4},
    {".irp", directive_repeat, 0},
    {".irpc", directive_repeat, 0},
    {".long", asm_directive_data, 4},
    {".macro", directive_macro, 0},
    {".nobuggyfplit", directive_ignored, 0},
    {".nooldmodparam", directive_modifier_values, 0},
    {".oldmodparam", directive_modifier_values, 1},
    {".org", asm_directive_org, 0},
    {".p2align", asm_directive_align, ALIGN_POWER | 1},
    {".p2alignl", asm_directive_align, ALIGN_POWER | 4},
    {".p2alignw", asm_directive_align, ALIGN_POWER | 2},
    {".purgem", directive_purge, 0},
    {".quad", asm_directive_data, 8},
    {".rawcode", directive_ignored, 0},
    {".rept", directive_repeat, 0},
    {".rodata", directive_section, 0},
    {".section", directive_section, 1},
    {".set", directive_set, 0},
    {".short", asm_directive_data, 2},
    {".skip", asm_directive_skip, 0},
    {".space", asm_directive_skip, 0},
    {".string", asm_directive_string, 1},
    {".text", directive_section, 0},
    {".warning", directive_message, 0},
    {".word", asm_directive_data, 4},
    {".zero", asm_directive_skip, 0},
};
enum { DIRECTIVE_COUNT = sizeof directives / sizeof directives[0] };

static const struct directive *find_directive(const char *name, size_t length)
{
    char lower[24];
    if (length >= sizeof lower)
        return NULL;
    for (size_t i = 0; i < length; i++)
        lower[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] - 'A' + 'a' : name[i]);
    lower[length] = '\0';
    size_t low = 0, high = DIRECTIVE_COUNT;
    while (low < high) {
        size_t middle = (low + high) / 2;
        int order = strcmp(lower, directives[middle].name);
        if (order == 0)
            return &directives[middle];
        if (order < 0)
            high = middle;
        else
            low = middle + 1;
    }
    return NULL;
}

bool asm_directive(asm_state *state, const char *line, size_t start, size_t name_end, size_t end)
{
    const struct directive *d = find_directive(line + start, name_end - start);
    if (!d)
        return asm_object_directive(state, line, start, name_end, end);
    state->mode = MODE_VALUE_NEEDED;
    d->handler(state, line, start, name_end, end, d->argument);
    return true;
}

bool asm_condition_directive(asm_state *state, const char *line, size_t start, size_t name_end,
                             size_t end)
{
    const struct directive *d = find_directive(line + start, name_end - start);
    if (!d || d->handler != asm_directive_condition)
        return false;
    state->mode = MODE_VALUE_NEEDED;
    d->handler(state, line, start, name_end, end, d->argument);
    return true;
}

const char *asm_nearest_directive(const char *name, size_t length)
{
    const char *best = NULL;
    unsigned best_distance = ~0u;
    for (size_t i = 0; i < DIRECTIVE_COUNT; i++) {
        unsigned d = gcn_edit_distance(name, length, directives[i].name, strlen(directives[i].name));
        if (d < best_distance) {
            best_distance = d;
            best = directives[i].name;
        }
    }
    return best_distance * 3 <= length + 1 ? best : NULL;
}
