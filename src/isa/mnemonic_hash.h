/* The mnemonic hash, shared by the lookup (rows.c) and the generator of its
 * table (src/isa/generate/mnemonic_slots.c): a few 8-byte loads, no loop. */
#ifndef GCN_MNEMONIC_HASH_H
#define GCN_MNEMONIC_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Slots of the open-addressing table: a third full at most. */
#define GCN_MNEMONIC_SLOT_BITS 11
#define GCN_MNEMONIC_SLOTS (1u << GCN_MNEMONIC_SLOT_BITS)
/* No mnemonic is longer (the generator checks). */
#define GCN_MNEMONIC_MAX_LENGTH 32

/* Eight bytes as a little-endian number on any host, so that the
 * checked-in table holds everywhere. */
static inline uint64_t gcn_load8(const char *p)
{
    uint64_t value;
    memcpy(&value, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    value = __builtin_bswap64(value);
#endif
    return value;
}

/* Up to eight bytes, little-endian, zero above. */
static inline uint64_t gcn_load_short(const char *p, size_t length)
{
    uint64_t value = 0;
    for (size_t i = length; i-- > 0;)
        value = value << 8 | (unsigned char)p[i];
    return value;
}

/* The first and the last eight bytes (names shorter than eight: all of
 * them) and the length; full names are compared after it. */
static inline unsigned gcn_mnemonic_hash(const char *name, size_t length)
{
    uint64_t head, tail = 0;
    if (length >= 8) {
        head = gcn_load8(name);
        tail = gcn_load8(name + length - 8);
    } else {
        head = gcn_load_short(name, length);
    }
    uint64_t mixed = (head ^ (tail * 0x9e3779b97f4a7c15u) ^ length) * 0xff51afd7ed558ccdu;
    return (unsigned)(mixed >> (64 - GCN_MNEMONIC_SLOT_BITS));
}

/* Whether two names of this length are equal, eight bytes at a time. */
static inline int gcn_same_name(const char *a, const char *b, size_t length)
{
    if (length < 8) /* no memcmp call: the lookup stays a leaf function */
        return gcn_load_short(a, length) == gcn_load_short(b, length);
    for (size_t i = 0; i + 8 < length; i += 8)
        if (gcn_load8(a + i) != gcn_load8(b + i))
            return 0;
    return gcn_load8(a + length - 8) == gcn_load8(b + length - 8);
}

#endif
