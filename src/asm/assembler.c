#include "asm/assembler.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "syntax/cursor.h"

static bool reserve(gcn_output *output, size_t more)
{
    if (output->length + more <= output->capacity)
        return true;
    size_t capacity = output->capacity ? output->capacity : 4096;
    while (capacity < output->length + more)
        capacity *= 2;
    uint8_t *bytes = realloc(output->bytes, capacity);
    if (!bytes)
        return false;
    output->bytes = bytes;
    output->capacity = capacity;
    return true;
}

static bool end_statement(gcn_output *output)
{
    if (output->statement_count == output->statement_capacity) {
        size_t capacity = output->statement_capacity ? output->statement_capacity * 2 : 1024;
        uint32_t *ends = realloc(output->statement_ends, capacity * sizeof *ends);
        if (!ends)
            return false;
        output->statement_ends = ends;
        output->statement_capacity = capacity;
    }
    output->statement_ends[output->statement_count++] = (uint32_t)output->length;
    return true;
}

void gcn_output_free(gcn_output *output)
{
    free(output->bytes);
    free(output->statement_ends);
    memset(output, 0, sizeof *output);
}

static void report(gcn_assembly *assembly, unsigned line, unsigned column, bool error,
                   const char *message)
{
    unsigned limit = assembly->max_errors ? assembly->max_errors : 100;
    if (error) {
        assembly->errors++;
        if (assembly->errors == limit + 1 && assembly->diagnostics)
            fprintf(assembly->diagnostics, "%s: error: too many errors, stopping reports\n",
                    assembly->file_name);
        if (assembly->errors > limit)
            return;
    } else {
        assembly->warnings++;
    }
    if (assembly->diagnostics)
        fprintf(assembly->diagnostics, "%s:%u:%u: %s: %s\n", assembly->file_name, line, column,
                error ? "error" : "warning", message);
}

/* .byte/.short/.int/... : a comma-separated list of expressions. */
static bool data_directive(gcn_cursor *cursor, unsigned size, gcn_output *output)
{
    do {
        gcn_skip_space(cursor);
        const char *start = cursor->pos;
        int64_t value;
        if (!gcn_parse_expression(cursor, &value))
            return false;
        if (size < 8) {
            int64_t minimum = -((int64_t)1 << (size * 8 - 1));
            int64_t maximum = (int64_t)((1ull << (size * 8)) - 1);
            if (value < minimum || value > maximum)
                return gcn_fail(cursor, start, "value %lld does not fit in %u byte%s",
                                (long long)value, size, size == 1 ? "" : "s");
        }
        if (!reserve(output, size))
            return gcn_fail(cursor, start, "out of memory");
        for (unsigned i = 0; i < size; i++)
            output->bytes[output->length++] = (uint8_t)((uint64_t)value >> (8 * i));
    } while (gcn_accept(cursor, ','));
    if (!gcn_at_end(cursor))
        return gcn_fail(cursor, cursor->pos, "expected ',' or the end of the statement");
    return true;
}

static const struct {
    const char *name;
    unsigned size;
} data_directives[] = {
    {".byte", 1}, {".short", 2}, {".hword", 2}, {".int", 4}, {".long", 4}, {".word", 4},
    {".quad", 8},
};

