/* Architecture names as users write them: GCN versions, GFX numbers, LLVM
 * processor names and CLRX device names. */
#include <strings.h>

#include "gcn.h"
#include "isa/arch_names.h"

static const struct {
    const char *name;
    gcn_arch arch;
} arch_names[] = {
#define ARCH(name, generation) {name, GCN_ARCH_##generation},
#include "isa/arch_names.def"
#undef ARCH
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
