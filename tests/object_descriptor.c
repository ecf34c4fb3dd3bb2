/* The kernel descriptor table, its encoding and decoding, and the
 * processors' ELF values, through src/object's interface. The expected
 * descriptor bytes and messages are llvm-mc 14's (llvm-mc -filetype=obj
 * -triple amdgcn-amd-amdhsa -mcpu=X on a .amdhsa_kernel block with these
 * directives, the .rodata bytes), checked in. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "object/kernel_descriptor.h"
#include "object/metadata.h"
#include "object/notes.h"
#include "object/target.h"
#include "support/harness.h"

static test_summary summary = {"object_descriptor", 0, 0, 0};

#define CHECK(condition, ...)                                      \
    do {                                                           \
        if (condition) {                                           \
            test_pass(&summary);                                   \
        } else {                                                   \
            printf("  (tests/object_descriptor.c:%d) ", __LINE__); \
            test_fail(&summary, __VA_ARGS__);                      \
        }                                                          \
    } while (0)

static gcn_target target_of(const char *text)
{
    gcn_target target;
    char error[128];
    if (!gcn_target_parse(text, strlen(text), &target, error, sizeof error)) {
        printf("  bad target %s: %s\n", text, error);
        exit(1);
    }
    return target;
}

/* Applies "name value name value ..." to values; the status of the first
 * refused one. */
static gcn_kd_status apply(const gcn_target *target, gcn_kd_values *values, const char *directives)
{
    char copy[2048];
    snprintf(copy, sizeof copy, "%s", directives);
    char *save = NULL;
    for (char *name = strtok_r(copy, " ", &save); name; name = strtok_r(NULL, " ", &save)) {
        char *value = strtok_r(NULL, " ", &save);
        gcn_kd_status status = gcn_kd_set(target, values, gcn_kd_field_find(name, strlen(name)),
                                          strtoll(value, NULL, 0));
        if (status != GCN_KD_OK)
            return status;
    }
    return GCN_KD_OK;
}

static void hex_of(const uint8_t *bytes, size_t length, char *out)
{
    for (size_t i = 0; i < length; i++)
        sprintf(out + 2 * i, "%02x", bytes[i]);
}