static void statement(gcn_assembly *assembly, const char *text, size_t length, unsigned line,
                      unsigned column_base, gcn_output *output)
{
    gcn_parse_options options = {assembly->arch, assembly->dialect, output->length, NULL, NULL};
    gcn_parse_error error;
    memset(&error, 0, sizeof error);
    gcn_cursor cursor = {text, text, text + length, &options, &error, false};
    if (gcn_at_end(&cursor))
        return;
    size_t name_length = gcn_peek_identifier(&cursor);
    if (name_length > 1 && *cursor.pos == '.') {
        for (size_t i = 0; i < sizeof data_directives / sizeof data_directives[0]; i++) {
            if (strlen(data_directives[i].name) == name_length &&
                strncasecmp(cursor.pos, data_directives[i].name, name_length) == 0) {
                cursor.pos += name_length;
                size_t before = output->length;
                if (data_directive(&cursor, data_directives[i].size, output)) {
                    end_statement(output);
                } else {
                    output->length = before;
                    report(assembly, line, column_base + error.column - 1, true, error.message);
                }
                return;
            }
        }
        gcn_fail(&cursor, cursor.pos, "unknown directive '%.*s'", (int)name_length, cursor.pos);
        report(assembly, line, column_base + error.column - 1, true, error.message);
        return;
    }
    const char *start = cursor.pos;
    unsigned offset = (unsigned)(start - text);
    gcn_instruction instruction;
    gcn_status status = gcn_parse(&options, start, length - offset, &instruction, &error);
    if (error.warning_column)
        report(assembly, line, column_base + offset + error.warning_column - 1, false, error.warning);
    if (status != GCN_OK) {
        report(assembly, line, column_base + offset + error.column - 1, true, error.message);
        return;
    }
    uint32_t words[GCN_MAX_WORDS];
    size_t count;
    if (gcn_encode(&instruction, words, &count) != GCN_OK) {
        report(assembly, line, column_base + offset + 1, true, "instruction cannot be encoded");
        return;
    }
    if (!reserve(output, count * 4)) {
        report(assembly, line, column_base + offset + 1, true, "out of memory");
        return;
    }
    for (size_t i = 0; i < count; i++)
        for (unsigned b = 0; b < 4; b++)
            output->bytes[output->length++] = (uint8_t)(words[i] >> (8 * b));
    end_statement(output);
}

bool gcn_assemble(gcn_assembly *assembly, const char *source, size_t length, gcn_output *output)
{
    /* One line at a time; a comment ends the line. CLRX: '#' and ';' as a
     * statement separator; LLVM: ';' and '//' start comments, '#' at line start. */
    enum { LINE_MAX = 4096 };
    char buffer[LINE_MAX];
    bool clrx = assembly->dialect == GCN_DIALECT_CLRX;
    bool in_block_comment = false;
    unsigned line = 0;
    size_t position = 0;
    while (position < length) {
        size_t end = position;
        while (end < length && source[end] != '\n')
            end++;
        line++;
        size_t line_length = end - position;
        if (line_length && source[position + line_length - 1] == '\r')
            line_length--;
        if (line_length >= LINE_MAX) {
            report(assembly, line, 1, true, "line too long (limit 4095 characters)");
            position = end + 1;
            continue;
        }
        /* Blank out comments (keeping columns) into a private copy. */
        memcpy(buffer, source + position, line_length);
        for (size_t i = 0; i < line_length; i++) {
            if (in_block_comment) {
                if (buffer[i] == '*' && i + 1 < line_length && buffer[i + 1] == '/') {
                    buffer[i] = buffer[i + 1] = ' ';
                    i++;
                    in_block_comment = false;
                } else {
                    buffer[i] = ' ';
                }
                continue;
            }
            char c = buffer[i];
            if (c == '\0')
                buffer[i] = ' ';
            if (c == '/' && i + 1 < line_length && buffer[i + 1] == '*') {
                buffer[i] = buffer[i + 1] = ' ';
                i++;
                in_block_comment = true;
            } else if ((c == '/' && i + 1 < line_length && buffer[i + 1] == '/') ||
                       (c == ';' && !clrx) || (c == '#' && clrx)) {
                line_length = i;
                break;
            } else if (c == '#' && !clrx) {
                bool leading = true;
                for (size_t j = 0; j < i; j++)
                    if (buffer[j] != ' ' && buffer[j] != '\t')
                        leading = false;
                if (leading) {
                    line_length = i;
                    break;
                }
            }
        }
        /* Statements: CLRX separates them with ';'. */
        size_t start = 0;
        for (size_t i = 0; i <= line_length; i++) {
            if (i == line_length || (clrx && buffer[i] == ';')) {
                statement(assembly, buffer + start, i - start, line, (unsigned)start + 1, output);
                start = i + 1;
            }
        }
        position = end + 1;
    }
    return assembly->errors == 0;
}
