/* Writes src/isa/generated/encodings.inc (make regenerate) from the
 * encoding tables: the tables isa/encoding.h and isa/profile.h declare as
 * generated. A prefix's encoding is the one whose fixed bits match with
 * the most bits fixed. Fails if two lookup encodings claim the same prefix
 * with equally many fixed bits, if fixed bits of a lookup encoding lie
 * below bit 23, or if two fields of one generation overlap. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/profile.h"
#define TABLE "GCN_TABLE const " /* (GCN_TABLE: static where a unit copies the tables, dis/line.c) */

static uint8_t prefix[GCN_ARCH_COUNT][512], family[GCN_ARCH_COUNT][512];
static uint8_t opcode_field[GCN_ENCODING_COUNT], high[GCN_ENCODING_COUNT][2];
static uint8_t modifier[GCN_ENCODING_COUNT][GCN_MAX_FIELDS]; /* gcn_modifier + 1, 0: none */
static gcn_field_place places[GCN_ENCODING_COUNT][GCN_ARCH_COUNT][GCN_MAX_FIELDS];
static uint32_t reserved[GCN_ENCODING_COUNT][GCN_ARCH_COUNT][2];

/* The encoding of each prefix of word 0 on each generation. */
static void find_prefixes(void)
{
    for (unsigned arch = 0; arch < GCN_ARCH_COUNT; arch++)
        for (unsigned top = 0; top < 512; top++) {
            unsigned best = GCN_ENCODING_NONE, best_bits = 0;
            for (unsigned e = 1; e < GCN_ENCODING_COUNT; e++) {
                const gcn_encoding_info *info = &gcn_encodings[e];
                if (info->kind != GCN_ENCODING_LOOKUP || !((info->generations >> arch) & 1))
                    continue;
                if (info->mask & 0x7fffffu) {
                    fprintf(stderr, "encodings: %s has fixed bits below bit 23\n", info->name);
                    exit(1);
                }
                if (((uint32_t)top << 23 & info->mask) != info->value[arch])
                    continue;
                unsigned bits = (unsigned)__builtin_popcount(info->mask);
                if (bits == best_bits) {
                    fprintf(stderr, "encodings: %s and %s share prefix 0x%03x\n", info->name,
                            gcn_encodings[best].name, top);
                    exit(1);
                }
                if (bits > best_bits) {
                    best = e;
                    best_bits = bits;
                }
            }
            prefix[arch][top] = (uint8_t)best;
            family[arch][top] = gcn_encodings[best].family;
        }
}

/* Each encoding's fields, in one walk of its layouts: their places per
 * generation, the bits they and the fixed bits cover, their modifiers,
 * and the opcode's fields (FLAT's segment above the opcode on GCN 1.4). */
static void place_fields(void)
{
    for (unsigned e = 0; e < GCN_ENCODING_COUNT; e++) {
        const gcn_encoding_info *info = &gcn_encodings[e];
        uint32_t covered[GCN_ARCH_COUNT][2] = {{0}};
        unsigned opcode_width = 0;
        opcode_field[e] = high[e][0] = 0xff; /* none: the extra words, and no segment */
        for (unsigned arch = 0; arch < GCN_ARCH_COUNT; arch++) /* an extra word's owns word 1 only */
            covered[arch][0] = info->kind == GCN_ENCODING_EXTRA ? ~0u : info->mask;
        for (unsigned l = 0; e && gcn_field_layouts[l].encoding != GCN_ENCODING_NONE; l++) {
            const gcn_field_layout *layout = &gcn_field_layouts[l];
            if (layout->encoding != e)
                continue;
            uint32_t mask = layout->width >= 32 ? ~0u : (1u << layout->width) - 1u;
            if (strcmp(layout->name, "op") == 0) {
                opcode_field[e] = layout->index;
                opcode_width = layout->width;
            }
            if (strcmp(layout->name, "seg") == 0)
                high[e][0] = layout->index;
            for (unsigned m = 0; m < GCN_MODIFIER_COUNT; m++)
                if (strcmp(layout->name, gcn_modifiers[m].name) == 0)
                    modifier[e][layout->index] = (uint8_t)(m + 1);
            for (unsigned arch = 0; arch < GCN_ARCH_COUNT; arch++) {
                if (!((layout->generations >> arch) & 1))
                    continue;
                places[e][arch][layout->index] = (gcn_field_place){
                    mask, layout->word, layout->first,
                    (uint8_t)(layout->is_signed ? GCN_PLACE_SIGNED : GCN_PLACE_UNSIGNED)};
                if (!((info->generations >> arch) & 1))
                    continue;
                if (covered[arch][layout->word] & mask << layout->first) {
                    fprintf(stderr, "encodings: %s.%s overlaps on %s\n", info->name, layout->name,
                            gcn_arch_name((gcn_arch)arch));
                    exit(1);
                }
                covered[arch][layout->word] |= mask << layout->first;
            }
        }
        high[e][1] = (uint8_t)(high[e][0] == 0xff ? 0 : opcode_width);
        for (unsigned arch = 0; arch < GCN_ARCH_COUNT; arch++)
            if ((info->generations >> arch) & 1) {
                reserved[e][arch][0] = ~covered[arch][0];
                reserved[e][arch][1] = info->words > 1 ? ~covered[arch][1] : 0;
            }
    }
}

