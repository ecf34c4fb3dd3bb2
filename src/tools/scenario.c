/* Reading a scenario: the machine, the program, memory and registers. */
#include "scenario.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The largest region, LDS or program a scenario may ask for; the most
 * guest memory and regions in all, and the longest run, so that a hostile
 * scenario gets a message instead of exhausting the host or running for
 * days (2^32 instructions take minutes). */
#define MAX_REGION_SIZE (1ull << 30)
#define MAX_MEMORY_TOTAL (1ull << 30)
#define MAX_REGIONS 65536u
#define DEFAULT_MAX_INSTRUCTIONS 1000000ull
#define MAX_INSTRUCTIONS (1ull << 32)

typedef struct reader {
    scenario *s;
    const char *directory; /* of the scenario file, for relative paths */
} reader;

/* JSON paths for messages: path.key and path[index]. */
enum { PATH_SIZE = 256 };
static void path_append(char *out, size_t *length, const char *text)
{
    while (*text && *length + 1 < PATH_SIZE)
        out[(*length)++] = *text++;
    out[*length] = '\0';
}
static const char *path_key(char *out, const char *path, const char *key)
{
    size_t length = 0;
    path_append(out, &length, path);
    path_append(out, &length, *path ? "." : "");
    path_append(out, &length, key);
    return out;
}
static const char *path_index(char *out, const char *path, size_t index)
{
    char number[32];
    snprintf(number, sizeof number, "[%zu]", index);
    size_t length = 0;
    path_append(out, &length, path);
    path_append(out, &length, number);
    return out;
}

