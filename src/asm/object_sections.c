/* The object's sections: the bytes of those other than .text (kept only
 * when an object is made), their ELF type, flags and alignment, and the
 * object state's life over the passes. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "asm/internal.h"
#include "object/object.h"

bool asm_object_setup(asm_state *state)
{
    asm_object_state *object = &state->object;
    const gcn_assembly *assembly = state->assembly;
    object->keep_bytes = object->relocations = state->output->object != NULL;
    const gcn_output *output = state->output;
    object->initial_version = output->code_object_version ? output->code_object_version
                                                          : GCN_CODE_OBJECT_DEFAULT_VERSION;
    const char *name = output->target ? output->target : gcn_arch_llvm_cpu(assembly->arch);
    char error[128];
    if (!gcn_target_parse(name, strlen(name), &object->target, error, sizeof error)) {
        if (assembly->diagnostics)
            fprintf(assembly->diagnostics, "error: %s\n", error);
        return false;
    }
    /* A generation's name, not a processor's: .amdgcn_target may name any
     * processor of it. */
    size_t length = strcspn(name, ":+");
    object->target_is_generation = !output->target ||
                                   (strncasecmp(name, object->target.processor->name, length) != 0 &&
                                    gcn_processor_is_generation_name(name, length));
    return true;
}

void asm_object_start_pass(asm_state *state)
{
    asm_object_state *object = &state->object;
    for (unsigned s = 0; s <= ASM_MAX_SECTIONS; s++) {
        object->sections[s].bytes.length = 0;
        object->sections[s].declared = false;
        object->sections[s].alignment = 1;
    }
    object->names.length = 0;
    object->attribute_count = 0;
    if (object->attribute_slots)
        memset(object->attribute_slots, 0, object->slot_capacity * sizeof *object->attribute_slots);
    object->reference_count = 0;
    object->comment.length = 0;
    free(object->metadata);
    object->metadata = NULL;
    object->metadata_size = 0;
    object->address_significance = false;
    object->code_object_version = object->initial_version;
}

void asm_object_free(asm_state *state)
{
    asm_object_state *object = &state->object;
    for (unsigned s = 0; s <= ASM_MAX_SECTIONS; s++)
        asm_buffer_free(&object->sections[s].bytes);
    asm_buffer_free(&object->names);
    asm_buffer_free(&object->comment);
    free(object->attributes);
    free(object->attribute_slots);
    free(object->references);
    free(object->metadata);
    memset(object, 0, sizeof *object);
}

/* Whether the current section's bytes are kept: not .text (the output
 * holds it) nor a NOBITS section. */
static asm_object_section *kept(asm_state *state)
{
    if (!state->object.keep_bytes || state->section == SECTION_TEXT)
        return NULL;
    asm_object_section *section = &state->object.sections[state->section];
    return section->declared && section->type == GCN_SHT_NOBITS ? NULL : section;
}

bool asm_object_append(asm_state *state, const void *bytes, size_t length, unsigned column)
{
    asm_object_section *section = kept(state);
    if (!section || asm_buffer_append(&section->bytes, bytes, length))
        return true;
    asm_report(state, true, column, "out of memory");
    return false;
}

bool asm_object_append_fill(asm_state *state, uint64_t count, const void *pattern, size_t width,
                            unsigned column)
{
    asm_object_section *section = kept(state);
    if (!section)
        return true;
    if (!asm_buffer_reserve(&section->bytes, (size_t)count)) {
        asm_report(state, true, column, "out of memory");
        return false;
    }
    uint8_t *out = (uint8_t *)section->bytes.data + section->bytes.length;
    const uint8_t *p = pattern;
    for (uint64_t i = 0; i < count; i++)
        out[i] = p[i % width];
    section->bytes.length += (size_t)count;
    return true;
}

void asm_object_patch(asm_state *state, uint64_t position, const void *bytes, size_t length)
{
    asm_object_section *section = kept(state);
    if (section && position + length <= section->bytes.length)
        memcpy(section->bytes.data + position, bytes, length);
}

void asm_object_align(asm_state *state, uint64_t alignment)
{
    asm_object_section *section = &state->object.sections[state->section];
    if (alignment > section->alignment)
        section->alignment = alignment;
}

