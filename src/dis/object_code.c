/* An executable section of an object: its bytes through the buffer
 * disassembler with -e's encodings on, each line read back as it comes
 * (the offset and words of the comment) to place symbol labels and
 * relocations between the lines, and written again as llvm-objdump's
 * listing or as source. Lines are streamed: memory does not grow with the
 * section. */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dis/object_parts.h"
#include "syntax/cursor.h"

/* The listing's relocation line, as llvm-objdump -r prints it. */
static void put_relocation_line(gcn_object_printer *p, const gcn_elf_relocation *r)
{
    const char *name = gcn_elf_relocation_name(r->type);
    const char *symbol = *r->symbol ? r->symbol : "*ABS*"; /* no symbol: llvm-objdump's name */
    if (name)
        gcn_object_put(p, "\t\t%016llx:  %s\t%s", (unsigned long long)r->offset, name, symbol);
    else
        gcn_object_put(p, "\t\t%016llx:  unknown(%u)\t%s", (unsigned long long)r->offset, r->type, symbol);
    gcn_object_put_addend(p, r->addend, true);
    gcn_object_put(p, "\n");
}

/* -e's comment "OFFSET: WORD WORD" at text: the offset, the word count and
 * where the comment's words end. False if text holds no such comment. */
static bool read_encoding(const char *text, const char *end, uint64_t *offset, unsigned *words,
                          const char **after)
{
    uint64_t value = 0;
    const char *at = text;
    while (at < end && gcn_hex_digit(*at) < 16 && at - text < 16)
        value = value << 4 | gcn_hex_digit(*at++);
    if (at - text < 12 || at + 1 >= end || at[0] != ':' || at[1] != ' ')
        return false;
    at += 2;
    unsigned count = 0;
    while (at + 8 <= end) {
        int k = 0;
        while (k < 8 && gcn_hex_digit(at[k]) < 16)
            k++;
        if (k != 8)
            break;
        count++;
        at += 8;
        if (at < end && *at == ' ' && at + 1 < end && gcn_hex_digit(at[1]) < 16)
            at++;
        else
            break;
    }
    if (!count)
        return false;
    *offset = value;
    *words = count;
    *after = at;
    return true;
}

/* One line of the buffer listing, taken apart. */
typedef struct listing_line {
    bool encoded;         /* it has -e's comment */
    uint64_t offset;      /* in the section */
    unsigned words;
    const char *text;     /* the instruction or data text */
    size_t text_length;
    const char *encoding; /* the comment's "OFFSET: WORDS" */
    size_t encoding_length;
} listing_line;

static listing_line parse_line(const char *line, size_t length, bool clrx)
{
    listing_line l = {.text = line, .text_length = length};
    const char *end = line + length;
    if (clrx) {
        const char *close;
        if (length > 2 && line[0] == '/' && line[1] == '*' &&
            read_encoding(line + 2, end, &l.offset, &l.words, &close) && close + 3 <= end &&
            memcmp(close, "*/ ", 3) == 0) {
            l.encoded = true;
            l.encoding = line + 2;
            l.encoding_length = (size_t)(close - l.encoding);
            l.text = close + 3;
            l.text_length = (size_t)(end - l.text);
        }
        return l;
    }
    for (const char *at = line; at + 4 <= end; at++) {
        const char *after;
        if (memcmp(at, " // ", 4) == 0 && read_encoding(at + 4, end, &l.offset, &l.words, &after)) {
            l.encoded = true;
            l.encoding = at + 4;
            l.encoding_length = (size_t)(after - l.encoding);
            l.text_length = (size_t)(at - line);
            break;
        }
    }
    return l;
}

static bool is_data_text(const listing_line *l)
{
    return (l->text_length > 5 && memcmp(l->text, ".int ", 5) == 0) ||
           (l->text_length > 6 && memcmp(l->text, ".long ", 6) == 0);
}

/* The symbol llvm-objdump names a branch target by: exactly there and
 * without a type (the first such, which replaces the offset), else the
 * last by name of those at the greatest offset up to target (for the
 * comment). NULL if none. */
static const char *symbol_near(const gcn_object_printer *p, const section_walk *w, uint64_t target,
                               bool exact, uint64_t *offset)
{
    /* the labels at the greatest offset up to target: [low, high) */
    size_t low = 0, high = w->label_count;
    while (low < high) { /* the first label past target */
        size_t middle = low + (high - low) / 2;
        if (w->labels[middle].offset <= target)
            low = middle + 1;
        else
            high = middle;
    }
    if (low == 0)
        return NULL;
    high = low;
    uint64_t place = w->labels[high - 1].offset;
    while (low > 0 && w->labels[low - 1].offset == place)
        low--;
    if (exact && place != target)
        return NULL;
    const char *name = NULL;
    for (size_t i = low; i < high; i++) {
        const gcn_elf_symbol *symbol = &p->object->symbols[w->labels[i].index];
        if (exact ? symbol->type == STT_NOTYPE && !name
                  : !name || strcmp(symbol->name, name) > 0)
            name = symbol->name;
    }
    *offset = place;
    return name;
}