static bool fail(const reader *r, const char *path, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
static bool fail(const reader *r, const char *path, const char *format, ...)
{
    fprintf(stderr, "%s: %s%s", r->s->file, path, *path ? ": " : "");
    va_list arguments;
    va_start(arguments, format);
    vfprintf(stderr, format, arguments);
    va_end(arguments);
    fputc('\n', stderr);
    return false;
}

/* A value of up to 64 bits: a JSON integer or a "0x..." string. */
static bool read_value(const reader *r, const char *path, json_t *value, unsigned bits, uint64_t *out)
{
    uint64_t max = bits == 64 ? ~0ull : (1ull << bits) - 1;
    if (json_is_integer(value)) {
        json_int_t number = json_integer_value(value);
        int64_t low = bits == 64 ? INT64_MIN : -(int64_t)(1ull << (bits - 1));
        if (number < low || (number > 0 && (uint64_t)number > max))
            return fail(r, path, "%lld does not fit in %u bits", (long long)number, bits);
        *out = (uint64_t)number & max;
        return true;
    }
    if (json_is_string(value)) {
        const char *text = json_string_value(value);
        if ((text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) || !text[2])
            return fail(r, path, "expected a number or a \"0x...\" string, not \"%s\"", text);
        uint64_t number = 0;
        for (const char *at = text + 2; *at; at++) {
            unsigned digit;
            if (*at >= '0' && *at <= '9') digit = (unsigned)(*at - '0');
            else if (*at >= 'a' && *at <= 'f') digit = (unsigned)(*at - 'a' + 10);
            else if (*at >= 'A' && *at <= 'F') digit = (unsigned)(*at - 'A' + 10);
            else return fail(r, path, "\"%s\" is not a hexadecimal number", text);
            if (number >> 60)
                return fail(r, path, "\"%s\" does not fit in %u bits", text, bits);
            number = number << 4 | digit;
        }
        if (number > max)
            return fail(r, path, "\"%s\" does not fit in %u bits", text, bits);
        *out = number;
        return true;
    }
    if (json_is_real(value))
        return fail(r, path, "expected an integer, not %g", json_real_value(value));
    return fail(r, path, "expected a number");
}

static bool read_bool(const reader *r, const char *path, json_t *value, bool *out)
{
    if (json_is_boolean(value)) {
        *out = json_is_true(value);
        return true;
    }
    uint64_t number;
    if (!json_is_integer(value) || !read_value(r, path, value, 1, &number))
        return fail(r, path, "expected true, false, 0 or 1");
    *out = number != 0;
    return true;
}

/* "name" or "name[first:last]" after prefix: the register numbers. */
static bool parse_register(const char *name, const char *prefix, unsigned *first, unsigned *last)
{
    size_t length = strlen(prefix);
    if (strncmp(name, prefix, length) != 0)
        return false;
    const char *at = name + length;
    char *end;
    if (*at == '[') {
        if (at[1] < '0' || at[1] > '9')
            return false;
        unsigned long a = strtoul(at + 1, &end, 10);
        if (*end != ':' || end[1] < '0' || end[1] > '9')
            return false;
        unsigned long b = strtoul(end + 1, &end, 10);
        if (strcmp(end, "]") != 0 || b < a || b > 1000)
            return false;
        *first = (unsigned)a;
        *last = (unsigned)b;
        return true;
    }
    if (*at < '0' || *at > '9' || (at[0] == '0' && at[1]))
        return false;
    unsigned long a = strtoul(at, &end, 10);
    if (*end || a > 1000)
        return false;
    *first = *last = (unsigned)a;
    return true;
}

static void set_sgpr(scenario *s, gcn_wave_state *state, unsigned code, uint32_t value)
{
    state->sgpr[code] = value;
    s->given_sgpr[code >> 6] |= 1ull << (code & 63);
}

/* Registers first..last (scalar codes) from one value (one register or a
 * pair as 64 bits) or an array of one value each. */
static bool read_sgpr_range(const reader *r, const char *path, json_t *value, unsigned first, unsigned last)
{
    gcn_wave_state *state = gcn_wave_registers(r->s->wave);
    unsigned count = last - first + 1;
    if (json_is_array(value)) {
        if (json_array_size(value) != count)
            return fail(r, path, "expected an array of %u values", count);
        for (unsigned i = 0; i < count; i++) {
            char element[PATH_SIZE];
            path_index(element, path, i);
            uint64_t number;
            if (!read_value(r, element, json_array_get(value, i), 32, &number))
                return false;
            set_sgpr(r->s, state, first + i, (uint32_t)number);
        }
        return true;
    }
    if (count > 2)
        return fail(r, path, "expected an array of %u values", count);
    uint64_t number;
    if (!read_value(r, path, value, count * 32, &number))
        return false;
    set_sgpr(r->s, state, first, (uint32_t)number);
    if (count == 2)
        set_sgpr(r->s, state, first + 1, (uint32_t)(number >> 32));
    return true;
}

static bool read_sgprs(const reader *r, json_t *object)
{
    scenario *s = r->s;
    gcn_wave_state *state = gcn_wave_registers(s->wave);
    unsigned sgprs = gcn_sgpr_count(s->arch), flat_scratch = gcn_flat_scratch_code(s->arch);
    const char *key;
    json_t *value;
    json_object_foreach(object, key, value) {
        char path[PATH_SIZE];
        path_key(path, "sgpr", key);
        unsigned first, last;
        if (parse_register(key, "s", &first, &last)) {
            if (last >= sgprs)
                return fail(r, path, "%s has s0..s%u", gcn_arch_name(s->arch), sgprs - 1);
            if (!read_sgpr_range(r, path, value, first, last))
                return false;
        } else if (parse_register(key, "ttmp", &first, &last)) {
            if (last >= 12)
                return fail(r, path, "there are ttmp0..ttmp11");
            if (!read_sgpr_range(r, path, value, GCN_CODE_TTMP0 + first, GCN_CODE_TTMP0 + last))
                return false;
        } else if (strcmp(key, "m0") == 0) {
            if (!read_sgpr_range(r, path, value, GCN_CODE_M0, GCN_CODE_M0))
                return false;
        } else if (strcmp(key, "vcc") == 0 || strcmp(key, "exec") == 0 ||
                   strcmp(key, "flat_scratch") == 0) {
            unsigned code = key[0] == 'v' ? GCN_CODE_VCC_LO : key[0] == 'e' ? GCN_CODE_EXEC_LO : flat_scratch;
            if (code == 0)
                return fail(r, path, "gcn1.0 has no flat_scratch");
            if (!read_sgpr_range(r, path, value, code, code + 1))
                return false;
        } else if (strcmp(key, "scc") == 0) {
            bool scc;
            if (!read_bool(r, path, value, &scc))
                return false;
            state->scc = scc;
        } else if (strcmp(key, "mode") == 0) {
            uint64_t mode;
            if (!read_value(r, path, value, 32, &mode))
                return false;
            state->mode = (uint32_t)mode;
            s->given_mode = true;
        } else {
            return fail(r, path, "unknown scalar register (sN, s[A:B], ttmpN, m0, vcc, exec, "
                                 "flat_scratch, scc, mode)");
        }
    }
    return true;
}

/* One VGPR (or a pair, the low half first) per lane from value. */
static bool read_vgpr(const reader *r, const char *path, json_t *value, unsigned first, unsigned last)
{
    scenario *s = r->s;
    unsigned count = last - first + 1;
    if (count > 2)
        return fail(r, path, "give one VGPR or a pair");
    uint64_t lanes[GCN_WAVE_LANES];
    if (json_is_string(value) && strcmp(json_string_value(value), "lane") == 0) {
        for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++)
            lanes[lane] = lane;
    } else if (json_is_array(value)) {
        if (json_array_size(value) != GCN_WAVE_LANES)
            return fail(r, path, "expected an array of 64 values, one per lane");
        for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++) {
            char element[PATH_SIZE];
            path_index(element, path, lane);
            if (!read_value(r, element, json_array_get(value, lane), count * 32, &lanes[lane]))
                return false;
        }
    } else if (json_is_object(value)) {
        uint64_t base = 0, stride = 0;
        json_t *base_value = json_object_get(value, "base"), *stride_value = json_object_get(value, "stride");
        char element[PATH_SIZE];
        path_key(element, path, "base");
        if (!base_value)
            return fail(r, element, "missing");
        if (!read_value(r, element, base_value, 64, &base))
            return false;
        path_key(element, path, "stride");
        if (stride_value && !read_value(r, element, stride_value, 64, &stride))
            return false;
        const char *key;
        json_t *ignored;
        json_object_foreach(value, key, ignored) {
            if (strcmp(key, "base") != 0 && strcmp(key, "stride") != 0) {
                path_key(element, path, key);
                return fail(r, element, "unknown key (base, stride)");
            }
        }
        for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++)
            lanes[lane] = base + lane * stride;
    } else {
        uint64_t number;
        if (!read_value(r, path, value, count * 32, &number))
            return false;
        for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++)
            lanes[lane] = number;
    }
    for (unsigned i = 0; i < count; i++) {
        uint32_t *vgpr = gcn_wave_vgpr(s->wave, first + i);
        for (unsigned lane = 0; lane < GCN_WAVE_LANES; lane++)
            vgpr[lane] = (uint32_t)(lanes[lane] >> (32 * i));
        s->given_vgpr[(first + i) >> 6] |= 1ull << ((first + i) & 63);
    }
    return true;
}

