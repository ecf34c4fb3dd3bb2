/* Directives of ELF objects: symbol binding, visibility, type and size,
 * address significance, .ident, .amdgcn_target and the code object
 * version; and symbol references in data, which become relocations. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "asm/internal.h"
#include "object/notes.h"
#include "object/object.h"


static const char *object_name(const asm_state *state, uint32_t offset)
{
    return state->object.names.data + offset;
}

static uint32_t name_hash(const char *name, size_t length)
{
    uint32_t hash = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < length; i++)
        hash = (hash ^ (uint8_t)name[i]) * 16777619u;
    return hash;
}

/* The slot of name: its record's, or the empty one where it would go. */
static uint32_t *slot_of(asm_state *state, const char *name, size_t length)
{
    asm_object_state *object = &state->object;
    size_t mask = object->slot_capacity - 1;
    for (size_t i = name_hash(name, length) & mask;; i = (i + 1) & mask) {
        uint32_t *slot = &object->attribute_slots[i];
        if (!*slot)
            return slot;
        const asm_object_name *record = &object->attributes[*slot - 1];
        if (record->length == length && memcmp(object_name(state, record->name), name, length) == 0)
            return slot;
    }
}

/* Room for one more name at under half the slots. */
static bool grow_slots(asm_state *state)
{
    asm_object_state *object = &state->object;
    if (2 * (object->attribute_count + 1) <= object->slot_capacity)
        return true;
    size_t capacity = object->slot_capacity ? object->slot_capacity * 2 : 128;
    uint32_t *slots = calloc(capacity, sizeof *slots);
    if (!slots)
        return false;
    free(object->attribute_slots);
    object->attribute_slots = slots;
    object->slot_capacity = capacity;
    for (size_t i = 0; i < object->attribute_count; i++) {
        const asm_object_name *record = &object->attributes[i];
        *slot_of(state, object_name(state, record->name), record->length) = (uint32_t)i + 1;
    }
    return true;
}

asm_object_name *asm_object_find(asm_state *state, const char *name, size_t length)
{
    if (!state->object.attribute_count)
        return NULL;
    uint32_t slot = *slot_of(state, name, length);
    return slot ? &state->object.attributes[slot - 1] : NULL;
}

asm_object_name *asm_object_attributes(asm_state *state, const char *name, size_t length)
{
    asm_object_state *object = &state->object;
    if (!grow_slots(state))
        return NULL;
    uint32_t *slot = slot_of(state, name, length);
    if (*slot)
        return &object->attributes[*slot - 1];
    if (object->attribute_count == object->attribute_capacity) {
        size_t capacity = object->attribute_capacity ? object->attribute_capacity * 2 : 64;
        asm_object_name *grown = realloc(object->attributes, capacity * sizeof *grown);
        if (!grown)
            return NULL;
        object->attributes = grown;
        object->attribute_capacity = capacity;
    }
    /* The name may be in the names themselves (a reference's): room
     * first, so that they do not move under it. */
    const char *names = object->names.data;
    size_t inside = names && name >= names && name < names + object->names.length ? (size_t)(name - names) + 1 : 0;
    if (!asm_buffer_reserve(&object->names, length + 1))
        return NULL;
    if (inside)
        name = object->names.data + inside - 1;
    size_t offset = object->names.length;
    if (!asm_buffer_append(&object->names, name, length) || !asm_buffer_append(&object->names, "", 1))
        return NULL;
    asm_object_name *record = &object->attributes[object->attribute_count];
    memset(record, 0, sizeof *record);
    record->name = (uint32_t)offset;
    record->length = (uint32_t)length;
    record->binding = record->visibility = record->type = ASM_UNSET;
    record->symbol = -1;
    *slot = (uint32_t)++object->attribute_count;
    return record;
}

void asm_object_assignment(asm_state *state, const char *name, size_t length, const char *value,
                           size_t value_length)
{
    if (!state->object.keep_bytes)
        return;
    size_t i = asm_skip_blank(value, 0, value_length);
    size_t n = asm_name_at(value, i, value_length);
    if (n == 0 || (value[i] >= '0' && value[i] <= '9') || (n == 1 && value[i] == '.'))
        return;
    asm_object_name *record = asm_object_attributes(state, name, length);
    size_t offset = state->object.names.length;
    if (!record || !asm_buffer_append(&state->object.names, value + i, n) ||
        !asm_buffer_append(&state->object.names, "", 1))
        return;
    record->base = (uint32_t)offset;
    record->base_length = (uint32_t)n;
}

