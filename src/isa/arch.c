/* Architecture names as users write them: GCN versions, GFX numbers, LLVM
 * processor names and CLRX device names. */
#include <strings.h>

#include "isa/isa.h"

static const struct {
    const char *name;
    gcn_arch arch;
} arch_names[] = { /* the generations' own names first, in order */
    {"gcn1.0", GCN_ARCH_GCN10}, {"gcn1.1", GCN_ARCH_GCN11}, {"gcn1.2", GCN_ARCH_GCN12},
    {"gcn1.4", GCN_ARCH_GCN14}, {"gfx6", GCN_ARCH_GCN10},   {"gfx7", GCN_ARCH_GCN11},
    {"gfx8", GCN_ARCH_GCN12},   {"gfx9", GCN_ARCH_GCN14},   {"si", GCN_ARCH_GCN10},
    {"ci", GCN_ARCH_GCN11},     {"vi", GCN_ARCH_GCN12},
    /* LLVM processors */
    {"gfx600", GCN_ARCH_GCN10}, {"tahiti", GCN_ARCH_GCN10}, {"gfx601", GCN_ARCH_GCN10},
    {"pitcairn", GCN_ARCH_GCN10}, {"verde", GCN_ARCH_GCN10}, {"gfx602", GCN_ARCH_GCN10},
    {"oland", GCN_ARCH_GCN10}, {"hainan", GCN_ARCH_GCN10},
    {"gfx700", GCN_ARCH_GCN11}, {"kaveri", GCN_ARCH_GCN11}, {"gfx701", GCN_ARCH_GCN11},
    {"hawaii", GCN_ARCH_GCN11}, {"gfx702", GCN_ARCH_GCN11}, {"gfx703", GCN_ARCH_GCN11},
    {"kabini", GCN_ARCH_GCN11}, {"mullins", GCN_ARCH_GCN11}, {"gfx704", GCN_ARCH_GCN11},
    {"bonaire", GCN_ARCH_GCN11}, {"gfx705", GCN_ARCH_GCN11},
    {"gfx801", GCN_ARCH_GCN12}, {"carrizo", GCN_ARCH_GCN12}, {"gfx802", GCN_ARCH_GCN12},
    {"iceland", GCN_ARCH_GCN12}, {"tonga", GCN_ARCH_GCN12}, {"gfx803", GCN_ARCH_GCN12},
    {"fiji", GCN_ARCH_GCN12}, {"polaris10", GCN_ARCH_GCN12}, {"polaris11", GCN_ARCH_GCN12},
    {"polaris12", GCN_ARCH_GCN12}, {"gfx805", GCN_ARCH_GCN12}, {"tongapro", GCN_ARCH_GCN12},
    {"gfx810", GCN_ARCH_GCN12}, {"stoney", GCN_ARCH_GCN12},
    {"gfx900", GCN_ARCH_GCN14}, {"gfx902", GCN_ARCH_GCN14}, {"gfx904", GCN_ARCH_GCN14},
    {"gfx906", GCN_ARCH_GCN14}, {"gfx909", GCN_ARCH_GCN14}, {"gfx90c", GCN_ARCH_GCN14},
    /* CLRX devices */
    {"capeverde", GCN_ARCH_GCN10}, {"spectre", GCN_ARCH_GCN11}, {"spooky", GCN_ARCH_GCN11},
    {"kalindi", GCN_ARCH_GCN11}, {"goose", GCN_ARCH_GCN12}, {"horse", GCN_ARCH_GCN12},
    {"ellesmere", GCN_ARCH_GCN12}, {"baffin", GCN_ARCH_GCN12}, {"gfx804", GCN_ARCH_GCN12},
    {"lexa", GCN_ARCH_GCN12}, {"vega10", GCN_ARCH_GCN14}, {"gfx901", GCN_ARCH_GCN14},
    {"raven", GCN_ARCH_GCN14}, {"gfx903", GCN_ARCH_GCN14}, {"vega12", GCN_ARCH_GCN14},
    {"gfx905", GCN_ARCH_GCN14}, {"vega20", GCN_ARCH_GCN14}, {"gfx907", GCN_ARCH_GCN14},
};

gcn_status gcn_arch_from_name(const char *name, gcn_arch *arch)
{
    if (!name || !arch)
        return GCN_ERROR_INVALID_ARGUMENT;
    for (size_t i = 0; i < sizeof arch_names / sizeof arch_names[0]; i++) {
        if (strcasecmp(name, arch_names[i].name) == 0) {
            *arch = arch_names[i].arch;
            return GCN_OK;
        }
    }
    return GCN_ERROR_INVALID_ARGUMENT;
}

const char *gcn_arch_name(gcn_arch arch)
{
    return (unsigned)arch < GCN_ARCH_COUNT ? arch_names[arch].name : "unknown"; /* (the first four) */
}

const char *gcn_arch_llvm_cpu(gcn_arch arch)
{
    static const char *const cpus[GCN_ARCH_COUNT] = {"tahiti", "bonaire", "tonga", "gfx900"};
    return (unsigned)arch < GCN_ARCH_COUNT ? cpus[arch] : "unknown";
}

const char *gcn_arch_name_at(size_t index, gcn_arch *arch)
{
    if (index >= sizeof arch_names / sizeof arch_names[0])
        return NULL;
    *arch = arch_names[index].arch;
    return arch_names[index].name;
}
