/* The memory families' usual modifiers, read in one pass: inline, so that
 * the family's one-pass statement reader keeps what it reads in registers. */
#ifndef GCN_MODIFIER_H
#define GCN_MODIFIER_H

#include "isa/encoding.h"
#include "syntax/syntax.h"

typedef struct gcn_plain_modifiers {
    unsigned flags;
    bool offset_after_flag; /* LLVM's FLAT wants the offset first */
    int32_t offset;         /* 0 when not given */
} gcn_plain_modifiers;

/* Whether the length bytes at p (2..16) are those of word: two loads
 * that may overlap, compared with constants when word is a literal. */
static inline __attribute__((always_inline)) bool gcn_same_bytes(const char *p, const char *word,
                                                                 size_t length)
{
    if (length >= 8) {
        uint64_t a, b, c, d;
        memcpy(&a, p, 8), memcpy(&b, word, 8);
        memcpy(&c, p + length - 8, 8), memcpy(&d, word + length - 8, 8);
        return a == b && c == d;
    }
    if (length >= 4) {
        uint32_t a, b, c, d;
        memcpy(&a, p, 4), memcpy(&b, word, 4);
        memcpy(&c, p + length - 4, 4), memcpy(&d, word + length - 4, 4);
        return a == b && c == d;
    }
    uint16_t a, b, c, d;
    memcpy(&a, p, 2), memcpy(&b, word, 2);
    memcpy(&c, p + length - 2, 2), memcpy(&d, word + length - 2, 2);
    return a == b && c == d;
}

/* Whether the room bytes at p start with word (a literal). */
#define GCN_STARTS_WITH(p, room, word) \
    ((room) >= sizeof word - 1 && gcn_same_bytes(p, word, sizeof word - 1))

/* Modifiers from p to end: words in lower case that the allowed flags name,
 * and offset:N or inst_offset:N (decimal without a leading zero, in
 * [minimum, maximum], which lie within +-9999), each once, each after one
 * or more spaces. Returns end, or NULL for anything else (the full path
 * then reads and reports it). */
static inline __attribute__((always_inline)) const char *
gcn_read_plain_modifiers(const char *p, const char *end, unsigned allowed, int32_t minimum,
                         int32_t maximum, gcn_plain_modifiers *modifiers)
{
    unsigned flags = 0;
    bool offset_given = false, offset_after_flag = false;
    int32_t offset = 0;
    while (p < end) {
        if (*p != ' ') /* also what follows a word: no ':' value, no longer name */
            return NULL;
        do
            p++;
        while (p < end && *p == ' ');
        if (p == end)
            break;
        size_t room = (size_t)(end - p), length;
        unsigned flag;
        /* One test of the first letter (offset:N's first, the most common),
         * then one comparison. */
        if (*p == 'o') {
            if (GCN_STARTS_WITH(p, room, "offset:")) {
                flag = 0, length = 7;
            } else if (GCN_STARTS_WITH(p, room, "offen")) {
                flag = GCN_MOD_OFFEN, length = 5;
            } else {
                return NULL;
            }
        } else {
            switch (*p) {
#define WORD(text, bit)                                                                            \
    flag = bit, length = sizeof text - 1;                                                          \
    if (!GCN_STARTS_WITH(p, room, text))                                                          \
        return NULL;                                                                               \
    break;
            case 'g': WORD("glc", GCN_MOD_GLC)
            case 's': WORD("slc", GCN_MOD_SLC)
            case 't': WORD("tfe", GCN_MOD_TFE)
            case 'l': WORD("lds", GCN_MOD_LDS)
            case 'n': WORD("nv", GCN_MOD_NV)
            case 'a': WORD("addr64", GCN_MOD_ADDR64)
#undef WORD
            case 'i':
                if (GCN_STARTS_WITH(p, room, "idxen")) {
                    flag = GCN_MOD_IDXEN, length = 5;
                    break;
                }
                if (!GCN_STARTS_WITH(p, room, "inst_offset:"))
                    return NULL;
                flag = 0, length = 12;
                break;
            default:
                return NULL;
            }
        }
        p += length;
        if (flag) {
            if (!(allowed & flag) || (flags & flag))
                return NULL;
            flags |= flag;
            continue;
        }
        if (offset_given)
            return NULL;
        bool negative = minimum < 0 && p < end && *p == '-';
        p += negative;
        int32_t value, digit;
        if (p >= end || (unsigned)(value = *p - '0') > 9)
            return NULL;
        /* No leading zero (octal); four digits at most, unrolled. */
        if (++p < end && (unsigned)(digit = *p - '0') <= 9 && value) {
            value = value * 10 + digit;
            if (++p < end && (unsigned)(digit = *p - '0') <= 9) {
                value = value * 10 + digit;
                if (++p < end && (unsigned)(digit = *p - '0') <= 9) {
                    value = value * 10 + digit;
                    if (++p < end && (unsigned)(*p - '0') <= 9)
                        return NULL;
                }
            }
        }
        offset = negative ? -value : value;
        if (offset < minimum || offset > maximum)
            return NULL;
        offset_given = true;
        offset_after_flag = flags != 0;
    }
    modifiers->flags = flags;
    modifiers->offset_after_flag = offset_after_flag;
    modifiers->offset = offset;
    return p;
}

