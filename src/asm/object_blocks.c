/* The two blocks of AMDHSA objects: .amdhsa_kernel NAME ...
 * .end_amdhsa_kernel (the kernel descriptor NAME.kd, 64 bytes where the
 * block ends) and .amdgpu_metadata ... .end_amdgpu_metadata (YAML, kept
 * as the MessagePack of the metadata note). Their lines are read ahead
 * from the current frame, as llvm-mc reads them: no macro or other
 * statement inside. */
#include <stdlib.h>
#include <string.h>

#include "asm/internal.h"
#include "object/kernel_descriptor.h"
#include "object/metadata.h"
#include "object/notes.h"
#include "object/object.h"


/* Where a field's value was, for a message at the block's end. */
typedef struct place {
    asm_location location;
    uint64_t sequence;
    unsigned column;
} place;

/* Nothing may follow the directive that opens a block on its line. */
static bool alone(asm_state *state, const char *line, size_t i, size_t end, const char *directive)
{
    i = asm_skip_blank(line, i, end);
    if (i >= end)
        return true;
    asm_report(state, true, (unsigned)i + 1, "unexpected '%.*s' after '%s'", (int)(end - i > 40 ? 40 : end - i),
               line + i, directive);
    return false;
}

/* The word (a directive's name) at i of text. */
static size_t word_at(const char *text, size_t i, size_t end)
{
    size_t n = 0;
    while (i + n < end && (gcn_is_identifier_char(text[i + n])))
        n++;
    return n;
}

static bool is_word(const char *text, size_t n, const char *word)
{
    return strlen(word) == n && memcmp(text, word, n) == 0;
}