static const struct {
    const char *target, *directives, *bytes;
} encodings[] = {
    {"gfx900", ".amdhsa_next_free_vgpr 1 .amdhsa_next_free_sgpr 1",
     "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000ac00800000000000000000000000"},
    {"gfx900", ".amdhsa_next_free_vgpr 32 .amdhsa_next_free_sgpr 40 .amdhsa_group_segment_fixed_size 0 .amdhsa_private_segment_fixed_size 16384 .amdhsa_kernarg_size 72 .amdhsa_user_sgpr_count 14 .amdhsa_user_sgpr_private_segment_buffer 1 .amdhsa_user_sgpr_dispatch_ptr 1 .amdhsa_user_sgpr_queue_ptr 1 .amdhsa_user_sgpr_kernarg_segment_ptr 1 .amdhsa_user_sgpr_dispatch_id 1 .amdhsa_user_sgpr_flat_scratch_init 1 .amdhsa_system_sgpr_private_segment_wavefront_offset 1 .amdhsa_system_sgpr_workgroup_id_y 1 .amdhsa_system_sgpr_workgroup_id_z 1 .amdhsa_system_vgpr_workitem_id 2 .amdhsa_reserve_xnack_mask 1 .amdhsa_float_denorm_mode_32 3",
     "0000000000400000480000000000000000000000000000000000000000000000000000000000000000000000000000004701af009d1300003f00000000000000"},
    {"gfx900:xnack-", ".amdhsa_next_free_vgpr 5 .amdhsa_next_free_sgpr 10 .amdhsa_reserve_vcc 0 .amdhsa_reserve_flat_scratch 0 .amdhsa_reserve_xnack_mask 0",
     "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000004100ac00800000000000000000000000"},
    {"gfx906", ".amdhsa_next_free_vgpr 256 .amdhsa_next_free_sgpr 96 .amdhsa_fp16_overflow 1 .amdhsa_dx10_clamp 0 .amdhsa_ieee_mode 0 .amdhsa_float_round_mode_32 3 .amdhsa_float_round_mode_16_64 2 .amdhsa_float_denorm_mode_16_64 1",
     "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000003fb30404800000000000000000000000"},
    {"gfx803", ".amdhsa_next_free_vgpr 65 .amdhsa_next_free_sgpr 97 .amdhsa_reserve_vcc 0 .amdhsa_exception_fp_ieee_invalid_op 1 .amdhsa_exception_fp_denorm_src 1 .amdhsa_exception_fp_ieee_div_zero 1 .amdhsa_exception_fp_ieee_overflow 1 .amdhsa_exception_fp_ieee_underflow 1 .amdhsa_exception_fp_ieee_inexact 1 .amdhsa_exception_int_div_zero 1",
     "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001003ac008000007f0000000000000000"},
    {"gfx802", ".amdhsa_next_free_vgpr 3 .amdhsa_next_free_sgpr 10 .amdhsa_system_sgpr_workgroup_id_x 0 .amdhsa_system_sgpr_workgroup_info 1 .amdhsa_user_sgpr_private_segment_size 1",
     "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c002ac00020400004000000000000000"},
    {"gfx801", ".amdhsa_next_free_vgpr 9 .amdhsa_next_free_sgpr 20 .amdhsa_reserve_flat_scratch 0",
     "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000008200ac00800000000000000000000000"},
    {"gfx701", ".amdhsa_next_free_vgpr 24 .amdhsa_next_free_sgpr 100 .amdhsa_reserve_flat_scratch 1",
     "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000503ac00800000000000000000000000"},
    {"gfx701", ".amdhsa_next_free_vgpr 24 .amdhsa_next_free_sgpr 100 .amdhsa_reserve_vcc 0 .amdhsa_reserve_flat_scratch 0",
     "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000503ac00800000000000000000000000"},
    {"gfx600", ".amdhsa_next_free_vgpr 0 .amdhsa_next_free_sgpr 0 .amdhsa_reserve_vcc 0",
     "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000ac00800000000000000000000000"},
    {"gfx90a", ".amdhsa_next_free_vgpr 40 .amdhsa_next_free_sgpr 10 .amdhsa_accum_offset 12 .amdhsa_tg_split 1",
     "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000020001004400ac00800000000000000000000000"},
    {"gfx900", ".amdhsa_next_free_vgpr 0 .amdhsa_next_free_sgpr 102 .amdhsa_user_sgpr_dispatch_ptr 1 .amdhsa_user_sgpr_queue_ptr 1",
     "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000004003ac00880000000600000000000000"},
};

static void test_encodings(void)
{
    for (size_t i = 0; i < sizeof encodings / sizeof encodings[0]; i++) {
        gcn_target target = target_of(encodings[i].target);
        gcn_kd_values values;
        gcn_kd_defaults(&target, &values);
        gcn_kd_status status = apply(&target, &values, encodings[i].directives);
        uint8_t bytes[GCN_KD_SIZE];
        if (status == GCN_KD_OK)
            status = gcn_kd_encode(&target, &values, bytes);
        char hex[2 * GCN_KD_SIZE + 1] = "";
        if (status == GCN_KD_OK)
            hex_of(bytes, GCN_KD_SIZE, hex);
        CHECK(status == GCN_KD_OK && strcmp(hex, encodings[i].bytes) == 0,
              "%s: %s: got %s (%s), want %s", encodings[i].target, encodings[i].directives, hex,
              gcn_kd_message(status), encodings[i].bytes);
        /* decode gives values that encode to the same bytes */
        if (status != GCN_KD_OK)
            continue;
        bytes[16] = 0x40; /* a code entry offset, which decode reports apart */
        gcn_kd_values decoded;
        int64_t entry = 0;
        bool exact = gcn_kd_decode(&target, bytes, &decoded, &entry);
        uint8_t again[GCN_KD_SIZE];
        status = gcn_kd_encode(&target, &decoded, again);
        again[16] = 0x40;
        CHECK(exact && entry == 0x40 && status == GCN_KD_OK && memcmp(again, bytes, GCN_KD_SIZE) == 0,
              "%s: %s: decode and encode again differ", encodings[i].target, encodings[i].directives);
    }
}