/* Each encoding's gcn_flag_window on each generation and the tables
 * behind them (isa/encoding.h). */
static void flag_tables(void)
{
    static gcn_flag_window windows[GCN_ENCODING_COUNT][GCN_ARCH_COUNT];
    static uint16_t flags_of[4096];
    static uint32_t bits_of[4096][2];
    unsigned flag_count = 0, bits_count = 0;
    for (unsigned e = 1; e < GCN_ENCODING_COUNT; e++)
        for (unsigned arch = 0; arch < GCN_ARCH_COUNT; arch++) {
            /* each flag field on the generation: its word, bit and GCN_MOD_* bit */
            unsigned word[GCN_MAX_FIELDS], bit[GCN_MAX_FIELDS], mod[GCN_MAX_FIELDS], count = 0, all = 0;
            unsigned first[2] = {32, 32}, last[2] = {0, 0};
            gcn_flag_window *window = &windows[e][arch];
            window->fields = (uint16_t)((opcode_field[e] != 0xff ? 1u << opcode_field[e] : 0) |
                                        (high[e][0] != 0xff ? 1u << high[e][0] : 0));
            window->offset = 0xff;
            for (unsigned f = 0; f < GCN_MAX_FIELDS; f++) {
                const gcn_field_place *place = &places[e][arch][f];
                if (!modifier[e][f] || place->kind == GCN_PLACE_ABSENT)
                    continue;
                window->fields |= (uint16_t)(1u << f);
                if (gcn_modifiers[modifier[e][f] - 1].kind == GCN_MODIFIER_VALUE) {
                    window->offset = (uint8_t)f;
                    continue;
                }
                word[count] = place->word, bit[count] = place->first, mod[count] = gcn_modifiers[modifier[e][f] - 1].bit;
                first[word[count]] = bit[count] < first[word[count]] ? bit[count] : first[word[count]];
                last[word[count]] = bit[count] > last[word[count]] ? bit[count] : last[word[count]];
                all |= mod[count++];
            }
            bool wide = (first[0] < 32 && last[0] - first[0] >= 8) || (first[1] < 32 && last[1] - first[1] >= 8);
            if (wide && gcn_encodings[e].family != GCN_FAMILY_NONE) {
                fprintf(stderr, "encodings: %s's flags span more than 8 bits\n", gcn_encodings[e].name);
                exit(1);
            }
            if (!count || wide)
                continue;
            unsigned size = 1; /* a table for every set of the flags allowed */
            while (size <= all)
                size <<= 1;
            if (flag_count + 512 > 4096 || bits_count + size > 4096) {
                fprintf(stderr, "encodings: too many flag tables\n");
                exit(1);
            }
            for (unsigned w = 0; w < 2; w++) {
                if (first[w] == 32)
                    continue;
                window->first[w] = (uint8_t)first[w], window->width[w] = (uint8_t)(last[w] - first[w] + 1);
                window->flags_of[w] = (uint16_t)flag_count;
                for (unsigned value = 0; value < 1u << window->width[w]; value++) {
                    unsigned flags = 0;
                    for (unsigned i = 0; i < count; i++)
                        if (word[i] == w && ((value << first[w]) >> bit[i]) & 1)
                            flags |= mod[i];
                    flags_of[flag_count++] = (uint16_t)flags;
                }
            }
            window->allowed = (uint16_t)all, window->bits_of = (uint16_t)bits_count;
            for (unsigned flags = 0; flags < size; flags++, bits_count++)
                for (unsigned i = 0; i < count; i++)
                    if (flags & mod[i])
                        bits_of[bits_count][word[i]] |= 1u << bit[i];
        }
    printf(TABLE "gcn_flag_window gcn_flag_windows[GCN_ENCODING_COUNT][GCN_ARCH_COUNT] = {\n");
    for (unsigned e = 0; e < GCN_ENCODING_COUNT; e++) {
        printf("    {");
        for (unsigned arch = 0; arch < GCN_ARCH_COUNT; arch++) {
            const gcn_flag_window *w = &windows[e][arch];
            printf("%s{{%u, %u}, {%u, %u}, {%u, %u}, 0x%x, %u, 0x%x, %u}", arch ? ", " : "", w->first[0],
                   w->first[1], w->width[0], w->width[1], w->flags_of[0], w->flags_of[1], w->allowed, w->bits_of,
                   w->fields, w->offset);
        }
        printf("}, /* %s */\n", e ? gcn_encodings[e].name : "none");
    }
    printf("};\n\n" TABLE "uint16_t gcn_flags_of_bits[%u] = {", flag_count ? flag_count : 1);
    for (unsigned i = 0; i < flag_count; i++)
        printf("%s0x%x,", i % 16 ? " " : "\n    ", flags_of[i]);
    printf("\n};\n\n" TABLE "uint32_t gcn_bits_of_flags[%u][2] = {", bits_count ? bits_count : 1);
    for (unsigned i = 0; i < bits_count; i++)
        printf("%s{0x%x, 0x%x},", i % 4 ? " " : "\n    ", bits_of[i][0], bits_of[i][1]);
    printf("\n};\n");
}

