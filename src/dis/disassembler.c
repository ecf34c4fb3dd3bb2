/* Disassembly listings in two walks over the input, each a block at a
 * time: the first (clrx only) collects the branch targets, the second
 * prints, with a label line before each target that starts a line. Other
 * targets (outside the input, inside an instruction) get their label
 * defined after the code as an absolute address, which the clrx dialect's
 * branches take as it is. Both walks cut the input at the same
 * instruction boundaries (clrx_words): an instruction is its words, as
 * text; words that are no instruction are one data word, and so is the
 * first word of an illegal opcode of more than one word and, under exact,
 * of an instruction whose text would not give back every bit (the text in
 * a comment), so that the next word may start an instruction: nothing is
 * taken down with data. */
#include "dis/listing.h"

#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"
#include "syntax/generic.h"

enum {
    OUTPUT_SIZE = 1 << 18, /* text handed to the writer at once */
    LINE_ROOM = 512        /* more than any line takes */
};

/* A line: a text written in GCN_TEXT_ROOM, and -e's comment (under 64
 * bytes) before or after it; or a data line: the words (14 bytes each),
 * and a text of under TEXT_SIZE in a comment. */
_Static_assert((int)GCN_TEXT_ROOM + 64 <= (int)LINE_ROOM && (int)GCN_TEXT_ROOM <= (int)TEXT_SIZE &&
                   64 + 8 + 14 * GCN_MAX_WORDS + 8 + (int)TEXT_SIZE <= (int)LINE_ROOM,
               "line room");

gcn_listing *gcn_listing_create(const gcn_listing_options *options, gcn_listing_writer write,
                                void *context)
{
    gcn_listing *l = calloc(1, sizeof *l);
    char *output = malloc(OUTPUT_SIZE);
    if (!l || !output) {
        free(l);
        free(output);
        return NULL;
    }
    l->options = *options;
    l->decodes = (unsigned)options->arch < GCN_ARCH_COUNT;
    l->write = write;
    l->context = context;
    l->output = (gcn_text){output, OUTPUT_SIZE, 0};
    l->encoding_before = options->show_encoding && options->dialect == GCN_DIALECT_CLRX;
    l->encoding_after = options->show_encoding && options->dialect != GCN_DIALECT_CLRX;
    l->pairs = options->dialect == GCN_DIALECT_CLRX ? gcn_lower_hex_pairs : gcn_upper_hex_pairs;
    l->digits_of = UINT64_MAX;
    for (unsigned prefix = 0; l->decodes && prefix < 512; prefix++)
        l->writers[prefix] = gcn_line_writers[options->dialect == GCN_DIALECT_CLRX ? GCN_DIALECT_CLRX : GCN_DIALECT_LLVM]
                                             [options->arch][gcn_encoding_of_prefix[options->arch][prefix]];
    return l;
}

void gcn_listing_destroy(gcn_listing *listing)
{
    if (!listing)
        return;
    free(listing->targets);
    free(listing->output.data);
    free(listing);
}

bool gcn_listing_needs_scan(const gcn_listing *listing)
{
    return listing->options.dialect == GCN_DIALECT_CLRX;
}

__attribute__((noinline)) bool gcn_listing_clrx_gives_back(const gcn_instruction *instruction,
                                                           uint64_t offset)
{
    char buffer[TEXT_SIZE];
    gcn_text text = {buffer, sizeof buffer, 0};
    return gcn_format_exact_text(instruction, GCN_DIALECT_CLRX, offset, &text) &&
           text.length < sizeof buffer;
}

/* ---- printing ---- */

static void flush(gcn_listing *l)
{
    if (!l->failed && l->output.length && !l->write(l->context, l->output.data, l->output.length))
        l->failed = true;
    l->output.length = 0;
}

/* Room for one more line. */
static gcn_text *line(gcn_listing *l)
{
    if (l->output.length + LINE_ROOM > l->output.size)
        flush(l);
    return &l->output;
}

