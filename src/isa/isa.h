/* The ISA description: one row per instruction, shared by every consumer. */
#ifndef GCN_ISA_H
#define GCN_ISA_H

#include "gcn.h"

/* A row's operand profile (isa/profile.h); each family has its own. */
typedef enum gcn_shape {
#define PROFILE(family, name, ...) GCN_SHAPE_##family##_##name,
#include "isa/profiles.def"
#undef PROFILE
    GCN_SHAPE_COUNT,
    /* FLAT: no SCRATCH atomics; the name rows.c's segment rule needs */
    GCN_SHAPE_FLAT_SCRATCH_ATOMIC = GCN_SHAPE_FLAT_ATOMIC
} gcn_shape;

/* What an instruction does, independent of generation and encoding. */
typedef enum gcn_operation {
    GCN_OP_NONE,
    /* memory */
    GCN_OP_LOAD, GCN_OP_STORE, GCN_OP_LOAD_FORMAT, GCN_OP_STORE_FORMAT,
    GCN_OP_STORE_LDS,
    GCN_OP_ATOMIC_SWAP, GCN_OP_ATOMIC_CMPSWAP, GCN_OP_ATOMIC_ADD, GCN_OP_ATOMIC_SUB,
    GCN_OP_ATOMIC_RSUB, GCN_OP_ATOMIC_SMIN, GCN_OP_ATOMIC_UMIN, GCN_OP_ATOMIC_SMAX,
    GCN_OP_ATOMIC_UMAX, GCN_OP_ATOMIC_AND, GCN_OP_ATOMIC_OR, GCN_OP_ATOMIC_XOR,
    GCN_OP_ATOMIC_INC, GCN_OP_ATOMIC_DEC, GCN_OP_ATOMIC_FCMPSWAP, GCN_OP_ATOMIC_FMIN,
    GCN_OP_ATOMIC_FMAX,
    GCN_OP_CACHE_INV, GCN_OP_CACHE_INV_VOL, GCN_OP_CACHE_WB, GCN_OP_CACHE_WB_VOL,
    GCN_OP_CACHE_WBINVL1, GCN_OP_CACHE_WBINVL1_VOL, GCN_OP_CACHE_WBINVL1_SC, GCN_OP_CACHE_DISCARD,
    GCN_OP_CACHE_DISCARD_X2, /* SMEM: two 64-byte lines */
    GCN_OP_MEMTIME, GCN_OP_MEMREALTIME, GCN_OP_ATC_PROBE, GCN_OP_ATC_PROBE_BUFFER,
    /* SOPP and the scalar ALU: one operation per row, named in its operation column */
#define GCN_ROW_ENTRY(family, name, o10, o11, o12, o14, shape, dwords, element, flags, operation) \
    GCN_SCALAR_OPERATION_##family(operation)
#define GCN_SCALAR_OPERATION_SOPP(operation) GCN_OP_##operation,
#define GCN_SCALAR_OPERATION_SMEM(operation)
#define GCN_SCALAR_OPERATION_MUBUF(operation)
#define GCN_SCALAR_OPERATION_FLAT(operation)
#define GCN_SCALAR_OPERATION_SOP2(operation) GCN_OP_##operation,
#define GCN_SCALAR_OPERATION_SOPK(operation) GCN_OP_##operation,
#define GCN_SCALAR_OPERATION_SOP1(operation) GCN_OP_##operation,
#define GCN_SCALAR_OPERATION_SOPC(operation) GCN_OP_##operation,
#include "isa/rows.inc"
#undef GCN_ROW_ENTRY
    GCN_OP_COUNT
} gcn_operation;

/* The element a memory operation moves per dword of data. */
typedef enum gcn_element {
    GCN_ELEMENT_NONE,
    GCN_ELEMENT_B32,        /* whole dwords (data_dwords of them) */
    GCN_ELEMENT_U8, GCN_ELEMENT_S8, GCN_ELEMENT_U16, GCN_ELEMENT_S16,
    GCN_ELEMENT_U8_D16, GCN_ELEMENT_S8_D16, GCN_ELEMENT_B16_D16,          /* low half */
    GCN_ELEMENT_U8_D16_HI, GCN_ELEMENT_S8_D16_HI, GCN_ELEMENT_B16_D16_HI, /* high half */
    GCN_ELEMENT_B8_HI, GCN_ELEMENT_B16_HI,   /* store from the high half */
    GCN_ELEMENT_FORMAT,     /* typed by the buffer resource */
    GCN_ELEMENT_FORMAT_D16, GCN_ELEMENT_FORMAT_D16_HI,
    GCN_ELEMENT_F32, GCN_ELEMENT_F64
} gcn_element;