/* Directives llvm-mc refuses, with its message and where its caret is. */
static const struct {
    const char *target, *directives;
    gcn_kd_status status;
    const char *message;
    gcn_kd_blame blame;
} refusals[] = {
    {"gfx900", ".amdhsa_next_free_sgpr 1", GCN_KD_MISSING_NEXT_FREE_VGPR,
     ".amdhsa_next_free_vgpr directive is required", GCN_KD_AT_END},
    {"gfx900", ".amdhsa_next_free_vgpr 1", GCN_KD_MISSING_NEXT_FREE_SGPR,
     ".amdhsa_next_free_sgpr directive is required", GCN_KD_AT_END},
    {"gfx900", ".amdhsa_next_free_vgpr 1 .amdhsa_next_free_vgpr 2", GCN_KD_REPEATED,
     ".amdhsa_ directives cannot be repeated", GCN_KD_AT_VALUE},
    {"gfx900", ".amdhsa_next_free_vgpr 1 .amdhsa_next_free_sgpr 103", GCN_KD_SGPR_OUT_OF_RANGE,
     "value out of range", GCN_KD_AT_VALUE},
    {"gfx900", ".amdhsa_next_free_vgpr 257 .amdhsa_next_free_sgpr 1", GCN_KD_VGPR_OUT_OF_RANGE,
     "value out of range", GCN_KD_AT_VALUE},
    {"gfx802", ".amdhsa_next_free_vgpr 5 .amdhsa_next_free_sgpr 91", GCN_KD_SGPR_OUT_OF_RANGE,
     "value out of range", GCN_KD_AT_VALUE},
    {"gfx600", ".amdhsa_next_free_vgpr 100 .amdhsa_next_free_sgpr 101", GCN_KD_SGPR_OUT_OF_RANGE,
     "value out of range", GCN_KD_AT_VALUE},
    {"gfx701", ".amdhsa_next_free_vgpr 1 .amdhsa_next_free_sgpr 101", GCN_KD_SGPR_OUT_OF_RANGE,
     "value out of range", GCN_KD_AT_VALUE},
    {"gfx900", ".amdhsa_next_free_vgpr 8 .amdhsa_next_free_sgpr -1", GCN_KD_OUT_OF_RANGE,
     "value out of range", GCN_KD_AT_VALUE},
    {"gfx900", ".amdhsa_reserve_vcc 2", GCN_KD_OUT_OF_RANGE, "value out of range", GCN_KD_AT_VALUE},
    {"gfx900", ".amdhsa_dx10_clamp 2", GCN_KD_OUT_OF_RANGE, "value out of range", GCN_KD_AT_VALUE},
    {"gfx900", ".amdhsa_group_segment_fixed_size 0x100000000", GCN_KD_OUT_OF_RANGE,
     "value out of range", GCN_KD_AT_VALUE},
    {"gfx900", ".amdhsa_reserve_xnack_mask 0", GCN_KD_XNACK_MISMATCH,
     ".amdhsa_reserve_xnack_mask does not match target id", GCN_KD_AT_DIRECTIVE},
    {"gfx900:xnack-", ".amdhsa_reserve_xnack_mask 1", GCN_KD_XNACK_MISMATCH,
     ".amdhsa_reserve_xnack_mask does not match target id", GCN_KD_AT_DIRECTIVE},
    {"gfx600", ".amdhsa_reserve_flat_scratch 0", GCN_KD_REQUIRES_GFX7, "directive requires gfx7+",
     GCN_KD_AT_DIRECTIVE},
    {"gfx701", ".amdhsa_reserve_xnack_mask 0", GCN_KD_REQUIRES_GFX8, "directive requires gfx8+",
     GCN_KD_AT_DIRECTIVE},
    {"gfx803", ".amdhsa_fp16_overflow 1", GCN_KD_REQUIRES_GFX9, "directive requires gfx9+",
     GCN_KD_AT_DIRECTIVE},
    {"gfx900", ".amdhsa_accum_offset 4", GCN_KD_REQUIRES_GFX90A, "directive requires gfx90a+",
     GCN_KD_AT_DIRECTIVE},
    {"gfx900", ".amdhsa_wavefront_size32 1", GCN_KD_REQUIRES_GFX10, "directive requires gfx10+",
     GCN_KD_AT_DIRECTIVE},
    {"gfx900", ".amdhsa_next_free_vgpr 1 .amdhsa_next_free_sgpr 1 .amdhsa_user_sgpr_count 3 "
               ".amdhsa_user_sgpr_private_segment_buffer 1",
     GCN_KD_USER_SGPR_COUNT_TOO_SMALL,
     "amdgpu_user_sgpr_count smaller than than implied by enabled user SGPRs", GCN_KD_AT_END},
    {"gfx900", ".amdhsa_next_free_vgpr 1 .amdhsa_next_free_sgpr 1 .amdhsa_user_sgpr_count 32",
     GCN_KD_TOO_MANY_USER_SGPRS, "too many user SGPRs enabled", GCN_KD_AT_END},
    {"gfx90a", ".amdhsa_next_free_vgpr 8 .amdhsa_next_free_sgpr 10", GCN_KD_MISSING_ACCUM_OFFSET,
     ".amdhsa_accum_offset directive is required", GCN_KD_AT_END},
    {"gfx90a", ".amdhsa_next_free_vgpr 8 .amdhsa_next_free_sgpr 10 .amdhsa_accum_offset 6",
     GCN_KD_ACCUM_OFFSET_RANGE, "accum_offset should be in range [4..256] in increments of 4",
     GCN_KD_AT_END},
    {"gfx90a", ".amdhsa_next_free_vgpr 8 .amdhsa_next_free_sgpr 10 .amdhsa_accum_offset 12",
     GCN_KD_ACCUM_OFFSET_EXCEEDS_VGPRS, "accum_offset exceeds total VGPR allocation", GCN_KD_AT_END},
};

