/* The AMDGPU processors of GFX6 to GFX9, their ELF machine values and
 * target ids. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "object/target.h"

#define GFX6 6, GCN_ARCH_GCN10
#define GFX7 7, GCN_ARCH_GCN11
#define GFX8 8, GCN_ARCH_GCN12
#define GFX9 9, GCN_ARCH_GCN14
/* name, mach, generation, xnack, sramecc, sgpr init bug, unified vgprs */
static const gcn_processor processors[] = {
    {"gfx600", 0x20, GFX6, false, false, false, false},
    {"gfx601", 0x21, GFX6, false, false, false, false},
    {"gfx602", 0x3a, GFX6, false, false, false, false},
    {"gfx700", 0x22, GFX7, false, false, false, false},
    {"gfx701", 0x23, GFX7, false, false, false, false},
    {"gfx702", 0x24, GFX7, false, false, false, false},
    {"gfx703", 0x25, GFX7, false, false, false, false},
    {"gfx704", 0x26, GFX7, false, false, false, false},
    {"gfx705", 0x3b, GFX7, false, false, false, false},
    {"gfx801", 0x28, GFX8, true, false, false, false},
    {"gfx802", 0x29, GFX8, false, false, true, false},
    {"gfx803", 0x2a, GFX8, false, false, false, false},
    {"gfx805", 0x3c, GFX8, false, false, true, false},
    {"gfx810", 0x2b, GFX8, true, false, false, false},
    {"gfx900", 0x2c, GFX9, true, false, false, false},
    {"gfx902", 0x2d, GFX9, true, false, false, false},
    {"gfx904", 0x2e, GFX9, true, false, false, false},
    {"gfx906", 0x2f, GFX9, true, true, false, false},
    {"gfx908", 0x30, GFX9, true, true, false, false},
    {"gfx909", 0x31, GFX9, true, false, false, false},
    {"gfx90a", 0x3f, GFX9, true, true, false, true},
    {"gfx90c", 0x32, GFX9, true, false, false, false},
};
enum { PROCESSOR_COUNT = sizeof processors / sizeof processors[0] };

/* Other names of the processors: LLVM's aliases, CLRX's device names and
 * the generations (with the processor gcn_arch_llvm_cpu names). */
static const struct {
    const char *alias, *name;
} aliases[] = {
    {"tahiti", "gfx600"},    {"pitcairn", "gfx601"},  {"verde", "gfx601"},
    {"capeverde", "gfx601"}, {"oland", "gfx602"},     {"hainan", "gfx602"},
    {"kaveri", "gfx700"},    {"spectre", "gfx700"},   {"spooky", "gfx700"},
    {"hawaii", "gfx701"},    {"kabini", "gfx703"},    {"kalindi", "gfx703"},
    {"mullins", "gfx703"},   {"bonaire", "gfx704"},   {"carrizo", "gfx801"},
    {"iceland", "gfx802"},   {"tonga", "gfx802"},     {"fiji", "gfx803"},
    {"polaris10", "gfx803"}, {"polaris11", "gfx803"}, {"polaris12", "gfx803"},
    {"ellesmere", "gfx803"}, {"baffin", "gfx803"},    {"lexa", "gfx803"},
    {"gfx804", "gfx803"},    {"tongapro", "gfx805"},  {"stoney", "gfx810"},
    {"vega10", "gfx900"},    {"gfx901", "gfx900"},    {"raven", "gfx902"},
    {"gfx903", "gfx902"},    {"vega12", "gfx904"},    {"gfx905", "gfx904"},
    {"vega20", "gfx906"},    {"gfx907", "gfx906"},
    {"gcn1.0", "gfx600"},    {"gcn1.1", "gfx704"},    {"gcn1.2", "gfx802"},
    {"gcn1.4", "gfx900"},    {"gfx6", "gfx600"},      {"gfx7", "gfx704"},
    {"gfx8", "gfx802"},      {"gfx9", "gfx900"},      {"si", "gfx600"},
    {"ci", "gfx704"},        {"vi", "gfx802"},
};

static bool same_name(const char *name, size_t length, const char *known)
{
    return strlen(known) == length && strncasecmp(name, known, length) == 0;
}

const gcn_processor *gcn_processor_find(const char *name, size_t length)
{
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (same_name(name, length, aliases[i].alias)) {
            name = aliases[i].name;
            length = strlen(name);
            break;
        }
    for (size_t i = 0; i < PROCESSOR_COUNT; i++)
        if (same_name(name, length, processors[i].name))
            return &processors[i];
    return NULL;
}