/* Row flags. */
enum {
    GCN_ROW_ATOMIC = 1u << 0,      /* glc means: return the old value */
    GCN_ROW_CMPSWAP = 1u << 1,     /* data holds value and compare: twice the result */
    GCN_ROW_LDS = 1u << 2,         /* has an LDS form (lds modifier) */
    GCN_ROW_D16_PACKED = 1u << 3,  /* d16 format: GCN 1.4 packs two halves a VGPR */
    GCN_ROW_BUFFER_BASE = 1u << 4, /* SMEM: sbase is a 4-SGPR buffer resource */
    GCN_ROW_LLVM_ABSENT = 1u << 5, /* llvm-mc 14 does not know it (errata) */
    GCN_ROW_SCRATCH = 1u << 6,     /* FLAT GCN 1.4 segment 1 (derived); SMEM s_scratch_* */
    GCN_ROW_GLOBAL = 1u << 7,      /* FLAT GCN 1.4 segment 2 (derived) */
    GCN_ROW_CLRX_GCN12 = 1u << 8,  /* CLRX also accepts it on GCN 1.2 (errata) */
    GCN_ROW_LDS_GCN12 = 1u << 9    /* MUBUF: LDS form only from GCN 1.2 on (llvm-mc) */
};

typedef struct gcn_row {
    const char *name;
    int16_t opcode[GCN_ARCH_COUNT]; /* -1: not on that generation */
    uint8_t family;                 /* gcn_family */
    uint8_t shape;                  /* gcn_shape */
    uint8_t data_dwords;            /* width of the data operand, 0 if none */
    uint8_t element;                /* gcn_element */
    uint16_t flags;                 /* GCN_ROW_* */
    uint8_t operation;              /* gcn_operation */
    uint8_t name_length;            /* strlen(name) */
} gcn_row;

/* Row indexes, one enumerator per row in table order. */
enum gcn_row_index {
#define GCN_ROW_ENTRY(family, name, ...) GCN_ROW_INDEX_##name,
#include "isa/rows.inc"
#undef GCN_ROW_ENTRY
    GCN_ROW_COUNT
};

extern const gcn_row gcn_rows[GCN_ROW_COUNT];

/* Branches (an operand of syntax GCN_SYNTAX_BRANCH): RELADDR = NEXTPC + SIMM16 * 4,
 * NEXTPC being the address after the one-word branch. */
static inline uint64_t gcn_branch_target(uint64_t address, uint16_t simm16)
{
    return address + 4 + (uint64_t)((int64_t)(int16_t)simm16 * 4);
}

/* The other way: the word distance from a branch at address to target in
 * *words, and whether SIMM16 holds it. */
typedef enum { GCN_BRANCH_FITS, GCN_BRANCH_MISALIGNED, GCN_BRANCH_OUT_OF_RANGE } gcn_branch_fit;
static inline gcn_branch_fit gcn_branch_distance(uint64_t address, int64_t target, int64_t *words)
{
    int64_t bytes = target - (int64_t)(address + 4);
    if (bytes & 3)
        return GCN_BRANCH_MISALIGNED;
    *words = bytes / 4;
    return *words < -32768 || *words > 32767 ? GCN_BRANCH_OUT_OF_RANGE : GCN_BRANCH_FITS;
}

/* Row of an opcode on a generation, or GCN_ROW_NONE. */
uint16_t gcn_row_for_opcode(gcn_family family, gcn_arch arch, unsigned opcode);
/* The tables behind it, for decoders that know their family: per opcode
 * in the family's space (rows.c's FAMILIES), its row + 1 (0: none, so that the
 * entry minus one, as uint16_t, is the row or GCN_ROW_NONE) and that
 * row's layout + 1 (isa/profile.h); and each row's layout. */
typedef struct gcn_opcode_slot {
    uint16_t row;
    uint8_t layout;
} gcn_opcode_slot;
extern const gcn_opcode_slot *const gcn_opcode_slots[GCN_FAMILY_COUNT][GCN_ARCH_COUNT];
extern const uint8_t gcn_row_layouts[];

/* Row of a mnemonic (any case, also with CLRX's _e32/_e64 suffix), or GCN_ROW_NONE. */
uint16_t gcn_row_for_name(const char *name, size_t length);

/* Name of the row whose mnemonic is closest to name, for "did you mean". */
const char *gcn_nearest_name(const char *name, size_t length);

/* The index-th architecture name gcn_arch_from_name knows (and its
 * generation in *arch), NULL past the last: for listing them. */
const char *gcn_arch_name_at(size_t index, gcn_arch *arch);

#endif
