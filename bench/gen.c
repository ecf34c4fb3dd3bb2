/* gen: a deterministic generator of large GCN inputs for the benchmark.
 *
 * Instructions come from the library's own tables: for a row of gcn_rows[],
 * random words are forced to the row's opcode, decoded and printed with
 * gcn_format. Each one is then parsed back in both dialects, so every line
 * assembles to the same words; rows the library cannot yet print or parse
 * drop out and the mix adapts to what is available. The code comes in blocks
 * (functions) with branches to labels inside the block.
 *
 * run.sh first asks for a probe (--probe: many samples of every row), keeps
 * what llvm-mc reads the same way, and gives that back as a pool (--pool) to
 * draw the instructions from, so that both sides see valid code.
 *
 * Writes up to three files for the same code: LLVM text, CLRX text, and the
 * raw little-endian words. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gcn.h"
#include "isa/isa.h"
#include "isa/profile.h"

enum {
    BLOCK_SIZE = 1024,     /* instructions of a block; branches stay inside it */
    SAMPLE_ATTEMPTS = 64,  /* random tries for one instruction of a row */
    PROBE_SAMPLES = 16,    /* without a pool, a row is available if any of these succeeds */
    LAYOUT_BASES = 64,     /* random instructions the layout is learned from */
    TEXT_SIZE = 256,
};

/* Family shares of the mix, in percent, and SOPP's by shape: memory
 * operations dominate real kernels, then waits and branches. */
static const unsigned memory_weights[GCN_FAMILY_COUNT] = {
    [GCN_FAMILY_SOPP] = 25, [GCN_FAMILY_SMEM] = 20, [GCN_FAMILY_MUBUF] = 25,
    [GCN_FAMILY_FLAT] = 30,
};
/* --mix scalar: with the scalar ALU, about as the 32 clang-14 kernels of
 * the scalar ALU issue use it next to the memory families. */
static const unsigned scalar_weights[GCN_FAMILY_COUNT] = {
    [GCN_FAMILY_SOPP] = 15, [GCN_FAMILY_SMEM] = 12, [GCN_FAMILY_MUBUF] = 15,
    [GCN_FAMILY_FLAT] = 18, [GCN_FAMILY_SOP2] = 22, [GCN_FAMILY_SOP1] = 12,
    [GCN_FAMILY_SOPK] = 3, [GCN_FAMILY_SOPC] = 3,
};
/* --mix FAMILY: one family alone (sopp, smem, mubuf, flat, sop2, sopk, sop1,
 * sopc): what a family's text and codec cost, apart from the others. */
static unsigned one_family_weights[GCN_FAMILY_COUNT];
/* The families' names, as --mix and the summary write them. */
static const char *const family_names[GCN_FAMILY_COUNT] = {"", "sopp", "smem", "mubuf", "flat",
                                                           "sop2", "sopk", "sop1", "sopc"};
static const unsigned *family_weights = memory_weights;

/* The weights --mix names (NULL: none). */
static const unsigned *mix_weights(const char *name)
{
    if (!strcmp(name, "memory"))
        return memory_weights;
    if (!strcmp(name, "scalar"))
        return scalar_weights;
    for (unsigned family = 1; family < GCN_FAMILY_COUNT; family++)
        if (!strcmp(name, family_names[family])) {
            one_family_weights[family] = 100;
            return one_family_weights;
        }
    return NULL;
}
static unsigned sopp_shape_weight(gcn_shape shape)
{
    switch (shape) {
    case GCN_SHAPE_SOPP_BRANCH: return 40;
    case GCN_SHAPE_SOPP_WAITCNT: return 35;
    default: return 25;
    }
}

/* splitmix64: small, fast and the same on every machine. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static unsigned random_below(uint64_t *state, unsigned bound)
{
    return (unsigned)((next_random(state) >> 32) * bound >> 32);
}

/* Which bits of word 0 select a family and carry its opcode. Learned from
 * gcn_decode itself by flipping bits of random instructions, so that this
 * program holds no copy of the encodings. */
typedef struct family_layout {
    bool known;
    uint32_t family_mask, family_value;
    uint32_t opcode_word_bit[16]; /* word-0 mask of each opcode bit, 0 if none */
} family_layout;

