/* Where lines come from: the top frame's text (a file read through its
 * window, refilled between lines; lines read ahead for a body), each line
 * read whole, comments blanked so that columns stay, and statements found
 * (CLRX separates them with ';'). The frames are in frames.c, the files
 * in source_files.c. */
#include <errno.h>
#include <string.h>

#include "asm/internal.h"
#include "asm/lines.h"
#include "asm/scan.h"

/* Reads count bytes of the top frame's file at offset into into; fewer
 * where it now ends sooner or cannot be read, which is reported (once: the
 * frame reads no further). */
static size_t read_frame_file(asm_state *state, asm_frame *frame, char *into, size_t count, uint64_t offset)
{
    bool failed;
    size_t got = asm_read_at(state->files[frame->file].descriptor, into, count, offset, &failed);
    if (got < count) {
        asm_location location = {frame->file, frame->line, frame->context, NULL, 0};
        if (failed)
            asm_report_at(state, &location, state->sequence, true, 0, "cannot read further: %s",
                          strerror(errno));
        else
            asm_report_at(state, &location, state->sequence, true, 0,
                          "changed while being read: now shorter than its %llu bytes",
                          (unsigned long long)state->files[frame->file].length);
        frame->read_end = offset + got;
    }
    return got;
}

/* A file frame's window refilled, between lines (the text of those before
 * moves): what is left is moved to its start and the rest read. False if
 * nothing more could be read (the file's end, or the window is full). */
bool asm_refill(asm_state *state, asm_frame *frame)
{
    char *window = (char *)frame->text;
    size_t left = frame->length - frame->position;
    memmove(window, window + frame->position, left);
    uint64_t unread = frame->read_end - frame->read_offset;
    size_t count = unread < ASM_WINDOW - left ? (size_t)unread : ASM_WINDOW - left;
    size_t got = count ? read_frame_file(state, frame, window + left, count, frame->read_offset) : 0;
    frame->read_offset += got;
    frame->position = 0;
    frame->length = left + got;
    return got != 0;
}


/* Makes sure the frame's next line ends in its window, where a window can
 * hold it (a line too long must be read by parts). */
static void window_line(asm_state *state, asm_frame *frame)
{
    if (more_in_file(frame) && !memchr(frame->text + frame->position, '\n', frame->length - frame->position))
        asm_refill(state, frame);
}

void asm_ahead_start(asm_state *state, asm_ahead *ahead)
{
    const asm_frame *frame = &state->frames[state->frame_count - 1];
    memset(ahead, 0, sizeof *ahead);
    ahead->start = ahead->position = frame->position;
    ahead->read_offset = frame->read_offset;
    state->body.length = 0;
}

enum { AHEAD_STEP = 64 << 10 }; /* how much of a file a body reads at a time past the window */

bool asm_ahead_line(asm_state *state, asm_ahead *ahead, const char **line, size_t *length)
{
    asm_frame *frame = &state->frames[state->frame_count - 1];
    asm_buffer *body = &state->body;
    for (;;) {
        size_t have = body->length - ahead->taken;
        const char *from = have ? body->data + ahead->taken : NULL;
        const char *newline = have ? memchr(from, '\n', have) : NULL;
        if (newline || (ahead->position >= frame->length && ahead->read_offset >= frame->read_end)) {
            if (!newline && !have)
                return false;
            *line = from;
            *length = newline ? (size_t)(newline - from) : have;
            ahead->taken += *length + (newline ? 1 : 0);
            return true;
        }
        size_t count;
        if (ahead->position < frame->length) { /* the frame's text, up to its next line's end */
            const char *text = frame->text + ahead->position;
            const char *end = memchr(text, '\n', frame->length - ahead->position);
            count = end ? (size_t)(end - text) + 1 : frame->length - ahead->position;
            if (asm_buffer_append(body, text, count)) {
                ahead->position += count;
                ahead->copied += count;
                continue;
            }
        } else { /* past the window */
            uint64_t unread = frame->read_end - ahead->read_offset;
            count = unread < AHEAD_STEP ? (size_t)unread : AHEAD_STEP;
            if (asm_buffer_reserve(body, count)) {
                size_t got = read_frame_file(state, frame, body->data + body->length, count, ahead->read_offset);
                body->length += got;
                ahead->read_offset += got;
                continue;
            }
        }
        asm_report(state, true, 0, "out of memory");
        return false;
    }
}

void asm_ahead_finish(asm_state *state, const asm_ahead *ahead)
{
    asm_frame *frame = &state->frames[state->frame_count - 1];
    if (ahead->taken <= ahead->copied) {
        frame->position = ahead->start + ahead->taken;
    } else { /* the window is passed: the next refill reads after the lines taken */
        frame->position = frame->length;
        frame->read_offset += ahead->taken - ahead->copied;
    }
}