void asm_object_kernel(asm_state *state, const char *line, size_t start, size_t name_end, size_t end)
{
    size_t i = asm_skip_blank(line, name_end, end);
    size_t n = word_at(line, i, end);
    if (n == 0 || (line[i] >= '0' && line[i] <= '9')) {
        asm_report(state, true, (unsigned)i + 1, "expected the kernel's symbol name");
        return;
    }
    char *kernel = asm_arena_copy(&state->arena, line + i, n);
    unsigned name_column = (unsigned)i + 1;
    if (!kernel || !alone(state, line, i + n, end, ".amdhsa_kernel"))
        return;
    /* The block's lines, each reported at its own place. */
    const asm_location opening = state->location;
    const char *opening_line = state->statement_line;
    uint64_t opening_sequence = state->sequence;
    asm_frame *frame = &state->frames[state->frame_count - 1];
    const gcn_target *target = &state->object.target;
    gcn_kd_values values;
    gcn_kd_defaults(target, &values);
    place places[GCN_KD_FIELD_COUNT];
    place closing = {0};
    bool failed = false, found = false, block = frame->block_comment;
    asm_ahead ahead;
    asm_ahead_start(state, &ahead);
    const char *text;
    size_t length;
    while (!found && asm_ahead_line(state, &ahead, &text, &length)) {
        uint32_t number = frame->line++;
        asm_clean_line(state, &state->scratch, text, length, &block);
        const char *clean = state->scratch.data;
        size_t clean_length = state->scratch.length;
        size_t w = asm_skip_blank(clean, 0, clean_length);
        if (w >= clean_length)
            continue;
        /* This line is the statement now: for messages and columns. */
        state->sequence++;
        state->location.line = number;
        state->location.text = asm_arena_copy(&state->arena, text, length);
        state->location.length = length;
        state->statement_line = asm_arena_copy(&state->arena, clean, clean_length);
        if (!state->location.text || !state->statement_line) {
            failed = true;
            state->location.text = NULL;
            state->statement_line = clean;
        }
        const char *s = state->statement_line;
        size_t word = word_at(s, w, clean_length);
        if (is_word(s + w, word, ".end_amdhsa_kernel")) {
            found = true;
            closing.location = state->location;
            closing.sequence = state->sequence;
            closing.column = (unsigned)(w + word) + 1;
            if (!failed)
                alone(state, s, w + word, clean_length, ".end_amdhsa_kernel");
            break;
        }
        if (failed)
            continue; /* the first error of a block is its only one */
        gcn_kd_field_id field = word > 8 && memcmp(s + w, ".amdhsa_", 8) == 0
                                    ? gcn_kd_field_find(s + w, word)
                                    : GCN_KD_FIELD_COUNT;
        if (field == GCN_KD_FIELD_COUNT) {
            asm_report(state, true, (unsigned)w + 1, "unknown .amdhsa_kernel directive");
            failed = true;
            continue;
        }
        gcn_cursor cursor;
        gcn_parse_options options;
        gcn_parse_error error;
        asm_cursor(state, &cursor, &options, &error, s + w + word, s + clean_length);
        gcn_skip_space(&cursor);
        unsigned value_column = asm_column(state, cursor.pos);
        int64_t value;
        unsigned section;
        if (!asm_value_needed(state, &cursor, &value, &section)) {
            failed = true;
            continue;
        }
        if (!gcn_at_end(&cursor)) {
            asm_report(state, true, asm_column(state, cursor.pos), "unexpected text after the value");
            failed = true;
            continue;
        }
        gcn_kd_status status = gcn_kd_set(target, &values, field, value);
        if (status != GCN_KD_OK) {
            unsigned column = gcn_kd_status_blame(status) == GCN_KD_AT_VALUE ? value_column : (unsigned)w + 1;
            asm_report(state, true, column, "%s", gcn_kd_message(status));
            failed = true;
            continue;
        }
        places[field].location = state->location;
        places[field].sequence = state->sequence;
        places[field].column = value_column;
    }
    asm_ahead_finish(state, &ahead);
    frame->block_comment = block;
    state->location = opening;
    state->statement_line = opening_line;
    uint64_t after = state->sequence;
    state->sequence = opening_sequence;
    if (!found) {
        asm_report(state, true, (unsigned)start + 1, "'.amdhsa_kernel' without a matching '.end_amdhsa_kernel'");
        state->sequence = after;
        return;
    }
    if (failed) {
        state->sequence = after;
        return;
    }
    uint8_t bytes[GCN_KD_SIZE];
    gcn_kd_status status = gcn_kd_encode(target, &values, bytes);
    if (status != GCN_KD_OK) {
        gcn_kd_field_id field = gcn_kd_status_field(status);
        const place *at = field < GCN_KD_FIELD_COUNT ? &places[field] : &closing;
        asm_report_at(state, &at->location, at->sequence, true, at->column, "%s", gcn_kd_message(status));
        state->sequence = after;
        return;
    }
    /* NAME.kd where the block ends, with its binding and visibility
     * copied from NAME's as they are now (NAME then protected, if it was
     * default: the descriptor's relocation to it must stay static). */
    char kd_name[512];
    int kd_length = snprintf(kd_name, sizeof kd_name, "%s.kd", kernel);
    if (kd_length <= 0 || (size_t)kd_length >= sizeof kd_name) {
        asm_report(state, true, name_column, "kernel name too long");
        state->sequence = after;
        return;
    }
    uint64_t position = asm_position(state);
    unsigned section = state->section;
    if (asm_define_label(state, kd_name, (size_t)kd_length, name_column) &&
        asm_emit(state, bytes, GCN_KD_SIZE, name_column)) {
        asm_object_name *descriptor = asm_object_attributes(state, kd_name, (size_t)kd_length);
        /* after the descriptor's record, which may move the table */
        asm_object_name *code = descriptor ? asm_object_attributes(state, kernel, strlen(kernel)) : NULL;
        descriptor = code ? asm_object_attributes(state, kd_name, (size_t)kd_length) : NULL;
        if (code && descriptor) {
            /* NAME's binding now: as given, else local if it is defined
             * by now and global if not (as llvm-mc decides it). */
            const asm_symbol *defined = asm_symbol_find(state, kernel, strlen(kernel));
            descriptor->binding = code->binding != ASM_UNSET ? code->binding
                                  : defined && defined->defined ? GCN_STB_LOCAL
                                                                : GCN_STB_GLOBAL;
            descriptor->visibility = code->visibility;
            descriptor->type = GCN_STT_OBJECT;
            descriptor->size = GCN_KD_SIZE;
            descriptor->size_set = true;
            if (code->visibility == ASM_UNSET || code->visibility == GCN_STV_DEFAULT)
                code->visibility = GCN_STV_PROTECTED;
        }
        /* kernel_code_entry_byte_offset: code - descriptor, a REL64 of
         * the code symbol at 16 bytes in, plus those 16 bytes. */
        if (state->object.relocations)
            asm_object_add_reference(state, kernel, strlen(kernel), section, 8, GCN_R_AMDGPU_REL64,
                                     position + GCN_KD_KERNEL_CODE_ENTRY_BYTE_OFFSET_OFFSET,
                                     GCN_KD_KERNEL_CODE_ENTRY_BYTE_OFFSET_OFFSET, name_column);
    }
    state->sequence = after;
}