static bool read_vgprs(const reader *r, json_t *object)
{
    const char *key;
    json_t *value;
    json_object_foreach(object, key, value) {
        char path[PATH_SIZE];
        path_key(path, "vgpr", key);
        unsigned first, last;
        if (!parse_register(key, "v", &first, &last))
            return fail(r, path, "expected vN or v[A:B]");
        if (last >= GCN_VGPR_COUNT)
            return fail(r, path, "there are v0..v255");
        if (!read_vgpr(r, path, value, first, last))
            return false;
    }
    return true;
}

/* Fills bytes (size of them) from an optional "u32" array at path. */
static bool read_words(const reader *r, const char *path, json_t *array, uint8_t *bytes, uint64_t size)
{
    if (!array)
        return true;
    if (!json_is_array(array))
        return fail(r, path, "expected an array of numbers");
    if (json_array_size(array) > size / 4)
        return fail(r, path, "%zu values do not fit in %llu bytes", json_array_size(array),
                    (unsigned long long)size);
    for (size_t i = 0; i < json_array_size(array); i++) {
        char element[PATH_SIZE];
        path_index(element, path, i);
        uint64_t number;
        if (!read_value(r, element, json_array_get(array, i), 32, &number))
            return false;
        for (unsigned b = 0; b < 4; b++)
            bytes[i * 4 + b] = (uint8_t)(number >> (8 * b));
    }
    return true;
}

/* size: given, or 4 bytes per value; a multiple of 4. */
static bool read_size(const reader *r, const char *path, json_t *object, uint64_t max, uint64_t *size)
{
    json_t *size_value = json_object_get(object, "size"), *words = json_object_get(object, "u32");
    char element[PATH_SIZE];
    path_key(element, path, "size");
    if (size_value) {
        if (!read_value(r, element, size_value, 64, size))
            return false;
    } else {
        *size = json_is_array(words) ? 4 * (uint64_t)json_array_size(words) : 0;
    }
    if (*size == 0 || *size % 4 || *size > max)
        return fail(r, element, "expected a multiple of 4 from 4 to %llu", (unsigned long long)max);
    return true;
}

