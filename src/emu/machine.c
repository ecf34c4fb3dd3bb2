/* The machine: guest memory regions, the program, workgroups and their LDS. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/assembler.h"
#include "emu/memory.h"

unsigned gcn_sgpr_count(gcn_arch arch)
{
    return arch <= GCN_ARCH_GCN11 ? 104 : 102;
}

unsigned gcn_flat_scratch_code(gcn_arch arch)
{
    return arch == GCN_ARCH_GCN10 ? 0 : arch == GCN_ARCH_GCN11 ? 104 : 102;
}

void gcn_machine_options_default(gcn_machine_options *options, gcn_arch arch)
{
    memset(options, 0, sizeof *options);
    options->arch = arch;
    options->scratch_per_lane = 0;
    /* Apertures above every 48-bit address a region is likely to use, as
     * the ROCm runtime places them high (documented in the README). */
    options->shared_aperture = 0x1000000000000ull;
    options->private_aperture = 0x2000000000000ull;
    options->realtime_divider = 16;
    options->max_diagnostics = 1000;
}

gcn_machine *gcn_machine_create(const gcn_machine_options *options)
{
    if (!options || (unsigned)options->arch >= GCN_ARCH_COUNT || options->realtime_divider == 0 ||
        options->scratch_per_lane > (1u << 24))
        return NULL;
    gcn_machine *machine = calloc(1, sizeof *machine);
    if (machine)
        machine->options = *options;
    return machine;
}

void gcn_machine_destroy(gcn_machine *machine)
{
    if (!machine)
        return;
    for (size_t i = 0; i < machine->region_count; i++)
        free(machine->regions[i].bytes);
    free(machine->regions);
    free(machine->program);
    free(machine->decoded);
    free(machine);
}

const gcn_machine_options *gcn_machine_options_of(const gcn_machine *machine)
{
    return &machine->options;
}

gcn_status gcn_machine_map(gcn_machine *machine, uint64_t address, uint64_t size, uint8_t **bytes)
{
    if (!machine || size == 0 || address + size - 1 < address || size > SIZE_MAX)
        return GCN_ERROR_INVALID_ARGUMENT;
    size_t at = 0, high = machine->region_count; /* at: the first region above address */
    while (at < high) { /* binary search: thousands of regions map in n log n */
        size_t middle = at + (high - at) / 2;
        if (machine->regions[middle].address < address)
            at = middle + 1;
        else
            high = middle;
    }
    if (at > 0) {
        const emu_region *before = &machine->regions[at - 1];
        if (before->address + before->size > address)
            return GCN_ERROR_INVALID_ARGUMENT;
    }
    if (at < machine->region_count && machine->regions[at].address <= address + size - 1)
        return GCN_ERROR_INVALID_ARGUMENT;
    emu_region *regions = emu_grow(machine->regions, machine->region_count, &machine->region_capacity,
                                   sizeof *regions);
    if (!regions)
        return GCN_ERROR_INVALID_ARGUMENT;
    machine->regions = regions;
    uint8_t *memory = calloc(1, (size_t)size);
    if (!memory)
        return GCN_ERROR_INVALID_ARGUMENT;
    memmove(&machine->regions[at + 1], &machine->regions[at],
            (machine->region_count - at) * sizeof *machine->regions);
    machine->regions[at] = (emu_region){address, size, memory};
    machine->region_count++;
    machine->last_region = at;
    machine->hot = (emu_region){0, 0, NULL};
    if (bytes)
        *bytes = memory;
    return GCN_OK;
}

static bool region_holds(const emu_region *region, uint64_t address, uint64_t size)
{
    return address >= region->address && address - region->address < region->size &&
           size <= region->size - (address - region->address);
}

/* Inlined into emu_memory_span, the hot path of every memory access. */
static inline __attribute__((always_inline)) uint8_t *memory_lookup(gcn_machine *machine, uint64_t address,
                                                                    uint64_t size)
{
    if (machine->region_count == 0)
        return NULL;
    const emu_region *last = &machine->regions[machine->last_region];
    if (region_holds(last, address, size))
        return last->bytes + (address - last->address);
    size_t low = 0, high = machine->region_count; /* last region with start <= address */
    while (high - low > 1) {
        size_t middle = low + (high - low) / 2;
        if (machine->regions[middle].address <= address)
            low = middle;
        else
            high = middle;
    }
    const emu_region *region = &machine->regions[low];
    if (!region_holds(region, address, size))
        return NULL;
    machine->last_region = low;
    return region->bytes + (address - region->address);
}

static void watch_span(gcn_machine *machine, uint64_t address, uint64_t size)
{
    if (machine->watch_count == GCN_WATCH_SPANS) {
        machine->watch_overflow = true;
        return;
    }
    machine->watch[machine->watch_count++] = (gcn_span){address, size};
}