enum { LINE_SIZE = 1024 }; /* more than any listing line (its text is under 320 bytes) */

/* 12 hex digits (more if the value needs them), as llvm-objdump's %012llX. */
static char *put_address(char *at, uint64_t value)
{
    static const char digits[] = "0123456789ABCDEF";
    unsigned count = 12;
    while (count < 16 && value >> (4 * count))
        count++;
    for (unsigned i = count; i-- > 0;)
        *at++ = digits[value >> (4 * i) & 15];
    return at;
}

/* The listing's instruction line: text padded as llvm-objdump pads it, then
 * the address and words. A branch names its target as llvm-objdump does:
 * the symbol there (one without a type) instead of the offset, else the
 * nearest one before it after the words. */
static void put_listing_line(gcn_object_printer *p, const section_walk *w, const listing_line *l)
{
    const char *text = l->text, *words = memchr(l->encoding, ':', l->encoding_length);
    size_t length = l->text_length, words_length = (size_t)(l->encoding + l->encoding_length - words);
    char branch[160], near[200] = "", line[LINE_SIZE];
    bool is_branch = (length > 9 && memcmp(text, "s_branch ", 9) == 0) ||
                     (length > 10 && memcmp(text, "s_cbranch_", 10) == 0);
    const char *space = is_branch ? memchr(text, ' ', length) : NULL;
    if (space && (size_t)(text + length - space) < 8) {
        unsigned value = 0;
        const char *digit = space + 1;
        while (digit < text + length && *digit >= '0' && *digit <= '9')
            value = value * 10 + (unsigned)(*digit++ - '0');
        if (digit == text + length && digit > space + 1 && value < 65536) {
            uint64_t target = l->offset + 4 + (uint64_t)(int64_t)(int16_t)value * 4, offset = 0;
            const char *name = symbol_near(p, w, target, true, &offset);
            if (name && (size_t)(space - text) + strlen(name) + 2 < sizeof branch) {
                length = (size_t)snprintf(branch, sizeof branch, "%.*s %s", (int)(space - text),
                                          text, name);
                text = branch;
            } else {
                name = symbol_near(p, w, target, false, &offset);
                if (!name) {
                    name = p->object->sections[w->index].name;
                    offset = 0;
                }
                int n = snprintf(near, sizeof near, " <%s", name);
                if (target != offset && n > 0 && (size_t)n < sizeof near)
                    snprintf(near + n, sizeof near - (size_t)n, "+0x%llx",
                             (unsigned long long)(target - offset));
                strncat(near, ">", sizeof near - strlen(near) - 1);
            }
        }
    }
    size_t near_length = strlen(near);
    if (length + words_length + near_length + 64 > sizeof line) { /* not from the listing */
        gcn_object_put(p, "\t%.*s // %.*s%s\n", (int)length, text, (int)words_length, words, near);
        return;
    }
    char *at = line;
    *at++ = '\t';
    memcpy(at, text, length);
    at += length;
    for (size_t i = length; i < 59; i++)
        *at++ = ' ';
    memcpy(at, "// ", 3);
    at = put_address(at + 3, w->start + l->offset);
    memcpy(at, words, words_length);
    at += words_length;
    memcpy(at, near, near_length);
    at += near_length;
    *at++ = '\n';
    gcn_object_emit(p, line, (size_t)(at - line));
}

/* A line as source: a tab, the text, an end of line. */
static void put_source_line(gcn_object_printer *p, bool indent, const char *text, size_t length)
{
    char line[LINE_SIZE];
    if (length + 2 > sizeof line) {
        gcn_object_put(p, "%s%.*s\n", indent ? "\t" : "", (int)length, text);
        return;
    }
    size_t used = 0;
    if (indent)
        line[used++] = '\t';
    memcpy(line + used, text, length);
    used += length;
    line[used++] = '\n';
    gcn_object_emit(p, line, used);
}

typedef struct code_walk {
    gcn_object_printer *p;
    section_walk w;
    bool clrx;
    char *partial; /* a line cut by the end of a piece of text, until its end comes */
    size_t partial_length, partial_capacity;
    uint64_t skip_to; /* lines before: of an instruction written with its relocation */
} code_walk;

