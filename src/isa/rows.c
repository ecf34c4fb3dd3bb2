/* The ISA table and its two indexes: by opcode (decode), built by the
 * compiler from the rows, and by name (parse), generated from the rows. */
#include <string.h>

#include "isa/profile.h"
#include "isa/mnemonic_hash.h"
#include "syntax/text.h"

/* Short flag names for the .def files. ATOMIC is also a shape name, which a
 * macro would rewrite inside GCN_SHAPE_##family##_##shape: a constant. */
enum { ATOMIC = GCN_ROW_ATOMIC };
#define CMPSWAP GCN_ROW_CMPSWAP
#define LDS GCN_ROW_LDS
#define D16_PACKED GCN_ROW_D16_PACKED
#define BUFFER_BASE GCN_ROW_BUFFER_BASE
#define LLVM_ABSENT GCN_ROW_LLVM_ABSENT
#define SCRATCH GCN_ROW_SCRATCH
#define CLRX_GCN12 GCN_ROW_CLRX_GCN12
#define LDS_GCN12 GCN_ROW_LDS_GCN12

/* FLAT's segment, written once in the GCN 1.4 opcode column (segment << 7 |
 * opcode), gives the row its GLOBAL/SCRATCH flag and its segment's profile
 * of the shape column; the other families take the shape as written. */
#define ROW_FLAGS(family, o14)                                                         \
    (GCN_FAMILY_##family != GCN_FAMILY_FLAT ? 0                                        \
     : (o14) >> 7 == 2 ? GCN_ROW_GLOBAL : (o14) >> 7 == 1 ? GCN_ROW_SCRATCH : 0)