/* How each dialect spells and orders an encoding's modifiers
 * (src/syntax/modifier_orders.def). */
typedef struct gcn_modifier_spelling {
    char text[16];    /* " glc", " offset:", padded for 8-byte copies */
    uint8_t length;
    uint8_t modifier; /* gcn_modifier */
    uint16_t bit;     /* its GCN_MOD_* bit; 0 for the VALUE */
} gcn_modifier_spelling;
enum { GCN_NO_VALUE = 0xff };
typedef struct gcn_modifier_order {
    uint8_t count;
    uint8_t value_position; /* of the VALUE modifier in spellings, GCN_NO_VALUE if none */
    gcn_modifier_spelling spellings[GCN_MODIFIER_COUNT]; /* in text order */
} gcn_modifier_order;
/* Here, not extern, so that a writer for a known encoding reads it as
 * constants (its loops unrolled, the texts immediates). */
static const gcn_modifier_order gcn_modifier_orders[GCN_ENCODING_COUNT][2] = {
#define SPELL(id, text) {text, sizeof text - 1, GCN_MODIFIER_##id, GCN_MOD_##id}
#define SPELL_VALUE(id, text) {text, sizeof text - 1, GCN_MODIFIER_##id, 0}
#define ORDER(encoding, dialect, value_position, ...)                                   \
    [GCN_ENCODING_##encoding][GCN_DIALECT_##dialect] = {                                \
        sizeof((gcn_modifier_spelling[]){__VA_ARGS__}) / sizeof(gcn_modifier_spelling), \
        value_position, {__VA_ARGS__}},
#define ORDER_PROFILE(...)
#include "syntax/modifier_orders.def"
#undef ORDER_PROFILE
#undef ORDER
};
/* A profile's own order, where it has one (llvm-mc's text of
 * buffer_store_lds_dword). */
static const struct gcn_profile_modifier_order {
    uint8_t shape, dialect;
    gcn_modifier_order order;
} gcn_profile_modifier_orders[] = {
#define ORDER(...)
#define ORDER_PROFILE(family, shape, dialect, value_position, ...)                              \
    {GCN_SHAPE_##family##_##shape, GCN_DIALECT_##dialect,                                       \
     {sizeof((gcn_modifier_spelling[]){__VA_ARGS__}) / sizeof(gcn_modifier_spelling), value_position, \
      {__VA_ARGS__}}},
#include "syntax/modifier_orders.def"
#undef ORDER_PROFILE
#undef ORDER
#undef SPELL
#undef SPELL_VALUE
};

/* The order the dialect writes a profile's modifiers in; inline, so that
 * a known shape's lookup folds. */
static inline __attribute__((always_inline)) const gcn_modifier_order *
gcn_modifier_order_of(gcn_encoding encoding, unsigned shape, gcn_dialect dialect)
{
#pragma GCC unroll 4
    for (size_t i = 0; i < sizeof gcn_profile_modifier_orders / sizeof gcn_profile_modifier_orders[0]; i++)
        if (gcn_profile_modifier_orders[i].shape == shape && gcn_profile_modifier_orders[i].dialect == dialect)
            return &gcn_profile_modifier_orders[i].order;
    return &gcn_modifier_orders[encoding][dialect];
}

/* In hide: the VALUE modifier too. */
enum { GCN_HIDE_VALUE = 1u << 31 };

/* The instruction's modifiers but those in hide (GCN_MOD_* bits) as the
 * dialect writes them for the encoding: each FLAG set, the VALUE (value,
 * within +-9999) when not 0. at has GCN_TEXT_ROOM bytes. */
static inline __attribute__((always_inline)) char *
gcn_write_modifiers_valued(char *at, const gcn_instruction *instruction, const gcn_modifier_order *order,
                           unsigned hide, int value_shown)
{
    unsigned modifiers = instruction->modifiers & ~hide,
             value = hide & GCN_HIDE_VALUE ? GCN_NO_VALUE : order->value_position;
#pragma GCC unroll 8
    for (unsigned i = 0; i < order->count; i++) { /* no branch on the flags */
        const gcn_modifier_spelling *spelling = &order->spellings[i];
        at = i == value ? gcn_write_small_field(at, spelling->text, spelling->length, value_shown)
                        : gcn_write_if(at, spelling->text, spelling->length, modifiers & spelling->bit);
    }
    return at;
}

#endif