/* The relocations that apply before end (an offset in the section). */
static void put_relocations_to(code_walk *c, uint64_t end)
{
    section_walk *w = &c->w;
    while (w->next_relocation < w->relocation_count &&
           w->relocations[w->next_relocation].offset - w->start < end) {
        const gcn_elf_relocation *r = &w->relocations[w->next_relocation++];
        if (c->p->source)
            gcn_object_put_relocation_comment(c->p, r);
        else
            put_relocation_line(c->p, r);
    }
}

static void put_code_line(code_walk *c, const char *line, size_t length)
{
    gcn_object_printer *p = c->p;
    section_walk *w = &c->w;
    listing_line l = parse_line(line, length, c->clrx);
    if (!l.encoded) {
        /* source: branch labels, the last bytes, targets outside the code */
        if (p->source)
            put_source_line(p, !(l.text_length && l.text[0] == '.' && memchr(l.text, ':', l.text_length)),
                            l.text, l.text_length);
        return;
    }
    if (l.offset < c->skip_to)
        return;
    gcn_object_put_labels(p, w, l.offset, false, NULL);
    if (p->source && w->next_relocation < w->relocation_count) {
        unsigned size = gcn_object_put_relocated_instruction(p, w, l.offset, &w->relocations[w->next_relocation]);
        if (size) {
            w->next_relocation++;
            c->skip_to = l.offset + size;
            put_relocations_to(c, c->skip_to);
            return;
        }
    }
    unsigned width;
    if (p->source && is_data_text(&l) && w->next_relocation < w->relocation_count &&
        w->relocations[w->next_relocation].offset - w->start == l.offset &&
        gcn_object_relocation_width(w->relocations[w->next_relocation].type) == 4 &&
        gcn_object_put_relocation_data(p, &w->relocations[w->next_relocation], &width)) {
        w->next_relocation++; /* a data word: the relocation's directive in its place */
    } else if (!p->source) {
        put_listing_line(p, w, &l);
    } else if (p->options->show_encoding) {
        put_source_line(p, true, line, length);
    } else {
        put_source_line(p, true, l.text, l.text_length);
    }
    put_relocations_to(c, l.offset + 4ull * l.words);
}

/* The buffer listing's writer: whole lines go out at once, a cut one waits. */
static bool take_text(void *context, const char *text, size_t length)
{
    code_walk *c = context;
    const char *end = text + length;
    while (text < end && !c->p->failed) {
        const char *newline = memchr(text, '\n', (size_t)(end - text));
        size_t piece = newline ? (size_t)(newline - text) : (size_t)(end - text);
        if (c->partial_length || !newline) {
            if (c->partial_length + piece > c->partial_capacity) {
                size_t capacity = (c->partial_length + piece) * 2 + 256;
                char *grown = realloc(c->partial, capacity);
                if (!grown)
                    return false;
                c->partial = grown;
                c->partial_capacity = capacity;
            }
            memcpy(c->partial + c->partial_length, text, piece);
            c->partial_length += piece;
            if (!newline)
                break;
            put_code_line(c, c->partial, c->partial_length);
            c->partial_length = 0;
        } else {
            put_code_line(c, text, piece);
        }
        text += piece + 1;
    }
    return !c->p->failed;
}

bool gcn_object_put_code_section(gcn_object_printer *p, size_t index)
{
    const gcn_elf_section *s = &p->object->sections[index];
    code_walk c = {.p = p, .clrx = p->options->dialect == GCN_DIALECT_CLRX};
    if (!gcn_object_begin_walk(p, index, &c.w))
        return false;
    if (!p->source) {
        gcn_object_put(p, "\nDisassembly of section %s:\n\n", s->name);
        if (!c.w.label_count || c.w.labels[0].offset != 0)
            gcn_object_put(p, "%016llx <%s>:\n", (unsigned long long)c.w.start, s->name);
        else
            gcn_object_put_labels(p, &c.w, 0, true, NULL);
    }
    /* Source for gcnasm must give back every bit: --exact text. */
    gcn_listing_options listing = {p->arch, p->options->dialect, true, p->options->reassemble};
    bool ok = !s->size || gcn_disassemble_buffer(&listing, s->data, s->size, take_text, &c);
    if (ok && c.partial_length)
        put_code_line(&c, c.partial, c.partial_length);
    if (!ok && !p->failed)
        snprintf(p->error, p->error_size, "out of memory");
    gcn_object_put_labels(p, &c.w, s->size, false, NULL);
    put_relocations_to(&c, UINT64_MAX); /* in the last bytes */
    free(c.w.labels);
    free(c.partial);
    return ok && !p->failed;
}