static bool decodes_as(gcn_arch arch, const uint32_t words[GCN_MAX_WORDS], gcn_family family,
                       gcn_instruction *instruction)
{
    return gcn_decode(arch, words, GCN_MAX_WORDS, instruction) == GCN_OK &&
           instruction->family == family;
}

static family_layout learn_layout(gcn_arch arch, gcn_family family, uint64_t *random)
{
    family_layout layout;
    memset(&layout, 0, sizeof layout);
    uint32_t keeps_family = 0; /* bits whose flip kept the family at least once */
    unsigned bases = 0;
    for (unsigned tries = 0; tries < 1u << 22 && bases < LAYOUT_BASES; tries++) {
        uint32_t words[GCN_MAX_WORDS];
        for (int i = 0; i < GCN_MAX_WORDS; i++)
            words[i] = (uint32_t)next_random(random);
        gcn_instruction base;
        if (!decodes_as(arch, words, family, &base))
            continue;
        bases++;
        layout.family_value = words[0];
        for (unsigned bit = 0; bit < 32; bit++) {
            uint32_t flipped[GCN_MAX_WORDS] = {words[0] ^ (1u << bit), words[1], words[2]};
            gcn_instruction other;
            if (!decodes_as(arch, flipped, family, &other))
                continue;
            keeps_family |= 1u << bit;
            unsigned change = (unsigned)(base.opcode ^ other.opcode);
            if (change && (change & (change - 1)) == 0)
                for (unsigned j = 0; j < 16; j++)
                    if (change == 1u << j)
                        layout.opcode_word_bit[j] = 1u << bit;
        }
    }
    if (bases == 0)
        return layout;
    layout.known = true;
    layout.family_mask = ~keeps_family;
    layout.family_value &= layout.family_mask;
    return layout;
}

/* An instruction llvm-mc has checked. */
typedef struct pool_entry {
    uint16_t row;
    uint8_t word_count;
    uint32_t words[GCN_MAX_WORDS];
} pool_entry;

typedef struct generator {
    gcn_arch arch;
    bool labels; /* branches name labels; otherwise raw offsets */
    pool_entry *pool; /* NULL: sample freely */
    unsigned pool_first[GCN_ROW_COUNT], pool_count[GCN_ROW_COUNT];
    family_layout layouts[GCN_FAMILY_COUNT];
    uint16_t available[GCN_ROW_COUNT];
    unsigned available_count;
    unsigned weights[GCN_ROW_COUNT]; /* per entry of available[] */
    unsigned weight_total;
    uint64_t random;
} generator;

/* Parses text and encodes it; false if either step fails. */
static bool assemble_text(const generator *g, gcn_dialect dialect, uint64_t address,
                          const char *text, size_t length, uint32_t words[GCN_MAX_WORDS],
                          size_t *count)
{
    gcn_parse_options options = {.arch = g->arch, .dialect = dialect, .address = address,
        .resolve = gcn_branch_label_resolver, .resolve_context = NULL};
    gcn_parse_error error;
    gcn_instruction instruction;
    return gcn_parse(&options, text, length, &instruction, &error) == GCN_OK &&
           gcn_encode(&instruction, words, count) == GCN_OK;
}

static bool same_words(const uint32_t *a, size_t a_count, const uint32_t *b, size_t b_count)
{
    return a_count == b_count && memcmp(a, b, a_count * sizeof *a) == 0;
}

/* One instruction of a row in canonical form: the words the LLVM text of
 * random bits assembles to, checked to print and parse the same again in
 * both dialects. Branches are checked later, once their target is known. */
