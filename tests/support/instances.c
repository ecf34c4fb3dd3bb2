#include "instances.h"

#include "codec/codec.h"
#include "crash.h"
#include "isa/encoding.h"
#include "isa/profile.h"

#include <stdio.h>
#include <string.h>

/* From the encoding table: the lookup encoding the family has on the
 * generation (SMRD or SMEM for the scalar memory family). */
bool test_family_encoding(gcn_family family, gcn_arch arch, uint32_t *mask, uint32_t *value)
{
    for (unsigned e = 1; e < GCN_ENCODING_COUNT; e++) {
        const gcn_encoding_info *info = &gcn_encodings[e];
        if (info->family == family && info->kind == GCN_ENCODING_LOOKUP &&
            gcn_encoding_on_arch((gcn_encoding)e, arch)) {
            *mask = info->mask;
            *value = info->value[arch];
            return true;
        }
    }
    return false;
}

const char *test_family_name(gcn_family family)
{
    static const char *const names[GCN_FAMILY_COUNT] = {"NONE", "SOPP", "SMEM", "MUBUF", "FLAT", "SOP2", "SOPK", "SOP1", "SOPC"};
    return (unsigned)family < GCN_FAMILY_COUNT ? names[family] : "?";
}

void test_family_words(test_random *random, gcn_family family, gcn_arch arch,
                       uint32_t words[GCN_MAX_WORDS])
{
    uint32_t mask = 0, value = 0;
    bool known = test_family_encoding(family, arch, &mask, &value);
    /* Drawn again while word 0 falls in an encoding nested in the family's
     * bits (SOP1, SOPC, SOPP and SOPK inside SOP2's). */
    for (int attempt = 0; attempt < 64; attempt++) {
        for (int i = 0; i < GCN_MAX_WORDS; i++)
            words[i] = test_random_word(random);
        if (known)
            words[0] = (words[0] & ~mask) | value;
        if (!known || gcn_family_of_word(arch, words[0]) == family)
            break;
    }
}

/* Boundary values per field. The test does not know the field widths: the
 * encoder refuses what does not fit, and then the unbiased instance is used. */
static const uint32_t scalar_codes[] = {
    0, 1, 2, 3, 4, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111,
    112, 113, 119, 120, 122, 123, 124, 125, 126, 127, 128, 129, 192, 193, 208,
    209, 240, 248, 250, 251, 252, 253, 254, 255};
static const uint32_t base_fields[] = {0, 1, 2, 3, 24, 25, 26, 27, 28, 29, 30, 31, 49, 50,
                                       51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63};
static const uint32_t vector_codes[] = {0, 1, 2, 3, 4, 127, 128, 251, 252, 253, 254, 255};
static const uint32_t offsets[] = {
    0, 1, 2, 3, 4, 0x7f, 0x80, 0xff, 0x100, 0x3ff, 0x400, 0x7ff, 0x800, 0xfff, 0x1000,
    0x1fff, 0xffff, 0x10000, 0x7ffff, 0x80000, 0xfffff, 0x100000, 0x1fffff, 0xfffffffc,
    0xffffffff, 0xfffff000, 0xfffff800, 0xfff00000, 0x80000000, 0x7fffffff};
static const uint32_t literals[] = {0, 1, 0xff, 0x100, 0x7fffffff, 0x80000000, 0xffffffff};
static const uint32_t simm16s[] = {0, 1, 2, 3, 15, 16, 63, 64, 65, 0x7f, 0xff, 0x3fff,
                                   0x7fff, 0x8000, 0x8001, 0xfff0, 0xfffe, 0xffff};

#define PICK(random, list) (list)[test_random_below(random, sizeof(list) / sizeof((list)[0]))]

static void apply_boundaries(test_random *random, gcn_instruction *instruction)
{
    unsigned p = 30;
    if (test_random_percent(random, p))
        instruction->offset = test_random_percent(random, 75) ? PICK(random, offsets)
                                                              : PICK(random, scalar_codes);
    if (test_random_percent(random, p)) instruction->literal = PICK(random, literals);
}

enum { ENCODE_TRIES = 16 };
typedef enum attempt { ATTEMPT_OK, ATTEMPT_FAILED, ATTEMPT_REFUSED } attempt;

/* The families on the generic codec: the row's opcode and boundary values
 * put in the fields its profile reads, through the bit packer, then
 * decoded (the operands follow the row's profile). */