static void put_label(gcn_listing *l, uint64_t target)
{
    gcn_text *out = line(l);
    gcn_put_length(out, ".L", 2);
    gcn_put_unsigned(out, target);
    gcn_put_length(out, "_0:\n", 4);
}

/* A label line if a target is at offset; targets passed on the way start
 * no line, and are kept for the end of the listing. */
static void label(gcn_listing *l, uint64_t offset)
{
    while (l->next < l->target_count && l->targets[l->next] < offset)
        l->targets[l->unplaced++] = l->targets[l->next++];
    if (l->next < l->target_count && l->targets[l->next] == offset)
        put_label(l, l->targets[l->next++]);
}

/* The offset and words of a line, as -e shows them: %012zx and %08x. */
static inline char *put_encoding(gcn_listing *l, char *at, uint64_t offset, const uint32_t *words,
                                 size_t count)
{
    const char *pairs = l->pairs;
    if (offset >> 48) { /* more than 12 digits */
        uint64_t high = offset >> 32;
        unsigned digits = 4;
        while (high >> (4 * digits))
            digits++;
        while (digits-- > 0)
            *at++ = pairs[2 * (high >> (4 * digits) & 15) + 1];
        at = put_word_at(at, (uint32_t)offset, pairs);
    } else {
        if (offset >> 8 != l->digits_of) {
            l->digits_of = offset >> 8;
            memcpy(l->offset_digits, pairs + 2 * (offset >> 40), 2);
            put_word_at(l->offset_digits + 2, (uint32_t)(offset >> 8), pairs);
        }
        memcpy(at, l->offset_digits, 10);
        memcpy(at + 10, pairs + 2 * (offset & 255), 2);
        at += 12;
    }
    /* Every line has a word: the first with no loop test. */
    memcpy(at, ": ", 2);
    at = put_word_at(at + 2, words[0], pairs);
    for (size_t i = 1; i < count; i++) {
        *at++ = ' ';
        at = put_word_at(at, words[i], pairs);
    }
    return at;
}

/* A line's start: with -e in the clrx dialect, the encoding as a comment.
 * Lines are written with plain stores into the room line() made. */
static char *start_line(gcn_listing *l, char *at, uint64_t offset, const uint32_t *words,
                        size_t count)
{
    if (l->encoding_before) {
        memcpy(at, "/*", 2);
        at = put_encoding(l, at + 2, offset, words, count);
        memcpy(at, "*/ ", 3);
        at += 3;
    }
    return at;
}

/* A line's end: with -e in the llvm dialect, the encoding as a comment. */
static void end_line(gcn_listing *l, char *at, uint64_t offset, const uint32_t *words, size_t count)
{
    if (l->encoding_after) {
        memcpy(at, " // ", 4);
        at = put_encoding(l, at + 4, offset, words, count);
    }
    *at++ = '\n';
    l->output.length = (size_t)(at - l->output.data);
}

/* A data line: the words as one directive (.int in clrx, .long in llvm),
 * and, if comment is not NULL, the instruction's text in a comment after
 * them (--exact: the words print as data because the text would not give
 * them back). */
static void put_data(gcn_listing *l, uint64_t offset, const uint32_t *words, size_t count,
                     const char *comment, size_t comment_length)
{
    bool clrx = l->options.dialect == GCN_DIALECT_CLRX;
    gcn_text *out = line(l);
    char *at = start_line(l, out->data + out->length, offset, words, count);
    if (clrx) {
        memcpy(at, ".int 0x", 7);
        at += 7;
    } else {
        memcpy(at, ".long 0x", 8);
        at += 8;
    }
    l->after_data = true;
    l->data_word = words[count - 1];
    at = put_word_at(at, words[0], gcn_lower_hex_pairs);
    for (size_t i = 1; i < count; i++) {
        memcpy(at, ", 0x", 4);
        at = put_word_at(at + 4, words[i], gcn_lower_hex_pairs);
    }
    if (comment) {
        memcpy(at, clrx ? " /* " : " // ", 4);
        memcpy(at + 4, comment, comment_length);
        at += 4 + comment_length;
        if (clrx) {
            memcpy(at, " */", 3);
            at += 3;
        }
    }
    end_line(l, at, offset, words, count);
}