static bool sample(generator *g, unsigned row_index, uint32_t words[GCN_MAX_WORDS],
                   size_t *count)
{
    const gcn_row *row = &gcn_rows[row_index];
    const family_layout *layout = &g->layouts[row->family];
    unsigned opcode = (unsigned)row->opcode[g->arch];
    bool branch = row->shape == GCN_SHAPE_SOPP_BRANCH;
    for (unsigned attempt = 0; attempt < SAMPLE_ATTEMPTS; attempt++) {
        /* Operand bits: dense, sparse or none, so that small values and
         * operand-less forms come up as often as in real code. */
        unsigned density = random_below(&g->random, 4);
        uint32_t raw[GCN_MAX_WORDS];
        for (int i = 0; i < GCN_MAX_WORDS; i++) {
            raw[i] = density == 3 ? 0 : (uint32_t)next_random(&g->random);
            for (unsigned d = 0; d < density && d < 3; d++)
                raw[i] &= (uint32_t)next_random(&g->random);
        }
        raw[0] = (raw[0] & ~layout->family_mask) | layout->family_value;
        for (unsigned j = 0; j < 16; j++) {
            uint32_t bit = layout->opcode_word_bit[j];
            raw[0] = (opcode >> j & 1) ? raw[0] | bit : raw[0] & ~bit;
        }
        gcn_instruction instruction;
        char llvm[TEXT_SIZE], again[TEXT_SIZE], clrx[TEXT_SIZE];
        size_t llvm_length, again_length, clrx_length;
        if (gcn_decode(g->arch, raw, GCN_MAX_WORDS, &instruction) != GCN_OK ||
            instruction.row != row_index ||
            gcn_format(&instruction, GCN_DIALECT_LLVM, 0, llvm, sizeof llvm, &llvm_length) != GCN_OK ||
            !assemble_text(g, GCN_DIALECT_LLVM, 0, llvm, llvm_length, words, count) ||
            gcn_decode(g->arch, words, *count, &instruction) != GCN_OK ||
            gcn_format(&instruction, GCN_DIALECT_LLVM, 0, again, sizeof again, &again_length) != GCN_OK ||
            again_length != llvm_length || memcmp(llvm, again, llvm_length) != 0)
            continue;
        if (branch)
            return true;
        uint32_t clrx_words[GCN_MAX_WORDS];
        size_t clrx_count;
        if (gcn_format(&instruction, GCN_DIALECT_CLRX, 0, clrx, sizeof clrx, &clrx_length) == GCN_OK &&
            assemble_text(g, GCN_DIALECT_CLRX, 0, clrx, clrx_length, clrx_words, &clrx_count) &&
            same_words(words, *count, clrx_words, clrx_count))
            return true;
    }
    return false;
}

/* The pool: lines "mnemonic [0x..,0x..,...]" (llvm-mc's -show-encoding
 * form), grouped by row in file order. */
static bool read_pool(generator *g, const char *path)
{
    FILE *file = fopen(path, "r");
    if (!file) {
        fprintf(stderr, "gen: cannot open '%s': %s\n", path, strerror(errno));
        return false;
    }
    size_t count = 0, capacity = 1024;
    pool_entry *entries = malloc(capacity * sizeof *entries);
    char line[512];
    unsigned number = 0;
    while (entries && fgets(line, sizeof line, file)) {
        number++;
        char *bracket = strchr(line, '[');
        size_t name_length = strcspn(line, " ");
        uint16_t row = bracket ? gcn_row_for_name(line, name_length) : GCN_ROW_NONE;
        pool_entry entry = {row, 0, {0, 0, 0}};
        unsigned bytes = 0;
        for (char *p = bracket ? bracket + 1 : NULL; p && *p && *p != ']' && bytes < 4 * GCN_MAX_WORDS;) {
            char *end;
            unsigned long value = strtoul(p, &end, 16);
            if (end == p || value > 0xff)
                break;
            entry.words[bytes / 4] |= (uint32_t)value << (8 * (bytes % 4));
            bytes++;
            p = end + (*end == ',');
        }
        if (row == GCN_ROW_NONE || bytes == 0 || bytes % 4 || gcn_rows[row].opcode[g->arch] < 0) {
            fprintf(stderr, "gen: %s:%u: expected 'mnemonic [bytes]' of this generation\n", path, number);
            free(entries);
            fclose(file);
            return false;
        }
        entry.word_count = (uint8_t)(bytes / 4);
        if (count == capacity) {
            pool_entry *bigger = realloc(entries, 2 * capacity * sizeof *entries);
            if (!bigger)
                free(entries);
            entries = bigger;
            capacity *= 2;
        }
        if (entries)
            entries[count++] = entry;
    }
    fclose(file);
    if (!entries) {
        fputs("gen: out of memory\n", stderr);
        return false;
    }
    /* Counting sort by row keeps file order inside a row. */
    g->pool = malloc((count ? count : 1) * sizeof *g->pool);
    if (!g->pool) {
        free(entries);
        fputs("gen: out of memory\n", stderr);
        return false;
    }
    memset(g->pool_count, 0, sizeof g->pool_count);
    for (size_t i = 0; i < count; i++)
        g->pool_count[entries[i].row]++;
    unsigned next[GCN_ROW_COUNT], first = 0;
    for (unsigned r = 0; r < GCN_ROW_COUNT; r++) {
        g->pool_first[r] = next[r] = first;
        first += g->pool_count[r];
    }
    for (size_t i = 0; i < count; i++)
        g->pool[next[entries[i].row]++] = entries[i];
    free(entries);
    return true;
}

