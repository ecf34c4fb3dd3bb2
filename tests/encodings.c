/* The encodings as data (src/isa/encodings.def) and the generic bit packer:
 *   every field of every encoding on every generation round-trips, both
 *   ways (values -> words -> values, words -> values -> words);
 *   the derived reserved bits are the ones the hand-written codecs of SOPP,
 *   SMRD/SMEM, MUBUF and FLAT keep, and on random words of those families
 *   the packer reads the same field values as their decoders;
 *   the lookup of word 0's encoding finds the families the older hand
 *   switch found, and places the nested encodings (SOP1, SOPC and SOPP in
 *   SOP2's space, VOP1 and VOPC in VOP2's, VOP3P in VOP3's);
 *   the flag tables move the same bits as the flag fields one by one. */
#include "isa/profile.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "codec/codec.h"
#include "isa/encoding.h"
#include "syntax/modifier.h"
#include "support/harness.h"
#include "support/random.h"

enum { SAMPLES = 3000 };

static test_summary summary = {"encodings", 0, 0, 0};

static void check(bool ok, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void check(bool ok, const char *format, ...)
{
    if (ok) {
        test_pass(&summary);
        return;
    }
    char message[300];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, sizeof message, format, arguments);
    va_end(arguments);
    test_fail(&summary, "%s", message);
}

static uint32_t width_mask(unsigned width)
{
    return width >= 32 ? ~0u : (1u << width) - 1u;
}

/* A random word 0 with the encoding's fixed bits. */
static void random_words(test_random *random, gcn_encoding encoding, gcn_arch arch,
                         uint32_t *words)
{
    const gcn_encoding_info *info = &gcn_encodings[encoding];
    words[0] = (test_random_word(random) & ~info->mask) | info->value[arch];
    words[1] = test_random_word(random);
}

static void test_round_trips(void)
{
    for (unsigned e = 1; e < GCN_ENCODING_COUNT; e++) {
        const gcn_encoding_info *info = &gcn_encodings[e];
        for (unsigned arch = 0; arch < GCN_ARCH_COUNT; arch++) {
            if (!gcn_encoding_on_arch((gcn_encoding)e, (gcn_arch)arch))
                continue;
            test_random random;
            test_random_start(&random, test_seed(), "encodings", e, arch);
            unsigned words_bad = 0, values_bad = 0, refused = 0;
            for (unsigned i = 0; i < SAMPLES; i++) {
                uint32_t words[2], values[GCN_MAX_FIELDS], reserved[2], again[2] = {0, 0};
                random_words(&random, (gcn_encoding)e, (gcn_arch)arch, words);
                if (info->kind == GCN_ENCODING_EXTRA)
                    again[0] = words[0];
                gcn_unpack((gcn_encoding)e, (gcn_arch)arch, words, values, reserved);
                if (!gcn_pack((gcn_encoding)e, (gcn_arch)arch, values, reserved, again))
                    refused++;
                else if (again[0] != words[0] || (info->words > 1 && again[1] != words[1]))
                    words_bad++;
                /* values -> words -> values, reserved bits clear */
                uint32_t chosen[GCN_MAX_FIELDS] = {0}, none[2] = {0, 0}, back[GCN_MAX_FIELDS];
                for (unsigned l = 0; gcn_field_layouts[l].encoding != GCN_ENCODING_NONE; l++) {
                    const gcn_field_layout *layout = &gcn_field_layouts[l];
                    if (layout->encoding == e && ((layout->generations >> arch) & 1))
                        chosen[layout->index] = (uint32_t)test_random_next(&random) & width_mask(layout->width);
                }
                uint32_t packed[2] = {0, 0};
                if (!gcn_pack((gcn_encoding)e, (gcn_arch)arch, chosen, none, packed)) {
                    refused++;
                    continue;
                }
                gcn_unpack((gcn_encoding)e, (gcn_arch)arch, packed, back, reserved);
                if (memcmp(back, chosen, sizeof chosen) != 0 || reserved[0] || reserved[1] ||
                    (info->kind != GCN_ENCODING_EXTRA && (packed[0] & info->mask) != info->value[arch]))
                    values_bad++;
            }
            check(words_bad == 0 && values_bad == 0 && refused == 0,
                  "%s on %s: words -> fields -> words differ %u times, fields -> words -> fields %u",
                  info->name, gcn_arch_name((gcn_arch)arch), words_bad, values_bad);
            /* Out of range: one past a field's width, a field absent here. */
            for (unsigned l = 0; gcn_field_layouts[l].encoding != GCN_ENCODING_NONE; l++) {
                const gcn_field_layout *layout = &gcn_field_layouts[l];
                if (layout->encoding != e)
                    continue;
                uint32_t values[GCN_MAX_FIELDS] = {0}, none[2] = {0, 0}, out[2] = {0, 0};
                bool here = (layout->generations >> arch) & 1;
                bool elsewhere = false; /* another layout of the field on this generation */
                for (unsigned m = 0; gcn_field_layouts[m].encoding != GCN_ENCODING_NONE; m++)
                    elsewhere |= m != l && gcn_field_layouts[m].encoding == e &&
                                 gcn_field_layouts[m].index == layout->index &&
                                 ((gcn_field_layouts[m].generations >> arch) & 1);
                if (!here && elsewhere)
                    continue;
                values[layout->index] = here ? (layout->width >= 32 ? 0 : 1u << layout->width) : 1;
                if (here && layout->width >= 32)
                    continue;
                check(!gcn_pack((gcn_encoding)e, (gcn_arch)arch, values, none, out),
                          "%s.%s on %s: a value outside the field packs (%u)", info->name,
                      layout->name, gcn_arch_name((gcn_arch)arch), values[layout->index]);
            }
        }
    }
}

