/* The kernel descriptor's fields, and their encoding and decoding. */
#include <string.h>

#include "object/kernel_descriptor.h"

enum {
    RSRC1 = GCN_KD_COMPUTE_PGM_RSRC1_OFFSET,
    RSRC2 = GCN_KD_COMPUTE_PGM_RSRC2_OFFSET,
    RSRC3 = GCN_KD_COMPUTE_PGM_RSRC3_OFFSET,
    PROPERTIES = GCN_KD_KERNEL_CODE_PROPERTIES_OFFSET,
    COMPUTED = GCN_KD_COMPUTED,
    BITS = GCN_KD_BITS,
    /* compute_pgm_rsrc1: the granule fields */
    VGPR_SHIFT = 0, VGPR_WIDTH = 6, SGPR_SHIFT = 6, SGPR_WIDTH = 4,
    /* compute_pgm_rsrc2: the user SGPR count */
    USER_SGPR_SHIFT = 1, USER_SGPR_WIDTH = 5,
    /* compute_pgm_rsrc3 of gfx90a */
    ACCUM_SHIFT = 0, ACCUM_WIDTH = 6,
    /* SGPR counts */
    SGPR_GRANULE = 8,
    SGPRS_FOR_INIT_BUG = 96
};

const gcn_kd_field gcn_kd_fields[GCN_KD_FIELD_COUNT] = {
    [GCN_KD_GROUP_SEGMENT_FIXED_SIZE] = {".amdhsa_group_segment_fixed_size", BITS, 0, 0, 32, 6, false, 0},
    [GCN_KD_PRIVATE_SEGMENT_FIXED_SIZE] = {".amdhsa_private_segment_fixed_size", BITS, 4, 0, 32, 6, false, 0},
    [GCN_KD_KERNARG_SIZE] = {".amdhsa_kernarg_size", BITS, 8, 0, 32, 6, false, 0},
    [GCN_KD_USER_SGPR_COUNT] = {".amdhsa_user_sgpr_count", COMPUTED, RSRC2, USER_SGPR_SHIFT, USER_SGPR_WIDTH, 6, false, 0},
    [GCN_KD_USER_SGPR_PRIVATE_SEGMENT_BUFFER] = {".amdhsa_user_sgpr_private_segment_buffer", BITS, PROPERTIES, 0, 1, 6, false, 0},
    [GCN_KD_USER_SGPR_DISPATCH_PTR] = {".amdhsa_user_sgpr_dispatch_ptr", BITS, PROPERTIES, 1, 1, 6, false, 0},
    [GCN_KD_USER_SGPR_QUEUE_PTR] = {".amdhsa_user_sgpr_queue_ptr", BITS, PROPERTIES, 2, 1, 6, false, 0},
    [GCN_KD_USER_SGPR_KERNARG_SEGMENT_PTR] = {".amdhsa_user_sgpr_kernarg_segment_ptr", BITS, PROPERTIES, 3, 1, 6, false, 0},
    [GCN_KD_USER_SGPR_DISPATCH_ID] = {".amdhsa_user_sgpr_dispatch_id", BITS, PROPERTIES, 4, 1, 6, false, 0},
    [GCN_KD_USER_SGPR_FLAT_SCRATCH_INIT] = {".amdhsa_user_sgpr_flat_scratch_init", BITS, PROPERTIES, 5, 1, 6, false, 0},
    [GCN_KD_USER_SGPR_PRIVATE_SEGMENT_SIZE] = {".amdhsa_user_sgpr_private_segment_size", BITS, PROPERTIES, 6, 1, 6, false, 0},
    [GCN_KD_WAVEFRONT_SIZE32] = {".amdhsa_wavefront_size32", BITS, PROPERTIES, 10, 1, GCN_KD_GFX10, false, 0},
    [GCN_KD_SYSTEM_SGPR_PRIVATE_SEGMENT_WAVEFRONT_OFFSET] = {".amdhsa_system_sgpr_private_segment_wavefront_offset", BITS, RSRC2, 0, 1, 6, false, 0},
    [GCN_KD_SYSTEM_SGPR_WORKGROUP_ID_X] = {".amdhsa_system_sgpr_workgroup_id_x", BITS, RSRC2, 7, 1, 6, false, 1},
    [GCN_KD_SYSTEM_SGPR_WORKGROUP_ID_Y] = {".amdhsa_system_sgpr_workgroup_id_y", BITS, RSRC2, 8, 1, 6, false, 0},
    [GCN_KD_SYSTEM_SGPR_WORKGROUP_ID_Z] = {".amdhsa_system_sgpr_workgroup_id_z", BITS, RSRC2, 9, 1, 6, false, 0},
    [GCN_KD_SYSTEM_SGPR_WORKGROUP_INFO] = {".amdhsa_system_sgpr_workgroup_info", BITS, RSRC2, 10, 1, 6, false, 0},
    [GCN_KD_SYSTEM_VGPR_WORKITEM_ID] = {".amdhsa_system_vgpr_workitem_id", BITS, RSRC2, 11, 2, 6, false, 0},
    [GCN_KD_NEXT_FREE_VGPR] = {".amdhsa_next_free_vgpr", COMPUTED, RSRC1, VGPR_SHIFT, VGPR_WIDTH, 6, true, 0},
    [GCN_KD_NEXT_FREE_SGPR] = {".amdhsa_next_free_sgpr", COMPUTED, RSRC1, SGPR_SHIFT, SGPR_WIDTH, 6, true, 0},
    [GCN_KD_ACCUM_OFFSET] = {".amdhsa_accum_offset", COMPUTED, RSRC3, ACCUM_SHIFT, ACCUM_WIDTH, GCN_KD_GFX90A, false, 0},
    [GCN_KD_RESERVE_VCC] = {".amdhsa_reserve_vcc", COMPUTED, RSRC1, SGPR_SHIFT, 1, 6, false, 1},
    [GCN_KD_RESERVE_FLAT_SCRATCH] = {".amdhsa_reserve_flat_scratch", COMPUTED, RSRC1, SGPR_SHIFT, 1, 7, false, 1},
    [GCN_KD_RESERVE_XNACK_MASK] = {".amdhsa_reserve_xnack_mask", COMPUTED, RSRC1, SGPR_SHIFT, 1, 8, false, 0},
    [GCN_KD_FLOAT_ROUND_MODE_32] = {".amdhsa_float_round_mode_32", BITS, RSRC1, 12, 2, 6, false, 0},
    [GCN_KD_FLOAT_ROUND_MODE_16_64] = {".amdhsa_float_round_mode_16_64", BITS, RSRC1, 14, 2, 6, false, 0},
    [GCN_KD_FLOAT_DENORM_MODE_32] = {".amdhsa_float_denorm_mode_32", BITS, RSRC1, 16, 2, 6, false, 0},
    [GCN_KD_FLOAT_DENORM_MODE_16_64] = {".amdhsa_float_denorm_mode_16_64", BITS, RSRC1, 18, 2, 6, false, 3},
    [GCN_KD_DX10_CLAMP] = {".amdhsa_dx10_clamp", BITS, RSRC1, 21, 1, 6, false, 1},
    [GCN_KD_IEEE_MODE] = {".amdhsa_ieee_mode", BITS, RSRC1, 23, 1, 6, false, 1},
    [GCN_KD_FP16_OVERFLOW] = {".amdhsa_fp16_overflow", BITS, RSRC1, 26, 1, 9, false, 0},
    [GCN_KD_TG_SPLIT] = {".amdhsa_tg_split", BITS, RSRC3, 16, 1, GCN_KD_GFX90A, false, 0},
    [GCN_KD_WORKGROUP_PROCESSOR_MODE] = {".amdhsa_workgroup_processor_mode", BITS, RSRC1, 29, 1, GCN_KD_GFX10, false, 0},
    [GCN_KD_MEMORY_ORDERED] = {".amdhsa_memory_ordered", BITS, RSRC1, 30, 1, GCN_KD_GFX10, false, 0},
    [GCN_KD_FORWARD_PROGRESS] = {".amdhsa_forward_progress", BITS, RSRC1, 31, 1, GCN_KD_GFX10, false, 0},
    [GCN_KD_EXCEPTION_FP_IEEE_INVALID_OP] = {".amdhsa_exception_fp_ieee_invalid_op", BITS, RSRC2, 24, 1, 6, false, 0},
    [GCN_KD_EXCEPTION_FP_DENORM_SRC] = {".amdhsa_exception_fp_denorm_src", BITS, RSRC2, 25, 1, 6, false, 0},
    [GCN_KD_EXCEPTION_FP_IEEE_DIV_ZERO] = {".amdhsa_exception_fp_ieee_div_zero", BITS, RSRC2, 26, 1, 6, false, 0},
    [GCN_KD_EXCEPTION_FP_IEEE_OVERFLOW] = {".amdhsa_exception_fp_ieee_overflow", BITS, RSRC2, 27, 1, 6, false, 0},
    [GCN_KD_EXCEPTION_FP_IEEE_UNDERFLOW] = {".amdhsa_exception_fp_ieee_underflow", BITS, RSRC2, 28, 1, 6, false, 0},
    [GCN_KD_EXCEPTION_FP_IEEE_INEXACT] = {".amdhsa_exception_fp_ieee_inexact", BITS, RSRC2, 29, 1, 6, false, 0},
    [GCN_KD_EXCEPTION_INT_DIV_ZERO] = {".amdhsa_exception_int_div_zero", BITS, RSRC2, 30, 1, 6, false, 0},
};