#define SHAPE_SOPP(shape, o14) GCN_SHAPE_SOPP_##shape
#define SHAPE_SMEM(shape, o14) GCN_SHAPE_SMEM_##shape
#define SHAPE_MUBUF(shape, o14) GCN_SHAPE_MUBUF_##shape
#define SHAPE_SOP2(shape, o14) GCN_SHAPE_SOP2_##shape
#define SHAPE_SOPK(shape, o14) GCN_SHAPE_SOPK_##shape
#define SHAPE_SOP1(shape, o14) GCN_SHAPE_SOP1_##shape
#define SHAPE_SOPC(shape, o14) GCN_SHAPE_SOPC_##shape
#define SHAPE_FLAT(shape, o14)                                                         \
    ((o14) >> 7 == 2 ? GCN_SHAPE_FLAT_GLOBAL_##shape                                   \
     : (o14) >> 7 == 1 ? GCN_SHAPE_FLAT_SCRATCH_##shape : GCN_SHAPE_FLAT_##shape)

const gcn_row gcn_rows[GCN_ROW_COUNT] = {
#define GCN_ROW_ENTRY(family, name, o10, o11, o12, o14, shape, dwords, element, flags, op) \
    {#name, {o10, o11, o12, o14}, GCN_FAMILY_##family, SHAPE_##family(shape, o14),      \
     dwords, GCN_ELEMENT_##element, (flags) | ROW_FLAGS(family, o14), GCN_OP_##op,         \
     sizeof #name - 1},
#include "isa/rows.inc"
#undef GCN_ROW_ENTRY
};

/* The layout of each row's shape (isa/profile.h), one load for the
 * printer's and the parser's jump on it. */
const uint8_t gcn_row_layouts[GCN_ROW_COUNT] = {
#define GCN_ROW_ENTRY(family, name, o10, o11, o12, o14, shape, dwords, element, flags, op) \
    [GCN_ROW_INDEX_##name] = GCN_LAYOUT_OF_SHAPE(SHAPE_##family(shape, o14)),
#include "isa/rows.inc"
#undef GCN_ROW_ENTRY
};

/* Widths by rule from the row but for tfe, by row + 1 (0: no row): GCN_WIDTH_DATA's ([1]:
 * GCN 1.4's), FLAT_RESULT's and BASE's; a table, as MUBUF, FLAT and SMEM decodes ask. */
#define DATA_WIDTH(dwords, packed) \
    ((((dwords) + (packed)) >> (packed)) + ((((dwords) + (packed)) >> (packed)) == 0))
const uint8_t gcn_data_widths[GCN_ROW_COUNT + 1][4] = {
    [0] = {1, 1, 1, 2},
#define GCN_ROW_ENTRY(family, name, o10, o11, o12, o14, shape, dwords, element, flags, op) \
    [GCN_ROW_INDEX_##name + 1] = {                                                          \
        DATA_WIDTH(dwords, 0), DATA_WIDTH(dwords, ((flags) & D16_PACKED) != 0),             \
        (dwords) >> (((flags) & CMPSWAP) != 0), 2u << (((flags) & BUFFER_BASE) != 0)},
#include "isa/rows.inc"
#undef GCN_ROW_ENTRY
};

/* The families: their opcode spaces (FLAT's on GCN 1.4 with the segment
 * above bit 7), and the shape of an opcode a generation lacks, as CLRX
 * prints it (SOPP_ill_41 0xec3b, MUBUF_ill_N and SMEM_ill_45 as loads,
 * FLAT_ill_7 v1, v[2:3], v4). */
#define FAMILIES(X)                                                                          \
    X(SOPP, 128, IMM) X(SMEM, 256, LOAD) X(MUBUF, 128, LOAD) X(FLAT, 512, ATOMIC)            \
    X(SOP2, 128, B32) X(SOPK, 32, MOVK) X(SOP1, 256, B32) X(SOPC, 128, B32)

/* Decode tables: per opcode, its row + 1 and that row's layout + 1 (0:
 * no instruction; the layout, so that a decoder's jump on it waits on one
 * load of the opcode, not on the row's and then the row's shape). One
 * table per generation, each family's opcodes from its start. A row
 * absent on a generation fills a private slot past them all, so that the
 * only way two rows meet in one slot is a real clash, which
 * -Woverride-init (part of -Wextra) turns into a build error; an opcode
 * past its family's space, into an index out of bounds. */
enum slot_start {
#define START(family, opcodes, shape) START_##family, LAST_##family = START_##family + (opcodes) - 1,
    FAMILIES(START)
#undef START
    OPCODE_SLOTS
};
#define SLOT(family, opcode, name)                                                             \
    [(opcode) < 0 ? OPCODE_SLOTS + GCN_ROW_INDEX_##name                                        \
     : (opcode) <= LAST_##family - START_##family ? START_##family + (opcode) : -1]
#define ENTRY(family, name, o14, shape) \
    {GCN_ROW_INDEX_##name + 1, GCN_LAYOUT_OF_SHAPE(SHAPE_##family(shape, o14)) + 1}
#define GCN_ROW_ENTRY(family, name, o10, o11, o12, o14, shape, ...)                             \
    [GCN_ARCH_GCN10] SLOT(family, o10, name) = ENTRY(family, name, o14, shape),                 \
    [GCN_ARCH_GCN11] SLOT(family, o11, name) = ENTRY(family, name, o14, shape),                 \
    [GCN_ARCH_GCN12] SLOT(family, o12, name) = ENTRY(family, name, o14, shape),                 \
    [GCN_ARCH_GCN14] SLOT(family, o14, name) = ENTRY(family, name, o14, shape),
static const gcn_opcode_slot slots[GCN_ARCH_COUNT][OPCODE_SLOTS + GCN_ROW_COUNT] = {
#include "isa/rows.inc"
};
#undef GCN_ROW_ENTRY

#define PER_ARCH(family, opcodes, shape)                                                             \
    [GCN_FAMILY_##family] = {slots[GCN_ARCH_GCN10] + START_##family, slots[GCN_ARCH_GCN11] + START_##family, \
                             slots[GCN_ARCH_GCN12] + START_##family, slots[GCN_ARCH_GCN14] + START_##family},
const gcn_opcode_slot *const gcn_opcode_slots[GCN_FAMILY_COUNT][GCN_ARCH_COUNT] = {FAMILIES(PER_ARCH)};
#undef PER_ARCH

#define SPACE(family, opcodes, shape) [GCN_FAMILY_##family] = (opcodes),
static const uint16_t opcode_space[GCN_FAMILY_COUNT] = {FAMILIES(SPACE)};
#undef SPACE
#define DEFAULT(family, opcodes, shape) [GCN_FAMILY_##family] = GCN_SHAPE_##family##_##shape,
const uint8_t gcn_default_shape[GCN_FAMILY_COUNT] = {FAMILIES(DEFAULT)};
#undef DEFAULT

uint16_t gcn_row_for_opcode(gcn_family family, gcn_arch arch, unsigned opcode)
{
    if ((unsigned)arch >= GCN_ARCH_COUNT || (unsigned)family >= GCN_FAMILY_COUNT ||
        opcode >= opcode_space[family])
        return GCN_ROW_NONE;
    return (uint16_t)(gcn_opcode_slots[family][arch][opcode].row - 1); /* 0: GCN_ROW_NONE */
}

/* Rows by mnemonic hash and names as words, generated from the rows (make
 * regenerate). */
#include "isa/generated/mnemonic_slots.inc"

const unsigned char gcn_mnemonic_keep[64] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};

#if defined(__SSE2__) && defined(__x86_64__)
/* The n bytes (0 to 15) at p in the low bytes, zero above, from two
 * 8-byte loads that end at p + n: nothing past the text is read (below 8
 * bytes, 8 - n before p are). */
static inline __m128i bytes_below16(const char *p, size_t n)
{
    uint64_t last = gcn_load8(p + n - 8);
    if (n >= 8)
        return _mm_set_epi64x(n > 8 ? (long long)(last >> (8 * (16 - n))) : 0, (long long)gcn_load8(p));
    return _mm_set_epi64x(0, n ? (long long)(last >> (8 * (8 - n))) : 0);
}
#endif

/* Out of line: texts shorter than 8 bytes, and on x86-64 texts of 8 to 15
 * bytes and names longer than 16 bytes in texts of fewer than 32, their
 * bytes put in two vectors from 8-byte loads that end at the text's end
 * (past the name's length the lookup clears them). */
uint16_t gcn_mnemonic_lookup_other(const char *text, size_t rest)
{
#if defined(__SSE2__) && defined(__x86_64__)
    if (rest >= 8 && rest < 32) {
        __m128i spaces = _mm_set1_epi8(' '), high = _mm_setzero_si128();
        __m128i low = rest < 16 ? bytes_below16(text, rest) : _mm_loadu_si128((const __m128i *)(const void *)text);
        unsigned found = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(low, spaces));
        if (!found && rest >= 16) {
            high = bytes_below16(text + 16, rest - 16);
            found = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(high, spaces)) << 16;
        }
        /* The end of the text stands for a space. */
        return gcn_mnemonic_row_of_halves(low, high, (unsigned)__builtin_ctz(found | 1u << rest));
    }
#endif
    /* Up to the first space or the end; none of 32 bytes or more (no row's is). */
    const char *space = memchr(text, ' ', rest < GCN_MNEMONIC_MAX_LENGTH ? rest : GCN_MNEMONIC_MAX_LENGTH);
    size_t length = space ? (size_t)(space - text) : rest;
    uint64_t words[GCN_MNEMONIC_WORDS];
    if (length == 0 || length >= GCN_MNEMONIC_MAX_LENGTH)
        return GCN_ROW_NONE;
    gcn_mnemonic_words_of(text, length, words);
    for (unsigned slot = gcn_mnemonic_hash(words);; slot = (slot + 1) % GCN_MNEMONIC_SLOTS) {
        uint16_t row = gcn_mnemonic_slots[slot]; /* its hash's, or one of the next */
        if (row == GCN_ROW_NONE || memcmp(gcn_mnemonic_words[row], words, sizeof words) == 0)
            return row;
    }
}

/* The row spelled exactly name (the rows' names are lower case), or
 * GCN_ROW_NONE: the lookup stops at a space, or past NUL bytes. */
static inline uint16_t lookup_exact(const char *name, size_t length)
{
    uint16_t row = gcn_mnemonic_lookup_other(name, length);
    return row != GCN_ROW_NONE && gcn_rows[row].name_length == length ? row : GCN_ROW_NONE;
}

/* gcn_row_for_name past the exact spelling, out of line: the common lookup
 * saves no registers. Other spellings are looked up in lower case, also
 * without CLRX's encoding-size suffix (s_load_dword_e64): the family
 * parser, which sees it at the end of the mnemonic, decides what it means. */
static __attribute__((noinline)) uint16_t lookup_other_spelling(const char *name, size_t length)
{
    char lower[GCN_MNEMONIC_MAX_LENGTH + 4];
    if (length == 0 || length > sizeof lower)
        return GCN_ROW_NONE;
    for (size_t i = 0; i < length; i++)
        lower[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] + ('a' - 'A') : name[i]);
    uint16_t row = lookup_exact(lower, length);
    if (row == GCN_ROW_NONE && length > 4 &&
        (memcmp(lower + length - 4, "_e32", 4) == 0 || memcmp(lower + length - 4, "_e64", 4) == 0))
        row = lookup_exact(lower, length - 4);
    return row;
}

uint16_t gcn_row_for_name(const char *name, size_t length)
{
    uint16_t row = lookup_exact(name, length);
    return row != GCN_ROW_NONE ? row : lookup_other_spelling(name, length);
}

const char *gcn_nearest_name(const char *name, size_t length)
{
    const char *best = NULL;
    unsigned best_distance = ~0u;
    for (unsigned i = 0; i < GCN_ROW_COUNT; i++) {
        unsigned d = gcn_edit_distance(name, length, gcn_rows[i].name, gcn_rows[i].name_length);
        if (d < best_distance) {
            best_distance = d;
            best = gcn_rows[i].name;
        }
    }
    /* A guess more than a third wrong helps nobody. */
    return best_distance * 3 <= length + 2 ? best : NULL;
}
