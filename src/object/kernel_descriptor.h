/* The 64-byte kernel descriptor of AMDHSA code objects (v3 and later) as a
 * table of the .amdhsa_* directives that fill it (those llvm-mc 14
 * accepts): where each field's bits are, its range, its default and the
 * generations that have it; with encode (values -> bytes, computing the
 * VGPR and SGPR granules) and decode (bytes -> values). Facts from the
 * AMDGPU backend's user guide (LLVM 14), "Kernel Descriptor". */
#ifndef GCN_OBJECT_KERNEL_DESCRIPTOR_H
#define GCN_OBJECT_KERNEL_DESCRIPTOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "object/target.h"

enum {
    GCN_KD_SIZE = 64,
    GCN_KD_ALIGNMENT = 64,
    /* Byte offsets of the descriptor's words. */
    GCN_KD_GROUP_SEGMENT_FIXED_SIZE_OFFSET = 0,
    GCN_KD_PRIVATE_SEGMENT_FIXED_SIZE_OFFSET = 4,
    GCN_KD_KERNARG_SIZE_OFFSET = 8,
    GCN_KD_KERNEL_CODE_ENTRY_BYTE_OFFSET_OFFSET = 16, /* 64 bits: code address - descriptor address */
    GCN_KD_COMPUTE_PGM_RSRC3_OFFSET = 44,
    GCN_KD_COMPUTE_PGM_RSRC1_OFFSET = 48,
    GCN_KD_COMPUTE_PGM_RSRC2_OFFSET = 52,
    GCN_KD_KERNEL_CODE_PROPERTIES_OFFSET = 56 /* 16 bits */
};

/* The fields, in the order llvm-mc and clang print them. */
typedef enum gcn_kd_field_id {
    GCN_KD_GROUP_SEGMENT_FIXED_SIZE,
    GCN_KD_PRIVATE_SEGMENT_FIXED_SIZE,
    GCN_KD_KERNARG_SIZE,
    GCN_KD_USER_SGPR_COUNT,
    GCN_KD_USER_SGPR_PRIVATE_SEGMENT_BUFFER,
    GCN_KD_USER_SGPR_DISPATCH_PTR,
    GCN_KD_USER_SGPR_QUEUE_PTR,
    GCN_KD_USER_SGPR_KERNARG_SEGMENT_PTR,
    GCN_KD_USER_SGPR_DISPATCH_ID,
    GCN_KD_USER_SGPR_FLAT_SCRATCH_INIT,
    GCN_KD_USER_SGPR_PRIVATE_SEGMENT_SIZE,
    GCN_KD_WAVEFRONT_SIZE32,
    GCN_KD_SYSTEM_SGPR_PRIVATE_SEGMENT_WAVEFRONT_OFFSET,
    GCN_KD_SYSTEM_SGPR_WORKGROUP_ID_X,
    GCN_KD_SYSTEM_SGPR_WORKGROUP_ID_Y,
    GCN_KD_SYSTEM_SGPR_WORKGROUP_ID_Z,
    GCN_KD_SYSTEM_SGPR_WORKGROUP_INFO,
    GCN_KD_SYSTEM_VGPR_WORKITEM_ID,
    GCN_KD_NEXT_FREE_VGPR,
    GCN_KD_NEXT_FREE_SGPR,
    GCN_KD_ACCUM_OFFSET,
    GCN_KD_RESERVE_VCC,
    GCN_KD_RESERVE_FLAT_SCRATCH,
    GCN_KD_RESERVE_XNACK_MASK,
    GCN_KD_FLOAT_ROUND_MODE_32,
    GCN_KD_FLOAT_ROUND_MODE_16_64,
    GCN_KD_FLOAT_DENORM_MODE_32,
    GCN_KD_FLOAT_DENORM_MODE_16_64,
    GCN_KD_DX10_CLAMP,
    GCN_KD_IEEE_MODE,
    GCN_KD_FP16_OVERFLOW,
    GCN_KD_TG_SPLIT,
    GCN_KD_WORKGROUP_PROCESSOR_MODE,
    GCN_KD_MEMORY_ORDERED,
    GCN_KD_FORWARD_PROGRESS,
    GCN_KD_EXCEPTION_FP_IEEE_INVALID_OP,
    GCN_KD_EXCEPTION_FP_DENORM_SRC,
    GCN_KD_EXCEPTION_FP_IEEE_DIV_ZERO,
    GCN_KD_EXCEPTION_FP_IEEE_OVERFLOW,
    GCN_KD_EXCEPTION_FP_IEEE_UNDERFLOW,
    GCN_KD_EXCEPTION_FP_IEEE_INEXACT,
    GCN_KD_EXCEPTION_INT_DIV_ZERO,
    GCN_KD_FIELD_COUNT
} gcn_kd_field_id;

/* How a field reaches the bytes. */
typedef enum gcn_kd_storage {
    GCN_KD_BITS,     /* its value in bits [shift, shift + width) of the word at offset */
    GCN_KD_COMPUTED  /* through the granules (next_free_*, reserve_*) or a scale (accum_offset) */
} gcn_kd_storage;