gcn_kd_field_id gcn_kd_field_find(const char *name, size_t length)
{
    for (unsigned i = 0; i < GCN_KD_FIELD_COUNT; i++)
        if (strlen(gcn_kd_fields[i].name) == length && memcmp(gcn_kd_fields[i].name, name, length) == 0)
            return (gcn_kd_field_id)i;
    return GCN_KD_FIELD_COUNT;
}

/* The generation of target as the table's since column counts it. */
static bool has_generation(const gcn_target *target, unsigned since)
{
    if (since == GCN_KD_GFX10)
        return false; /* GFX6 to GFX9 only */
    if (since == GCN_KD_GFX90A)
        return target->processor->unified_vgprs;
    return target->processor->major >= since;
}

bool gcn_kd_field_on_target(gcn_kd_field_id field, const gcn_target *target)
{
    return field < GCN_KD_FIELD_COUNT && has_generation(target, gcn_kd_fields[field].since);
}

void gcn_kd_defaults(const gcn_target *target, gcn_kd_values *values)
{
    for (unsigned i = 0; i < GCN_KD_FIELD_COUNT; i++)
        values->value[i] = gcn_kd_fields[i].default_value;
    values->value[GCN_KD_RESERVE_XNACK_MASK] = gcn_target_xnack_on_or_any(target);
    values->given = 0;
}

