/* Symbols: an open-addressing hash table over names kept in one buffer;
 * labels, variables (=, .set, .equ), constants (.equiv) and the counters of
 * local labels (1:, 1b, 1f). The lookup gcn_parse calls lives here too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/internal.h"

/* Eight characters at a time, each step mixed down into the low bits that
 * pick the slot; the rest as the eight (or four and four) that end the
 * name, overlapping what came before (the length is in the hash), not one
 * by one. */
static inline __attribute__((always_inline)) uint32_t hash_name(const char *name, size_t length)
{
    uint64_t hash = 0x9e3779b97f4a7c15u ^ length, word;
    size_t i = 0;
    for (; i + 8 <= length; i += 8) {
        memcpy(&word, name + i, sizeof word);
        hash = (hash ^ word) * 0xff51afd7ed558ccdu;
        hash ^= hash >> 32;
    }
    if (i < length) {
        if (length >= 8) {
            memcpy(&word, name + length - 8, sizeof word);
        } else if (length >= 4) {
            uint32_t first, last;
            memcpy(&first, name, sizeof first);
            memcpy(&last, name + length - 4, sizeof last);
            word = (uint64_t)first << 32 | last;
        } else {
            word = 0;
            for (; i < length; i++)
                word = word << 8 | (uint8_t)name[i];
        }
        hash = (hash ^ word) * 0xff51afd7ed558ccdu;
        hash ^= hash >> 32;
    }
    hash *= 0xc4ceb9fe1a85ec53u;
    return (uint32_t)(hash >> 32);
}

const char *asm_symbol_name(const asm_state *state, const asm_symbol *symbol)
{
    return symbol->length < ASM_SYMBOL_INLINE ? symbol->inline_name
                                              : state->names.data + symbol->long_name.offset;
}

size_t asm_symbol_length(const asm_symbol *symbol)
{
    return symbol->length < ASM_SYMBOL_INLINE ? symbol->length : symbol->long_name.length;
}

/* Whether two names of length characters are the same: eight at a time,
 * the last eight (or four) overlapping those before, without a call (the
 * names are short). */