/* A symbol name at i (after blanks); its length, 0 after an error. */
static size_t symbol_name(asm_state *state, const char *line, size_t i, size_t end)
{
    size_t n = asm_name_at(line, i, end);
    if (n == 0 || (line[i] >= '0' && line[i] <= '9')) {
        asm_report(state, true, (unsigned)i + 1, "expected a symbol name");
        return 0;
    }
    return n;
}

static bool expect_end(asm_state *state, const char *line, size_t i, size_t end)
{
    i = asm_skip_blank(line, i, end);
    if (i >= end)
        return true;
    asm_report(state, true, (unsigned)i + 1, "unexpected '%.*s' after the symbol name",
               (int)(end - i > 40 ? 40 : end - i), line + i);
    return false;
}

enum { SET_BINDING, SET_VISIBILITY };

/* .globl/.local/.weak and .hidden/.protected/.internal: a list of names. */
static void names_directive(asm_state *state, const char *line, size_t name_end, size_t end,
                            int what, uint8_t value)
{
    size_t i = asm_skip_blank(line, name_end, end);
    for (;;) {
        size_t n = symbol_name(state, line, i, end);
        if (!n)
            return;
        asm_object_name *record = asm_object_attributes(state, line + i, n);
        if (!record) {
            asm_report(state, true, (unsigned)i + 1, "out of memory");
            return;
        }
        if (what == SET_BINDING)
            record->binding = value;
        else
            record->visibility = value;
        i = asm_skip_blank(line, i + n, end);
        if (i >= end)
            return;
        if (line[i] != ',') {
            expect_end(state, line, i, end);
            return;
        }
        i = asm_skip_blank(line, i + 1, end);
    }
}

/* NAME, at i (.type, .size): the name's length in *n and the comma's index
 * in *comma; false, reported, when either is missing. */
static bool symbol_and_comma(asm_state *state, const char *line, size_t i, size_t end, size_t *n,
                             size_t *comma)
{
    *n = symbol_name(state, line, i, end);
    if (!*n)
        return false;
    *comma = asm_skip_blank(line, i + *n, end);
    if (*comma >= end || line[*comma] != ',') {
        asm_report(state, true, (unsigned)*comma + 1, "expected ',' after the symbol name");
        return false;
    }
    return true;
}

/* .type NAME, @function (or %function, STT_FUNC, "function"). */
static void type_directive(asm_state *state, const char *line, size_t i, size_t end)
{
    i = asm_skip_blank(line, i, end);
    size_t n, j;
    if (!symbol_and_comma(state, line, i, end, &n, &j))
        return;
    j = asm_skip_blank(line, j + 1, end);
    if (j < end && (line[j] == '@' || line[j] == '%' || line[j] == '"'))
        j++;
    size_t k = asm_name_at(line, j, end);
    static const struct {
        const char *name;
        uint8_t type;
    } types[] = {{"function", GCN_STT_FUNC}, {"STT_FUNC", GCN_STT_FUNC},
                 {"object", GCN_STT_OBJECT}, {"STT_OBJECT", GCN_STT_OBJECT},
                 {"notype", GCN_STT_NOTYPE}, {"STT_NOTYPE", GCN_STT_NOTYPE}};
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++)
        if (strlen(types[t].name) == k && memcmp(types[t].name, line + j, k) == 0) {
            asm_object_name *record = asm_object_attributes(state, line + i, n);
            if (record)
                record->type = types[t].type;
            if (j + k < end && line[j + k] == '"')
                k++;
            expect_end(state, line, j + k, end);
            return;
        }
    asm_report(state, true, (unsigned)j + 1, "unsupported symbol type '%.*s' (function, object or notype)",
               (int)k, line + j);
}

/* .size NAME, EXPRESSION: a value known now. */
static void size_directive(asm_state *state, const char *line, size_t i, size_t end)
{
    i = asm_skip_blank(line, i, end);
    size_t n, j;
    if (!symbol_and_comma(state, line, i, end, &n, &j))
        return;
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error error;
    asm_cursor(state, &cursor, &options, &error, line + j + 1, line + end);
    gcn_skip_space(&cursor);
    unsigned column = asm_column(state, cursor.pos);
    int64_t size;
    unsigned section;
    if (!asm_value_needed(state, &cursor, &size, &section))
        return;
    if (section) {
        asm_report(state, true, column, "the size of '%.*s' is an address, not a number", (int)n, line + i);
        return;
    }
    if (!gcn_at_end(&cursor)) {
        asm_report(state, true, asm_column(state, cursor.pos), "unexpected text after the size");
        return;
    }
    asm_object_name *record = asm_object_attributes(state, line + i, n);
    if (record) {
        record->size = (uint64_t)size;
        record->size_set = true;
    }
}