const char *gcn_kd_message(gcn_kd_status status)
{
    switch (status) {
    case GCN_KD_OK: return "ok";
    case GCN_KD_UNKNOWN_DIRECTIVE: return "unknown .amdhsa_kernel directive";
    case GCN_KD_REPEATED: return ".amdhsa_ directives cannot be repeated";
    case GCN_KD_REQUIRES_GFX7: return "directive requires gfx7+";
    case GCN_KD_REQUIRES_GFX8: return "directive requires gfx8+";
    case GCN_KD_REQUIRES_GFX9: return "directive requires gfx9+";
    case GCN_KD_REQUIRES_GFX90A: return "directive requires gfx90a+";
    case GCN_KD_REQUIRES_GFX10: return "directive requires gfx10+";
    case GCN_KD_OUT_OF_RANGE: return "value out of range";
    case GCN_KD_XNACK_MISMATCH: return ".amdhsa_reserve_xnack_mask does not match target id";
    case GCN_KD_ACCUM_OFFSET_RANGE: return "accum_offset should be in range [4..256] in increments of 4";
    case GCN_KD_MISSING_NEXT_FREE_VGPR: return ".amdhsa_next_free_vgpr directive is required";
    case GCN_KD_MISSING_NEXT_FREE_SGPR: return ".amdhsa_next_free_sgpr directive is required";
    case GCN_KD_MISSING_ACCUM_OFFSET: return ".amdhsa_accum_offset directive is required";
    case GCN_KD_VGPR_OUT_OF_RANGE: return "value out of range";
    case GCN_KD_SGPR_OUT_OF_RANGE: return "value out of range";
    case GCN_KD_TOO_MANY_USER_SGPRS: return "too many user SGPRs enabled";
    case GCN_KD_USER_SGPR_COUNT_TOO_SMALL:
        /* llvm-mc's words, its doubled "than" included */
        return "amdgpu_user_sgpr_count smaller than than implied by enabled user SGPRs";
    case GCN_KD_ACCUM_OFFSET_EXCEEDS_VGPRS: return "accum_offset exceeds total VGPR allocation";
    }
    return "unknown kernel descriptor error";
}