static void test_refusals(void)
{
    for (size_t i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
        gcn_target target = target_of(refusals[i].target);
        gcn_kd_values values;
        gcn_kd_defaults(&target, &values);
        gcn_kd_status status = apply(&target, &values, refusals[i].directives);
        uint8_t bytes[GCN_KD_SIZE];
        if (status == GCN_KD_OK)
            status = gcn_kd_encode(&target, &values, bytes);
        CHECK(status == refusals[i].status && strcmp(gcn_kd_message(status), refusals[i].message) == 0 &&
                  gcn_kd_status_blame(status) == refusals[i].blame,
              "%s: %s: got '%s' (blame %d), want '%s'", refusals[i].target, refusals[i].directives,
              gcn_kd_message(status), (int)gcn_kd_status_blame(status), refusals[i].message);
    }
    gcn_target target = target_of("gfx900");
    gcn_kd_values values;
    gcn_kd_defaults(&target, &values);
    CHECK(gcn_kd_field_find(".amdhsa_foo", 11) == GCN_KD_FIELD_COUNT &&
              gcn_kd_set(&target, &values, GCN_KD_FIELD_COUNT, 1) == GCN_KD_UNKNOWN_DIRECTIVE &&
              strcmp(gcn_kd_message(GCN_KD_UNKNOWN_DIRECTIVE), "unknown .amdhsa_kernel directive") == 0,
              "unknown directive");
    CHECK(gcn_kd_field_find(".AMDHSA_IEEE_MODE", 17) == GCN_KD_FIELD_COUNT &&
              gcn_kd_field_find(".amdhsa_ieee_mode", 17) == GCN_KD_IEEE_MODE,
          "directive names are case-sensitive, as in llvm-mc");
    /* the SGPR count of the init bug processors is fixed at 96 */
    gcn_target tonga = target_of("tonga"), hawaii = target_of("hawaii");
    CHECK(gcn_kd_extra_sgprs(&tonga, true, true, false) == 6 &&
              gcn_kd_extra_sgprs(&target, true, false, true) == 4 &&
              gcn_kd_extra_sgprs(&target, true, false, false) == 2 &&
              gcn_kd_extra_sgprs(&hawaii, true, true, true) == 4,
          "extra SGPRs");
}