/* s_cbranch_i_fork and s_call_b64: their targets are not placed on labels
 * as SOPP's are, so they stay out of the mix. */
static bool scalar_branch(const gcn_row *row)
{
    const gcn_profile *profile = &gcn_profiles[row->shape];
    for (unsigned i = 0; i < profile->operand_count; i++)
        if (profile->operands[i].syntax == GCN_SYNTAX_BRANCH)
            return true;
    return false;
}

/* Rows of this generation that the library prints and parses in both
 * dialects (and, with a pool, that llvm-mc reads the same way), with their
 * share of the mix. */
static void find_available_rows(generator *g)
{
    bool family_has_rows[GCN_FAMILY_COUNT] = {false};
    unsigned family_shape_weight[GCN_FAMILY_COUNT] = {0};
    bool usable[GCN_ROW_COUNT] = {false};
    for (unsigned family = 1; family < GCN_FAMILY_COUNT; family++)
        g->layouts[family] = learn_layout(g->arch, (gcn_family)family, &g->random);
    for (unsigned i = 0; i < GCN_ROW_COUNT; i++) {
        const gcn_row *row = &gcn_rows[i];
        if (row->opcode[g->arch] < 0 || (row->flags & GCN_ROW_LLVM_ABSENT) ||
            !g->layouts[row->family].known || scalar_branch(row))
            continue;
        uint32_t words[GCN_MAX_WORDS];
        size_t count;
        if (g->pool)
            usable[i] = g->pool_count[i] > 0;
        for (unsigned s = 0; !g->pool && s < PROBE_SAMPLES && !usable[i]; s++)
            usable[i] = sample(g, i, words, &count);
        if (!usable[i])
            continue;
        family_has_rows[row->family] = true;
        family_shape_weight[row->family] +=
            row->family == GCN_FAMILY_SOPP ? sopp_shape_weight((gcn_shape)row->shape) : 1;
    }
    /* A row's weight: its family's share, split among the family's rows
     * (SOPP's by shape); scaled to integers. */
    unsigned family_total = 0;
    for (unsigned family = 1; family < GCN_FAMILY_COUNT; family++)
        if (family_has_rows[family])
            family_total += family_weights[family];
    g->available_count = g->weight_total = 0;
    for (unsigned i = 0; i < GCN_ROW_COUNT; i++) {
        if (!usable[i])
            continue;
        const gcn_row *row = &gcn_rows[i];
        if (!family_weights[row->family])
            continue; /* not in this mix */
        unsigned share = row->family == GCN_FAMILY_SOPP ? sopp_shape_weight((gcn_shape)row->shape) : 1;
        unsigned weight = (unsigned)((uint64_t)1000000 * family_weights[row->family] * share /
                                     (family_total * family_shape_weight[row->family]));
        g->available[g->available_count] = (uint16_t)i;
        g->weights[g->available_count++] = weight ? weight : 1;
        g->weight_total += weight ? weight : 1;
    }
}

/* One instruction of a row: from the pool if there is one. */
static bool draw(generator *g, unsigned row, uint32_t words[GCN_MAX_WORDS], size_t *count)
{
    if (!g->pool)
        return sample(g, row, words, count);
    const pool_entry *entry = &g->pool[g->pool_first[row] + random_below(&g->random, g->pool_count[row])];
    memcpy(words, entry->words, sizeof entry->words);
    *count = entry->word_count;
    return true;
}

static unsigned pick_row(generator *g)
{
    unsigned x = random_below(&g->random, g->weight_total);
    for (unsigned i = 0; i < g->available_count; i++) {
        if (x < g->weights[i])
            return g->available[i];
        x -= g->weights[i];
    }
    return g->available[g->available_count - 1];
}

typedef struct slot {
    uint16_t row;
    uint8_t word_count;
    bool labelled;
    int target; /* branches: index of the target in the block */
    uint64_t address;
    uint32_t words[GCN_MAX_WORDS];
} slot;