gcn_kd_blame gcn_kd_status_blame(gcn_kd_status status)
{
    switch (status) {
    case GCN_KD_REPEATED:
    case GCN_KD_OUT_OF_RANGE:
    case GCN_KD_VGPR_OUT_OF_RANGE:
    case GCN_KD_SGPR_OUT_OF_RANGE:
        return GCN_KD_AT_VALUE;
    case GCN_KD_MISSING_NEXT_FREE_VGPR:
    case GCN_KD_MISSING_NEXT_FREE_SGPR:
    case GCN_KD_MISSING_ACCUM_OFFSET:
    case GCN_KD_TOO_MANY_USER_SGPRS:
    case GCN_KD_USER_SGPR_COUNT_TOO_SMALL:
    case GCN_KD_ACCUM_OFFSET_RANGE:
    case GCN_KD_ACCUM_OFFSET_EXCEEDS_VGPRS:
        return GCN_KD_AT_END;
    default:
        return GCN_KD_AT_DIRECTIVE;
    }
}

gcn_kd_field_id gcn_kd_status_field(gcn_kd_status status)
{
    if (status == GCN_KD_VGPR_OUT_OF_RANGE)
        return GCN_KD_NEXT_FREE_VGPR;
    if (status == GCN_KD_SGPR_OUT_OF_RANGE)
        return GCN_KD_NEXT_FREE_SGPR;
    return GCN_KD_FIELD_COUNT;
}

static gcn_kd_status requirement(unsigned since)
{
    switch (since) {
    case 7: return GCN_KD_REQUIRES_GFX7;
    case 8: return GCN_KD_REQUIRES_GFX8;
    case 9: return GCN_KD_REQUIRES_GFX9;
    case GCN_KD_GFX90A: return GCN_KD_REQUIRES_GFX90A;
    default: return GCN_KD_REQUIRES_GFX10;
    }
}

gcn_kd_status gcn_kd_set(const gcn_target *target, gcn_kd_values *values, gcn_kd_field_id field,
                         int64_t value)
{
    if (field >= GCN_KD_FIELD_COUNT)
        return GCN_KD_UNKNOWN_DIRECTIVE;
    const gcn_kd_field *f = &gcn_kd_fields[field];
    if (values->given >> field & 1)
        return GCN_KD_REPEATED;
    if (value < 0)
        return GCN_KD_OUT_OF_RANGE;
    if (!has_generation(target, f->since))
        return requirement(f->since);
    /* The counts and the accumulation offset are checked at the end. */
    bool ranged = f->storage == BITS || field == GCN_KD_RESERVE_VCC ||
                  field == GCN_KD_RESERVE_FLAT_SCRATCH || field == GCN_KD_RESERVE_XNACK_MASK;
    if (ranged && f->width < 64 && (uint64_t)value >> f->width)
        return GCN_KD_OUT_OF_RANGE;
    if (field == GCN_KD_RESERVE_XNACK_MASK && (value != 0) != gcn_target_xnack_on_or_any(target))
        return GCN_KD_XNACK_MISMATCH;
    values->value[field] = value;
    values->given |= 1ull << field;
    return GCN_KD_OK;
}