/* Bytes no directive gives: decode says so. */
static void test_decode_refusals(void)
{
    gcn_target target = target_of("gfx900");
    uint8_t bytes[GCN_KD_SIZE] = {0};
    gcn_kd_values values;
    int64_t entry;
    bytes[GCN_KD_COMPUTE_PGM_RSRC1_OFFSET + 3] = 0x08; /* bit 27: reserved */
    CHECK(!gcn_kd_decode(&target, bytes, &values, &entry), "reserved rsrc1 bit");
    memset(bytes, 0, sizeof bytes);
    bytes[12] = 1; /* reserved bytes 12 to 15 */
    CHECK(!gcn_kd_decode(&target, bytes, &values, &entry), "reserved byte 12");
    memset(bytes, 0, sizeof bytes);
    bytes[GCN_KD_KERNEL_CODE_PROPERTIES_OFFSET + 1] = 0x04; /* wavefront_size32 on GFX9 */
    CHECK(!gcn_kd_decode(&target, bytes, &values, &entry), "wave32 bit on gfx9");
    memset(bytes, 0, sizeof bytes);
    bytes[GCN_KD_COMPUTE_PGM_RSRC1_OFFSET] = 0x3f | 0xc0;
    bytes[GCN_KD_COMPUTE_PGM_RSRC1_OFFSET + 1] = 0x03; /* SGPR granule 15: 128, past 102 */
    CHECK(!gcn_kd_decode(&target, bytes, &values, &entry), "SGPR granule past the addressable");
    /* every field's name is ".amdhsa_", unique, and findable */
    unsigned found = 0;
    for (unsigned i = 0; i < GCN_KD_FIELD_COUNT; i++)
        found += strncmp(gcn_kd_fields[i].name, ".amdhsa_", 8) == 0 &&
                 gcn_kd_field_find(gcn_kd_fields[i].name, strlen(gcn_kd_fields[i].name)) == i;
    CHECK(found == GCN_KD_FIELD_COUNT, "field names: %u of %d", found, GCN_KD_FIELD_COUNT);
}

/* Processor names, machine values, target ids and e_flags as llvm-mc 14
 * writes them (llvm-readelf -h of its objects). */