/* End of a frame's text: the next repetition, or back to the frame below. */
static void frame_ended(asm_state *state)
{
    asm_frame *frame = &state->frames[state->frame_count - 1];
    if (frame->kind == FRAME_FILE && frame->block_comment) {
        asm_location location = {frame->file, frame->line, asm_persist_context(state, frame->context), NULL, 0};
        asm_report_at(state, &location, state->sequence, false, 0, "unterminated /* comment");
    }
    if (frame->kind == FRAME_REPEAT && ++frame->iteration < frame->count &&
        asm_spend_expansion(state, 1)) {
        frame->position = 0;
        frame->line = frame->first_line;
        return;
    }
    if (frame->kind == FRAME_IRP && frame->value_position < frame->values_length &&
        asm_spend_expansion(state, 1)) {
        if (asm_irp_next(state, frame))
            return;
    }
    asm_pop_frame(state);
}


/* The characters of names, as gcn_is_identifier_char takes them: letters,
 * digits, '_', '.', '$'. */
static const bool name_characters[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0,
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1,
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,
};

/* How many characters at text make a name (see name_characters), within
 * length: sixteen at a time while readable (at least length) allows, as in
 * ordinary_run. */
size_t asm_name_length(const char *text, size_t length, size_t readable)
{
    size_t i = 0;
    for (; i < length && i + 16 <= readable; i += 16) {
        asm_block b = asm_load_block(text + i);
        asm_block lower = b | 0x20;
        asm_block names = ((asm_block)(lower - 'a') < 26) | ((asm_block)(b - '0') < 10) | (b == '_') |
                           (b == '.') | (b == '$');
        unsigned others = ~asm_block_bits(names) & 0xffff;
        if (others)
            return i + (size_t)__builtin_ctz(others) < length ? i + (size_t)__builtin_ctz(others) : length;
    }
    if (i >= length)
        return length;
    while (i < length && name_characters[(uint8_t)text[i]])
        i++;
    return i;
}


/* The next line when it is one physical line, read in place: one scan
 * finds its end and whether it needs cleaning. False, reading nothing,
 * otherwise. The line ends in the frame's text, or is too long for it
 * (window_line). */
static bool read_single_line(asm_state *state, asm_frame *frame)
{
    const char *start = frame->text + frame->position, *limit = frame->text + frame->length;
    const char *end = start;
    if (!frame->block_comment)
        end += ordinary_run(start, (size_t)(limit - start));
    bool plain = !frame->block_comment && (end == limit || *end == '\n');
    if (!plain) {
        end = memchr(end, '\n', (size_t)(limit - end));
        if (!end)
            end = limit;
    }
    size_t n;
    if (!single_line_length(state, start, (size_t)(end - start), &n))
        return false;
    take_line(state, frame, start, (size_t)(end - start), n);
    state->plain = plain;
    if (plain) {
        state->clean_text = start;
        state->clean_length = n;
    } else {
        asm_clean_line(state, &state->clean, start, n, &frame->block_comment);
        state->clean_text = state->clean.data;
        state->clean_length = state->clean.length;
    }
    return true;
}

/* The last two characters of text (n long) after those of tail. */
static void keep_last(char tail[2], const char *text, size_t n)
{
    if (n >= 2)
        tail[0] = text[n - 2];
    else if (n == 1)
        tail[0] = tail[1];
    if (n)
        tail[1] = text[n - 1];
}

/* Moves the frame past its next physical line (after window_line),
 * refilling its window where the line is longer (it is then too long, and
 * skipped); its length without the '\n', its last two characters in tail. */
static size_t pass_line(asm_state *state, asm_frame *frame, char tail[2])
{
    size_t length = 0;
    for (;;) {
        const char *start = frame->text + frame->position;
        const char *newline = memchr(start, '\n', frame->length - frame->position);
        size_t n = newline ? (size_t)(newline - start) : frame->length - frame->position;
        keep_last(tail, start, n);
        length += n;
        frame->position += n + (newline ? 1 : 0);
        if (newline || !more_in_file(frame) || !asm_refill(state, frame))
            return length;
    }
}

/* The next line joined from physical lines ending in a CLRX '\\', into
 * state->line; false after reporting it too long. */