unsigned gcn_kd_extra_sgprs(const gcn_target *target, bool vcc, bool flat_scratch, bool xnack_mask)
{
    unsigned extra = vcc ? 2 : 0;
    if (target->processor->major < 8) {
        if (flat_scratch)
            extra = 4;
    } else {
        if (xnack_mask)
            extra = 4;
        if (flat_scratch)
            extra = 6;
    }
    return extra;
}

/* The SGPRs a GFX generation may address. */
static unsigned addressable_sgprs(const gcn_target *target)
{
    if (target->processor->sgpr_init_bug)
        return SGPRS_FOR_INIT_BUG;
    return target->processor->major >= 8 ? 102 : 104;
}

static unsigned vgpr_granule(const gcn_target *target)
{
    return target->processor->unified_vgprs ? 8 : 4;
}

static uint64_t blocks(uint64_t count, unsigned granule)
{
    if (count == 0)
        count = 1;
    return (count + granule - 1) / granule - 1;
}

static void put(uint8_t *bytes, unsigned offset, unsigned size, uint64_t value)
{
    for (unsigned i = 0; i < size; i++)
        bytes[offset + i] = (uint8_t)(value >> 8 * i);
}

static uint64_t get(const uint8_t *bytes, unsigned offset, unsigned size)
{
    uint64_t value = 0;
    for (unsigned i = 0; i < size; i++)
        value |= (uint64_t)bytes[offset + i] << 8 * i;
    return value;
}

/* The size of the word at a byte offset: the properties are 16 bits. */
static unsigned word_size(unsigned offset)
{
    return offset == PROPERTIES ? 2 : 4;
}

static void set_bits(uint8_t *bytes, unsigned offset, unsigned shift, unsigned width, uint64_t value)
{
    unsigned size = word_size(offset);
    uint64_t word = get(bytes, offset, size);
    uint64_t mask = (width >= 64 ? ~0ull : (1ull << width) - 1) << shift;
    word = (word & ~mask) | ((value << shift) & mask);
    put(bytes, offset, size, word);
}

static uint64_t get_bits(const uint8_t *bytes, unsigned offset, unsigned shift, unsigned width)
{
    uint64_t word = get(bytes, offset, word_size(offset));
    return word >> shift & (width >= 64 ? ~0ull : (1ull << width) - 1);
}

/* The user SGPRs the enabled inputs take. */
static unsigned implied_user_sgprs(const gcn_kd_values *values)
{
    static const struct {
        gcn_kd_field_id field;
        unsigned count;
    } inputs[] = {
        {GCN_KD_USER_SGPR_PRIVATE_SEGMENT_BUFFER, 4}, {GCN_KD_USER_SGPR_DISPATCH_PTR, 2},
        {GCN_KD_USER_SGPR_QUEUE_PTR, 2},              {GCN_KD_USER_SGPR_KERNARG_SEGMENT_PTR, 2},
        {GCN_KD_USER_SGPR_DISPATCH_ID, 2},            {GCN_KD_USER_SGPR_FLAT_SCRATCH_INIT, 2},
        {GCN_KD_USER_SGPR_PRIVATE_SEGMENT_SIZE, 1},
    };
    unsigned count = 0;
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
        if (values->value[inputs[i].field])
            count += inputs[i].count;
    return count;
}