static void test_targets(void)
{
    static const struct {
        const char *name, *canonical;
        unsigned mach;
        unsigned major;
    } processors[] = {
        {"tahiti", "gfx600", 0x20, 6},  {"pitcairn", "gfx601", 0x21, 6}, {"gfx602", "gfx602", 0x3a, 6},
        {"kaveri", "gfx700", 0x22, 7},  {"hawaii", "gfx701", 0x23, 7},   {"gfx702", "gfx702", 0x24, 7},
        {"kabini", "gfx703", 0x25, 7},  {"bonaire", "gfx704", 0x26, 7},  {"gfx705", "gfx705", 0x3b, 7},
        {"carrizo", "gfx801", 0x28, 8}, {"tonga", "gfx802", 0x29, 8},    {"fiji", "gfx803", 0x2a, 8},
        {"Ellesmere", "gfx803", 0x2a, 8}, {"gfx805", "gfx805", 0x3c, 8}, {"stoney", "gfx810", 0x2b, 8},
        {"gfx900", "gfx900", 0x2c, 9},  {"Vega10", "gfx900", 0x2c, 9},   {"gfx902", "gfx902", 0x2d, 9},
        {"gfx904", "gfx904", 0x2e, 9},  {"gfx906", "gfx906", 0x2f, 9},   {"gfx908", "gfx908", 0x30, 9},
        {"gfx909", "gfx909", 0x31, 9},  {"gfx90c", "gfx90c", 0x32, 9},   {"gfx90a", "gfx90a", 0x3f, 9},
        {"gcn1.2", "gfx802", 0x29, 8},  {"GFX9", "gfx900", 0x2c, 9},
    };
    for (size_t i = 0; i < sizeof processors / sizeof processors[0]; i++) {
        const gcn_processor *p = gcn_processor_find(processors[i].name, strlen(processors[i].name));
        CHECK(p && strcmp(p->name, processors[i].canonical) == 0 && p->mach == processors[i].mach &&
                  p->major == processors[i].major && gcn_processor_from_mach(p->mach) == p,
              "processor %s", processors[i].name);
    }
    CHECK(!gcn_processor_find("gfx1030", 7) && !gcn_processor_from_mach(0x36), "unknown processors");
    static const struct {
        const char *text;
        unsigned version;
        uint32_t flags;
        const char *id;
    } targets[] = {
        {"gfx900", 4, 0x12c, "amdgcn-amd-amdhsa--gfx900"},
        {"gfx900:xnack+", 4, 0x32c, "amdgcn-amd-amdhsa--gfx900:xnack+"},
        {"gfx900:xnack-", 4, 0x22c, "amdgcn-amd-amdhsa--gfx900:xnack-"},
        {"gfx906:xnack+:sramecc-", 4, 0xb2f, "amdgcn-amd-amdhsa--gfx906:sramecc-:xnack+"},
        {"gfx908", 4, 0x530, "amdgcn-amd-amdhsa--gfx908"},
        {"gfx802", 4, 0x29, "amdgcn-amd-amdhsa--gfx802"},
        {"gfx801", 4, 0x128, "amdgcn-amd-amdhsa--gfx801"},
        {"gfx906", 3, 0x32f, "amdgcn-amd-amdhsa--gfx906+xnack+sram-ecc"},
        {"gfx906+sram-ecc", 3, 0x22f, "amdgcn-amd-amdhsa--gfx906+sram-ecc"},
        {"gfx906:xnack+:sramecc-", 3, 0x12f, "amdgcn-amd-amdhsa--gfx906+xnack"},
        {"hawaii", 3, 0x23, "amdgcn-amd-amdhsa--gfx701"},
    };
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++) {
        gcn_target target = target_of(targets[i].text);
        char id[128];
        gcn_target_id(&target, targets[i].version, id, sizeof id);
        uint32_t flags = gcn_target_elf_flags(&target, targets[i].version);
        CHECK(flags == targets[i].flags && strcmp(id, targets[i].id) == 0,
              "target %s v%u: flags %#x id %s, want %#x %s", targets[i].text, targets[i].version,
              flags, id, targets[i].flags, targets[i].id);
        gcn_target back, parsed;
        char error[128];
        bool from_flags = gcn_target_from_elf_flags(flags, targets[i].version, &back);
        bool from_id = gcn_target_parse_id(id, strlen(id), targets[i].version, &parsed, error, sizeof error);
        CHECK(from_flags && from_id && back.processor == target.processor &&
                  gcn_target_elf_flags(&back, targets[i].version) == flags &&
                  gcn_target_elf_flags(&parsed, targets[i].version) == flags,
              "target %s v%u back from flags and id", targets[i].text, targets[i].version);
    }
    static const struct {
        const char *text, *message;
    } bad[] = {
        {"gfx1030", "unknown processor 'gfx1030'"},
        {"gfx803:xnack+", "processor gfx803 does not support xnack"},
        {"gfx900:sramecc+", "processor gfx900 does not support sramecc"},
        {"gfx900:foo+", "unknown target feature 'foo'"},
        {"gfx900:xnack", "expected '+' or '-' after target feature 'xnack'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gcn_target target;
        char error[128] = "";
        bool ok = gcn_target_parse(bad[i].text, strlen(bad[i].text), &target, error, sizeof error);
        CHECK(!ok && strcmp(error, bad[i].message) == 0, "%s: got '%s'", bad[i].text, error);
    }
    char error[128] = "";
    gcn_target target;
    CHECK(!gcn_target_parse_id("amdgcn-amd-amdpal--gfx900", 25, 4, &target, error, sizeof error) &&
              strcmp(error, "target id 'amdgcn-amd-amdpal--gfx900' does not begin with 'amdgcn-amd-amdhsa--'") == 0,
          "target id prefix: %s", error);
    CHECK(gcn_code_object_abi_version(4) == 2 && gcn_code_object_abi_version(3) == 1 &&
              GCN_NT_AMDGPU_METADATA == 32 && GCN_R_AMDGPU_REL64 == 5,
          "ABI version and note type");
}