/* A "string" (no escapes but \" and \\) at i; its text in out. */
static bool quoted(asm_state *state, const char *line, size_t *i, size_t end, asm_buffer *out)
{
    size_t j = asm_skip_blank(line, *i, end);
    if (j >= end || line[j] != '"') {
        asm_report(state, true, (unsigned)j + 1, "expected a string in double quotes");
        return false;
    }
    for (j++; j < end && line[j] != '"'; j++) {
        if (line[j] == '\\' && j + 1 < end)
            j++;
        asm_buffer_append(out, line + j, 1);
    }
    if (j >= end) {
        asm_report(state, true, (unsigned)*i + 1, "unterminated string");
        return false;
    }
    *i = j + 1;
    return true;
}

/* .ident "TEXT": into .comment, as llvm-mc gathers them. */
static void ident_directive(asm_state *state, const char *line, size_t i, size_t end)
{
    asm_buffer text = {0};
    if (quoted(state, line, &i, end, &text) && expect_end(state, line, i, end)) {
        asm_buffer *comment = &state->object.comment;
        if (comment->length == 0)
            asm_buffer_append(comment, "", 1);
        asm_buffer_append(comment, text.data ? text.data : "", text.length);
        asm_buffer_append(comment, "", 1);
    }
    asm_buffer_free(&text);
}

/* .amdgcn_target "amdgcn-amd-amdhsa--gfx906:xnack-": must be the target
 * of -a (any processor of the generation, when -a named one). */
static void target_directive(asm_state *state, const char *line, size_t i, size_t end)
{
    size_t at = asm_skip_blank(line, i, end);
    asm_buffer text = {0};
    if (!quoted(state, line, &i, end, &text) || !expect_end(state, line, i, end)) {
        asm_buffer_free(&text);
        return;
    }
    asm_object_state *object = &state->object;
    gcn_target named;
    char error[160], expected[96];
    bool parsed = gcn_target_parse_id(text.data ? text.data : "", text.length,
                                      object->code_object_version, &named, error, sizeof error);
    gcn_target_id(&object->target, object->code_object_version, expected, sizeof expected);
    /* The id as written must be the canonical one of what it names. */
    char written[96] = "";
    if (parsed)
        gcn_target_id(&named, object->code_object_version, written, sizeof written);
    bool canonical = parsed && text.length == strlen(written) && memcmp(text.data, written, text.length) == 0;
    bool same = canonical && strcmp(written, expected) == 0;
    if (!same && canonical && object->target_is_generation &&
        named.processor->major == object->target.processor->major) {
        object->target = named; /* -a named the generation: the file names the processor */
        same = true;
    }
    if (!same)
        asm_report(state, true, (unsigned)at + 1,
                   ".amdgcn_target directive's target id %.*s does not match the specified target id %s",
                   (int)text.length, text.data ? text.data : "", expected);
    asm_buffer_free(&text);
}

/* .amdhsa_code_object_version N: 3 or 4 (v2 has no kernel descriptors,
 * v5 is past LLVM 14). */
static void version_directive(asm_state *state, const char *line, size_t i, size_t end)
{
    gcn_cursor cursor;
    gcn_parse_options options;
    gcn_parse_error error;
    asm_cursor(state, &cursor, &options, &error, line + i, line + end);
    gcn_skip_space(&cursor);
    unsigned column = asm_column(state, cursor.pos);
    int64_t version;
    unsigned section;
    if (!asm_value_needed(state, &cursor, &version, &section))
        return;
    if (version < GCN_CODE_OBJECT_MIN_VERSION || version > GCN_CODE_OBJECT_MAX_VERSION) {
        asm_report(state, true, column, "code object version %lld is not supported (3 or 4)",
                   (long long)version);
        return;
    }
    state->object.code_object_version = (unsigned)version;
}