gcn_kd_status gcn_kd_encode(const gcn_target *target, const gcn_kd_values *values,
                            uint8_t bytes[GCN_KD_SIZE])
{
    const int64_t *v = values->value;
    if (!(values->given >> GCN_KD_NEXT_FREE_VGPR & 1))
        return GCN_KD_MISSING_NEXT_FREE_VGPR;
    if (!(values->given >> GCN_KD_NEXT_FREE_SGPR & 1))
        return GCN_KD_MISSING_NEXT_FREE_SGPR;
    memset(bytes, 0, GCN_KD_SIZE);
    for (unsigned i = 0; i < GCN_KD_FIELD_COUNT; i++) {
        const gcn_kd_field *f = &gcn_kd_fields[i];
        if (f->storage == BITS && has_generation(target, f->since))
            set_bits(bytes, f->offset, f->shift, f->width, (uint64_t)v[i]);
    }
    /* The granules: SGPRs past next_free_sgpr for VCC, FLAT_SCRATCH and
     * XNACK_MASK; a processor with the SGPR init bug always has 96. */
    uint64_t sgprs = (uint64_t)v[GCN_KD_NEXT_FREE_SGPR];
    unsigned addressable = addressable_sgprs(target);
    bool init_bug = target->processor->sgpr_init_bug;
    if (target->processor->major >= 8 && !init_bug && sgprs > addressable)
        return GCN_KD_SGPR_OUT_OF_RANGE;
    sgprs += gcn_kd_extra_sgprs(target, v[GCN_KD_RESERVE_VCC] != 0,
                                v[GCN_KD_RESERVE_FLAT_SCRATCH] != 0,
                                v[GCN_KD_RESERVE_XNACK_MASK] != 0 && target->processor->major >= 8);
    if ((target->processor->major <= 7 || init_bug) && sgprs > addressable)
        return GCN_KD_SGPR_OUT_OF_RANGE;
    if (init_bug)
        sgprs = SGPRS_FOR_INIT_BUG;
    uint64_t vgpr_blocks = blocks((uint64_t)v[GCN_KD_NEXT_FREE_VGPR], vgpr_granule(target));
    uint64_t sgpr_blocks = blocks(sgprs, SGPR_GRANULE);
    if (vgpr_blocks >> VGPR_WIDTH)
        return GCN_KD_VGPR_OUT_OF_RANGE;
    if (sgpr_blocks >> SGPR_WIDTH)
        return GCN_KD_SGPR_OUT_OF_RANGE;
    set_bits(bytes, RSRC1, VGPR_SHIFT, VGPR_WIDTH, vgpr_blocks);
    set_bits(bytes, RSRC1, SGPR_SHIFT, SGPR_WIDTH, sgpr_blocks);
    unsigned implied = implied_user_sgprs(values);
    bool explicit_count = values->given >> GCN_KD_USER_SGPR_COUNT & 1;
    if (explicit_count && implied > (uint64_t)v[GCN_KD_USER_SGPR_COUNT])
        return GCN_KD_USER_SGPR_COUNT_TOO_SMALL;
    uint64_t user_sgprs = explicit_count ? (uint64_t)v[GCN_KD_USER_SGPR_COUNT] : implied;
    if (user_sgprs >> USER_SGPR_WIDTH)
        return GCN_KD_TOO_MANY_USER_SGPRS;
    set_bits(bytes, RSRC2, USER_SGPR_SHIFT, USER_SGPR_WIDTH, user_sgprs);
    if (target->processor->unified_vgprs) {
        if (!(values->given >> GCN_KD_ACCUM_OFFSET & 1))
            return GCN_KD_MISSING_ACCUM_OFFSET;
        int64_t accum = v[GCN_KD_ACCUM_OFFSET];
        if (accum < 4 || accum > 256 || (accum & 3))
            return GCN_KD_ACCUM_OFFSET_RANGE;
        int64_t vgprs = v[GCN_KD_NEXT_FREE_VGPR] ? v[GCN_KD_NEXT_FREE_VGPR] : 1;
        if (accum > (vgprs + 3) / 4 * 4)
            return GCN_KD_ACCUM_OFFSET_EXCEEDS_VGPRS;
        set_bits(bytes, RSRC3, ACCUM_SHIFT, ACCUM_WIDTH, (uint64_t)(accum / 4 - 1));
    }
    return GCN_KD_OK;
}