static attempt generic_attempt(test_random *random, unsigned row, gcn_arch arch, bool plain,
                               const uint32_t *raw, uint32_t words[GCN_MAX_WORDS],
                               gcn_instruction *instruction, char *why, size_t why_size)
{
    const gcn_row *entry = &gcn_rows[row];
    /* (SMRD/SMEM: GCN 1.0/1.1 read the SMRD twin of the row's profile) */
    unsigned shape = entry->family == GCN_FAMILY_SMEM && arch <= GCN_ARCH_GCN11 ? gcn_smrd_shape(entry->shape)
                                                                                : entry->shape;
    gcn_encoding encoding = (gcn_encoding)gcn_profiles[shape].encoding;
    const gcn_profile *profile = &gcn_profiles[shape];
    uint32_t values[GCN_MAX_FIELDS], reserved[2], biased[GCN_MAX_FIELDS];
    gcn_unpack(encoding, arch, raw, values, reserved);
    unsigned opcode_field = gcn_encoding_opcode_field[encoding];
    uint32_t shown = 1u << opcode_field;
    values[opcode_field] = (uint32_t)entry->opcode[arch];
    const uint8_t *high = gcn_encoding_opcode_high_field[encoding]; /* FLAT's segment */
    if (high[0] != GCN_NO_FIELD) {
        values[high[0]] = values[opcode_field] >> high[1];
        values[opcode_field] &= (1u << high[1]) - 1u;
        shown |= 1u << high[0];
    }
    memcpy(biased, values, sizeof biased);
    for (unsigned i = 0; i < profile->operand_count; i++) {
        const gcn_operand_profile *operand = &profile->operands[i];
        if (operand->field == GCN_FIELD_LITERAL)
            continue;
        shown |= 1u << operand->field;
        if (!test_random_percent(random, 30))
            continue;
        bool scalar = operand->syntax == GCN_SYNTAX_SREG || operand->syntax == GCN_SYNTAX_SSRC ||
                      operand->syntax == GCN_SYNTAX_SOFFSET;
        biased[operand->field] = scalar                                ? PICK(random, scalar_codes)
                                 : operand->syntax == GCN_SYNTAX_VGPR  ? PICK(random, vector_codes)
                                 : operand->syntax == GCN_SYNTAX_SRSRC ? PICK(random, base_fields)
                                 : operand->syntax == GCN_SYNTAX_SBASE ? PICK(random, base_fields)
                                 : operand->syntax == GCN_SYNTAX_SMEM_OFFSET /* SMRD/SMEM */
                                     ? (test_random_percent(random, 75) ? PICK(random, offsets)
                                                                        : PICK(random, scalar_codes))
                                                                       : PICK(random, simm16s);
    }
    /* The modifiers (MUBUF's flags and offset) are shown too; a plain
     * instance has none half the time, as with the older families. */
    bool no_flags = plain && test_random_percent(random, 50);
    bool no_offset = plain && test_random_percent(random, 50);
    for (unsigned field = 0; field < GCN_MAX_FIELDS; field++) {
        unsigned modifier = gcn_field_modifiers[encoding][field];
        if (!modifier || gcn_field_places[encoding][arch][field].kind == GCN_PLACE_ABSENT)
            continue;
        shown |= 1u << field;
        bool value = gcn_modifiers[modifier - 1].kind == GCN_MODIFIER_VALUE;
        if (value && test_random_percent(random, 30))
            biased[field] = PICK(random, offsets);
        if (value ? no_offset : no_flags)
            values[field] = biased[field] = 0;
    }
    if (plain) {
        reserved[0] = reserved[1] = 0;
        for (unsigned field = 0; field < GCN_MAX_FIELDS; field++)
            if (!((shown >> field) & 1u))
                values[field] = biased[field] = 0;
    }
    memcpy(words, raw, GCN_MAX_WORDS * sizeof words[0]);
    if (!gcn_pack(encoding, arch, biased, reserved, words) &&
        !gcn_pack(encoding, arch, values, reserved, words)) {
        snprintf(why, why_size, "the packer refuses %s's opcode", entry->name);
        return ATTEMPT_FAILED;
    }
    if (test_random_percent(random, 30))
        words[gcn_encodings[encoding].words] = PICK(random, literals);
    gcn_status status = gcn_decode(arch, words, GCN_MAX_WORDS, instruction);
    if (status != GCN_OK || instruction->row != row) {
        char text[64];
        test_format_words(words, 2, text, sizeof text);
        snprintf(why, why_size, "words [%s] packed for %s decode as %s (status %d)", text,
                 entry->name, status == GCN_OK ? test_row_name(instruction->row) : "nothing",
                 status);
        return ATTEMPT_FAILED;
    }
    return ATTEMPT_OK;
}

