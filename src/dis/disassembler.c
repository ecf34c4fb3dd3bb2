/* Whole-buffer disassembly in two walks: the first finds the instruction
 * boundaries and the branch targets, the second prints, with a label line
 * before each target that starts an instruction. Other targets (outside the
 * buffer, inside an instruction) get their label defined after the code as
 * an absolute address, which the clrx dialect's branches take as it is. */
#include "dis/disassembler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"

typedef struct listing {
    const gcn_listing_options *options;
    gcn_listing_writer write;
    void *context;
    bool failed;
} listing;

static void put(listing *l, const char *text, size_t length)
{
    if (!l->failed && length && !l->write(l->context, text, length))
        l->failed = true;
}

static uint32_t word_at(const uint8_t *bytes)
{
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 |
           (uint32_t)bytes[3] << 24;
}

/* In the first walk's sizes (the words of what starts there): a data word
 * inside a block, which can take a label. */
enum { DATA = 0x80 };

/* The instruction at offset, if it prints as text that reads back
 * (gcn_format_exact): its size in words, and *data false. Otherwise data:
 * all the words of an instruction that does not read back, so that the
 * words after it stay where they are when an llvm text is assembled again
 * (llvm-mc drops bits, and a data word before changed words could start
 * another instruction). */
static size_t classify(const gcn_listing_options *options, const uint8_t *bytes, size_t whole,
                       size_t offset, gcn_instruction *instruction, char *text, size_t text_size,
                       size_t *text_length, bool *data)
{
    size_t available = (whole - offset) / 4;
    uint32_t words[GCN_MAX_WORDS];
    size_t count = available < GCN_MAX_WORDS ? available : GCN_MAX_WORDS;
    for (size_t i = 0; i < count; i++)
        words[i] = word_at(bytes + offset + 4 * i);
    *data = true;
    if (gcn_decode(options->arch, words, count, instruction) != GCN_OK)
        return 1;
    if (gcn_format_exact(instruction, options->dialect, offset, text, text_size, text_length) != GCN_OK)
        return instruction->word_count;
    *data = false;
    return instruction->word_count;
}

static bool branch_target(const gcn_instruction *instruction, size_t offset, uint64_t *target)
{
    if (instruction->row == GCN_ROW_NONE || gcn_rows[instruction->row].shape != GCN_SHAPE_SOPP_BRANCH)
        return false;
    *target = offset + 4 + (uint64_t)((int64_t)(int16_t)instruction->simm16 * 4);
    return true;
}

