/* gcnemu's scenario files (JSON, read and written with jansson): the
 * input that sets up a machine and one wave, and the result. */
#ifndef GCN_SCENARIO_H
#define GCN_SCENARIO_H

#include <stdio.h>

#include "gcn_emu.h"

typedef struct scenario_region {
    uint64_t address, size;
} scenario_region;

typedef struct scenario {
    const char *file;        /* as named on the command line, for messages */
    gcn_arch arch;
    gcn_dialect dialect;
    uint64_t max_instructions;
    gcn_machine *machine;
    gcn_workgroup *workgroup;
    gcn_wave *wave;
    /* What the scenario gave, so that the result shows it. */
    uint64_t given_sgpr[GCN_SCALAR_SLOTS / 64];
    uint64_t given_vgpr[GCN_VGPR_COUNT / 64];
    uint32_t initial_mode;
    bool given_mode;
    scenario_region *regions; /* input order */
    size_t region_count;
    bool lds_given;
    uint32_t lds_size;
    uint64_t scratch_given; /* lanes */
} scenario;

/* Reads file and sets up the machine and the wave. On a mistake prints
 * "FILE: PATH: message" to standard error and returns false (the
 * scenario is then freed). */
bool scenario_load(scenario *s, const char *file, bool strict_waitcnt);
void scenario_free(scenario *s);

/* Writes the result of the run as JSON to out. */
bool scenario_write_result(const scenario *s, FILE *out);

/* The instruction at pc as gcndis prints it, into buffer (the words too
 * when with_words). False if pc is outside the program. */
bool scenario_format_at(const scenario *s, uint64_t pc, bool with_words, char *buffer, size_t size);

/* A message's text: the operand of the instruction at pc as the dialect
 * prints it (sendmsg(...)), or its mnemonic when it has none. */
void scenario_message_text(const scenario *s, uint64_t pc, char *buffer, size_t size);

#endif
