/* The memory families' modifiers as each dialect spells and orders them
 * (src/syntax/modifier_orders.def), and their writer. */
#ifndef GCN_MODIFIER_H
#define GCN_MODIFIER_H

#include "isa/encoding.h"
#include "syntax/syntax.h"

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