typedef struct outputs {
    FILE *llvm, *clrx, *binary;
    uint64_t lines, labels, instructions, bytes;
    uint64_t family_count[GCN_FAMILY_COUNT];
} outputs;

static void put_line(FILE *file, const char *text, size_t length)
{
    if (!file)
        return;
    fwrite(text, 1, length, file);
    putc('\n', file);
}

/* The text of a branch: the mnemonic and either the target's label or the
 * raw offset (LLVM: the word offset as gcn_format prints it; CLRX: .+bytes). */
static size_t branch_text(const generator *g, const slot *s, const slot *target,
                          gcn_dialect dialect, char *text, size_t size)
{
    const char *name = gcn_rows[s->row].name;
    if (g->labels)
        return (size_t)snprintf(text, size, "%s .L%" PRIu64 "_0", name, target->address);
    if (dialect == GCN_DIALECT_CLRX) {
        int64_t delta = (int64_t)target->address - (int64_t)s->address;
        return (size_t)snprintf(text, size, "%s .%c%" PRId64, name, delta < 0 ? '-' : '+',
                                delta < 0 ? -delta : delta);
    }
    gcn_instruction instruction;
    size_t length = 0;
    if (gcn_decode(g->arch, s->words, s->word_count, &instruction) != GCN_OK ||
        gcn_format(&instruction, dialect, s->address, text, size, &length) != GCN_OK)
        return 0;
    return length;
}

static bool emit_block(generator *g, slot *slots, unsigned count, outputs *out)
{
    for (unsigned i = 0; i < count; i++) {
        slot *s = &slots[i];
        char llvm[TEXT_SIZE], clrx[TEXT_SIZE];
        size_t llvm_length, clrx_length;
        const gcn_row *row = &gcn_rows[s->row];
        if (s->labelled && g->labels) {
            int n = snprintf(llvm, sizeof llvm, ".L%" PRIu64 "_0:", s->address);
            put_line(out->llvm, llvm, (size_t)n);
            put_line(out->clrx, llvm, (size_t)n);
            out->labels++;
            out->lines++;
        }
        if (row->shape == GCN_SHAPE_SOPP_BRANCH) {
            const slot *target = &slots[s->target];
            llvm_length = branch_text(g, s, target, GCN_DIALECT_LLVM, llvm, sizeof llvm);
            clrx_length = branch_text(g, s, target, GCN_DIALECT_CLRX, clrx, sizeof clrx);
            /* The library must read back what it will be timed on; LLVM
             * labels are checked by run.sh against llvm-mc instead. */
            uint32_t words[GCN_MAX_WORDS];
            size_t word_count;
            bool ok = assemble_text(g, GCN_DIALECT_CLRX, s->address, clrx, clrx_length, words,
                                    &word_count) &&
                      same_words(words, word_count, s->words, s->word_count);
            if (ok && !g->labels)
                ok = assemble_text(g, GCN_DIALECT_LLVM, s->address, llvm, llvm_length, words,
                                   &word_count) &&
                     same_words(words, word_count, s->words, s->word_count);
            if (!ok) {
                fprintf(stderr, "gen: the library does not read back '%.*s' at 0x%" PRIx64 "\n",
                        (int)clrx_length, clrx, s->address);
                return false;
            }
        } else {
            gcn_instruction instruction;
            if (gcn_decode(g->arch, s->words, s->word_count, &instruction) != GCN_OK ||
                gcn_format(&instruction, GCN_DIALECT_LLVM, s->address, llvm, sizeof llvm,
                           &llvm_length) != GCN_OK ||
                gcn_format(&instruction, GCN_DIALECT_CLRX, s->address, clrx, sizeof clrx,
                           &clrx_length) != GCN_OK)
                return false;
        }
        put_line(out->llvm, llvm, llvm_length);
        put_line(out->clrx, clrx, clrx_length);
        if (out->binary)
            for (unsigned w = 0; w < s->word_count; w++) {
                uint8_t bytes[4] = {(uint8_t)s->words[w], (uint8_t)(s->words[w] >> 8),
                                    (uint8_t)(s->words[w] >> 16), (uint8_t)(s->words[w] >> 24)};
                fwrite(bytes, 1, 4, out->binary);
            }
        out->lines++;
        out->instructions++;
        out->bytes += 4u * s->word_count;
        out->family_count[row->family]++;
    }
    return true;
}