/* An instruction the fast path leaves (an unusual field, an illegal
 * opcode, exact in the llvm dialect, the input's last words): its line;
 * one data word where the words are no instruction in the llvm dialect (no
 * text: llvm-objdump's invalid encoding); for an illegal opcode of more
 * than one word, and under exact where its text would not give back every
 * bit, its first word as data with the text in a comment (clrx_words).
 * Returns the words it took. */
static __attribute__((noinline)) size_t put_unusual(gcn_listing *l,
                                                   const gcn_instruction *instruction,
                                                   uint64_t offset, const uint32_t *words,
                                                   bool exact)
{
    gcn_dialect dialect = l->options.dialect;
    size_t count = instruction->word_count;
    char buffer[TEXT_SIZE];
    gcn_text text = {buffer, sizeof buffer, 0};
    bool has_text = gcn_format_generic(instruction, dialect, offset, &text) &&
                    text.length < sizeof buffer;
    bool illegal = illegal_candidate(instruction);
    bool gives_back = has_text && exact && !illegal &&
                      gcn_text_gives_back(instruction, dialect, offset, buffer, text.length);
    if ((exact || illegal) && !gives_back) {
        put_data(l, offset, words, 1, has_text ? buffer : NULL, text.length);
        return 1;
    }
    if (!has_text) { /* llvm: invalid; clrx (not reached): the words clrx_words counts */
        size_t taken = dialect == GCN_DIALECT_LLVM ? 1 : count;
        put_data(l, offset, words, taken, NULL, 0);
        return taken;
    }
    gcn_text *out = line(l);
    char *at = start_line(l, out->data + out->length, offset, words, count);
    memcpy(at, buffer, text.length);
    end_line(l, at + text.length, offset, words, count);
    l->after_data = false;
    return count;
}

/* In the llvm dialect, right after a data word: the instruction prints as
 * its text, unless assembling that text again changes its first word so
 * that the data word and the new words make one instruction, which would
 * take the line's place when the listing is read again (the text would be
 * no fixpoint): then its first word is data too. */
static __attribute__((noinline)) size_t put_after_data(gcn_listing *l,
                                                      const gcn_instruction *instruction,
                                                      uint64_t offset, const uint32_t *words)
{
    char buffer[TEXT_SIZE];
    gcn_text text = {buffer, sizeof buffer, 0};
    gcn_parse_options options = {.arch = l->options.arch, .dialect = GCN_DIALECT_LLVM,
                                 .address = offset};
    gcn_instruction parsed, merged;
    uint32_t again[GCN_MAX_WORDS] = {0}, joined[GCN_MAX_WORDS];
    size_t count;
    if (gcn_format_generic(instruction, GCN_DIALECT_LLVM, offset, &text) && text.length < sizeof buffer &&
        gcn_parse(&options, buffer, text.length, &parsed, NULL) == GCN_OK &&
        gcn_encode(&parsed, again, &count) == GCN_OK && again[0] != words[0]) {
        joined[0] = l->data_word;
        joined[1] = again[0];
        joined[2] = count > 1 ? again[1] : words[1];
        char other[TEXT_SIZE];
        gcn_text other_text = {other, sizeof other, 0};
        if (gcn_decode_checked(l->options.arch, joined, GCN_MAX_WORDS, &merged) == GCN_OK &&
            merged.word_count > 1 && gcn_format_generic(&merged, GCN_DIALECT_LLVM, offset - 4, &other_text)) {
            put_data(l, offset, words, 1, buffer, text.length);
            return 1;
        }
    }
    return put_unusual(l, instruction, offset, words, l->options.exact);
}

/* After the last byte: what is left of a word, then the labels of targets
 * that start no line: at the very end a label, else an absolute address
 * (outside the code, or inside an instruction). */