bool gcn_processor_is_generation_name(const char *name, size_t length)
{
    static const char *const generations[] = {"gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4", "gfx6", "gfx7",
                                              "gfx8",   "gfx9",   "si",     "ci",     "vi"};
    for (size_t i = 0; i < sizeof generations / sizeof generations[0]; i++)
        if (same_name(name, length, generations[i]))
            return true;
    return false;
}

const gcn_processor *gcn_processor_from_mach(unsigned mach)
{
    for (size_t i = 0; i < PROCESSOR_COUNT; i++)
        if (processors[i].mach == mach)
            return &processors[i];
    return NULL;
}

static bool set_feature(const gcn_processor *processor, const char *name, size_t length,
                        bool on, gcn_target *target, char *error, size_t error_size)
{
    gcn_feature_setting *setting;
    bool supported;
    if (same_name(name, length, "xnack")) {
        setting = &target->xnack;
        supported = processor->xnack;
    } else if (same_name(name, length, "sramecc") || same_name(name, length, "sram-ecc")) {
        setting = &target->sramecc;
        supported = processor->sramecc;
    } else {
        snprintf(error, error_size, "unknown target feature '%.*s'", (int)length, name);
        return false;
    }
    if (!supported) {
        snprintf(error, error_size, "processor %s does not support %.*s", processor->name,
                 (int)length, name);
        return false;
    }
    *setting = on ? GCN_FEATURE_ON : GCN_FEATURE_OFF;
    return true;
}

bool gcn_target_parse(const char *text, size_t length, gcn_target *target, char *error,
                      size_t error_size)
{
    size_t name_length = 0;
    while (name_length < length && text[name_length] != ':' && text[name_length] != '+')
        name_length++;
    const gcn_processor *processor = gcn_processor_find(text, name_length);
    if (!processor) {
        snprintf(error, error_size, "unknown processor '%.*s'", (int)name_length, text);
        return false;
    }
    target->processor = processor;
    /* The v3 spelling names the features that are on: the others are off. */
    gcn_feature_setting unnamed = name_length < length && text[name_length] == '+'
                                      ? GCN_FEATURE_OFF
                                      : GCN_FEATURE_ANY;
    target->xnack = processor->xnack ? unnamed : GCN_FEATURE_UNSUPPORTED;
    target->sramecc = processor->sramecc ? unnamed : GCN_FEATURE_UNSUPPORTED;
    size_t i = name_length;
    while (i < length) {
        /* v4: ":xnack+" or ":xnack-"; v3: "+xnack" or "+sram-ecc" (on) */
        bool v4 = text[i] == ':';
        size_t start = ++i;
        while (i < length && text[i] != ':' && text[i] != '+' && !(v4 && text[i] == '-'))
            i++;
        size_t feature_length = i - start;
        bool on = true;
        if (v4) {
            if (i >= length || (text[i] != '+' && text[i] != '-')) {
                snprintf(error, error_size, "expected '+' or '-' after target feature '%.*s'",
                         (int)feature_length, text + start);
                return false;
            }
            on = text[i++] == '+';
        }
        if (feature_length == 0) {
            snprintf(error, error_size, "expected a target feature name");
            return false;
        }
        if (!set_feature(processor, text + start, feature_length, on, target, error, error_size))
            return false;
    }
    return true;
}

static const char target_prefix[] = "amdgcn-amd-amdhsa--";

size_t gcn_target_id(const gcn_target *target, unsigned code_object_version, char *out, size_t size)
{
    const char *name = target->processor->name;
    int n;
    if (code_object_version < 4) {
        bool xnack = gcn_target_xnack_on_or_any(target);
        bool sramecc = target->sramecc == GCN_FEATURE_ON || target->sramecc == GCN_FEATURE_ANY;
        n = snprintf(out, size, "%s%s%s%s", target_prefix, name, xnack ? "+xnack" : "",
                     sramecc ? "+sram-ecc" : "");
    } else {
        const char *sramecc = target->sramecc == GCN_FEATURE_ON    ? ":sramecc+"
                              : target->sramecc == GCN_FEATURE_OFF ? ":sramecc-"
                                                                   : "";
        const char *xnack = target->xnack == GCN_FEATURE_ON    ? ":xnack+"
                            : target->xnack == GCN_FEATURE_OFF ? ":xnack-"
                                                               : "";
        n = snprintf(out, size, "%s%s%s%s", target_prefix, name, sramecc, xnack);
    }
    if (n < 0)
        return 0;
    return (size_t)n < size ? (size_t)n : (size ? size - 1 : 0);
}