enum {
    GLOBAL, LOCAL, WEAK, HIDDEN, PROTECTED, INTERNAL, TYPE, SIZE, ADDRSIG, ADDRSIG_SYM, IDENT,
    TARGET, VERSION, KERNEL, METADATA
};
static const struct {
    const char *name;
    int what;
} object_directives[] = { /* sorted by name */
    {".addrsig", ADDRSIG},
    {".addrsig_sym", ADDRSIG_SYM},
    {".amdgcn_target", TARGET},
    {".amdgpu_metadata", METADATA},
    {".amdhsa_code_object_version", VERSION},
    {".amdhsa_kernel", KERNEL},
    {".global", GLOBAL},
    {".globl", GLOBAL},
    {".hidden", HIDDEN},
    {".ident", IDENT},
    {".internal", INTERNAL},
    {".local", LOCAL},
    {".protected", PROTECTED},
    {".size", SIZE},
    {".type", TYPE},
    {".weak", WEAK},
};

bool asm_object_directive(asm_state *state, const char *line, size_t start, size_t name_end, size_t end)
{
    size_t length = name_end - start;
    int what = -1;
    for (size_t d = 0; d < sizeof object_directives / sizeof object_directives[0]; d++)
        if (strlen(object_directives[d].name) == length &&
            strncasecmp(object_directives[d].name, line + start, length) == 0)
            what = object_directives[d].what;
    if (what < 0)
        return false;
    state->mode = MODE_VALUE_NEEDED;
    switch (what) {
    case GLOBAL: names_directive(state, line, name_end, end, SET_BINDING, GCN_STB_GLOBAL); break;
    case LOCAL: names_directive(state, line, name_end, end, SET_BINDING, GCN_STB_LOCAL); break;
    case WEAK: names_directive(state, line, name_end, end, SET_BINDING, GCN_STB_WEAK); break;
    case HIDDEN: names_directive(state, line, name_end, end, SET_VISIBILITY, GCN_STV_HIDDEN); break;
    case PROTECTED: names_directive(state, line, name_end, end, SET_VISIBILITY, GCN_STV_PROTECTED); break;
    case INTERNAL: names_directive(state, line, name_end, end, SET_VISIBILITY, GCN_STV_INTERNAL); break;
    case TYPE: type_directive(state, line, name_end, end); break;
    case SIZE: size_directive(state, line, name_end, end); break;
    case ADDRSIG:
        state->object.address_significance = true;
        expect_end(state, line, name_end, end);
        break;
    case ADDRSIG_SYM: {
        size_t i = asm_skip_blank(line, name_end, end);
        size_t n = symbol_name(state, line, i, end);
        asm_object_name *record = n ? asm_object_attributes(state, line + i, n) : NULL;
        if (record) {
            record->address_significant = true;
            expect_end(state, line, i + n, end);
        }
        break;
    }
    case IDENT: ident_directive(state, line, name_end, end); break;
    case TARGET: target_directive(state, line, name_end, end); break;
    case VERSION: version_directive(state, line, name_end, end); break;
    case KERNEL: asm_object_kernel(state, line, start, name_end, end); break;
    case METADATA: asm_object_metadata(state, line, start, name_end, end); break;
    }
    return true;
}

/* ---- references in data ---- */

void asm_object_add_reference(asm_state *state, const char *name, size_t length, unsigned section,
                              unsigned size, uint32_t type, uint64_t offset, int64_t addend, unsigned column)
{
    asm_object_state *object = &state->object;
    if (object->reference_count == object->reference_capacity) {
        size_t capacity = object->reference_capacity ? object->reference_capacity * 2 : 64;
        asm_object_reference *grown = realloc(object->references, capacity * sizeof *grown);
        if (!grown) {
            asm_report(state, true, column, "out of memory");
            return;
        }
        object->references = grown;
        object->reference_capacity = capacity;
    }
    size_t name_offset = object->names.length;
    if (!asm_buffer_append(&object->names, name, length) || !asm_buffer_append(&object->names, "", 1)) {
        asm_report(state, true, column, "out of memory");
        return;
    }
    asm_object_reference *reference = &object->references[object->reference_count++];
    reference->name = (uint32_t)name_offset;
    reference->length = (uint32_t)length;
    reference->section = (uint8_t)section;
    reference->size = (uint8_t)size;
    reference->type = type;
    reference->offset = offset;
    reference->addend = addend;
    reference->file = state->location.file;
    reference->line = state->location.line;
    reference->column = column;
}