static inline bool same_name(const char *a, const char *b, size_t length)
{
    uint64_t x, y;
    if (length >= 8) {
        for (size_t i = 0; i + 8 < length; i += 8) {
            memcpy(&x, a + i, sizeof x);
            memcpy(&y, b + i, sizeof y);
            if (x != y)
                return false;
        }
        memcpy(&x, a + length - 8, sizeof x);
        memcpy(&y, b + length - 8, sizeof y);
        return x == y;
    }
    if (length >= 4) {
        uint32_t p, q, r, t;
        memcpy(&p, a, 4);
        memcpy(&q, b, 4);
        memcpy(&r, a + length - 4, 4);
        memcpy(&t, b + length - 4, 4);
        return ((p ^ q) | (r ^ t)) == 0;
    }
    for (size_t i = 0; i < length; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

/* A name's two bits in the filter, and its word there. */
static inline uint64_t filter_bits(uint32_t hash)
{
    return 1ull << (hash >> 26) | 1ull << (hash >> 20 & 63);
}

static inline uint64_t *filter_word(const asm_state *state, uint32_t hash)
{
    return &state->symbol_filter[(uint32_t)(hash * 0x9e3779b1u) >> state->filter_shift];
}

static inline bool same_symbol(const asm_state *state, const asm_symbol *symbol, const char *name,
                               size_t length)
{
    if (length < ASM_SYMBOL_INLINE)
        return symbol->length == length && same_name(symbol->inline_name, name, length);
    return symbol->length == ASM_SYMBOL_INLINE && symbol->long_name.length == length &&
           same_name(state->names.data + symbol->long_name.offset, name, length);
}

/* The newest names, not yet in the slots: looked for only when a name
 * that the filter may hold is not in the slots. */
static __attribute__((noinline)) asm_symbol *find_deferred(asm_state *state, const char *name,
                                                           size_t length, uint32_t hash)
{
    for (unsigned k = 0; k < ASM_DEFERRED_SLOTS; k++) {
        uint64_t entry = state->deferred[k];
        if (entry != 0 && (uint32_t)(entry >> 32) == hash) {
            asm_symbol *symbol = &state->symbols[(uint32_t)entry - 1];
            if (same_symbol(state, symbol, name, length))
                return symbol;
        }
    }
    return NULL;
}

/* The slots keep each name's hash beside its index, so that a probe past
 * another name, or a name not there, reads no symbol. filtered: the
 * filter asked first (not for a name most likely there, whose slot was
 * asked into the cache). *slot: where a name not there may go, SIZE_MAX
 * if the filter answered without a probe. */
static inline __attribute__((always_inline)) asm_symbol *
find_hashed(asm_state *state, const char *name, size_t length, uint32_t hash, bool filtered, size_t *slot)
{
    *slot = SIZE_MAX;
    if (state->slot_capacity == 0)
        return NULL;
    uint64_t bits = filter_bits(hash);
    if (filtered && (*filter_word(state, hash) & bits) != bits)
        return NULL;
    size_t mask = state->slot_capacity - 1, i = hash & mask;
    for (;; i = (i + 1) & mask) {
        uint64_t entry = state->symbol_slots[i];
        if (entry == 0) {
            *slot = i;
            return find_deferred(state, name, length, hash);
        }
        if ((uint32_t)(entry >> 32) != hash)
            continue;
        asm_symbol *symbol = &state->symbols[(uint32_t)entry - 1];
        if (same_symbol(state, symbol, name, length))
            return symbol;
    }
}

asm_symbol *asm_symbol_find(asm_state *state, const char *name, size_t length)
{
    size_t slot;
    return find_hashed(state, name, length, hash_name(name, length), true, &slot);
}

/* Asks the cache for name's slot, or (record: the slot already asked for
 * earlier) for its symbol record: a loop over lookups known in advance
 * (the fixups) waits for neither. The record is looked for along the
 * probe up to the end of the slot's cache line (a fifth of the names on
 * the 1M file are past their own slot); names further, or not there, are
 * left to the lookup. */
uint32_t asm_symbol_hash(const char *name, size_t length)
{
    return hash_name(name, length);
}

void asm_symbol_prefetch(const asm_state *state, uint32_t hash, bool record)
{
    if (state->slot_capacity == 0)
        return;
    size_t i = hash & (state->slot_capacity - 1);
    if (!record) {
        __builtin_prefetch(&state->symbol_slots[i]);
        return;
    }
    for (;; i++) {
        uint64_t entry = state->symbol_slots[i];
        if (entry == 0)
            return;
        if (entry >> 32 == hash) {
            __builtin_prefetch(&state->symbols[(uint32_t)entry - 1]);
            return;
        }
        if ((i + 1) % (64 / sizeof entry) == 0)
            return;
    }
}

/* Puts a slot entry in the first free slot from its name's. */
static void place(asm_state *state, uint64_t entry)
{
    size_t mask = state->slot_capacity - 1, i = (entry >> 32) & mask;
    while (state->symbol_slots[i])
        i = (i + 1) & mask;
    state->symbol_slots[i] = entry;
}

/* The same into a new table, with the name's bits in its filter. */
static void place_in_new(asm_state *state, uint64_t entry)
{
    uint32_t hash = (uint32_t)(entry >> 32);
    *filter_word(state, hash) |= filter_bits(hash);
    place(state, entry);
}

/* The slot table at capacity (a power of two), or double its size, with
 * the deferred names in it and a filter of the new size. */
static bool grow_slots(asm_state *state, size_t capacity)
{
    if (capacity <= state->slot_capacity)
        capacity = state->slot_capacity ? state->slot_capacity * 2 : 1024;
    size_t words = capacity / 16;
    uint64_t *slots = asm_zeroed(capacity, sizeof *slots);
    uint64_t *filter = asm_zeroed(words, sizeof *filter);
    if (!slots || !filter) {
        free(slots);
        free(filter);
        return false;
    }
    uint64_t *old = state->symbol_slots;
    size_t old_capacity = state->slot_capacity;
    free(state->symbol_filter);
    state->symbol_slots = slots;
    state->slot_capacity = capacity;
    state->symbol_filter = filter;
    state->filter_shift = 32;
    while (words > 1) {
        words /= 2;
        state->filter_shift--;
    }
    for (size_t s = 0; s < old_capacity; s++)
        if (old[s] != 0)
            place_in_new(state, old[s]);
    free(old);
    for (unsigned k = 0; k < ASM_DEFERRED_SLOTS; k++) {
        if (state->deferred[k] != 0)
            place_in_new(state, state->deferred[k]);
        state->deferred[k] = 0;
    }
    return true;
}

/* The records and their history at capacity (more than now). */
static bool grow_symbols(asm_state *state, size_t capacity)
{
    asm_symbol *symbols = asm_grow(state->symbols, state->symbol_count * sizeof *symbols,
                                   capacity * sizeof *symbols);
    if (!symbols)
        return false;
    state->symbols = symbols;
    asm_symbol_history *history = asm_grow(state->symbol_history,
                                           state->symbol_count * sizeof *history, capacity * sizeof *history);
    if (!history)
        return false;
    state->symbol_history = history;
    state->symbol_capacity = capacity;
    return true;
}

/* Room for one more symbol: its slot (*slot: SIZE_MAX after a growth)
 * and its record. Out of line, as it is rarely needed. */
static __attribute__((noinline)) bool make_room(asm_state *state, size_t *slot)
{
    if ((state->symbol_count + 1) * 4 > state->slot_capacity * 3) {
        if (!grow_slots(state, 0))
            return false;
        *slot = SIZE_MAX;
    }
    if (state->symbol_count == state->symbol_capacity)
        return grow_symbols(state, state->symbol_capacity ? state->symbol_capacity * 2 : 512);
    return true;
}

/* A name shorter than ASM_SYMBOL_INLINE into a zeroed inline_name: two
 * copies that overlap, not a call. */
static inline void copy_inline_name(char *out, const char *name, size_t n)
{
    if (n >= 8) {
        memcpy(out, name, 8);
        memcpy(out + n - 4, name + n - 4, 4);
    } else if (n >= 4) {
        memcpy(out, name, 4);
        memcpy(out + n - 4, name + n - 4, 4);
    } else {
        for (size_t i = 0; i < n; i++)
            out[i] = name[i];
    }
}

asm_symbol *asm_symbol_get(asm_state *state, const char *name, size_t length)
{
    uint32_t hash = hash_name(name, length);
    size_t slot;
    asm_symbol *symbol = find_hashed(state, name, length, hash, true, &slot);
    if (symbol)
        return symbol;
    if (((state->symbol_count + 1) * 4 > state->slot_capacity * 3 ||
         state->symbol_count == state->symbol_capacity) &&
        !make_room(state, &slot))
        return NULL;
    size_t offset = state->names.length;
    if (length >= ASM_SYMBOL_INLINE) {
        if (offset + length + 1 > state->names.capacity && !asm_buffer_reserve(&state->names, length + 1))
            return NULL;
        memcpy(state->names.data + offset, name, length);
        state->names.data[offset + length] = '\0';
        state->names.length += length + 1;
    }
    symbol = &state->symbols[state->symbol_count];
    memset(symbol, 0, sizeof *symbol);
    if (length < ASM_SYMBOL_INLINE) {
        symbol->length = (uint8_t)length;
        copy_inline_name(symbol->inline_name, name, length);
    } else {
        symbol->length = ASM_SYMBOL_INLINE;
        symbol->long_name.offset = (uint32_t)offset;
        symbol->long_name.length = (uint32_t)length;
    }
    uint64_t entry = (uint64_t)hash << 32 | (uint32_t)++state->symbol_count;
    *filter_word(state, hash) |= filter_bits(hash);
    if (slot != SIZE_MAX) { /* the probe read that slot already */
        state->symbol_slots[slot] = entry;
        return symbol;
    }
    /* Its slot, most likely not in the cache, is asked for now and
     * written ASM_DEFERRED_SLOTS names later, when it has come. */
    unsigned k = state->created++ & (ASM_DEFERRED_SLOTS - 1);
    if (state->deferred[k] != 0)
        place(state, state->deferred[k]);
    state->deferred[k] = entry;
    __builtin_prefetch(&state->symbol_slots[hash & (state->slot_capacity - 1)], 1);
    return symbol;
}

void asm_symbols_reserve(asm_state *state, size_t count)
{
    size_t slots = 1024;
    while (slots * 3 < 4 * count)
        slots *= 2;
    if (slots > state->slot_capacity)
        grow_slots(state, slots);
    if (count > state->symbol_capacity)
        grow_symbols(state, count);
}

void asm_symbols_start_pass(asm_state *state)
{
    for (size_t i = 0; i < state->symbol_count; i++) {
        asm_symbol *symbol = &state->symbols[i];
        asm_symbol_history *history = &state->symbol_history[i];
        symbol->previous_defined = symbol->defined && !symbol->provisional;
        history->previous_value = symbol->value;
        history->previous_section = symbol->section;
        symbol->defined = symbol->guessed = symbol->provisional = false;
        symbol->definition_seen = false;
        symbol->kind = SYMBOL_NONE;
    }
    state->guessed_count = 0;
}

bool asm_define_register(asm_state *state, const char *name, size_t length, const char *text,
                         size_t text_length)
{
    if (length >= sizeof state->registers[0].name || text_length >= sizeof state->registers[0].text)
        return false;
    size_t i = 0;
    while (i < state->register_count && (state->registers[i].name_length != length ||
                                         memcmp(state->registers[i].name, name, length) != 0))
        i++;
    if (i == state->register_count) {
        if (state->register_count == state->register_capacity) {
            size_t capacity = state->register_capacity ? state->register_capacity * 2 : 8;
            asm_register_symbol *grown = realloc(state->registers, capacity * sizeof *grown);
            if (!grown)
                return false;
            state->registers = grown;
            state->register_capacity = capacity;
        }
        state->register_count++;
        asm_statement_options(state);
    }
    asm_register_symbol *symbol = &state->registers[i];
    memcpy(symbol->name, name, length);
    symbol->name_length = length;
    memcpy(symbol->text, text, text_length);
    symbol->text_length = text_length;
    return true;
}

const char *asm_register_alias(void *context, const char *name, size_t length, size_t *text_length)
{
    const asm_state *state = context;
    for (size_t i = 0; i < state->register_count; i++) {
        const asm_register_symbol *symbol = &state->registers[i];
        if (symbol->name_length == length && memcmp(symbol->name, name, length) == 0) {
            *text_length = symbol->text_length;
            return symbol->text;
        }
    }
    return NULL;
}

void asm_symbols_free(asm_state *state)
{
    free(state->registers);
    free(state->symbols);
    free(state->symbol_history);
    free(state->symbol_slots);
    free(state->symbol_filter);
    free(state->guessed);
    asm_buffer_free(&state->names);
}

/* Local labels: "\001N" counts the definitions of N, "\001N:K" is the K-th. */
static size_t local_name(char *out, size_t size, const char *digits, size_t length, uint32_t instance)
{
    int n = instance ? snprintf(out, size, "\001%.*s:%u", (int)length, digits, instance)
                     : snprintf(out, size, "\001%.*s", (int)length, digits);
    return n > 0 && (size_t)n < size ? (size_t)n : 0;
}

static uint32_t local_count(asm_state *state, const char *digits, size_t length)
{
    char name[40];
    size_t n = local_name(name, sizeof name, digits, length, 0);
    asm_symbol *counter = n ? asm_symbol_find(state, name, n) : NULL;
    return counter && counter->defined ? (uint32_t)counter->value : 0;
}

static bool note_definition(asm_state *state, asm_symbol *symbol)
{
    if (symbol->kind == SYMBOL_VARIABLE) { /* the only kind defined again (asm_lookup) */
        asm_symbol_history *history = &state->symbol_history[symbol - state->symbols];
        if (!symbol->definition_seen)
            history->first_definition = state->sequence;
        history->last_definition = state->sequence;
    }
    symbol->definition_seen = true;
    symbol->file = state->location.file;
    symbol->line = state->location.line;
    return true;
}

static void set_value(asm_state *state, asm_symbol *symbol, int64_t value, unsigned section)
{
    symbol->value = value;
    symbol->section = (uint8_t)section;
    symbol->defined = true;
    note_definition(state, symbol);
}

static void report_redefinition(asm_state *state, asm_symbol *symbol, unsigned column,
                                const char *what)
{
    asm_report(state, true, column, "%s '%s' is already defined (at %s:%u)", what,
               asm_symbol_name(state, symbol), state->files[symbol->file].path, symbol->line);
}

bool asm_define_label(asm_state *state, const char *name, size_t length, unsigned column)
{
    char local[40];
    if (name[0] >= '0' && name[0] <= '9') { /* a local label: 1: */
        if (length > 20) {
            asm_report(state, true, column, "local label number too long");
            return false;
        }
        size_t n = local_name(local, sizeof local, name, length, 0);
        asm_symbol *counter = asm_symbol_get(state, local, n);
        if (!counter)
            return false;
        uint32_t count = counter->defined ? (uint32_t)counter->value : 0;
        counter->kind = SYMBOL_COUNTER;
        counter->value = count + 1;
        counter->defined = true;
        n = local_name(local, sizeof local, name, length, count + 1);
        name = local;
        length = n;
    }
    asm_symbol *symbol = asm_symbol_get(state, name, length);
    if (!symbol) {
        asm_report(state, true, column, "out of memory");
        return false;
    }
    if (symbol->defined) {
        report_redefinition(state, symbol, column, "symbol");
        return false;
    }
    symbol->kind = SYMBOL_LABEL;
    symbol->provisional = false;
    set_value(state, symbol, (int64_t)state->sections[state->section].size, state->section);
    return true;
}

bool asm_define_symbol(asm_state *state, const char *name, size_t length, unsigned column,
                       int64_t value, unsigned section, bool constant)
{
    asm_symbol *symbol = asm_symbol_get(state, name, length);
    if (!symbol) {
        asm_report(state, true, column, "out of memory");
        return false;
    }
    if (symbol->defined && (symbol->kind == SYMBOL_LABEL || symbol->kind == SYMBOL_CONSTANT ||
                            constant)) {
        report_redefinition(state, symbol, column,
                            symbol->kind == SYMBOL_LABEL ? "label" : "symbol");
        return false;
    }
    symbol->kind = constant ? SYMBOL_CONSTANT : SYMBOL_VARIABLE;
    symbol->provisional = state->unknown;
    if (state->unknown) { /* later uses in this pass get a wrong value */
        state->needs_pass = true;
        state->unsettled = "an assignment uses a symbol defined later";
    }
    set_value(state, symbol, value, section);
    return true;
}

static bool remember_guess(asm_state *state, asm_symbol *symbol)
{
    if (state->guessed_count == state->guessed_capacity) {
        size_t capacity = state->guessed_capacity ? state->guessed_capacity * 2 : 256;
        uint32_t *guessed = realloc(state->guessed, capacity * sizeof *guessed);
        if (!guessed)
            return false;
        state->guessed = guessed;
        state->guessed_capacity = capacity;
    }
    state->guessed[state->guessed_count++] = (uint32_t)(symbol - state->symbols);
    symbol->guessed = true;
    return true;
}

/* A provisional value in a statement that becomes a fixup (an instruction
 * or data): its messages are dropped, so the parser need not write them
 * (the caller clears the flag with the statement). */
static inline void quiet_if_replayed(asm_state *state)
{
    if (state->mode == MODE_FIXUP_ALLOWED)
        state->lookup.flags |= GCN_LOOKUP_QUIET;
}

/* asm_lookup past local labels (local: the name was made for one, and is
 * not the text's), with the name's hash. */
static inline __attribute__((always_inline)) bool lookup_hashed(asm_state *state, const char *name,
                                                               size_t length, uint32_t hash, bool local,
                                                               int64_t *value, unsigned *section)
{
    size_t slot;
    asm_symbol *symbol = find_hashed(state, name, length, hash, state->mode != MODE_FIXUP, &slot);
    if (state->mode == MODE_FIXUP) {
        if (symbol && symbol->defined) {
            /* Redefined both before and after the statement: its value there is lost. */
            if (symbol->kind == SYMBOL_VARIABLE) {
                const asm_symbol_history *history = &state->symbol_history[symbol - state->symbols];
                if (history->first_definition < state->fixup_sequence &&
                    history->last_definition > state->fixup_sequence)
                    state->fixup_unsafe = true;
            }
            *value = symbol->value;
            *section = symbol->section;
            return true;
        }
    } else if (symbol && symbol->defined) {
        if (symbol->provisional) {
            quiet_if_replayed(state);
            state->unknown = true;
            state->unknown_name = name;
            state->unknown_length = length;
        }
        *value = symbol->value;
        *section = symbol->section;
        return true;
    } else if (symbol && symbol->previous_defined) { /* a forward reference, guessed */
        if (!symbol->guessed && !remember_guess(state, symbol))
            return false;
        const asm_symbol_history *history = &state->symbol_history[symbol - state->symbols];
        *value = history->previous_value;
        *section = history->previous_section;
        return true;
    } else if (state->pass == 1 || state->mode == MODE_FIXUP_ALLOWED) {
        quiet_if_replayed(state);
        state->unknown = true; /* provisional: settled by a fixup or another pass */
        state->unknown_name = name;
        state->unknown_length = length;
        *value = 0;
        *section = 0;
        return true;
    }
    if (!local) {
        state->undefined_name = name;
        state->undefined_length = length;
    } else {
        state->undefined_name = NULL;
    }
    return false;
}

bool asm_lookup(void *context, const char *name, size_t length, int64_t *value, unsigned *section)
{
    asm_state *state = context;
    char local[40];
    if (length && name[0] >= '0' && name[0] <= '9') { /* 1b, 1f */
        size_t digits = length - 1;
        bool forward = name[length - 1] == 'f';
        uint32_t instance = 0;
        if (state->mode == MODE_FIXUP) {
            const asm_pending *fixup = state->fixup;
            for (uint32_t i = 0; i < fixup->local_count; i++) {
                const asm_local_binding *b = &state->pending_locals[fixup->other.locals + i];
                if (b->length == length && memcmp(b->name, name, length) == 0)
                    instance = b->instance;
            }
        } else {
            instance = local_count(state, name, digits) + (forward ? 1 : 0);
            if (length < sizeof state->locals[0].name) {
                bool known = false;
                for (unsigned i = 0; i < state->local_count; i++)
                    known |= state->locals[i].length == length &&
                             memcmp(state->locals[i].name, name, length) == 0;
                if (!known && state->local_count < ASM_MAX_LOCALS) {
                    asm_local_binding *b = &state->locals[state->local_count++];
                    memcpy(b->name, name, length);
                    b->length = (uint8_t)length;
                    b->instance = instance;
                } else if (!known) {
                    state->locals_overflow = true;
                }
            } else {
                state->locals_overflow = true;
            }
        }
        if (instance == 0) {
            state->undefined_name = NULL;
            return false; /* 1b before any 1: */
        }
        length = local_name(local, sizeof local, name, digits, instance);
        if (length == 0)
            return false;
        name = local;
    }
    return lookup_hashed(state, name, length, hash_name(name, length), name == local, value, section);
}

bool asm_lookup_hashed(asm_state *state, const char *name, size_t length, uint32_t hash, int64_t *value,
                       unsigned *section)
{
    return lookup_hashed(state, name, length, hash, false, value, section);
}

const char *asm_nearest_symbol(asm_state *state, const char *name, size_t length, size_t *found)
{
    const asm_symbol *best = NULL;
    unsigned best_distance = ~0u;
    /* A suggestion is worth a bounded search, not one over a huge table. */
    for (size_t i = 0; i < state->symbol_count && i < 8192; i++) {
        const asm_symbol *symbol = &state->symbols[i];
        if (!symbol->defined || symbol->kind == SYMBOL_COUNTER || asm_symbol_name(state, symbol)[0] == '\001')
            continue;
        size_t n = asm_symbol_length(symbol);
        if (n > length + 3 || n + 3 < length)
            continue;
        unsigned d = gcn_edit_distance(name, length, asm_symbol_name(state, symbol), n);
        if (d < best_distance) {
            best_distance = d;
            best = symbol;
        }
    }
    if (!best || best_distance == 0 || best_distance * 3 > length + 2)
        return NULL;
    *found = asm_symbol_length(best);
    return asm_symbol_name(state, best);
}