static void finish(gcn_listing *l, const uint8_t *bytes, size_t length, uint64_t whole)
{
    for (size_t i = whole - l->offset; i < length; i++) {
        gcn_text *out = line(l);
        gcn_put_length(out, ".byte 0x", 8);
        gcn_put_hex_digits(out, bytes[i], 2, false);
        gcn_put_char(out, '\n');
    }
    while (l->next < l->target_count)
        l->targets[l->unplaced++] = l->targets[l->next++];
    uint64_t end = l->offset + length;
    for (size_t i = 0; i < l->unplaced; i++) {
        uint64_t target = l->targets[i];
        if (target == whole && whole == end) {
            put_label(l, target);
        } else {
            gcn_text *out = line(l);
            gcn_put_length(out, ".L", 2);
            gcn_put_unsigned(out, target);
            gcn_put_length(out, "_0 = ", 5);
            bool before = (int64_t)target < 0; /* a branch before address 0: the value is negative */
            if (before)
                gcn_put_char(out, '-');
            gcn_put_unsigned(out, before ? 0 - target : target);
            gcn_put_char(out, '\n');
        }
    }
    flush(l);
}

static uint64_t next_target(const gcn_listing *l)
{
    return l->next < l->target_count ? l->targets[l->next] : UINT64_MAX;
}

/* The usual lines, from the block's start while three whole words remain
 * ahead (stop), specialized per dialect and -e so that no line tests them:
 * the output's end kept in a local, labels looked for only at the next
 * target; the rare branches (a flush, data, an unusual line) marked
 * unlikely, so that the usual line's path keeps its registers. Returns
 * where it stopped. */
static inline __attribute__((always_inline)) size_t print_lines(gcn_listing *l,
                                                                const uint8_t *bytes, size_t stop,
                                                                bool clrx, bool encoding,
                                                                bool exact)
{
    /* the line writers of the listing's dialect and generation by word 0's
     * top 9 bits (print_lines runs only where the arch is valid); clrx -e's
     * comment written by the line once it knows the size, before the text */
    const gcn_line_writer *writers = l->writers;
    gcn_line_comment comment = {l, 0, 0, NULL};
    char *data = l->output.data, *out = data + l->output.length;
    char *full = data + l->output.size - LINE_ROOM;
    uint64_t target = next_target(l), digits_end = 0;
    bool after_data = l->after_data;
    /* the line's bytes and its offset, each stepped by the line's size */
    const uint8_t *here = bytes, *end_here = bytes + stop;
    uint64_t offset = l->offset;
    while (here < end_here) {
        if (clrx && offset >= target) { /* only clrx has labels */
            l->output.length = (size_t)(out - data);
            label(l, offset);
            out = data + l->output.length;
            target = next_target(l);
        }
        if (__builtin_expect(out > full, 0)) {
            l->output.length = (size_t)(out - data);
            flush(l);
            out = data;
            if (l->failed)
                break;
        }
        uint32_t words[GCN_MAX_WORDS] = {word_at(here), word_at(here + 4), word_at(here + 8)};
        gcn_instruction instruction;
        comment.offset = offset;
        comment.bytes = here;
        gcn_encoding_comment encoding_text;
        if (!clrx && encoding)
            encoding_comment_make(l, &encoding_text, offset, here, false, &digits_end);
        gcn_line line = writers[words[0] >> 23](words, &instruction, offset, out,
                                                clrx && encoding ? &comment : NULL);
        bool decoded = line.status == GCN_OK;
        char *end = line.end;
        if (!clrx && after_data && decoded)
            end = NULL; /* through put_unusual, which reads the text back */
        if (__builtin_expect(!decoded, 0)) {
            l->output.length = (size_t)(out - data);
            put_data(l, offset, words, 1, NULL, 0);
            out = data + l->output.length;
            after_data = true;
            here += 4;
            offset += 4;
            continue;
        }
        size_t size = instruction.word_count;
        /* The usual text straight at the line, the rest (unusual fields,
         * illegal opcodes, --exact's reading back) through put_unusual. */
        if (clrx && exact && end && gcn_clrx_may_lose_bits(&instruction))
            end = NULL;
        if (__builtin_expect(!end, 0)) {
            l->output.length = (size_t)(out - data);
            l->after_data = after_data;
            size = !clrx && after_data ? put_after_data(l, &instruction, offset, words)
                                       : put_unusual(l, &instruction, offset, words, exact);
            after_data = l->after_data;
            out = data + l->output.length;
            target = next_target(l);
            here += size * 4;
            offset += size * 4;
            continue;
        }
        if (!clrx && encoding) {
            end = encoding_comment_put(&encoding_text, end, here, size, false);
        }
        *end = '\n';
        out = end + 1;
        after_data = false;
        here += size * 4;
        offset += size * 4;
    }
    l->output.length = (size_t)(out - data);
    l->after_data = after_data;
    return (size_t)(here - bytes);
}