static bool only_keys(const reader *r, const char *path, json_t *object, const char *const *keys)
{
    const char *key;
    json_t *value;
    json_object_foreach(object, key, value) {
        bool known = false;
        for (const char *const *k = keys; *k; k++)
            known |= strcmp(*k, key) == 0;
        if (!known) {
            char element[PATH_SIZE];
            path_key(element, path, key);
            return fail(r, element, "unknown key");
        }
    }
    return true;
}

static bool read_memory(const reader *r, json_t *array)
{
    scenario *s = r->s;
    if (!json_is_array(array))
        return fail(r, "memory", "expected an array of regions");
    if (json_array_size(array) > MAX_REGIONS)
        return fail(r, "memory", "%zu regions, at most %u", json_array_size(array), MAX_REGIONS);
    uint64_t total = 0;
    s->regions = calloc(json_array_size(array) + 1, sizeof *s->regions);
    if (!s->regions)
        return fail(r, "memory", "out of memory");
    for (size_t i = 0; i < json_array_size(array); i++) {
        json_t *region = json_array_get(array, i);
        char path[PATH_SIZE], element[PATH_SIZE];
        path_index(path, "memory", i);
        if (!json_is_object(region))
            return fail(r, path, "expected an object {\"addr\", \"size\", \"u32\"}");
        static const char *const keys[] = {"addr", "size", "u32", NULL};
        if (!only_keys(r, path, region, keys))
            return false;
        path_key(element, path, "addr");
        json_t *address_value = json_object_get(region, "addr");
        uint64_t address, size;
        if (!address_value)
            return fail(r, element, "missing");
        if (!read_value(r, element, address_value, 64, &address) ||
            !read_size(r, path, region, MAX_REGION_SIZE, &size))
            return false;
        total += size;
        if (total > MAX_MEMORY_TOTAL)
            return fail(r, path, "the regions add up to more than %llu bytes",
                        (unsigned long long)MAX_MEMORY_TOTAL);
        uint8_t *bytes;
        if (gcn_machine_map(s->machine, address, size, &bytes) != GCN_OK)
            return fail(r, path, "cannot map %llu bytes at 0x%llx (overlap, wrap, or no memory)",
                        (unsigned long long)size, (unsigned long long)address);
        path_key(element, path, "u32");
        if (!read_words(r, element, json_object_get(region, "u32"), bytes, size))
            return false;
        s->regions[s->region_count++] = (scenario_region){address, size};
    }
    return true;
}

static bool read_lds(const reader *r, json_t *object)
{
    scenario *s = r->s;
    if (!json_is_object(object))
        return fail(r, "lds", "expected an object {\"size\", \"u32\"}");
    static const char *const keys[] = {"size", "u32", NULL};
    uint64_t size;
    if (!only_keys(r, "lds", object, keys) || !read_size(r, "lds", object, GCN_LDS_SIZE, &size))
        return false;
    uint8_t *lds = gcn_workgroup_lds(s->workgroup, NULL);
    s->lds_given = true;
    s->lds_size = (uint32_t)size;
    return read_words(r, "lds.u32", json_object_get(object, "u32"), lds, size);
}

/* "scratch": [{"lane": N, "u32": [...]}]: lanes' private memory. */
static bool read_scratch(const reader *r, json_t *array)
{
    scenario *s = r->s;
    uint32_t size = gcn_machine_options_of(s->machine)->scratch_per_lane;
    if (!json_is_array(array))
        return fail(r, "scratch", "expected an array of {\"lane\", \"u32\"}");
    if (size == 0 && json_array_size(array))
        return fail(r, "scratch", "give scratch_size (bytes per lane) first");
    for (size_t i = 0; i < json_array_size(array); i++) {
        json_t *entry = json_array_get(array, i);
        char path[PATH_SIZE], element[PATH_SIZE];
        path_index(path, "scratch", i);
        static const char *const keys[] = {"lane", "u32", NULL};
        if (!json_is_object(entry))
            return fail(r, path, "expected an object {\"lane\", \"u32\"}");
        if (!only_keys(r, path, entry, keys))
            return false;
        json_t *lane_value = json_object_get(entry, "lane");
        uint64_t lane;
        path_key(element, path, "lane");
        if (!lane_value)
            return fail(r, element, "missing");
        if (!read_value(r, element, lane_value, 32, &lane))
            return false;
        if (lane >= GCN_WAVE_LANES)
            return fail(r, element, "lanes are 0..63");
        s->scratch_given |= 1ull << lane;
        path_key(element, path, "u32");
        if (!read_words(r, element, json_object_get(entry, "u32"), gcn_wave_scratch(s->wave, (unsigned)lane),
                        size))
            return false;
    }
    return true;
}

