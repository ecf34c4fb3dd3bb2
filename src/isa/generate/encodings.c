/* Writes src/isa/generated/encodings.inc (make regenerate) from the
 * encoding tables: for each generation, the encoding of word 0 by its top
 * nine bits (the one whose fixed bits match with the most bits fixed) and
 * its family, each encoding's opcode field, and
 * for each encoding the reserved bits of its words: those that neither its
 * fixed bits nor a field on the generation cover. Fails if two lookup
 * encodings claim the same prefix with equally many fixed bits, if fixed
 * bits of a lookup encoding lie below bit 23, or if two fields of one generation overlap. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/encoding.h"

static unsigned bit_count(uint32_t value)
{
    unsigned count = 0;
    for (; value; value &= value - 1)
        count++;
    return count;
}

/* The flag modifiers of an encoding's word on a generation: the flags each
 * value of the bits from its first flag field to its last gives (a table
 * for the decoder, at most 8 bits), and the bits of both words each set of
 * the encoding's GCN_MOD_* flags gives (one for the encoder); none where a
 * word's flags span more than 8 bits. */
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
            for (unsigned l = gcn_encodings[e].first_layout; gcn_field_layouts[l].encoding == e; l++) {
                const gcn_field_layout *layout = &gcn_field_layouts[l];
                for (unsigned m = 0; m < GCN_MODIFIER_COUNT; m++)
                    if (((layout->generations >> arch) & 1) && gcn_modifiers[m].kind == GCN_MODIFIER_FLAG &&
                        strcmp(layout->name, gcn_modifiers[m].name) == 0) {
                        word[count] = layout->word, bit[count] = layout->first, mod[count] = gcn_modifiers[m].bit;
                        all |= mod[count++];
                    }
            }
            if (!count)
                continue;
            gcn_flag_window *window = &windows[e][arch];
            unsigned first[2] = {32, 32}, last[2] = {0, 0};
            for (unsigned i = 0; i < count; i++) {
                first[word[i]] = bit[i] < first[word[i]] ? bit[i] : first[word[i]];
                last[word[i]] = bit[i] > last[word[i]] ? bit[i] : last[word[i]];
            }
            if ((first[0] < 32 && last[0] - first[0] >= 8) || (first[1] < 32 && last[1] - first[1] >= 8))
                continue; /* too wide for a table: the codec's loop over fields */
            window->tabled = 1;
            for (unsigned w = 0; w < 2; w++) {
                if (first[w] == 32)
                    continue;
                window->first[w] = (uint8_t)first[w], window->width[w] = (uint8_t)(last[w] - first[w] + 1);
                window->flags_of[w] = (uint16_t)flag_count;
                if (flag_count + (1u << window->width[w]) > 4096) {
                    fprintf(stderr, "encodings: too many flag tables\n");
                    exit(1);
                }
                for (unsigned value = 0; value < 1u << window->width[w]; value++) {
                    unsigned flags = 0;
                    for (unsigned i = 0; i < count; i++)
                        if (word[i] == w && ((value << first[w]) >> bit[i]) & 1)
                            flags |= mod[i];
                    flags_of[flag_count++] = (uint16_t)flags;
                }
            }
            unsigned size = 1;
            while (size <= (all | (all >> 1) | (all >> 2) | (all >> 3) | (all >> 4) | (all >> 5) | (all >> 6) |
                            (all >> 7) | (all >> 8) | (all >> 9) | (all >> 10)))
                size <<= 1;
            if (bits_count + size > 4096) {
                fprintf(stderr, "encodings: too many flag tables\n");
                exit(1);
            }
            window->allowed = (uint16_t)all, window->bits_of = (uint16_t)bits_count;
            for (unsigned flags = 0; flags < size; flags++, bits_count++)
                for (unsigned i = 0; i < count; i++)
                    if (flags & mod[i])
                        bits_of[bits_count][word[i]] |= 1u << bit[i];
        }
    printf("\nconst gcn_flag_window gcn_flag_windows[GCN_ENCODING_COUNT][GCN_ARCH_COUNT] = {\n");
    for (unsigned e = 0; e < GCN_ENCODING_COUNT; e++) {
        printf("    {");
        for (unsigned arch = 0; arch < GCN_ARCH_COUNT; arch++) {
            const gcn_flag_window *w = &windows[e][arch];
            printf("%s{%u, {%u, %u}, {%u, %u}, {%u, %u}, 0x%x, %u}", arch ? ", " : "", w->tabled, w->first[0],
                   w->first[1], w->width[0], w->width[1], w->flags_of[0], w->flags_of[1], w->allowed, w->bits_of);
        }
        printf("}, /* %s */\n", e ? gcn_encodings[e].name : "none");
    }
    printf("};\n\nconst uint16_t gcn_flags_of_bits[%u] = {", flag_count ? flag_count : 1);
    for (unsigned i = 0; i < flag_count; i++)
        printf("%s0x%x,", i % 16 ? " " : "\n    ", flags_of[i]);
    printf("\n};\n\nconst uint32_t gcn_bits_of_flags[%u][2] = {", bits_count ? bits_count : 1);
    for (unsigned i = 0; i < bits_count; i++)
        printf("%s{0x%x, 0x%x},", i % 4 ? " " : "\n    ", bits_of[i][0], bits_of[i][1]);
    printf("\n};\n");
}