/* The reserved bits the hand-written codecs keep, as they state them. */
static void test_reserved_masks(void)
{
    static const struct {
        gcn_encoding encoding;
        gcn_arch arch;
        uint32_t word0, word1;
    } expected[] = {
        {GCN_ENCODING_SOPP, GCN_ARCH_GCN10, 0, 0},
        {GCN_ENCODING_SOPP, GCN_ARCH_GCN14, 0, 0},
        {GCN_ENCODING_SMRD, GCN_ARCH_GCN10, 0, 0},
        {GCN_ENCODING_SMRD, GCN_ARCH_GCN11, 0, 0},
        {GCN_ENCODING_SMEM, GCN_ARCH_GCN12, 0xe000u, 0xfff00000u},
        {GCN_ENCODING_SMEM, GCN_ARCH_GCN14, 0x2000u, 0x01e00000u},
        {GCN_ENCODING_MUBUF, GCN_ARCH_GCN10, ~0xfdfdffffu, ~0xffdfffffu},
        {GCN_ENCODING_MUBUF, GCN_ARCH_GCN11, ~0xfdfdffffu, ~0xffdfffffu},
        {GCN_ENCODING_MUBUF, GCN_ARCH_GCN12, ~0xfdff7fffu, ~0xff9fffffu},
        {GCN_ENCODING_MUBUF, GCN_ARCH_GCN14, ~0xfdff7fffu, ~0xff9fffffu},
        {GCN_ENCODING_FLAT, GCN_ARCH_GCN11, 0xffffu | 1u << 25, 0x7fu << 16},
        {GCN_ENCODING_FLAT, GCN_ARCH_GCN12, 0xffffu | 1u << 25, 0x7fu << 16},
        {GCN_ENCODING_FLAT, GCN_ARCH_GCN14, 1u << 25, 0},
    };
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        const uint32_t *got = gcn_encoding_reserved[expected[i].encoding][expected[i].arch];
        check(got[0] == expected[i].word0 && got[1] == expected[i].word1,
              "reserved bits of %s on %s: 0x%08x 0x%08x", gcn_encodings[expected[i].encoding].name,
              gcn_arch_name(expected[i].arch), got[0], got[1]);
    }
}

/* SMRD/SMEM on the generic codec: each field the row's profile shows is
 * its operand (sbase: its first register / 2; the offset operand by imm,
 * soe and GCN 1.1's literal), the others are kept in reserved[] with the
 * reserved bits. */