static size_t print_clrx(gcn_listing *l, const uint8_t *bytes, size_t stop)
{
    return print_lines(l, bytes, stop, true, false, false);
}

static size_t print_clrx_encoding(gcn_listing *l, const uint8_t *bytes, size_t stop)
{
    return print_lines(l, bytes, stop, true, true, false);
}

static size_t print_clrx_exact(gcn_listing *l, const uint8_t *bytes, size_t stop)
{
    return print_lines(l, bytes, stop, true, false, true);
}

static size_t print_clrx_exact_encoding(gcn_listing *l, const uint8_t *bytes, size_t stop)
{
    return print_lines(l, bytes, stop, true, true, true);
}

static size_t print_llvm(gcn_listing *l, const uint8_t *bytes, size_t stop)
{
    return print_lines(l, bytes, stop, false, false, false);
}

static size_t print_llvm_encoding(gcn_listing *l, const uint8_t *bytes, size_t stop)
{
    return print_lines(l, bytes, stop, false, true, false);
}

typedef size_t (*print_function)(gcn_listing *, const uint8_t *, size_t);

bool gcn_listing_print(gcn_listing *l, const uint8_t *bytes, size_t length, bool last, size_t *used)
{
    size_t end = walk_end(length, last), whole = length - length % 4, at = 0;
    /* The usual lines first: three whole words ahead, offsets of 12 digits. */
    size_t stop = whole > GCN_MAX_WORDS * 4 ? whole - GCN_MAX_WORDS * 4 + 1 : 0;
    if (stop > end)
        stop = end;
    /* llvm --exact reads every line back: the loop below does it all. */
    bool clrx = l->options.dialect == GCN_DIALECT_CLRX, exact = l->options.exact;
    if (l->decodes && !l->failed && (l->offset + length) >> 48 == 0 && (clrx || !exact)) {
        static const print_function functions[2][2][2] = { /* [clrx][exact][-e] */
            {{print_llvm, print_llvm_encoding}, {NULL, NULL}},
            {{print_clrx, print_clrx_encoding}, {print_clrx_exact, print_clrx_exact_encoding}},
        };
        at = functions[clrx][exact][l->options.show_encoding](l, bytes, stop);
    }
    while (at < end && !l->failed) {
        uint64_t offset = l->offset + at;
        if (l->next < l->target_count)
            label(l, offset);
        uint32_t words[GCN_MAX_WORDS];
        gcn_instruction instruction;
        bool decoded;
        size_t size = decode_at(l, bytes + at, (whole - at) / 4, words, &instruction, &decoded);
        if (decoded)
            size = l->after_data && !clrx ? put_after_data(l, &instruction, offset, words)
                                          : put_unusual(l, &instruction, offset, words, l->options.exact);
        else
            put_data(l, offset, words, 1, NULL, 0);
        at += size * 4;
    }
    if (last && !l->failed)
        finish(l, bytes, length, l->offset + whole);
    at = last ? length : at;
    l->offset += at;
    *used = at;
    return !l->failed;
}

bool gcn_disassemble_buffer(const gcn_listing_options *options, const uint8_t *bytes, size_t length,
                            gcn_listing_writer write, void *context)
{
    gcn_listing *l = gcn_listing_create(options, write, context);
    size_t used;
    bool ok = l && gcn_listing_scan(l, bytes, length, true, &used) &&
              gcn_listing_print(l, bytes, length, true, &used);
    gcn_listing_destroy(l);
    return ok;
}
