/* AMDGPU processors as code objects name them: the EF_AMDGPU_MACH value
 * of each one of GFX6 to GFX9, which target features (XNACK, SRAMECC) it
 * supports, and the target id ("amdgcn-amd-amdhsa--gfx906:sramecc+") that
 * .amdgcn_target and the metadata spell. Facts from the AMDGPU backend's
 * user guide (LLVM 14): processor table and ELF header flags. */
#ifndef GCN_OBJECT_TARGET_H
#define GCN_OBJECT_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gcn.h"

/* ELF header values of AMDGPU code objects. */
enum {
    GCN_EM_AMDGPU = 224,
    GCN_ELFOSABI_AMDGPU_HSA = 64,
    GCN_EF_AMDGPU_MACH = 0x0ff,
    /* Code object v3: a bit each, set when the feature is on. */
    GCN_EF_AMDGPU_FEATURE_XNACK_V3 = 0x100,
    GCN_EF_AMDGPU_FEATURE_SRAMECC_V3 = 0x200,
    /* Code object v4: two bits each, for unsupported, any, off, on. */
    GCN_EF_AMDGPU_FEATURE_XNACK_V4 = 0x300,
    GCN_EF_AMDGPU_FEATURE_XNACK_ANY_V4 = 0x100,
    GCN_EF_AMDGPU_FEATURE_XNACK_OFF_V4 = 0x200,
    GCN_EF_AMDGPU_FEATURE_XNACK_ON_V4 = 0x300,
    GCN_EF_AMDGPU_FEATURE_SRAMECC_V4 = 0xc00,
    GCN_EF_AMDGPU_FEATURE_SRAMECC_ANY_V4 = 0x400,
    GCN_EF_AMDGPU_FEATURE_SRAMECC_OFF_V4 = 0x800,
    GCN_EF_AMDGPU_FEATURE_SRAMECC_ON_V4 = 0xc00
};

/* e_ident[EI_ABIVERSION] of HSA code objects: the code object version less 2. */
static inline unsigned gcn_code_object_abi_version(unsigned code_object_version)
{
    return code_object_version - 2;
}
enum { GCN_CODE_OBJECT_DEFAULT_VERSION = 4, GCN_CODE_OBJECT_MIN_VERSION = 3,
       GCN_CODE_OBJECT_MAX_VERSION = 4 };

/* A target feature's setting in a target id. */
typedef enum gcn_feature_setting {
    GCN_FEATURE_UNSUPPORTED, /* the processor has no such feature */
    GCN_FEATURE_ANY,         /* code that runs either way (not written in the id) */
    GCN_FEATURE_OFF,
    GCN_FEATURE_ON
} gcn_feature_setting;

/* One processor of the table. */
typedef struct gcn_processor {
    const char *name;  /* canonical: "gfx803" */
    uint8_t mach;      /* EF_AMDGPU_MACH_AMDGCN_GFX803 */
    uint8_t major;     /* 6 to 9: the GFX generation */
    gcn_arch arch;     /* the generation as libgcn's tables know it */
    bool xnack, sramecc;  /* the features it supports */
    bool sgpr_init_bug;   /* its SGPR count is fixed at 96 (a hardware bug) */
    bool unified_vgprs;   /* gfx90a: VGPRs in granules of 8, accum_offset */
} gcn_processor;

/* A processor with its features set: what an object is made for. */
typedef struct gcn_target {
    const gcn_processor *processor;
    gcn_feature_setting xnack, sramecc;
} gcn_target;

/* The processor of name: a canonical name ("gfx900"), an LLVM alias
 * ("tonga", "fiji"), a CLRX device name ("Ellesmere") or a generation
 * ("gcn1.2", "gfx8": its usual processor). Case does not matter. NULL if
 * unknown. */
const gcn_processor *gcn_processor_find(const char *name, size_t length);
/* Whether name is a generation's ("gcn1.2", "gfx8", "vi") rather than a
 * processor's. */
bool gcn_processor_is_generation_name(const char *name, size_t length);
/* The processor whose EF_AMDGPU_MACH is mach; NULL if none. */
const gcn_processor *gcn_processor_from_mach(unsigned mach);

/* Parses "gfx906:sramecc+:xnack-" (a processor name then features, as
 * clang's --offload-arch and the v4 target id spell them; also the v3
 * spelling "gfx906+xnack+sram-ecc"). Features not given are ANY where
 * supported (OFF in the v3 spelling, which names those on). False, with
 * a message in error (of error_size), when the name or a feature is
 * unknown or not supported by the processor. */
bool gcn_target_parse(const char *text, size_t length, gcn_target *target, char *error,
                      size_t error_size);
/* The target id of code object version (3 or 4):
 * "amdgcn-amd-amdhsa--gfx900:xnack+", or for v3 "...--gfx900+xnack".
 * Returns the length written (the text is cut to size, '\0'-ended). */
size_t gcn_target_id(const gcn_target *target, unsigned code_object_version, char *out, size_t size);
/* Parses a whole target id ("amdgcn-amd-amdhsa--gfx906:xnack-"); false
 * with a message as gcn_target_parse. */
bool gcn_target_parse_id(const char *text, size_t length, unsigned code_object_version,
                         gcn_target *target, char *error, size_t error_size);
/* e_flags of an object for target in code object version. */
uint32_t gcn_target_elf_flags(const gcn_target *target, unsigned code_object_version);
/* The target an object's e_flags describe; false if the mach is unknown. */
bool gcn_target_from_elf_flags(uint32_t flags, unsigned code_object_version, gcn_target *target);
/* Whether the XNACK mask registers are reserved by default (XNACK on or any). */
static inline bool gcn_target_xnack_on_or_any(const gcn_target *target)
{
    return target->xnack == GCN_FEATURE_ON || target->xnack == GCN_FEATURE_ANY;
}

#endif