static bool same_memory_operands(gcn_encoding encoding, gcn_arch arch, uint32_t sdata, uint32_t sbase,
                                 uint32_t soffset, const uint32_t *reserved, const gcn_instruction *in)
{
    const gcn_profile *profile = gcn_profile_of(in);
    if (encoding == GCN_ENCODING_SMRD) /* the codec's SMRD twin */
        profile = &gcn_profiles[gcn_smrd_shape((unsigned)(profile - gcn_profiles))];
    bool same = profile->encoding == encoding && in->operand_count == profile->operand_count;
    for (unsigned i = 0; i < profile->operand_count; i++) {
        const gcn_operand *operand = &in->operands[i];
        switch (profile->operands[i].syntax) {
        case GCN_SYNTAX_SREG: same &= operand->kind == GCN_OPERAND_SCALAR && operand->number == sdata; break;
        case GCN_SYNTAX_SMEM_PROBE: same &= operand->value == sdata; break;
        case GCN_SYNTAX_SBASE: same &= operand->number == sbase * 2; break;
        default:
            if (in->modifiers & GCN_MOD_SOE)
                same &= operand->kind == GCN_OPERAND_SCALAR && operand->number == soffset;
            else if (in->modifiers & GCN_MOD_IMM)
                same &= operand->kind == GCN_OPERAND_IMMEDIATE && operand->value == in->offset;
            else if (in->modifiers & GCN_MOD_LITERAL)
                same &= operand->kind == GCN_OPERAND_LITERAL && in->offset == 255 && arch == GCN_ARCH_GCN11;
            else
                same &= operand->kind == GCN_OPERAND_SCALAR && operand->number == (in->offset & 0xffu);
        }
    }
    for (int w = 0; w < 2; w++)
        same &= (in->reserved[w] & gcn_encoding_reserved[encoding][arch][w]) == reserved[w];
    return same;
}

/* The packer's fields against each hand decoder's, on random words. */
#define F(encoding, name) values[GCN_FIELD(encoding, name)]
static bool same_fields(gcn_encoding encoding, gcn_arch arch, const uint32_t *values,
                        const uint32_t *reserved, const gcn_instruction *in)
{
    unsigned m = in->modifiers;
    bool flags_match = true;
#define FLAG(encoding, name, bit) (flags_match &= (F(encoding, name) != 0) == ((m & (bit)) != 0))
    switch (encoding) {
    case GCN_ENCODING_SMRD:
        FLAG(SMRD, imm, GCN_MOD_IMM);
        return flags_match && F(SMRD, op) == in->opcode && F(SMRD, offset) == in->offset &&
               same_memory_operands(encoding, arch, F(SMRD, sdst), F(SMRD, sbase), 0, reserved, in);
    case GCN_ENCODING_SMEM:
        FLAG(SMEM, imm, GCN_MOD_IMM);
        FLAG(SMEM, glc, GCN_MOD_GLC);
        FLAG(SMEM, soe, GCN_MOD_SOE);
        FLAG(SMEM, nv, GCN_MOD_NV);
        return flags_match && F(SMEM, op) == in->opcode && F(SMEM, offset) == in->offset &&
               same_memory_operands(encoding, arch, F(SMEM, sdata), F(SMEM, sbase), F(SMEM, soffset),
                                    reserved, in);
    default:
        (void)arch;
        return false;
    }
#undef FLAG
}
#undef F

static void test_hand_decoders(void)
{
    /* SOPP, MUBUF and FLAT are on the generic codec: the packer is their decoder */
    static const gcn_encoding families[] = {GCN_ENCODING_SMRD, GCN_ENCODING_SMEM};
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++) {
        gcn_encoding e = families[f];
        for (unsigned arch = 0; arch < GCN_ARCH_COUNT; arch++) {
            if (!gcn_encoding_on_arch(e, (gcn_arch)arch))
                continue;
            test_random random;
            test_random_start(&random, test_seed(), "encodings-hand", e, arch);
            unsigned differ = 0, first = 0;
            for (unsigned i = 0; i < SAMPLES; i++) {
                uint32_t words[GCN_MAX_WORDS], values[GCN_MAX_FIELDS], reserved[2];
                random_words(&random, e, (gcn_arch)arch, words);
                words[2] = 0;
                gcn_instruction instruction;
                if (gcn_decode((gcn_arch)arch, words, GCN_MAX_WORDS, &instruction) != GCN_OK) {
                    differ++;
                    continue;
                }
                gcn_unpack(e, (gcn_arch)arch, words, values, reserved);
                if (!same_fields(e, (gcn_arch)arch, values, reserved, &instruction) && !differ++)
                    first = words[0];
            }
            check(differ == 0, "%s on %s: the packer and the decoder differ on %u words (first 0x%08x)",
                  gcn_encodings[e].name, gcn_arch_name((gcn_arch)arch), differ, first);
        }
    }
}

/* The hand switch the lookup replaced, as the expectation for the older
 * families, and the nesting of the others. */
static gcn_encoding old_switch(gcn_arch arch, uint32_t word)
{
    switch (word >> 26) {
    case 0x2f:
        return (word >> 23) == 0x17f ? GCN_ENCODING_SOPP : GCN_ENCODING_NONE;
    case 0x30:
        return arch <= GCN_ARCH_GCN11 ? GCN_ENCODING_SMRD : GCN_ENCODING_SMEM;
    case 0x31:
        return arch <= GCN_ARCH_GCN11 ? GCN_ENCODING_SMRD : GCN_ENCODING_NONE;
    case 0x37:
        return arch >= GCN_ARCH_GCN11 ? GCN_ENCODING_FLAT : GCN_ENCODING_NONE;
    case 0x38:
        return GCN_ENCODING_MUBUF;
    default:
        return GCN_ENCODING_NONE;
    }
}