static attempt row_attempt(test_random *random, unsigned row, gcn_arch arch, bool plain,
                           uint32_t words[GCN_MAX_WORDS], gcn_instruction *instruction,
                           char *why, size_t why_size)
{
    const gcn_row *entry = &gcn_rows[row];
    uint32_t raw[GCN_MAX_WORDS];
    char text[64];
    test_family_words(random, (gcn_family)entry->family, arch, raw);
    test_format_words(raw, GCN_MAX_WORDS, text, sizeof text);
    test_crash_context("an instance of %s on %s from [%s]", entry->name, gcn_arch_name(arch),
                       text);
    gcn_instruction decoded;
    gcn_status status = gcn_decode(arch, raw, GCN_MAX_WORDS, &decoded);
    if (status != GCN_OK) {
        test_format_words(raw, GCN_MAX_WORDS, text, sizeof text);
        snprintf(why, why_size, "decode of family words [%s] failed: status %d", text, status);
        return ATTEMPT_FAILED;
    }
    if (gcn_profiles[entry->shape].encoding != GCN_ENCODING_NONE)
        return generic_attempt(random, row, arch, plain, raw, words, instruction, why, why_size);
    decoded.opcode = (uint16_t)entry->opcode[arch];
    decoded.row = (uint16_t)row;
    gcn_instruction biased = decoded;
    apply_boundaries(random, &biased);
    if (plain) {
        memset(biased.reserved, 0, sizeof biased.reserved);
        if (test_random_percent(random, 50))
            biased.offset = 0;
        if (test_random_percent(random, 50))
            biased.modifiers = 0;
    }
    memcpy(words, raw, sizeof raw);
    size_t count = 0;
    status = gcn_encode(&biased, words, &count);
    if (status != GCN_OK) {
        memcpy(words, raw, sizeof raw);
        status = gcn_encode(&decoded, words, &count);
    }
    if (status != GCN_OK) {
        /* A field read under another opcode may not fit this one (a signed
         * GLOBAL offset under a FLAT opcode): draw again. */
        test_format_words(raw, GCN_MAX_WORDS, text, sizeof text);
        snprintf(why, why_size, "encode with the row's opcode %d failed %d times (last words "
                 "[%s], status %d)", entry->opcode[arch], ENCODE_TRIES, text, status);
        return ATTEMPT_REFUSED;
    }
    status = gcn_decode(arch, words, GCN_MAX_WORDS, instruction);
    if (status != GCN_OK || instruction->row != row) {
        test_format_words(words, count ? count : 1, text, sizeof text);
        snprintf(why, why_size, "words [%s] encoded for %s decode as %s (status %d)", text,
                 entry->name, status == GCN_OK ? test_row_name(instruction->row) : "nothing",
                 status);
        return ATTEMPT_FAILED;
    }
    return ATTEMPT_OK;
}

static bool row_instance(test_random *random, unsigned row, gcn_arch arch, bool plain,
                         uint32_t words[GCN_MAX_WORDS], gcn_instruction *instruction, char *why,
                         size_t why_size)
{
    for (int i = 0; i < ENCODE_TRIES; i++) {
        attempt result = row_attempt(random, row, arch, plain, words, instruction, why, why_size);
        if (result != ATTEMPT_REFUSED)
            return result == ATTEMPT_OK;
    }
    return false;
}

bool test_row_instance(test_random *random, unsigned row, gcn_arch arch,
                       uint32_t words[GCN_MAX_WORDS], gcn_instruction *instruction, char *why,
                       size_t why_size)
{
    return row_instance(random, row, arch, false, words, instruction, why, why_size);
}

bool test_plain_row_instance(test_random *random, unsigned row, gcn_arch arch,
                             uint32_t words[GCN_MAX_WORDS], gcn_instruction *instruction,
                             char *why, size_t why_size)
{
    return row_instance(random, row, arch, true, words, instruction, why, why_size);
}

void test_format_words(const uint32_t *words, size_t count, char *out, size_t size)
{
    size_t used = 0;
    if (size)
        out[0] = '\0';
    for (size_t i = 0; i < count && used < size; i++) {
        int n = snprintf(out + used, size - used, "%s%08x", i ? " " : "", words[i]);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

const char *test_row_name(unsigned row)
{
    return row < GCN_ROW_COUNT ? gcn_rows[row].name : "(no row)";
}

gcn_status test_mubuf_operands(gcn_instruction *instruction, unsigned vdata, unsigned vaddr,
                               unsigned srsrc, unsigned soffset)
{
    uint32_t values[GCN_MAX_FIELDS] = {0};
    values[GCN_FIELD(MUBUF, vdata)] = vdata;
    values[GCN_FIELD(MUBUF, vaddr)] = vaddr;
    values[GCN_FIELD(MUBUF, srsrc)] = srsrc;
    values[GCN_FIELD(MUBUF, soffset)] = soffset;
    return gcn_set_fields(instruction, values);
}

gcn_status test_flat_operands(gcn_instruction *instruction, unsigned vdst, unsigned vaddr,
                              unsigned vdata, unsigned saddr)
{
    uint32_t values[GCN_MAX_FIELDS] = {0};
    values[GCN_FIELD(FLAT, vdst)] = vdst;
    values[GCN_FIELD(FLAT, addr)] = vaddr;
    values[GCN_FIELD(FLAT, data)] = vdata;
    values[GCN_FIELD(FLAT, saddr)] = instruction->arch >= GCN_ARCH_GCN14 ? saddr : 0;
    return gcn_set_fields(instruction, values);
}