/* A table's bytes, 16 a line. */
static void print_bytes(const uint8_t *values, unsigned count, const char *indent)
{
    for (unsigned i = 0; i < count; i++)
        printf("%s%u,", i % 16 ? " " : indent, values[i]);
    printf("\n");
}

int main(void)
{
    find_prefixes();
    place_fields();
    printf("/* Generated by src/isa/generate/encodings.c from src/isa/encodings.def (make\n"
           " * regenerate); do not edit. */\n#ifndef GCN_TABLE\n#define GCN_TABLE\n#endif\n");
    for (unsigned table = 0; table < 2; table++) {
        printf(TABLE "uint8_t gcn_%s_of_prefix[GCN_ARCH_COUNT][512] = {\n", table ? "family" : "encoding");
        for (unsigned arch = 0; arch < GCN_ARCH_COUNT; arch++) {
            printf("    { /* %s */", gcn_arch_name((gcn_arch)arch));
            print_bytes(table ? family[arch] : prefix[arch], 512, "\n        ");
            printf("    },\n");
        }
        printf("};\n\n");
    }
    printf(TABLE "uint8_t gcn_encoding_opcode_field[GCN_ENCODING_COUNT] = {");
    print_bytes(opcode_field, GCN_ENCODING_COUNT, "\n    ");
    printf("};\n\n" TABLE "uint8_t gcn_encoding_opcode_high_field[GCN_ENCODING_COUNT][2] = {");
    for (unsigned e = 0; e < GCN_ENCODING_COUNT; e++)
        printf("%s{%u, %u},", e % 8 ? " " : "\n    ", high[e][0], high[e][1]);
    printf("\n};\n\n");
    printf(TABLE "uint32_t gcn_encoding_reserved[GCN_ENCODING_COUNT][GCN_ARCH_COUNT][2] = {\n");
    for (unsigned e = 0; e < GCN_ENCODING_COUNT; e++) {
        printf("    { /* %s */", e ? gcn_encodings[e].name : "none");
        for (unsigned arch = 0; arch < GCN_ARCH_COUNT; arch++)
            printf(" {0x%08xu, 0x%08xu},", reserved[e][arch][0], reserved[e][arch][1]);
        printf(" },\n");
    }
    printf("};\n\n");
    printf(TABLE "gcn_field_place gcn_field_places[GCN_ENCODING_COUNT][GCN_ARCH_COUNT][GCN_MAX_FIELDS] = {\n");
    for (unsigned e = 0; e < GCN_ENCODING_COUNT; e++) {
        printf("    { /* %s */\n", e ? gcn_encodings[e].name : "none");
        for (unsigned arch = 0; arch < GCN_ARCH_COUNT && e; arch++) {
            printf("        {");
            for (unsigned f = 0; f < GCN_MAX_FIELDS; f++) {
                const gcn_field_place *place = &places[e][arch][f];
                printf("%s{0x%xu, %u, %u, %u},", f % 4 ? " " : f ? "\n         " : "", place->mask, place->word,
                       place->first, place->kind);
            }
            printf("},\n");
        }
        printf("    },\n");
    }
    printf("};\n\n" TABLE "uint8_t gcn_field_modifiers[GCN_ENCODING_COUNT][GCN_MAX_FIELDS] = {\n");
    for (unsigned e = 0; e < GCN_ENCODING_COUNT; e++) {
        printf("    {");
        for (unsigned f = 0; f < GCN_MAX_FIELDS; f++)
            printf("%s%u", f ? ", " : "", modifier[e][f]);
        printf("}, /* %s */\n", e ? gcn_encodings[e].name : "none");
    }
    printf("};\n\n" TABLE "uint8_t gcn_scalar_kinds[2][256] = {\n");
    for (unsigned gcn12_on = 0; gcn12_on < 2; gcn12_on++) {
        uint8_t kinds[256];
        gcn_arch arch = gcn12_on ? GCN_ARCH_GCN12 : GCN_ARCH_GCN10;
        for (unsigned code = 0; code < 256; code++)
            kinds[code] = gcn_is_inline_constant(arch, code) ? GCN_OPERAND_CONSTANT : GCN_OPERAND_SCALAR;
        printf("    {");
        print_bytes(kinds, 256, "\n        ");
        printf("    },\n");
    }
    printf("};\n\n");
    flag_tables();
    return 0;
}