/* Generations with a field: GFX6 to GFX9 by number, and two later ones
 * whose directives llvm-mc knows (an error on these targets). */
enum { GCN_KD_GFX90A = 90, GCN_KD_GFX10 = 10 };

typedef struct gcn_kd_field {
    const char *name;      /* ".amdhsa_next_free_vgpr" */
    uint8_t storage;       /* gcn_kd_storage */
    uint8_t offset;        /* byte offset of its word (GCN_KD_*_OFFSET); computed: where it ends up */
    uint8_t shift, width;  /* its bits in that word */
    uint8_t since;         /* the first generation with it: 6, 7, 8, 9, GCN_KD_GFX90A, GCN_KD_GFX10 */
    bool required;         /* an error when missing */
    int64_t default_value; /* reserve_xnack_mask: the target's (see gcn_kd_defaults) */
} gcn_kd_field;

extern const gcn_kd_field gcn_kd_fields[GCN_KD_FIELD_COUNT];

/* The field named name (".amdhsa_..."), case-sensitive as llvm-mc is;
 * GCN_KD_FIELD_COUNT if none. */
gcn_kd_field_id gcn_kd_field_find(const char *name, size_t length);
/* Whether the target has the field. */
bool gcn_kd_field_on_target(gcn_kd_field_id field, const gcn_target *target);

/* Values of the fields, and which were given. */
typedef struct gcn_kd_values {
    int64_t value[GCN_KD_FIELD_COUNT];
    uint64_t given; /* bit per gcn_kd_field_id */
} gcn_kd_values;

/* Every field's default for target, none given. */
void gcn_kd_defaults(const gcn_target *target, gcn_kd_values *values);

/* The checks and their messages (gcn_kd_message), as llvm-mc words them. */
typedef enum gcn_kd_status {
    GCN_KD_OK,
    GCN_KD_UNKNOWN_DIRECTIVE,
    GCN_KD_REPEATED,
    GCN_KD_REQUIRES_GFX7,
    GCN_KD_REQUIRES_GFX8,
    GCN_KD_REQUIRES_GFX9,
    GCN_KD_REQUIRES_GFX90A,
    GCN_KD_REQUIRES_GFX10,
    GCN_KD_OUT_OF_RANGE,
    GCN_KD_XNACK_MISMATCH,
    GCN_KD_ACCUM_OFFSET_RANGE,
    /* found by gcn_kd_encode */
    GCN_KD_MISSING_NEXT_FREE_VGPR,
    GCN_KD_MISSING_NEXT_FREE_SGPR,
    GCN_KD_MISSING_ACCUM_OFFSET,
    GCN_KD_VGPR_OUT_OF_RANGE,
    GCN_KD_SGPR_OUT_OF_RANGE,
    GCN_KD_TOO_MANY_USER_SGPRS,
    GCN_KD_USER_SGPR_COUNT_TOO_SMALL,
    GCN_KD_ACCUM_OFFSET_EXCEEDS_VGPRS
} gcn_kd_status;
const char *gcn_kd_message(gcn_kd_status status);
/* Where llvm-mc puts the caret for a status from gcn_kd_set. */
typedef enum gcn_kd_blame { GCN_KD_AT_DIRECTIVE, GCN_KD_AT_VALUE, GCN_KD_AT_END } gcn_kd_blame;
gcn_kd_blame gcn_kd_status_blame(gcn_kd_status status);
/* For a status of gcn_kd_encode: the field whose value is to blame
 * (GCN_KD_AT_VALUE of its directive), or GCN_KD_FIELD_COUNT for the end
 * of the block. */
gcn_kd_field_id gcn_kd_status_field(gcn_kd_status status);

/* Sets field to value, as its directive in a .amdhsa_kernel block: the
 * generation, range and repetition checks in llvm-mc's order. */
gcn_kd_status gcn_kd_set(const gcn_target *target, gcn_kd_values *values, gcn_kd_field_id field,
                         int64_t value);

/* The SGPRs the hardware adds to next_free_sgpr for VCC, FLAT_SCRATCH
 * and XNACK_MASK when they are reserved. */
unsigned gcn_kd_extra_sgprs(const gcn_target *target, bool vcc, bool flat_scratch, bool xnack_mask);

/* Encodes values (from gcn_kd_defaults and gcn_kd_set) into 64 bytes.
 * The code entry offset (bytes 16 to 23) is left 0: in an object it is a
 * relocation. */
gcn_kd_status gcn_kd_encode(const gcn_target *target, const gcn_kd_values *values,
                            uint8_t bytes[GCN_KD_SIZE]);

/* Decodes 64 bytes into values that encode back to them: the granules
 * become next_free_vgpr/sgpr with VCC and FLAT_SCRATCH not reserved (XNACK
 * as the target says). *entry_offset gets bytes 16 to 23. Returns false
 * when the bytes are no such encoding (bits set where no field is, or
 * granules the directives cannot give): print them as data then. */
bool gcn_kd_decode(const gcn_target *target, const uint8_t bytes[GCN_KD_SIZE],
                   gcn_kd_values *values, int64_t *entry_offset);

#endif