bool gcn_kd_decode(const gcn_target *target, const uint8_t bytes[GCN_KD_SIZE],
                   gcn_kd_values *values, int64_t *entry_offset)
{
    gcn_kd_defaults(target, values);
    *entry_offset = (int64_t)get(bytes, GCN_KD_KERNEL_CODE_ENTRY_BYTE_OFFSET_OFFSET, 8);
    for (unsigned i = 0; i < GCN_KD_FIELD_COUNT; i++) {
        const gcn_kd_field *f = &gcn_kd_fields[i];
        if (f->storage == BITS && has_generation(target, f->since)) {
            values->value[i] = (int64_t)get_bits(bytes, f->offset, f->shift, f->width);
            values->given |= 1ull << i;
        }
    }
    values->value[GCN_KD_USER_SGPR_COUNT] = (int64_t)get_bits(bytes, RSRC2, USER_SGPR_SHIFT, USER_SGPR_WIDTH);
    values->given |= 1ull << GCN_KD_USER_SGPR_COUNT;
    uint64_t vgpr_blocks = get_bits(bytes, RSRC1, VGPR_SHIFT, VGPR_WIDTH);
    values->value[GCN_KD_NEXT_FREE_VGPR] = (int64_t)((vgpr_blocks + 1) * vgpr_granule(target));
    /* No VCC or FLAT_SCRATCH reserved: next_free_sgpr holds the whole
     * granule, less the XNACK mask when the target reserves it (and less
     * FLAT_SCRATCH on GFX6, which reserves it with no directive to say
     * otherwise). */
    values->value[GCN_KD_RESERVE_VCC] = 0;
    values->value[GCN_KD_RESERVE_FLAT_SCRATCH] = target->processor->major < 7;
    values->given |= 1ull << GCN_KD_NEXT_FREE_VGPR | 1ull << GCN_KD_NEXT_FREE_SGPR |
                     1ull << GCN_KD_RESERVE_VCC;
    if (target->processor->major >= 7)
        values->given |= 1ull << GCN_KD_RESERVE_FLAT_SCRATCH;
    if (target->processor->major >= 8)
        values->given |= 1ull << GCN_KD_RESERVE_XNACK_MASK;
    uint64_t sgpr_blocks = get_bits(bytes, RSRC1, SGPR_SHIFT, SGPR_WIDTH);
    int64_t sgprs = (int64_t)((sgpr_blocks + 1) * SGPR_GRANULE);
    int64_t extra = gcn_kd_extra_sgprs(target, false, values->value[GCN_KD_RESERVE_FLAT_SCRATCH] != 0,
                                       values->value[GCN_KD_RESERVE_XNACK_MASK] != 0 &&
                                           target->processor->major >= 8);
    int64_t limit = addressable_sgprs(target);
    if (target->processor->major <= 7 || target->processor->sgpr_init_bug)
        limit -= extra; /* checked with the extra SGPRs */
    sgprs -= extra;
    if (sgprs > limit)
        sgprs = limit;
    if (sgprs < 0)
        sgprs = 0;
    values->value[GCN_KD_NEXT_FREE_SGPR] = sgprs;
    if (target->processor->unified_vgprs) {
        values->value[GCN_KD_ACCUM_OFFSET] = (int64_t)((get_bits(bytes, RSRC3, ACCUM_SHIFT, ACCUM_WIDTH) + 1) * 4);
        values->given |= 1ull << GCN_KD_ACCUM_OFFSET;
    }
    uint8_t again[GCN_KD_SIZE];
    if (gcn_kd_encode(target, values, again) != GCN_KD_OK)
        return false;
    /* Everything but the code entry offset must come back. */
    return memcmp(again, bytes, GCN_KD_KERNEL_CODE_ENTRY_BYTE_OFFSET_OFFSET) == 0 &&
           memcmp(again + 24, bytes + 24, GCN_KD_SIZE - 24) == 0;
}