/* The relocation a modifier asks for in data of size bytes; 0 if none.
 * LLVM 14 writes @abs32@lo and @abs32@hi in data as R_AMDGPU_ABS32. */
uint32_t asm_object_reference_type(const char *modifier, size_t length, unsigned size)
{
    static const struct {
        const char *name;
        uint32_t type;
    } modifiers[] = {
        {"", 0}, /* by size */
        {"@abs32@lo", GCN_R_AMDGPU_ABS32},
        {"@abs32@hi", GCN_R_AMDGPU_ABS32},
        {"@rel32@lo", GCN_R_AMDGPU_REL32_LO},
        {"@rel32@hi", GCN_R_AMDGPU_REL32_HI},
        {"@gotpcrel32@lo", GCN_R_AMDGPU_GOTPCREL32_LO},
        {"@gotpcrel32@hi", GCN_R_AMDGPU_GOTPCREL32_HI},
        {"@gotpcrel", GCN_R_AMDGPU_GOTPCREL},
        {"@rel64", GCN_R_AMDGPU_REL64},
    };
    for (size_t m = 0; m < sizeof modifiers / sizeof modifiers[0]; m++) {
        if (strlen(modifiers[m].name) != length || strncasecmp(modifiers[m].name, modifier, length) != 0)
            continue;
        if (modifiers[m].type)
            return modifiers[m].type == GCN_R_AMDGPU_REL64 ? (size == 8 ? GCN_R_AMDGPU_REL64 : 0)
                   : size == 4                             ? modifiers[m].type
                                                           : 0;
        return size == 8 ? GCN_R_AMDGPU_ABS64 : size == 4 ? GCN_R_AMDGPU_ABS32 : 0;
    }
    return 0;
}

bool asm_object_data_reference(asm_state *state, gcn_cursor *cursor, unsigned size, unsigned column)
{
    if (!state->object.relocations)
        return false;
    const char *p = cursor->pos, *end = cursor->end;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    const char *name = p;
    while (p < end && gcn_is_identifier_char(*p))
        p++;
    size_t length = (size_t)(p - name);
    if (length == 0 || (name[0] >= '0' && name[0] <= '9') || (length == 1 && name[0] == '.'))
        return false;
    /* A constant known now is a number. */
    const asm_symbol *symbol = asm_symbol_find(state, name, length);
    if (symbol && symbol->defined && symbol->section == 0 && symbol->kind != SYMBOL_LABEL)
        return false;
    const char *modifier = p;
    while (p < end && *p == '@') {
        p++;
        while (p < end && gcn_is_identifier_char(*p))
            p++;
    }
    uint32_t type = asm_object_reference_type(modifier, (size_t)(p - modifier), size);
    if (!type)
        return false;
    const char *q = p;
    while (q < end && (*q == ' ' || *q == '\t'))
        q++;
    int64_t addend = 0;
    if (q < end && (*q == '+' || *q == '-')) {
        /* sym - other: a difference, for the expression parser */
        const char *r = q + 1;
        while (r < end && (*r == ' ' || *r == '\t'))
            r++;
        if (*q == '-' && r < end && !(*r >= '0' && *r <= '9') && *r != '(')
            return false;
        gcn_cursor rest = *cursor;
        rest.pos = q;
        /* The addend up to the next ',' at the top level. */
        const char *stop = q;
        int depth = 0;
        while (stop < end && (*stop != ',' || depth > 0)) {
            depth += *stop == '(' ? 1 : *stop == ')' ? -1 : 0;
            stop++;
        }
        rest.end = stop;
        unsigned section;
        int mode = state->mode; /* the data directive's, or a fixup's */
        bool unknown = state->unknown;
        bool known = asm_value_needed(state, &rest, &addend, &section);
        state->mode = mode;
        state->unknown = unknown;
        if (!known) {
            cursor->failed = true; /* reported */
            return true;
        }
        if (section || !gcn_at_end(&rest))
            return false;
        q = stop;
    } else if (q < end && *q != ',') {
        return false;
    }
    uint64_t offset = asm_position(state);
    uint8_t zeros[8] = {0};
    cursor->pos = q;
    if (!asm_emit(state, zeros, size, column))
        return true;
    if (state->mode == MODE_FIXUP)
        return true; /* recorded by the first parse */
    asm_object_add_reference(state, name, length, state->section, size, type, offset, addend, column);
    return true;
}