static bool read_joined_line(asm_state *state, asm_frame *frame)
{
    state->line.length = 0;
    bool too_long = false;
    for (;;) {
        window_line(state, frame);
        const char *start = frame->text + frame->position;
        char tail[2] = {0, 0};
        size_t n = pass_line(state, frame, tail);
        frame->line++;
        bool carriage = n && tail[1] == '\r';
        n -= carriage;
        bool joined = state->dialect == GCN_DIALECT_CLRX && n && tail[!carriage] == '\\' &&
                      (frame->position < frame->length || more_in_file(frame));
        if (joined)
            n--;
        /* A line the window could not hold is longer than ASM_MAX_LINE:
         * start is then out of date, but not read. */
        if (state->line.length + n > ASM_MAX_LINE) {
            too_long = true;
        } else if (!asm_buffer_append(&state->line, start, n)) {
            too_long = true;
        }
        if (!joined)
            break;
    }
    if (too_long) {
        state->location.text = NULL;
        state->location.length = 0;
        state->sequence++;
        asm_report(state, true, 1, "line too long (limit %d characters)", ASM_MAX_LINE);
        return false;
    }
    asm_buffer_reserve(&state->line, 1);
    state->line.data[state->line.length] = '\0';
    state->location.text = state->line.data;
    state->location.length = state->line.length;
    asm_clean_line(state, &state->clean, state->line.data, state->line.length, &frame->block_comment);
    state->clean_text = state->clean.data;
    state->clean_length = state->clean.length;
    state->plain = false;
    return true;
}


bool asm_next_line(asm_state *state)
{
    for (;;) {
        if (state->frame_count == 0 || state->ended || (state->errors && asm_too_many_errors(state)))
            return false;
        asm_frame *frame = &state->frames[state->frame_count - 1];
        window_line(state, frame);
        if (frame->position >= frame->length) {
            frame_ended(state);
            continue;
        }
        if (frame->kind != FRAME_FILE && frame->kind != FRAME_REST && !asm_spend_expansion(state, 1)) {
            while (state->frame_count && state->frames[state->frame_count - 1].kind != FRAME_FILE)
                asm_pop_frame(state);
            continue;
        }
        state->location.file = frame->file;
        state->location.line = frame->line;
        state->location.context = frame->context;
        if (read_single_line(state, frame) || read_joined_line(state, frame))
            return true;
    }
}

/* Skips a "..." string or a 'c' character constant starting at i; returns
 * the index of its last character. */
static size_t skip_quoted(const char *text, size_t i, size_t length)
{
    char quote = text[i];
    if (quote == '\'') {
        if (i + 2 < length && text[i + 1] != '\\' && text[i + 2] == '\'')
            return i + 2;
        if (i + 3 < length && text[i + 1] == '\\') {
            for (size_t j = i + 3; j < length && j <= i + 6; j++)
                if (text[j] == '\'')
                    return j;
        }
        return i; /* a lone quote */
    }
    size_t j = i + 1;
    while (j < length && text[j] != quote) {
        if (text[j] == '\\')
            j++;
        j++;
    }
    return j < length ? j : length - 1;
}

void asm_clean_line(const asm_state *state, asm_buffer *clean, const char *line, size_t length,
                    bool *block)
{
    clean->length = 0;
    if (!asm_buffer_reserve(clean, length + 1))
        return;
    char *out = clean->data;
    memcpy(out, line, length);
    bool clrx = state->dialect == GCN_DIALECT_CLRX;
    size_t end = length;
    for (size_t i = 0; i < end; i++) {
        if (*block) {
            if (out[i] == '*' && i + 1 < end && out[i + 1] == '/') {
                out[i] = out[i + 1] = ' ';
                i++;
                *block = false;
            } else {
                out[i] = ' ';
            }
            continue;
        }
        char c = out[i];
        if (c == '\0') {
            out[i] = ' ';
        } else if (c == '"' || c == '\'') {
            i = skip_quoted(out, i, end);
        } else if (c == '/' && i + 1 < end && out[i + 1] == '*') {
            out[i] = out[i + 1] = ' ';
            i++;
            *block = true;
        } else if (clrx ? c == '#' : (c == ';' || (c == '/' && i + 1 < end && out[i + 1] == '/'))) {
            end = i;
        } else if (!clrx && c == '#') {
            size_t j = 0;
            while (j < i && (out[j] == ' ' || out[j] == '\t'))
                j++;
            if (j == i)
                end = i;
        }
    }
    clean->length = end;
    out[end] = '\0';
}

size_t asm_statement_end(const asm_state *state, const char *text, size_t start, size_t length)
{
    if (state->dialect != GCN_DIALECT_CLRX)
        return length;
    for (size_t i = start; i < length; i++) {
        if (text[i] == '"' || text[i] == '\'')
            i = skip_quoted(text, i, length);
        else if (text[i] == ';')
            return i;
    }
    return length;
}