static void test_lookup(void)
{
    static const struct {
        uint32_t word;
        gcn_arch arch;
        gcn_encoding encoding;
    } nested[] = {
        {0x80000000u, GCN_ARCH_GCN10, GCN_ENCODING_SOP2}, {0xbe800000u, GCN_ARCH_GCN10, GCN_ENCODING_SOP1},
        {0xbf000000u, GCN_ARCH_GCN12, GCN_ENCODING_SOPC}, {0xbf800000u, GCN_ARCH_GCN14, GCN_ENCODING_SOPP},
        {0xb0000000u, GCN_ARCH_GCN11, GCN_ENCODING_SOPK}, {0xbe000000u, GCN_ARCH_GCN11, GCN_ENCODING_SOPK},
        {0x7e000000u, GCN_ARCH_GCN10, GCN_ENCODING_VOP1}, {0x7c000000u, GCN_ARCH_GCN12, GCN_ENCODING_VOPC},
        {0x02000000u, GCN_ARCH_GCN14, GCN_ENCODING_VOP2}, {0xd3800000u, GCN_ARCH_GCN14, GCN_ENCODING_VOP3P},
        {0xd3800000u, GCN_ARCH_GCN12, GCN_ENCODING_VOP3A}, {0xd0000000u, GCN_ARCH_GCN14, GCN_ENCODING_VOP3A},
        {0xc8000000u, GCN_ARCH_GCN10, GCN_ENCODING_VINTRP}, {0xd4000000u, GCN_ARCH_GCN12, GCN_ENCODING_VINTRP},
        {0xc8000000u, GCN_ARCH_GCN12, GCN_ENCODING_NONE}, {0xf8000000u, GCN_ARCH_GCN11, GCN_ENCODING_EXP},
        {0xc4000000u, GCN_ARCH_GCN14, GCN_ENCODING_EXP}, {0xd8000000u, GCN_ARCH_GCN10, GCN_ENCODING_DS},
        {0xe8000000u, GCN_ARCH_GCN10, GCN_ENCODING_MTBUF}, {0xf0000000u, GCN_ARCH_GCN14, GCN_ENCODING_MIMG},
        {0xdc000000u, GCN_ARCH_GCN10, GCN_ENCODING_NONE}, {0xfc000000u, GCN_ARCH_GCN14, GCN_ENCODING_NONE},
    };
    for (size_t i = 0; i < sizeof nested / sizeof nested[0]; i++) {
        gcn_encoding got = gcn_encoding_of_word(nested[i].arch, nested[i].word);
        check(got == nested[i].encoding, "word 0x%08x on %s: encoding %s, expected %s",
              nested[i].word, gcn_arch_name(nested[i].arch), gcn_encodings[got].name,
              gcn_encodings[nested[i].encoding].name);
    }
    unsigned differ = 0;
    for (unsigned arch = 0; arch < GCN_ARCH_COUNT; arch++)
        for (uint32_t top = 0; top < 512; top++) {
            uint32_t word = top << 23;
            gcn_encoding old = old_switch((gcn_arch)arch, word);
            gcn_encoding now = gcn_encoding_of_word((gcn_arch)arch, word);
            bool older_family = now == GCN_ENCODING_SOPP || now == GCN_ENCODING_SMRD ||
                                now == GCN_ENCODING_SMEM || now == GCN_ENCODING_MUBUF ||
                                now == GCN_ENCODING_FLAT;
            if ((older_family ? now : GCN_ENCODING_NONE) != old)
                differ++;
        }
    check(differ == 0, "the lookup and the old switch differ on %u prefixes", differ);
}

/* Each row of src/syntax/modifier_orders.def spells every modifier whose
 * field its encoding has, once, as modifiers.def names it (the VALUE may
 * have a prefix: CLRX's FLAT inst_offset:). */