/* A block: rows drawn from the mix, then branches aimed at instructions of
 * the same block, which get labels. */
static bool generate_block(generator *g, slot *slots, unsigned count, uint64_t *address,
                           outputs *out)
{
    for (unsigned i = 0; i < count; i++) {
        slot *s = &slots[i];
        size_t word_count = 0;
        unsigned tries = 0;
        do {
            s->row = (uint16_t)pick_row(g);
        } while (!draw(g, s->row, s->words, &word_count) && ++tries < 1000);
        if (tries == 1000) {
            fprintf(stderr, "gen: cannot sample instructions any more\n");
            return false;
        }
        s->word_count = (uint8_t)word_count;
        s->labelled = false;
        s->address = *address;
        *address += 4 * word_count;
    }
    for (unsigned i = 0; i < count; i++) {
        slot *s = &slots[i];
        if (gcn_rows[s->row].shape != GCN_SHAPE_SOPP_BRANCH)
            continue;
        s->target = (int)random_below(&g->random, count);
        slots[s->target].labelled = true;
        gcn_instruction instruction;
        size_t word_count;
        int64_t offset = ((int64_t)slots[s->target].address - (int64_t)s->address - 4) / 4;
        if (gcn_decode(g->arch, s->words, s->word_count, &instruction) != GCN_OK)
            return false;
        instruction.operands[0].value = (uint16_t)offset; /* the branch operand */
        if (gcn_encode(&instruction, s->words, &word_count) != GCN_OK ||
            word_count != s->word_count)
            return false;
    }
    return emit_block(g, slots, count, out);
}

/* For run.sh: many samples of every available row in LLVM text, and the
 * encodings we expect in llvm-mc's -show-encoding form, one per line, so
 * that rows llvm-mc reads otherwise can be left out of the mix. */