uint8_t *emu_memory_span_miss(gcn_machine *machine, uint64_t address, uint64_t size)
{
    uint8_t *bytes = memory_lookup(machine, address, size);
    if (__builtin_expect(machine->watching, 0)) {
        if (bytes)
            watch_span(machine, address, size);
    } else if (bytes) {
        machine->hot = machine->regions[machine->last_region];
    }
    return bytes;
}

uint8_t *gcn_machine_memory(gcn_machine *machine, uint64_t address, uint64_t size)
{
    return machine ? memory_lookup(machine, address, size) : NULL;
}

void gcn_machine_watch(gcn_machine *machine, bool on)
{
    if (!machine)
        return;
    machine->watching = on;
    machine->hot = (emu_region){0, 0, NULL};
    gcn_machine_watch_clear(machine);
}

void gcn_machine_watch_clear(gcn_machine *machine)
{
    if (!machine)
        return;
    machine->watch_count = 0;
    machine->watch_overflow = false;
}

const gcn_span *gcn_machine_watched(const gcn_machine *machine, size_t *count, bool *overflow)
{
    *count = machine ? machine->watch_count : 0;
    if (overflow)
        *overflow = machine && machine->watch_overflow;
    return machine ? machine->watch : NULL;
}

gcn_status gcn_machine_load_program(gcn_machine *machine, uint64_t address, const uint32_t *words,
                                    size_t word_count)
{
    if (!machine || (address & 3) || (word_count && !words) ||
        word_count > (SIZE_MAX / sizeof(emu_decoded)) || address + (uint64_t)word_count * 4 < address)
        return GCN_ERROR_INVALID_ARGUMENT;
    uint32_t *program = malloc(word_count ? word_count * 4 : 1);
    emu_decoded *decoded = calloc(word_count ? word_count : 1, sizeof *decoded);
    if (!program || !decoded) {
        free(program);
        free(decoded);
        return GCN_ERROR_INVALID_ARGUMENT;
    }
    if (word_count)
        memcpy(program, words, word_count * 4);
    free(machine->program);
    free(machine->decoded);
    machine->program = program;
    machine->decoded = decoded;
    machine->program_words = word_count;
    machine->program_address = address;
    return GCN_OK;
}

gcn_status gcn_machine_assemble_program(gcn_machine *machine, uint64_t address, const char *text,
                                        size_t length, gcn_dialect dialect, const char *file_name,
                                        void *diagnostics)
{
    if (!machine || (!text && length))
        return GCN_ERROR_INVALID_ARGUMENT;
    FILE *sink = diagnostics ? (FILE *)diagnostics : NULL;
    FILE *null_sink = NULL;
    if (!sink) {
        null_sink = fopen("/dev/null", "w");
        if (!null_sink)
            return GCN_ERROR_INVALID_ARGUMENT;
        sink = null_sink;
    }
    gcn_assembly assembly = {.arch = machine->options.arch, .dialect = dialect,
                             .file_name = file_name ? file_name : "<program>", .diagnostics = sink};
    gcn_output output = {0};
    output.skip_statement_ends = true;
    bool ok = gcn_assemble(&assembly, text ? text : "", length, &output);
    if (null_sink)
        fclose(null_sink);
    gcn_status status = GCN_ERROR_SYNTAX;
    if (ok && output.length % 4 == 0) {
        size_t count = output.length / 4;
        uint32_t *words = malloc(count ? count * 4 : 1);
        if (words) {
            for (size_t i = 0; i < count; i++)
                words[i] = emu_load32(output.bytes + i * 4);
            status = gcn_machine_load_program(machine, address, words, count);
            free(words);
        } else {
            status = GCN_ERROR_INVALID_ARGUMENT;
        }
    } else if (ok) {
        if (diagnostics)
            fprintf(sink, "%s: the program is %zu bytes, not whole 32-bit words\n",
                    assembly.file_name, output.length);
    }
    gcn_output_free(&output);
    return status;
}

const uint32_t *gcn_machine_program(const gcn_machine *machine, uint64_t *address, size_t *word_count)
{
    if (address)
        *address = machine->program_address;
    if (word_count)
        *word_count = machine->program_words;
    return machine->program;
}

uint8_t *emu_lds_span(gcn_wave *wave, uint64_t offset, uint64_t size)
{
    uint32_t limit = wave->workgroup->lds_size;
    if (offset > limit || size > limit - offset)
        return NULL;
    return wave->workgroup->lds + offset;
}

uint8_t *emu_scratch_span(gcn_wave *wave, unsigned lane, uint64_t offset, uint64_t size)
{
    uint32_t limit = wave->machine->options.scratch_per_lane;
    if (lane >= GCN_WAVE_LANES || !wave->scratch || offset > limit || size > limit - offset)
        return NULL;
    return wave->scratch + (size_t)lane * limit + offset;
}