/* The metadata conversion's bytes and its refusals. */
static void test_metadata(void)
{
    uint8_t *out;
    size_t size;
    char error[256] = "";
    unsigned line, column;
    const char *yaml = "b: 1\na: -1\nc: [yes, '', x]\namdhsa.version: [1, 1]\namdhsa.kernels: []\n";
    static const uint8_t want[] = {0x85, 0xa1, 'a', 0xff, 0xae, 'a', 'm', 'd', 'h', 's', 'a', '.', 'k',
                                   'e', 'r', 'n', 'e', 'l', 's', 0x90, 0xae, 'a', 'm', 'd', 'h', 's',
                                   'a', '.', 'v', 'e', 'r', 's', 'i', 'o', 'n', 0x92, 0x01, 0x01, 0xa1,
                                   'b', 0x01, 0xa1, 'c', 0x93, 0xc3, 0xc0, 0xa1, 'x'};
    bool ok = gcn_metadata_from_yaml(yaml, strlen(yaml), &out, &size, error, sizeof error, &line, &column);
    CHECK(ok && size == sizeof want && memcmp(out, want, size) == 0, "metadata bytes (%s)", error);
    if (ok)
        free(out);
    char deep[256];
    snprintf(deep, sizeof deep, "a: %.*s%.*s\n", 70,
             "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", 70,
             "]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]");
    ok = gcn_metadata_from_yaml(deep, strlen(deep), &out, &size, error, sizeof error, &line, &column);
    CHECK(!ok && strcmp(error, "metadata nested too deeply (limit 64)") == 0 && line == 1 && column == 68,
          "deep metadata: %s at %u:%u", error, line, column);
    const char *broken = "a: [1, 2\nb: 3\n";
    ok = gcn_metadata_from_yaml(broken, strlen(broken), &out, &size, error, sizeof error, &line, &column);
    CHECK(!ok && strncmp(error, "invalid metadata YAML: ", 23) == 0 && line >= 1, "broken YAML: %s", error);
    ok = gcn_metadata_from_yaml("", 0, &out, &size, error, sizeof error, &line, &column);
    CHECK(!ok && strcmp(error, "the metadata holds no YAML document") == 0, "empty YAML: %s", error);
    /* a million aliased nodes: refused, quickly */
    char big[2048] = "a: &a [x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i < 6; i++) {
        size_t used = strlen(big);
        char previous[8];
        snprintf(previous, sizeof previous, i == 1 ? "a" : "l%d", i - 1);
        snprintf(big + used, sizeof big - used, "l%d: &l%d [", i, i);
        for (int k = 0; k < 16; k++) {
            used = strlen(big);
            snprintf(big + used, sizeof big - used, "%s*%s", k ? ", " : "", previous);
        }
        used = strlen(big);
        snprintf(big + used, sizeof big - used, "]\n");
    }
    ok = gcn_metadata_from_yaml(big, strlen(big), &out, &size, error, sizeof error, &line, &column);
    CHECK(!ok && strcmp(error, "metadata too large (over a million nodes, aliases counted)") == 0,
          "alias bomb: %s", error);
}

int main(void)
{
    test_metadata();
    test_encodings();
    test_refusals();
    test_decode_refusals();
    test_targets();
    return test_finish(&summary);
}