static int compare_targets(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void put_words(listing *l, const uint8_t *bytes, size_t count, bool upper)
{
    char buffer[16];
    for (size_t i = 0; i < count; i++) {
        int n = snprintf(buffer, sizeof buffer, upper ? "%s%08X" : "%s%08x", i ? " " : "",
                         word_at(bytes + 4 * i));
        put(l, buffer, (size_t)n);
    }
}

static void put_label(listing *l, uint64_t target);

/* A data word, one line. */
static void put_data(listing *l, const gcn_listing_options *options, const uint8_t *bytes,
                     size_t offset)
{
    bool clrx = options->dialect == GCN_DIALECT_CLRX;
    char text[96];
    int n;
    if (options->show_encoding && clrx)
        n = snprintf(text, sizeof text, "/*%012zx: %08x*/ .int 0x%08x\n", offset, word_at(bytes + offset),
                     word_at(bytes + offset));
    else if (options->show_encoding)
        n = snprintf(text, sizeof text, ".long 0x%08x // %012zX: %08X\n", word_at(bytes + offset), offset,
                     word_at(bytes + offset));
    else
        n = snprintf(text, sizeof text, "%s 0x%08x\n", clrx ? ".int" : ".long", word_at(bytes + offset));
    put(l, text, (size_t)n);
}

static void put_label(listing *l, uint64_t target)
{
    char buffer[48];
    int n = snprintf(buffer, sizeof buffer, ".L%llu_0:\n", (unsigned long long)target);
    put(l, buffer, (size_t)n);
}

bool gcn_disassemble_buffer(const gcn_listing_options *options, const uint8_t *bytes, size_t length,
                            gcn_listing_writer write, void *context)
{
    listing l = {options, write, context, false};
    bool clrx = options->dialect == GCN_DIALECT_CLRX;
    size_t whole = length - length % 4;
    char text[320], prefix[64];
    size_t text_length;
    gcn_instruction instruction;
    /* First walk (clrx; the llvm dialect keeps llvm-mc's raw branch
     * offsets): each word's size as an instruction (0: data, or inside an
     * instruction), and the branch targets. */
    uint8_t *sizes = NULL;
    uint64_t *targets = NULL;
    size_t target_count = 0, target_capacity = 0;
    if (clrx) {
        sizes = calloc(whole / 4 + 1, 1);
        if (!sizes)
            return false;
        for (size_t offset = 0; offset < whole;) {
            /* Decoding is enough: what does not read back is data of the
             * same size, and a branch always reads back. */
            size_t available = (whole - offset) / 4, words = 1;
            uint32_t w[GCN_MAX_WORDS];
            size_t count = available < GCN_MAX_WORDS ? available : GCN_MAX_WORDS;
            for (size_t i = 0; i < count; i++)
                w[i] = word_at(bytes + offset + 4 * i);
            uint64_t target;
            bool decoded = gcn_decode(options->arch, w, count, &instruction) == GCN_OK;
            if (decoded)
                words = instruction.word_count;
            sizes[offset / 4] = (uint8_t)words;
            if (decoded && branch_target(&instruction, offset, &target)) {
                if (target_count == target_capacity) {
                    target_capacity = target_capacity ? target_capacity * 2 : 64;
                    uint64_t *grown = realloc(targets, target_capacity * sizeof *grown);
                    if (!grown) {
                        free(sizes);
                        free(targets);
                        return false;
                    }
                    targets = grown;
                }
                targets[target_count++] = target;
            }
            offset += words * 4;
        }
        if (target_count > 1)
            qsort(targets, target_count, sizeof *targets, compare_targets);
        size_t unique = 0;
        for (size_t i = 0; i < target_count; i++)
            if (unique == 0 || targets[unique - 1] != targets[i])
                targets[unique++] = targets[i];
        target_count = unique;
    }
    /* Second walk: print, a label line before each target. */
    size_t next_target = 0;
    for (size_t offset = 0; offset < whole && !l.failed;) {
        while (next_target < target_count && targets[next_target] < offset)
            next_target++;
        if (next_target < target_count && targets[next_target] == offset)
            put_label(&l, targets[next_target++]);
        bool data;
        size_t words = classify(options, bytes, whole, offset, &instruction, text, sizeof text,
                                &text_length, &data);
        if (data) { /* one line a word, each may take a label */
            for (size_t i = 1; clrx && i < words; i++)
                sizes[offset / 4 + i] = DATA;
            for (size_t i = 0; i < words && !l.failed; i++) {
                size_t at = offset + 4 * i;
                while (i > 0 && next_target < target_count && targets[next_target] < at)
                    next_target++;
                if (i > 0 && next_target < target_count && targets[next_target] == at)
                    put_label(&l, targets[next_target++]);
                put_data(&l, options, bytes, at);
            }
            offset += words * 4;
            continue;
        }
        size_t size = words * 4;
        if (options->show_encoding && clrx) {
            int n = snprintf(prefix, sizeof prefix, "/*%012zx: ", offset);
            put(&l, prefix, (size_t)n);
            put_words(&l, bytes + offset, size / 4, false);
            put(&l, "*/ ", 3);
        }
        put(&l, text, text_length);
        if (options->show_encoding && !clrx) {
            int n = snprintf(prefix, sizeof prefix, " // %012zX: ", offset);
            put(&l, prefix, (size_t)n);
            put_words(&l, bytes + offset, size / 4, true);
        }
        put(&l, "\n", 1);
        offset += size;
    }
    for (size_t offset = whole; offset < length; offset++) { /* a part of a word */
        int n = snprintf(text, sizeof text, ".byte 0x%02x\n", bytes[offset]);
        put(&l, text, (size_t)n);
    }
    /* Targets that start no instruction: a label at the very end, else an
     * absolute address (outside the code, or inside an instruction). */
    for (size_t i = 0; i < target_count; i++) {
        uint64_t t = targets[i];
        if (t < whole && t % 4 == 0 && sizes[t / 4] != 0)
            continue; /* printed before its line */
        if (t == whole && whole == length) {
            put_label(&l, t);
        } else {
            int n = snprintf(text, sizeof text, ".L%llu_0 = %lld\n", (unsigned long long)t, (long long)t);
            put(&l, text, (size_t)n);
        }
    }
    free(sizes);
    free(targets);
    return !l.failed;
}

/* ---- -f hex input ---- */

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* A hex number at text[i..], "0x" optional; its digit count in *digits. */
static size_t hex_token(const char *text, size_t i, size_t end, uint32_t *value, size_t *digits,
                        bool *prefixed)
{
    *prefixed = i + 1 < end && text[i] == '0' && (text[i + 1] == 'x' || text[i + 1] == 'X');
    if (*prefixed)
        i += 2;
    *value = 0;
    *digits = 0;
    for (; i < end && hex_digit(text[i]) >= 0; i++, (*digits)++)
        *value = *value << 4 | (uint32_t)hex_digit(text[i]);
    return i;
}

static bool separator(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == ',';
}

bool gcn_read_hex_input(const char *text, size_t length, uint8_t **bytes, size_t *count, char *error,
                        size_t error_size)
{
    /* At most 4 bytes a token of one digit and its separator: 2 a character. */
    uint8_t *out = length < SIZE_MAX / 4 ? malloc(length * 2 + 8) : NULL;
    if (!out) {
        snprintf(error, error_size, "out of memory");
        return false;
    }
    size_t used = 0, line = 0;
    for (size_t start = 0; start < length;) {
        line++;
        const char *newline = memchr(text + start, '\n', length - start);
        size_t end = newline ? (size_t)(newline - text) : length;
        size_t next = newline ? end + 1 : length;
        for (size_t i = start; i < end; i++) /* comments */
            if (text[i] == '#' || (text[i] == '/' && i + 1 < end && text[i + 1] == '/')) {
                end = i;
                break;
            }
        const char *open = memchr(text + start, '[', end - start);
        bool lists = open != NULL; /* [0x04,0x50,...]: only what is inside brackets */
        bool byte_list = false;
        if (!lists) { /* 0x04,0x50,...: every token 0x and one or two digits, commas between */
            bool comma = false, all = true, any = false;
            for (size_t i = start; i < end;) {
                if (separator(text[i])) {
                    comma |= text[i] == ',';
                    i++;
                    continue;
                }
                uint32_t value;
                size_t digits;
                bool prefixed;
                size_t after = hex_token(text, i, end, &value, &digits, &prefixed);
                all &= prefixed && digits >= 1 && digits <= 2 && (after >= end || separator(text[after]));
                any = true;
                i = after > i ? after : i + 1;
            }
            byte_list = any && all && comma;
        }
        bool inside = false;
        for (size_t i = start; i < end;) {
            char c = text[i];
            if (lists && (c == '[' || c == ']')) {
                inside = c == '[';
                i++;
                continue;
            }
            if ((lists && !inside) || separator(c)) {
                i++;
                continue;
            }
            uint32_t value;
            size_t digits;
            bool prefixed;
            size_t after = hex_token(text, i, end, &value, &digits, &prefixed);
            bool bad = digits == 0 || (after < end && !separator(text[after]) && text[after] != ']');
            if (lists || byte_list) {
                if (bad || digits > 2) {
                    snprintf(error, error_size, "line %zu: expected a byte like 0x4f in the list", line);
                    free(out);
                    return false;
                }
                out[used++] = (uint8_t)value;
            } else {
                if (bad || digits > 8) {
                    snprintf(error, error_size, "line %zu: expected a 32-bit hex word", line);
                    free(out);
                    return false;
                }
                for (int b = 0; b < 4; b++)
                    out[used++] = (uint8_t)(value >> (8 * b));
            }
            i = after;
        }
        start = next;
    }
    *bytes = out;
    *count = used;
    return true;
}