static char *join_path(const char *directory, const char *name)
{
    size_t length = strlen(directory) + strlen(name) + 2;
    char *path = malloc(length);
    if (path)
        snprintf(path, length, "%s%s", name[0] == '/' ? "" : directory, name);
    return path;
}

static bool read_program(const reader *r, json_t *root)
{
    scenario *s = r->s;
    json_t *text = json_object_get(root, "program"), *file = json_object_get(root, "program_file");
    json_t *binary = json_object_get(root, "binary_file");
    if (!!text + !!file + !!binary != 1)
        return fail(r, "", "give exactly one of program, program_file and binary_file");
    const char *key = text ? "program" : file ? "program_file" : "binary_file";
    json_t *value = text ? text : file ? file : binary;
    if (!json_is_string(value))
        return fail(r, key, "expected a string");
    if (text) {
        char name[200];
        snprintf(name, sizeof name, "%s (program)", s->file);
        if (gcn_machine_assemble_program(s->machine, 0, json_string_value(text), json_string_length(text),
                                         s->dialect, name, stderr) != GCN_OK)
            return fail(r, key, "the program does not assemble");
        return true;
    }
    char *path = join_path(r->directory, json_string_value(value));
    char *data = NULL;
    size_t length = 0;
    bool ok = path && cli_read("gcnemu", path, &data, &length);
    if (!ok) {
        free(path);
        return fail(r, key, "cannot read the file");
    }
    if (file) {
        ok = gcn_machine_assemble_program(s->machine, 0, data, length, s->dialect, path, stderr) == GCN_OK;
        if (!ok)
            fail(r, key, "the program does not assemble");
    } else if (length % 4) {
        ok = fail(r, key, "%zu bytes are not whole 32-bit words", length);
    } else {
        uint32_t *words = malloc(length ? length : 1);
        ok = words != NULL;
        for (size_t i = 0; ok && i < length / 4; i++) {
            const uint8_t *b = (const uint8_t *)data + i * 4;
            words[i] = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
        }
        ok = ok && gcn_machine_load_program(s->machine, 0, words, length / 4) == GCN_OK;
        free(words);
        if (!ok)
            fail(r, key, "cannot load the program");
    }
    free(data);
    free(path);
    return ok;
}

/* Options that shape the machine: read before it exists. */
static bool read_machine(const reader *r, json_t *root, bool strict_waitcnt)
{
    scenario *s = r->s;
    json_t *arch = json_object_get(root, "arch");
    if (!arch)
        return fail(r, "arch", "missing");
    if (!json_is_string(arch) || gcn_arch_from_name(json_string_value(arch), &s->arch) != GCN_OK)
        return fail(r, "arch", "expected an architecture name gcnasm takes (gcn1.0 .. gcn1.4, gfx6 .. gfx9, tahiti, ...)");
    json_t *syntax = json_object_get(root, "syntax");
    s->dialect = GCN_DIALECT_CLRX;
    if (syntax) {
        const char *name = json_is_string(syntax) ? json_string_value(syntax) : "";
        if (strcmp(name, "llvm") == 0)
            s->dialect = GCN_DIALECT_LLVM;
        else if (strcmp(name, "clrx") != 0)
            return fail(r, "syntax", "expected \"clrx\" or \"llvm\"");
    }
    gcn_machine_options options;
    gcn_machine_options_default(&options, s->arch);
    options.strict_waitcnt = strict_waitcnt;
    uint64_t number;
    json_t *value = json_object_get(root, "scratch_size");
    if (value) {
        if (!read_value(r, "scratch_size", value, 32, &number))
            return false;
        if (number > (1u << 20) || number % 4)
            return fail(r, "scratch_size", "expected a multiple of 4 up to 1048576 (bytes per lane)");
        options.scratch_per_lane = (uint32_t)number;
    }
    value = json_object_get(root, "apertures");
    if (value) {
        static const char *const keys[] = {"shared", "private", NULL};
        if (!json_is_object(value))
            return fail(r, "apertures", "expected an object {\"shared\", \"private\"}");
        if (!only_keys(r, "apertures", value, keys))
            return false;
        json_t *shared = json_object_get(value, "shared"), *private = json_object_get(value, "private");
        if (shared && !read_value(r, "apertures.shared", shared, 64, &options.shared_aperture))
            return false;
        if (private && !read_value(r, "apertures.private", private, 64, &options.private_aperture))
            return false;
    }
    s->max_instructions = DEFAULT_MAX_INSTRUCTIONS;
    value = json_object_get(root, "max_instructions");
    if (value && !read_value(r, "max_instructions", value, 64, &s->max_instructions))
        return false;
    if (value && ((json_is_integer(value) && json_integer_value(value) < 0) ||
                  s->max_instructions > MAX_INSTRUCTIONS))
        return fail(r, "max_instructions", "expected 0 to %llu", (unsigned long long)MAX_INSTRUCTIONS);
    s->machine = gcn_machine_create(&options);
    s->workgroup = s->machine ? gcn_workgroup_create(s->machine, GCN_LDS_SIZE) : NULL;
    if (!s->workgroup)
        return fail(r, "", "out of memory");
    return true;
}