static void test_modifier_orders(void)
{
    for (unsigned e = 0; e < GCN_ENCODING_COUNT; e++) {
        for (unsigned dialect = 0; dialect < 2; dialect++) {
            const gcn_modifier_order *order = &gcn_modifier_orders[e][dialect];
            if (!order->count)
                continue;
            unsigned held = 0, spelled = 0;
            for (unsigned f = 0; f < GCN_MAX_FIELDS; f++)
                if (gcn_field_modifiers[e][f])
                    held |= 1u << (gcn_field_modifiers[e][f] - 1);
            for (unsigned i = 0; i < order->count; i++) {
                const gcn_modifier_spelling *spelling = &order->spellings[i];
                const gcn_modifier_info *info = &gcn_modifiers[spelling->modifier];
                char expected[16];
                snprintf(expected, sizeof expected, "%s%s", info->name,
                         info->kind == GCN_MODIFIER_VALUE ? ":" : "");
                size_t length = strlen(spelling->text), tail = strlen(expected);
                bool named = length > tail && spelling->text[0] == ' ' &&
                             strcmp(spelling->text + length - tail, expected) == 0 &&
                             (length == tail + 1 ||
                              (info->kind == GCN_MODIFIER_VALUE && spelling->text[length - tail - 1] == '_'));
                check(named && spelling->length == length &&
                          spelling->bit == info->bit &&
                          (info->kind == GCN_MODIFIER_VALUE) == (i == order->value_position),
                      "%s: '%s' is not modifiers.def's %s", gcn_encodings[e].name, spelling->text,
                      info->name);
                spelled |= 1u << spelling->modifier;
            }
            check(spelled == held, "%s (dialect %u) spells modifiers 0x%x, its fields hold 0x%x",
                  gcn_encodings[e].name, dialect, spelled, held);
        }
    }
}

/* The flag tables (gcn_flag_windows) give what the flag fields one by
 * one give: the GCN_MOD_* flags of every value of a word's flag bits, and
 * the bits of every set of the allowed flags. */
static void test_flag_tables(void)
{
    unsigned tabled = 0;
    for (unsigned e = 1; e < GCN_ENCODING_COUNT; e++)
        for (unsigned arch = 0; arch < GCN_ARCH_COUNT; arch++) {
            const gcn_flag_window *window = &gcn_flag_windows[e][arch];
            const gcn_field_place *places = gcn_field_places[e][arch];
            unsigned allowed = 0, span[2] = {0, 0}, fields = 0, offset = 0xff;
            for (unsigned f = 0; f < GCN_MAX_FIELDS; f++) {
                unsigned m = gcn_field_modifiers[e][f];
                if (m && places[f].kind != GCN_PLACE_ABSENT && gcn_modifiers[m - 1].kind == GCN_MODIFIER_FLAG)
                    allowed |= gcn_modifiers[m - 1].bit;
                if (m && places[f].kind != GCN_PLACE_ABSENT && gcn_modifiers[m - 1].kind == GCN_MODIFIER_VALUE)
                    offset = f;
                if ((m && places[f].kind != GCN_PLACE_ABSENT) || f == gcn_encoding_opcode_field[e] ||
                    f == gcn_encoding_opcode_high_field[e][0])
                    fields |= 1u << f;
            }
            /* the fields no operand shows: the opcode's and the modifiers' */
            check(window->fields == fields && window->offset == offset,
                  "%s on arch %u: fields 0x%x and offset %u, not 0x%x and %u", gcn_encodings[e].name, arch,
                  window->fields, window->offset, fields, offset);
            if (!window->allowed) {
                check(allowed == 0 || e == GCN_ENCODING_MIMG, "%s on arch %u: flags 0x%x not tabled",
                      gcn_encodings[e].name, arch, allowed);
                continue;
            }
            tabled++;
            check(window->allowed == allowed, "%s on arch %u: allowed 0x%x, the fields 0x%x",
                  gcn_encodings[e].name, arch, window->allowed, allowed);
            for (unsigned flags = 0; flags <= 0x7ff; flags++) {
                if (flags & ~allowed)
                    continue;
                uint32_t bits[2] = {0, 0}, words[2];
                for (unsigned f = 0; f < GCN_MAX_FIELDS; f++) {
                    unsigned m = gcn_field_modifiers[e][f];
                    if (m && places[f].kind != GCN_PLACE_ABSENT && (flags & gcn_modifiers[m - 1].bit) &&
                        gcn_modifiers[m - 1].kind == GCN_MODIFIER_FLAG)
                        bits[places[f].word] |= 1u << places[f].first;
                }
                const uint32_t *table = gcn_bits_of_flags[window->bits_of + flags];
                check(table[0] == bits[0] && table[1] == bits[1],
                      "%s on arch %u: flags 0x%x give bits 0x%x 0x%x, the fields 0x%x 0x%x",
                      gcn_encodings[e].name, arch, flags, table[0], table[1], bits[0], bits[1]);
                /* and back: those bits read as those flags */
                words[0] = bits[0], words[1] = bits[1];
                unsigned read = 0;
                for (unsigned w = 0; w < 2; w++) {
                    span[w] |= bits[w];
                    if (window->width[w])
                        read |= gcn_flags_of_bits[window->flags_of[w] +
                                                  ((words[w] >> window->first[w]) & width_mask(window->width[w]))];
                }
                check(read == flags, "%s on arch %u: bits 0x%x 0x%x read as flags 0x%x, not 0x%x",
                      gcn_encodings[e].name, arch, bits[0], bits[1], read, flags);
            }
            for (unsigned w = 0; w < 2; w++) /* the window covers every flag bit */
                check(((span[w] >> window->first[w]) & ~width_mask(window->width[w])) == 0 &&
                          (span[w] & width_mask(window->first[w])) == 0,
                      "%s on arch %u: word %u's window misses flag bits", gcn_encodings[e].name, arch, w);
        }
    check(tabled >= 4, "only %u encodings and generations have flag tables (MUBUF's four at least)", tabled);
}