static bool write_probe(generator *g, const char *prefix, unsigned samples)
{
    if (g->pool) {
        fputs("gen: --probe makes a pool; it does not take one\n", stderr);
        return false;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s.s", prefix);
    FILE *text = fopen(path, "w");
    snprintf(path, sizeof path, "%s.expected", prefix);
    FILE *expected = fopen(path, "w");
    bool ok = text && expected;
    for (unsigned i = 0; ok && i < g->available_count; i++) {
        for (unsigned s = 0; s < samples; s++) {
            uint32_t words[GCN_MAX_WORDS];
            size_t count, length;
            char line[TEXT_SIZE];
            gcn_instruction instruction;
            if (!sample(g, g->available[i], words, &count) ||
                gcn_decode(g->arch, words, count, &instruction) != GCN_OK ||
                gcn_format(&instruction, GCN_DIALECT_LLVM, 0, line, sizeof line, &length) != GCN_OK)
                continue;
            put_line(text, line, length);
            fprintf(expected, "%s [", gcn_rows[g->available[i]].name);
            for (size_t b = 0; b < 4 * count; b++)
                fprintf(expected, "%s0x%02x", b ? "," : "", (unsigned)(words[b / 4] >> (8 * (b % 4))) & 0xff);
            fputs("]\n", expected);
        }
    }
    ok = ok && !ferror(text) && !ferror(expected);
    if (text) fclose(text);
    if (expected) fclose(expected);
    if (!ok)
        fprintf(stderr, "gen: cannot write the probe files %s.*\n", prefix);
    return ok;
}

static void usage(void)
{
    fputs("usage: gen [-a ARCH] [-n INSTRUCTIONS] [-s SEED] [--labels] [--pool FILE]\n"
          "           [--llvm FILE] [--clrx FILE] [--binary FILE] [--mix MIX]\n"
          "       gen [-a ARCH] [-s SEED] [--samples N] --probe PREFIX\n"
          "  -n: instruction lines (default 1000000); label lines come on top\n"
          "  --labels: branches name labels (.L<address>_0); otherwise raw offsets\n"
          "  --pool FILE: draw instructions from FILE ('mnemonic [0x..,...]' lines)\n"
          "  --mix MIX: memory (the default), scalar (with the scalar ALU), or one\n"
          "      family alone: sopp, smem, mubuf, flat, sop2, sopk, sop1 or sopc\n"
          "  --probe PREFIX: write N samples (default 500) of every available row:\n"
          "      LLVM text to PREFIX.s, 'mnemonic [bytes]' lines to PREFIX.expected\n",
          stderr);
}

static FILE *open_output(const char *path)
{
    if (!path)
        return NULL;
    FILE *file = fopen(path, "wb");
    if (!file) {
        fprintf(stderr, "gen: cannot open '%s': %s\n", path, strerror(errno));
        exit(1);
    }
    setvbuf(file, NULL, _IOFBF, 1 << 20);
    return file;
}

static bool close_output(FILE *file, const char *path)
{
    if (file && (ferror(file) || fclose(file) != 0)) {
        fprintf(stderr, "gen: cannot write '%s'\n", path);
        return false;
    }
    return true;
}

int main(int argc, char **argv)
{
    const char *arch_name = "gfx900", *llvm_path = NULL, *clrx_path = NULL, *binary_path = NULL;
    const char *pool = NULL, *probe = NULL;
    uint64_t total = 1000000, seed = 1, samples = 500;
    bool labels = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--labels")) {
            labels = true;
            continue;
        }
        if (!value) {
            usage();
            return 2;
        }
        i++;
        if (!strcmp(a, "-a")) arch_name = value;
        else if (!strcmp(a, "-n")) total = strtoull(value, NULL, 10);
        else if (!strcmp(a, "-s")) seed = strtoull(value, NULL, 10);
        else if (!strcmp(a, "--llvm")) llvm_path = value;
        else if (!strcmp(a, "--clrx")) clrx_path = value;
        else if (!strcmp(a, "--binary")) binary_path = value;
        else if (!strcmp(a, "--pool")) pool = value;
        else if (!strcmp(a, "--samples")) samples = strtoull(value, NULL, 10);
        else if (!strcmp(a, "--probe")) probe = value;
        else if (!strcmp(a, "--mix") && mix_weights(value)) family_weights = mix_weights(value);
        else {
            usage();
            return 2;
        }
    }
    generator g;
    memset(&g, 0, sizeof g);
    g.labels = labels;
    g.random = seed;
    if (gcn_arch_from_name(arch_name, &g.arch) != GCN_OK) {
        fprintf(stderr, "gen: unknown architecture '%s'\n", arch_name);
        return 2;
    }
    if (pool && !read_pool(&g, pool))
        return 1;
    if (probe)
        family_weights = scalar_weights; /* the pool serves every mix: every family */
    find_available_rows(&g);
    if (g.available_count == 0) {
        fprintf(stderr, "gen: the library prints no instruction of %s yet\n", arch_name);
        return 1;
    }
    if (probe)
        return write_probe(&g, probe, (unsigned)samples) ? 0 : 1;
    outputs out;
    memset(&out, 0, sizeof out);
    out.llvm = open_output(llvm_path);
    out.clrx = open_output(clrx_path);
    out.binary = open_output(binary_path);
    static slot slots[BLOCK_SIZE];
    uint64_t address = 0;
    bool ok = true;
    for (uint64_t done = 0; ok && done < total; done += BLOCK_SIZE) {
        unsigned count = total - done < BLOCK_SIZE ? (unsigned)(total - done) : BLOCK_SIZE;
        ok = generate_block(&g, slots, count, &address, &out);
    }
    ok = close_output(out.llvm, llvm_path) & close_output(out.clrx, clrx_path) &
         close_output(out.binary, binary_path) & ok;
    /* The summary on standard error, for run.sh and the reader. */
    unsigned rows_per_family[GCN_FAMILY_COUNT] = {0};
    for (unsigned i = 0; i < g.available_count; i++)
        rows_per_family[gcn_rows[g.available[i]].family]++;
    fprintf(stderr, "gen: %s seed %" PRIu64 ", %s branches: %" PRIu64 " instructions, %" PRIu64
            " labels, %" PRIu64 " lines, %" PRIu64 " bytes of code\n",
            gcn_arch_name(g.arch), seed, labels ? "label" : "raw-offset", out.instructions,
            out.labels, out.lines, out.bytes);
    fputs("gen: mix", stderr);
    for (unsigned family = 1; family < GCN_FAMILY_COUNT; family++)
        fprintf(stderr, " %s %" PRIu64 " (%u rows)", family_names[family],
                out.family_count[family], rows_per_family[family]);
    fputc('\n', stderr);
    free(g.pool);
    return ok ? 0 : 1;
}