void asm_object_metadata(asm_state *state, const char *line, size_t start, size_t name_end, size_t end)
{
    if (!alone(state, line, name_end, end, ".amdgpu_metadata"))
        return;
    asm_frame *frame = &state->frames[state->frame_count - 1];
    uint32_t first_line = frame->line;
    asm_ahead ahead;
    asm_ahead_start(state, &ahead);
    asm_buffer yaml = {0};
    const char *text;
    size_t length;
    bool found = false, ok = true;
    while (asm_ahead_line(state, &ahead, &text, &length)) {
        frame->line++;
        size_t w = asm_skip_blank(text, 0, length);
        size_t e = length;
        while (e > w && (text[e - 1] == ' ' || text[e - 1] == '\t' || text[e - 1] == '\r'))
            e--;
        if (is_word(text + w, e - w, ".end_amdgpu_metadata")) {
            found = true;
            break;
        }
        ok = ok && asm_buffer_append(&yaml, text, length) && asm_buffer_append(&yaml, "\n", 1);
    }
    asm_ahead_finish(state, &ahead);
    if (!found || !ok) {
        asm_report(state, true, (unsigned)start + 1,
                   ok ? "'.amdgpu_metadata' without a matching '.end_amdgpu_metadata'" : "out of memory");
        asm_buffer_free(&yaml);
        return;
    }
    uint8_t *packed;
    size_t size;
    char error[256];
    unsigned error_line, error_column;
    if (!gcn_metadata_from_yaml(yaml.data ? yaml.data : "", yaml.length, &packed, &size, error,
                                sizeof error, &error_line, &error_column)) {
        asm_location at = state->location;
        if (error_line && yaml.length) { /* the line of the block it is about */
            const char *p = yaml.data, *stop = yaml.data + yaml.length;
            unsigned l = 1;
            for (; l < error_line; l++) {
                const char *newline = memchr(p, '\n', (size_t)(stop - p));
                if (!newline || newline + 1 >= stop)
                    break; /* past the last line (the end of the text): at the end of that line */
                p = newline + 1;
            }
            const char *newline = memchr(p, '\n', (size_t)(stop - p));
            size_t line_length = newline ? (size_t)(newline - p) : (size_t)(stop - p);
            if (l < error_line)
                error_column = (unsigned)line_length + 1;
            at.line = first_line + l - 1;
            at.text = asm_arena_copy(&state->arena, p, line_length);
            at.length = at.text ? line_length : 0;
        }
        asm_report_at(state, &at, state->sequence, true, error_line ? error_column : (unsigned)start + 1,
                      "%s", error);
        asm_buffer_free(&yaml);
        return;
    }
    asm_buffer_free(&yaml);
    free(state->object.metadata);
    state->object.metadata = packed;
    state->object.metadata_size = size;
}