/* SMRD/SMEM's operands on words made with gcnasm (CLRX syntax), exactly,
 * and encoded back: the offset operand's four forms, s_atc_probe's value,
 * a buffer base, and fields a row does not show kept in reserved[]. */
static void test_memory_operands(void)
{
    enum { S = GCN_OPERAND_SCALAR, I = GCN_OPERAND_IMMEDIATE, L = GCN_OPERAND_LITERAL };
    static const struct {
        gcn_arch arch;
        uint32_t words[2];
        unsigned word_count, operand_count;
        gcn_operand operands[3];
        unsigned modifiers;
        uint32_t offset, literal, reserved[2];
    } cases[] = {
        /* s_load_dwordx2 s[4:5], s[2:3], s7 offset:0x10 glc */
        {GCN_ARCH_GCN14, {0xc0074101u, 0x0e000010u}, 2, 3, {{S, 2, 4, 0}, {S, 2, 2, 0}, {S, 1, 7, 0}},
         GCN_MOD_IMM | GCN_MOD_SOE | GCN_MOD_GLC, 0x10, 0, {0, 0}},
        /* s_load_dword s5, s[2:3], 0x12345: the literal word */
        {GCN_ARCH_GCN11, {0xc00282ffu, 0x00012345u}, 2, 3, {{S, 1, 5, 0}, {S, 2, 2, 0}, {L, 1, 255, 0x12345}},
         GCN_MOD_LITERAL, 0xff, 0x12345, {0, 0}},
        /* s_atc_probe 5, s[2:3], 0x10 */
        {GCN_ARCH_GCN12, {0xc09a0141u, 0x10u}, 2, 3, {{I, 1, 0, 5}, {S, 2, 2, 0}, {I, 1, 0, 0x10}},
         GCN_MOD_IMM, 0x10, 0, {0, 0}},
        /* s_buffer_load_dwordx4 s[8:11], s[4:7], 3 */
        {GCN_ARCH_GCN10, {0xc2840503u, 0}, 1, 3, {{S, 4, 8, 0}, {S, 4, 4, 0}, {I, 1, 0, 3}},
         GCN_MOD_IMM, 3, 0, {0, 0}},
        /* s_load_dword s1, s[2:3], s9 */
        {GCN_ARCH_GCN10, {0xc0008209u, 0}, 1, 3, {{S, 1, 1, 0}, {S, 2, 2, 0}, {S, 1, 9, 0}},
         0, 9, 0, {0, 0}},
        /* s_dcache_inv sdata=0x5: no operand shows sdata */
        {GCN_ARCH_GCN12, {0xc0800140u, 0}, 2, 0, {{0}}, 0, 0, 0, {0x140, 0}},
        /* s_memtime s[2:3] soffset=0x9 soe=1: soffset unshown with no offset operand */
        {GCN_ARCH_GCN14, {0xc0904080u, 0x12000000u}, 2, 1, {{S, 2, 2, 0}}, GCN_MOD_SOE, 0, 0,
         {0, 0x12000000u}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        gcn_instruction in;
        uint32_t words[GCN_MAX_WORDS] = {cases[c].words[0], cases[c].words[1], 0}, back[GCN_MAX_WORDS];
        bool same = gcn_decode(cases[c].arch, words, GCN_MAX_WORDS, &in) == GCN_OK &&
                    in.word_count == cases[c].word_count && in.operand_count == cases[c].operand_count &&
                    in.modifiers == cases[c].modifiers && in.offset == cases[c].offset &&
                    in.literal == cases[c].literal && in.reserved[0] == cases[c].reserved[0] &&
                    in.reserved[1] == cases[c].reserved[1];
        for (unsigned i = 0; same && i < in.operand_count; i++) {
            const gcn_operand *got = &in.operands[i], *want = &cases[c].operands[i];
            same = got->kind == want->kind && got->count == want->count && got->number == want->number &&
                   got->value == want->value;
        }
        size_t count = 0;
        same = same && gcn_encode(&in, back, &count) == GCN_OK && count == cases[c].word_count &&
               back[0] == words[0] && (count < 2 || back[1] == words[1]);
        check(same, "SMRD/SMEM case %zu (%08x %08x on %s): operands or words differ", c, words[0],
              words[1], gcn_arch_name(cases[c].arch));
    }
}

/* What the SMRD/SMEM encoder refuses, each change alone on a decoded
 * instruction that encodes: a field's value out of its range, a modifier
 * the generation lacks, an operand that disagrees with the modifiers, GCN
 * 1.1's literal word where the offset does not call for it (and the
 * reverse), reserved[] bits of a shown field. */
static void test_memory_refusals(void)
{
    enum { SBASE_ODD, LITERAL_FLAG, LITERAL_VALUE, OFFSET_WIDE, SOFFSET_WIDE, TFE, SOFFSET_KIND, WORDS,
           NO_LITERAL_FLAG, LITERAL_OPERAND, OFFSET_OPERAND, RESERVED_OPCODE, SOE_GCN12 };
    static const struct {
        gcn_arch arch;
        uint32_t words[2];
        unsigned change;
        const char *what;
    } cases[] = {
        /* s_load_dwordx2 s[4:5], s[2:3], s7 offset:0x10 glc */
        {GCN_ARCH_GCN14, {0xc0074101u, 0x0e000010u}, SBASE_ODD, "an odd sbase"},
        {GCN_ARCH_GCN14, {0xc0074101u, 0x0e000010u}, LITERAL_FLAG, "a literal on SMEM"},
        {GCN_ARCH_GCN14, {0xc0074101u, 0x0e000010u}, LITERAL_VALUE, "a literal value on SMEM"},
        {GCN_ARCH_GCN14, {0xc0074101u, 0x0e000010u}, OFFSET_WIDE, "a 22-bit offset"},
        {GCN_ARCH_GCN14, {0xc0074101u, 0x0e000010u}, SOFFSET_WIDE, "soffset 128"},
        {GCN_ARCH_GCN14, {0xc0074101u, 0x0e000010u}, TFE, "tfe on SMEM"},
        {GCN_ARCH_GCN14, {0xc0074101u, 0x0e000010u}, SOFFSET_KIND, "an immediate soffset"},
        {GCN_ARCH_GCN14, {0xc0074101u, 0x0e000010u}, WORDS, "three words"},
        /* s_load_dword s5, s[2:3], 0x12345 on GCN 1.1: the literal word */
        {GCN_ARCH_GCN11, {0xc00282ffu, 0x00012345u}, NO_LITERAL_FLAG, "offset 255 without its literal"},
        {GCN_ARCH_GCN11, {0xc00282ffu, 0x00012345u}, LITERAL_OPERAND, "a literal operand unlike literal"},
        /* s_load_dword s1, s[2:3], s9 on GCN 1.0 */
        {GCN_ARCH_GCN10, {0xc0008209u, 0}, LITERAL_FLAG, "a literal on GCN 1.0"},
        {GCN_ARCH_GCN10, {0xc0008209u, 0}, OFFSET_OPERAND, "an SGPR operand unlike offset"},
        {GCN_ARCH_GCN10, {0xc0008209u, 0}, RESERVED_OPCODE, "reserved[] in the opcode field"},
        /* s_load_dword s1, s[4:5], 0x4 on GCN 1.2 */
        {GCN_ARCH_GCN12, {0xc0020042u, 0x4u}, SOE_GCN12, "soe on GCN 1.2"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        gcn_instruction in;
        uint32_t words[GCN_MAX_WORDS] = {cases[c].words[0], cases[c].words[1], 0}, back[GCN_MAX_WORDS];
        size_t count = 0;
        bool encodes = gcn_decode(cases[c].arch, words, GCN_MAX_WORDS, &in) == GCN_OK &&
                       gcn_encode(&in, back, &count) == GCN_OK;
        switch (cases[c].change) {
        case SBASE_ODD: in.operands[1].number = 3; break;
        case LITERAL_FLAG: in.modifiers |= GCN_MOD_LITERAL; break;
        case LITERAL_VALUE: in.literal = 5; break;
        case OFFSET_WIDE: in.offset = 0x200000u; in.operands[2].value = in.offset; break;
        case SOFFSET_WIDE: in.operands[2].number = 128; break;
        case TFE: in.modifiers |= GCN_MOD_TFE; break;
        case SOFFSET_KIND: in.operands[2] = (gcn_operand){GCN_OPERAND_IMMEDIATE, 1, 0, 7}; break;
        case WORDS: in.word_count = 3; break;
        case NO_LITERAL_FLAG: in.modifiers &= (uint16_t)~GCN_MOD_LITERAL; break;
        case LITERAL_OPERAND: in.operands[2].value = 0x12346u; break;
        case OFFSET_OPERAND: in.operands[2].number = 10; break;
        case RESERVED_OPCODE: in.reserved[0] = 1u << 22; break;
        case SOE_GCN12: in.modifiers |= GCN_MOD_SOE; break;
        }
        check(encodes && gcn_encode(&in, back, &count) == GCN_ERROR_NOT_ENCODABLE,
              "SMRD/SMEM refusal %zu (%s on %s): encoded", c, cases[c].what, gcn_arch_name(cases[c].arch));
    }
}

/* gcn_instruction_encoding of an instruction built by hand (encoding
 * NONE): its family's encoding on its generation, NONE where it has none. */
static void test_instruction_encoding(void)
{
    static const gcn_encoding expected[GCN_FAMILY_COUNT][GCN_ARCH_COUNT] = {
        [GCN_FAMILY_SOPP] = {GCN_ENCODING_SOPP, GCN_ENCODING_SOPP, GCN_ENCODING_SOPP, GCN_ENCODING_SOPP},
        [GCN_FAMILY_SMEM] = {GCN_ENCODING_SMRD, GCN_ENCODING_SMRD, GCN_ENCODING_SMEM, GCN_ENCODING_SMEM},
        [GCN_FAMILY_MUBUF] = {GCN_ENCODING_MUBUF, GCN_ENCODING_MUBUF, GCN_ENCODING_MUBUF, GCN_ENCODING_MUBUF},
        [GCN_FAMILY_FLAT] = {GCN_ENCODING_NONE, GCN_ENCODING_FLAT, GCN_ENCODING_FLAT, GCN_ENCODING_FLAT},
        [GCN_FAMILY_SOP2] = {GCN_ENCODING_SOP2, GCN_ENCODING_SOP2, GCN_ENCODING_SOP2, GCN_ENCODING_SOP2},
        [GCN_FAMILY_SOPK] = {GCN_ENCODING_SOPK, GCN_ENCODING_SOPK, GCN_ENCODING_SOPK, GCN_ENCODING_SOPK},
        [GCN_FAMILY_SOP1] = {GCN_ENCODING_SOP1, GCN_ENCODING_SOP1, GCN_ENCODING_SOP1, GCN_ENCODING_SOP1},
        [GCN_FAMILY_SOPC] = {GCN_ENCODING_SOPC, GCN_ENCODING_SOPC, GCN_ENCODING_SOPC, GCN_ENCODING_SOPC},
    };
    for (unsigned family = 0; family < GCN_FAMILY_COUNT; family++)
        for (unsigned arch = 0; arch <= GCN_ARCH_COUNT; arch++) {
            gcn_instruction instruction;
            memset(&instruction, 0, sizeof instruction);
            instruction.family = (uint8_t)family;
            instruction.arch = (uint8_t)arch;
            gcn_encoding want = arch < GCN_ARCH_COUNT ? expected[family][arch] : GCN_ENCODING_NONE;
            gcn_encoding got = gcn_instruction_encoding(&instruction);
            check(got == want, "family %u on arch %u: encoding %u, not %u", family, arch, got, want);
            uint32_t values[GCN_MAX_FIELDS] = {0};
            if (want == GCN_ENCODING_NONE) /* nothing to set, and no table read out of its bounds */
                check(gcn_set_fields(&instruction, values) == GCN_ERROR_NOT_ENCODABLE,
                      "family %u on arch %u: fields set without an encoding", family, arch);
        }
    check(gcn_instruction_encoding(NULL) == GCN_ENCODING_NONE, "the encoding of NULL");
}

int main(void)
{
    test_instruction_encoding();
    test_flag_tables();
    test_modifier_orders();
    test_round_trips();
    test_reserved_masks();
    test_hand_decoders();
    test_lookup();
    test_memory_operands();
    test_memory_refusals();
    return test_finish(&summary);
}