static bool read_wave_inputs(const reader *r, json_t *root)
{
    gcn_wave_state *state = gcn_wave_registers(r->s->wave);
    json_t *value = json_object_get(root, "cdbg");
    if (value) {
        static const char *const keys[] = {"sys", "user", NULL};
        if (!json_is_object(value))
            return fail(r, "cdbg", "expected an object {\"sys\", \"user\"}");
        if (!only_keys(r, "cdbg", value, keys))
            return false;
        json_t *sys = json_object_get(value, "sys"), *user = json_object_get(value, "user");
        if (sys && !read_bool(r, "cdbg.sys", sys, &state->cdbg_sys))
            return false;
        if (user && !read_bool(r, "cdbg.user", user, &state->cdbg_user))
            return false;
    }
    value = json_object_get(root, "clock");
    if (value && !read_value(r, "clock", value, 64, &state->cycles))
        return false;
    return true;
}

bool scenario_load(scenario *s, const char *file, bool strict_waitcnt)
{
    memset(s, 0, sizeof *s);
    s->file = file;
    char directory[4096] = "";
    const char *slash = strrchr(file, '/');
    if (slash && (size_t)(slash - file + 1) < sizeof directory)
        memcpy(directory, file, (size_t)(slash - file + 1));
    reader r = {s, directory};
    json_error_t error;
    json_t *root = strcmp(file, "-") == 0 ? json_loadf(stdin, JSON_REJECT_DUPLICATES, &error)
                                          : json_load_file(file, JSON_REJECT_DUPLICATES, &error);
    if (!root) {
        if (error.line > 0)
            fprintf(stderr, "%s:%d:%d: %s\n", file, error.line, error.column, error.text);
        else
            fprintf(stderr, "%s: %s\n", file, error.text);
        return false;
    }
    static const char *const keys[] = {"about", "comment", "arch", "syntax", "program", "program_file",
                                       "binary_file", "sgpr", "vgpr", "memory", "lds",
                                       "max_instructions", "scratch_size", "scratch", "apertures", "cdbg",
                                       "clock", NULL};
    bool ok = json_is_object(root) ? only_keys(&r, "", root, keys)
                                   : fail(&r, "", "expected a JSON object");
    ok = ok && read_machine(&r, root, strict_waitcnt) && read_program(&r, root);
    if (ok) {
        s->wave = gcn_wave_create(s->workgroup);
        ok = s->wave || fail(&r, "", "out of memory");
    }
    json_t *value;
    if (ok && (value = json_object_get(root, "memory")))
        ok = read_memory(&r, value);
    if (ok && (value = json_object_get(root, "lds")))
        ok = read_lds(&r, value);
    if (ok && (value = json_object_get(root, "scratch")))
        ok = read_scratch(&r, value);
    if (ok && (value = json_object_get(root, "sgpr")))
        ok = json_is_object(value) ? read_sgprs(&r, value) : fail(&r, "sgpr", "expected an object");
    if (ok && (value = json_object_get(root, "vgpr")))
        ok = json_is_object(value) ? read_vgprs(&r, value) : fail(&r, "vgpr", "expected an object");
    ok = ok && read_wave_inputs(&r, root);
    if (ok)
        s->initial_mode = gcn_wave_registers(s->wave)->mode;
    json_decref(root);
    if (!ok)
        scenario_free(s);
    return ok;
}

void scenario_free(scenario *s)
{
    gcn_wave_destroy(s->wave);
    gcn_workgroup_destroy(s->workgroup);
    gcn_machine_destroy(s->machine);
    free(s->regions);
    s->wave = NULL;
    s->workgroup = NULL;
    s->machine = NULL;
    s->regions = NULL;
}