/* The type and flags of a section named without them, as llvm-mc gives. */
static void default_kind(const char *name, size_t length, asm_object_section *section)
{
    static const struct {
        const char *prefix;
        bool whole;
        uint32_t type;
        uint64_t flags;
    } kinds[] = {
        {".text", false, GCN_SHT_PROGBITS, GCN_SHF_ALLOC | GCN_SHF_EXECINSTR},
        {".data", false, GCN_SHT_PROGBITS, GCN_SHF_ALLOC | GCN_SHF_WRITE},
        {".rodata", false, GCN_SHT_PROGBITS, GCN_SHF_ALLOC},
        {".bss", false, GCN_SHT_NOBITS, GCN_SHF_ALLOC | GCN_SHF_WRITE},
        {".note", false, GCN_SHT_NOTE, 0},
    };
    section->type = GCN_SHT_PROGBITS;
    section->flags = 0;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        size_t n = strlen(kinds[i].prefix);
        if (length >= n && memcmp(name, kinds[i].prefix, n) == 0 &&
            (length == n || name[n] == '.')) {
            section->type = kinds[i].type;
            section->flags = kinds[i].flags;
            return;
        }
    }
}

static size_t skip(const char *line, size_t i, size_t end)
{
    while (i < end && (line[i] == ' ' || line[i] == '\t'))
        i++;
    return i;
}

void asm_object_section_flags(asm_state *state, unsigned number, const char *line, size_t i,
                              size_t end, bool created)
{
    asm_object_section *section = &state->object.sections[number];
    const asm_section *named = &state->sections[number];
    if (created || !section->declared) {
        default_kind(state->names.data + named->name, named->length, section);
        section->entry_size = 0;
        section->declared = true;
        if (number == SECTION_TEXT && section->alignment < 4)
            section->alignment = 4; /* as llvm-mc starts .text */
    }
    i = skip(line, i, end);
    if (i >= end || line[i] != ',')
        return;
    i = skip(line, i + 1, end);
    uint64_t flags = 0;
    if (i < end && line[i] == '"') { /* "awx..." */
        for (i++; i < end && line[i] != '"'; i++) {
            switch (line[i]) {
            case 'a': flags |= GCN_SHF_ALLOC; break;
            case 'w': flags |= GCN_SHF_WRITE; break;
            case 'x': flags |= GCN_SHF_EXECINSTR; break;
            case 'M': flags |= GCN_SHF_MERGE; break;
            case 'S': flags |= GCN_SHF_STRINGS; break;
            case 'e': flags |= GCN_SHF_EXCLUDE; break;
            default:
                asm_report(state, true, (unsigned)i + 1, "unknown section flag '%c'", line[i]);
                return;
            }
        }
        i++;
    } else if (i < end && line[i] == '#') { /* #alloc, #write, #execinstr */
        while (i < end && line[i] == '#') {
            size_t n = 1;
            while (i + n < end && gcn_is_identifier_char(line[i + n]))
                n++;
            if (n == 6 && memcmp(line + i, "#alloc", 6) == 0)
                flags |= GCN_SHF_ALLOC;
            else if (n == 6 && memcmp(line + i, "#write", 6) == 0)
                flags |= GCN_SHF_WRITE;
            else if (n == 10 && memcmp(line + i, "#execinstr", 10) == 0)
                flags |= GCN_SHF_EXECINSTR;
            else {
                asm_report(state, true, (unsigned)i + 1, "unknown section flag '%.*s'", (int)n, line + i);
                return;
            }
            i = skip(line, i + n, end);
            if (i < end && line[i] == ',')
                i = skip(line, i + 1, end);
        }
        section->flags = flags;
        return;
    } else {
        asm_report(state, true, (unsigned)i + 1, "expected the section flags in double quotes");
        return;
    }
    section->flags = flags;
    i = skip(line, i, end);
    if (i >= end || line[i] != ',')
        return;
    i = skip(line, i + 1, end);
    if (i < end && (line[i] == '@' || line[i] == '%'))
        i++;
    size_t n = 0;
    while (i + n < end && gcn_is_identifier_char(line[i + n]))
        n++;
    static const struct {
        const char *name;
        uint32_t type;
    } types[] = {{"progbits", GCN_SHT_PROGBITS}, {"nobits", GCN_SHT_NOBITS}, {"note", GCN_SHT_NOTE}};
    bool known = false;
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++)
        if (strlen(types[t].name) == n && memcmp(types[t].name, line + i, n) == 0) {
            section->type = types[t].type;
            known = true;
        }
    if (!known) {
        asm_report(state, true, (unsigned)i + 1, "unknown section type '%.*s'", (int)n, line + i);
        return;
    }
    i = skip(line, i + n, end);
    if (i < end && line[i] == ',' && (flags & GCN_SHF_MERGE)) {
        gcn_cursor cursor;
        gcn_parse_options options;
        gcn_parse_error error;
        asm_cursor(state, &cursor, &options, &error, line + i + 1, line + end);
        int64_t size;
        unsigned in_section;
        if (asm_value_needed(state, &cursor, &size, &in_section))
            section->entry_size = (uint64_t)size;
    }
}