int main(void)
{
    static uint8_t prefix[GCN_ARCH_COUNT][512];
    static uint32_t reserved[GCN_ENCODING_COUNT][GCN_ARCH_COUNT][2];
    for (unsigned arch = 0; arch < GCN_ARCH_COUNT; arch++) {
        for (unsigned top = 0; top < 512; top++) {
            uint32_t word = (uint32_t)top << 23;
            unsigned best = GCN_ENCODING_NONE, best_bits = 0;
            for (unsigned e = 1; e < GCN_ENCODING_COUNT; e++) {
                const gcn_encoding_info *info = &gcn_encodings[e];
                if (info->kind != GCN_ENCODING_LOOKUP || !((info->generations >> arch) & 1))
                    continue;
                if (info->mask & 0x7fffffu) {
                    fprintf(stderr, "encodings: %s has fixed bits below bit 23\n", info->name);
                    return 1;
                }
                if ((word & info->mask) != info->value[arch])
                    continue;
                unsigned bits = bit_count(info->mask);
                if (bits == best_bits) {
                    fprintf(stderr, "encodings: %s and %s share prefix 0x%03x\n", info->name,
                            gcn_encodings[best].name, top);
                    return 1;
                }
                if (bits > best_bits) {
                    best = e;
                    best_bits = bits;
                }
            }
            prefix[arch][top] = (uint8_t)best;
        }
        for (unsigned e = 1; e < GCN_ENCODING_COUNT; e++) {
            const gcn_encoding_info *info = &gcn_encodings[e];
            if (!((info->generations >> arch) & 1))
                continue;
            /* An extra word's encoding owns word 1 only: word 0 is its VOP's. */
            uint32_t covered[2] = {info->kind == GCN_ENCODING_EXTRA ? ~0u : info->mask, 0};
            for (unsigned l = info->first_layout; gcn_field_layouts[l].encoding == e; l++) {
                const gcn_field_layout *layout = &gcn_field_layouts[l];
                if (!((layout->generations >> arch) & 1))
                    continue;
                uint32_t bits = (layout->width >= 32 ? ~0u : (1u << layout->width) - 1u)
                                << layout->first;
                if (covered[layout->word] & bits) {
                    fprintf(stderr, "encodings: %s.%s overlaps on %s\n", info->name, layout->name,
                            gcn_arch_name((gcn_arch)arch));
                    return 1;
                }
                covered[layout->word] |= bits;
            }
            reserved[e][arch][0] = ~covered[0];
            reserved[e][arch][1] = info->words > 1 ? ~covered[1] : 0;
        }
    }
    printf("/* Generated by src/isa/generate/encodings.c from src/isa/encodings.def (make\n"
           " * regenerate); do not edit. */\n");
    printf("const uint8_t gcn_encoding_of_prefix[GCN_ARCH_COUNT][512] = {\n");
    for (unsigned arch = 0; arch < GCN_ARCH_COUNT; arch++) {
        printf("    { /* %s */\n", gcn_arch_name((gcn_arch)arch));
        for (unsigned top = 0; top < 512; top++)
            printf("%s%2u,%s", top % 16 ? " " : "        ", prefix[arch][top],
                   top % 16 == 15 ? "\n" : "");
        printf("    },\n");
    }
    printf("};\n\n");
    printf("const uint8_t gcn_family_of_prefix[GCN_ARCH_COUNT][512] = {\n");
    for (unsigned arch = 0; arch < GCN_ARCH_COUNT; arch++) {
        printf("    { /* %s */\n", gcn_arch_name((gcn_arch)arch));
        for (unsigned top = 0; top < 512; top++)
            printf("%s%u,%s", top % 16 ? " " : "        ", gcn_encodings[prefix[arch][top]].family,
                   top % 16 == 15 ? "\n" : "");
        printf("    },\n");
    }
    printf("};\n\n");
    printf("const uint8_t gcn_encoding_field_count[GCN_ENCODING_COUNT] = {");
    for (unsigned e = 0; e < GCN_ENCODING_COUNT; e++) {
        unsigned count = 0;
        for (unsigned l = gcn_encodings[e].first_layout; e && gcn_field_layouts[l].encoding == e; l++)
            count = gcn_field_layouts[l].index + 1u > count ? gcn_field_layouts[l].index + 1u : count;
        printf("%s%u,", e % 16 ? " " : "\n    ", count);
    }
    printf("\n};\n\n");
    printf("const uint8_t gcn_encoding_opcode_field[GCN_ENCODING_COUNT] = {");
    for (unsigned e = 0; e < GCN_ENCODING_COUNT; e++) {
        unsigned index = 0xff; /* none: the extra words */
        for (unsigned l = gcn_encodings[e].first_layout; e && gcn_field_layouts[l].encoding == e; l++)
            if (strcmp(gcn_field_layouts[l].name, "op") == 0)
                index = gcn_field_layouts[l].index;
        printf("%s%u,", e % 16 ? " " : "\n    ", index);
    }
    printf("\n};\n\n");
    /* The field above the opcode's in the rows' opcodes: FLAT's segment
     * (GCN 1.4 rows hold segment << 7 | opcode). */
    printf("const uint8_t gcn_encoding_opcode_high_field[GCN_ENCODING_COUNT][2] = {");
    for (unsigned e = 0; e < GCN_ENCODING_COUNT; e++) {
        unsigned index = 0xff, shift = 0;
        for (unsigned l = gcn_encodings[e].first_layout; e && gcn_field_layouts[l].encoding == e; l++) {
            if (strcmp(gcn_field_layouts[l].name, "seg") == 0)
                index = gcn_field_layouts[l].index;
            if (strcmp(gcn_field_layouts[l].name, "op") == 0)
                shift = gcn_field_layouts[l].width;
        }
        printf("%s{%u, %u},", e % 8 ? " " : "\n    ", index, index == 0xff ? 0 : shift);
    }
    printf("\n};\n\n");
    printf("const uint32_t gcn_encoding_reserved[GCN_ENCODING_COUNT][GCN_ARCH_COUNT][2] = {\n");
    for (unsigned e = 0; e < GCN_ENCODING_COUNT; e++) {
        printf("    { /* %s */", e ? gcn_encodings[e].name : "none");
        for (unsigned arch = 0; arch < GCN_ARCH_COUNT; arch++)
            printf(" {0x%08xu, 0x%08xu},", reserved[e][arch][0], reserved[e][arch][1]);
        printf(" },\n");
    }
    printf("};\n\n");
    /* Each field's place per generation, for the generic codec's operands. */
    printf("const gcn_field_place gcn_field_places[GCN_ENCODING_COUNT][GCN_ARCH_COUNT][GCN_MAX_FIELDS] = {\n");
    for (unsigned e = 0; e < GCN_ENCODING_COUNT; e++) {
        printf("    { /* %s */\n", e ? gcn_encodings[e].name : "none");
        for (unsigned arch = 0; arch < GCN_ARCH_COUNT && e; arch++) {
            gcn_field_place places[GCN_MAX_FIELDS];
            memset(places, 0, sizeof places);
            for (unsigned l = gcn_encodings[e].first_layout; gcn_field_layouts[l].encoding == e; l++) {
                const gcn_field_layout *layout = &gcn_field_layouts[l];
                if ((layout->generations >> arch) & 1)
                    places[layout->index] = (gcn_field_place){
                        layout->width >= 32 ? ~0u : (1u << layout->width) - 1u, layout->word, layout->first,
                        (uint8_t)(layout->is_signed ? GCN_PLACE_SIGNED : GCN_PLACE_UNSIGNED)};
            }
            printf("        {");
            for (unsigned f = 0; f < GCN_MAX_FIELDS; f++)
                printf("%s{0x%xu, %u, %u, %u},", f % 4 ? " " : f ? "\n         " : "", places[f].mask,
                       places[f].word, places[f].first, places[f].kind);
            printf("},\n");
        }
        printf("    },\n");
    }
    printf("};\n\n");
    printf("const uint8_t gcn_field_modifiers[GCN_ENCODING_COUNT][GCN_MAX_FIELDS] = {\n");
    for (unsigned e = 0; e < GCN_ENCODING_COUNT; e++) {
        uint8_t modifier[GCN_MAX_FIELDS] = {0};
        for (unsigned l = gcn_encodings[e].first_layout; e && gcn_field_layouts[l].encoding == e; l++)
            for (unsigned m = 0; m < GCN_MODIFIER_COUNT; m++)
                if (strcmp(gcn_field_layouts[l].name, gcn_modifiers[m].name) == 0)
                    modifier[gcn_field_layouts[l].index] = (uint8_t)(m + 1);
        printf("    {");
        for (unsigned f = 0; f < GCN_MAX_FIELDS; f++)
            printf("%s%u", f ? ", " : "", modifier[f]);
        printf("}, /* %s */\n", e ? gcn_encodings[e].name : "none");
    }
    printf("};\n");
    flag_tables();
    return 0;
}