bool gcn_target_parse_id(const char *text, size_t length, unsigned code_object_version,
                         gcn_target *target, char *error, size_t error_size)
{
    (void)code_object_version;
    size_t prefix = sizeof target_prefix - 1;
    if (length < prefix || strncasecmp(text, target_prefix, prefix) != 0) {
        snprintf(error, error_size, "target id '%.*s' does not begin with '%s'", (int)length,
                 text, target_prefix);
        return false;
    }
    return gcn_target_parse(text + prefix, length - prefix, target, error, error_size);
}

static uint32_t v4_bits(gcn_feature_setting setting, uint32_t any, uint32_t off, uint32_t on)
{
    return setting == GCN_FEATURE_ANY ? any
           : setting == GCN_FEATURE_OFF ? off
           : setting == GCN_FEATURE_ON  ? on
                                        : 0;
}

uint32_t gcn_target_elf_flags(const gcn_target *target, unsigned code_object_version)
{
    uint32_t flags = target->processor->mach;
    if (code_object_version < 4) {
        if (gcn_target_xnack_on_or_any(target))
            flags |= GCN_EF_AMDGPU_FEATURE_XNACK_V3;
        if (target->sramecc == GCN_FEATURE_ON || target->sramecc == GCN_FEATURE_ANY)
            flags |= GCN_EF_AMDGPU_FEATURE_SRAMECC_V3;
        return flags;
    }
    flags |= v4_bits(target->xnack, GCN_EF_AMDGPU_FEATURE_XNACK_ANY_V4,
                     GCN_EF_AMDGPU_FEATURE_XNACK_OFF_V4, GCN_EF_AMDGPU_FEATURE_XNACK_ON_V4);
    flags |= v4_bits(target->sramecc, GCN_EF_AMDGPU_FEATURE_SRAMECC_ANY_V4,
                     GCN_EF_AMDGPU_FEATURE_SRAMECC_OFF_V4, GCN_EF_AMDGPU_FEATURE_SRAMECC_ON_V4);
    return flags;
}

static gcn_feature_setting v4_setting(uint32_t bits, uint32_t any, uint32_t off, uint32_t on)
{
    return bits == any ? GCN_FEATURE_ANY
           : bits == off ? GCN_FEATURE_OFF
           : bits == on  ? GCN_FEATURE_ON
                         : GCN_FEATURE_UNSUPPORTED;
}

bool gcn_target_from_elf_flags(uint32_t flags, unsigned code_object_version, gcn_target *target)
{
    const gcn_processor *processor = gcn_processor_from_mach(flags & GCN_EF_AMDGPU_MACH);
    if (!processor)
        return false;
    target->processor = processor;
    if (code_object_version < 4) {
        target->xnack = !processor->xnack ? GCN_FEATURE_UNSUPPORTED
                        : flags & GCN_EF_AMDGPU_FEATURE_XNACK_V3 ? GCN_FEATURE_ON
                                                                 : GCN_FEATURE_OFF;
        target->sramecc = !processor->sramecc ? GCN_FEATURE_UNSUPPORTED
                          : flags & GCN_EF_AMDGPU_FEATURE_SRAMECC_V3 ? GCN_FEATURE_ON
                                                                     : GCN_FEATURE_OFF;
        return true;
    }
    target->xnack = v4_setting(flags & GCN_EF_AMDGPU_FEATURE_XNACK_V4,
                               GCN_EF_AMDGPU_FEATURE_XNACK_ANY_V4,
                               GCN_EF_AMDGPU_FEATURE_XNACK_OFF_V4, GCN_EF_AMDGPU_FEATURE_XNACK_ON_V4);
    target->sramecc = v4_setting(flags & GCN_EF_AMDGPU_FEATURE_SRAMECC_V4,
                                 GCN_EF_AMDGPU_FEATURE_SRAMECC_ANY_V4,
                                 GCN_EF_AMDGPU_FEATURE_SRAMECC_OFF_V4,
                                 GCN_EF_AMDGPU_FEATURE_SRAMECC_ON_V4);
    return true;
}
