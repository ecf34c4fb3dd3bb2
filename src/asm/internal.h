/* The assembler's insides, shared by its files: source frames (files,
 * macro and repeat expansions), symbols, sections, conditions, the
 * statements whose symbols were not yet known (fixups) and diagnostics.
 *
 * Forward references: a statement that uses a symbol not yet defined is
 * laid out with a provisional value and kept as a fixup; at the end of the
 * pass the fixups are parsed again with the final values. If a size
 * changes, or a layout directive (.skip, .org, .if, ...) used an unknown
 * symbol, another pass runs, in which such symbols take the value they had
 * at the end of the previous pass; it is final when those guesses held. */
#ifndef GCN_ASM_INTERNAL_H
#define GCN_ASM_INTERNAL_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "asm/assembler.h"
#include "syntax/cursor.h"
#include "syntax/text.h"

enum {
    ASM_MAX_PASSES = 8,
    ASM_MAX_INCLUDE_DEPTH = 32,
    ASM_MAX_EXPANSION_DEPTH = 256,       /* macros and repeats inside each other */
    ASM_MAX_FRAMES = ASM_MAX_INCLUDE_DEPTH + ASM_MAX_EXPANSION_DEPTH + 8,
    ASM_MAX_LINE = 65535,
    ASM_WINDOW = 256 << 10,              /* a file larger is read through a window of this size */
    ASM_MAX_SECTIONS = 64,
    ASM_MAX_LOCALS = 8,                  /* local label references kept per fixup */
    ASM_DEFERRED_SLOTS = 8,              /* new names not yet in the symbol slots (a power of two) */
    ASM_MAX_PENDING = 1 << 20            /* fixups a pass keeps; past them, another pass */
};
#define ASM_EXPANSION_BUDGET (1u << 22)    /* lines and repetitions a pass may expand */
#define ASM_MAX_SECTION_SIZE (1ull << 28)  /* bytes */

/* A growing byte buffer (buffers.c). */
typedef struct asm_buffer {
    char *data;
    size_t length, capacity;
} asm_buffer;

bool asm_buffer_reserve(asm_buffer *buffer, size_t more);
bool asm_buffer_append(asm_buffer *buffer, const void *data, size_t length);
void asm_buffer_free(asm_buffer *buffer);

/* Memory that lives for one pass (contexts, macros): freed all at once
 * (buffers.c). */
typedef struct asm_arena {
    struct asm_chunk *chunks;
} asm_arena;

void *asm_arena_allocate(asm_arena *arena, size_t size);
char *asm_arena_copy(asm_arena *arena, const char *text, size_t length);
void asm_arena_free(asm_arena *arena);

/* Source files: those that fit in a window read once for all passes, the
 * larger read again through one (data NULL) each time they are. */
typedef struct asm_file {
    char *path;
    const char *data;
    size_t length;   /* the file's size when opened: it is read no further */
    int descriptor;  /* data NULL: where it is read from (else -1) */
    bool owned;      /* data freed and descriptor closed at the end */
} asm_file;

/* How a statement was reached: the chain of includes and expansions. */
enum { CONTEXT_FILE, CONTEXT_MACRO, CONTEXT_REPEAT };
typedef struct asm_context {
    const struct asm_context *parent;
    uint8_t kind;
    const char *name; /* macro name or repeat directive */
    uint32_t name_length;
    /* Where it was entered (in the parent), with that line's text. */
    uint32_t site_file, site_line, site_column;
    const char *site_text;
    uint32_t site_length;
    /* Frames own their contexts, which die with them; what must outlive a
     * frame (fixups, open .if) keeps a copy in the pass's arena. */
    bool persistent;
    const struct asm_context *persisted;
} asm_context;

/* Where the current statement is, for diagnostics. */
typedef struct asm_location {
    uint32_t file, line;
    const asm_context *context;
    const char *text; /* the whole logical line */
    size_t length;
} asm_location;

enum { SYMBOL_NONE, SYMBOL_LABEL, SYMBOL_VARIABLE, SYMBOL_CONSTANT, SYMBOL_COUNTER };
/* 32 bytes, two to a cache line (the table is aligned): a large source has
 * a hundred thousand labels, looked up in random order, and each page of
 * the table is fresh memory the kernel zeroes. A name shorter than
 * ASM_SYMBOL_INLINE characters (most labels: .L1234_0) is kept, with its
 * '\0', and compared in the record itself; a longer one in state->names.
 * What only variables and later passes need is in asm_symbol_history. */
enum { ASM_SYMBOL_INLINE = 12 };
typedef struct asm_symbol {
    int64_t value;
    union {
        char inline_name[ASM_SYMBOL_INLINE];
        struct {
            uint32_t offset, length; /* in state->names */
        } long_name;
    };
    uint32_t file, line; /* of the definition */
    uint8_t length;      /* below ASM_SYMBOL_INLINE, else ASM_SYMBOL_INLINE: long_name */
    uint8_t section;     /* at most ASM_MAX_SECTIONS */
    uint8_t kind;
    bool defined : 1;           /* in this pass, so far */
    bool previous_defined : 1;  /* at the end of the previous pass */
    bool guessed : 1;           /* used before its definition with the previous value */
    bool provisional : 1;       /* its value came from an unknown symbol */
    bool definition_seen : 1;   /* first_definition is this pass's */
} asm_symbol;
_Static_assert(sizeof(asm_symbol) == 32, "two symbol records a cache line");

/* Beside each symbol (state->symbol_history, by index), written only by
 * a variable's definitions (labels and constants are defined once a pass,
 * an error else) and at the start of a later pass: a source of labels in
 * one pass never touches it. */
typedef struct asm_symbol_history {
    int64_t previous_value;
    uint64_t first_definition, last_definition; /* statement sequence numbers */
    uint8_t previous_section;
} asm_symbol_history;

typedef struct asm_section {
    uint32_t name, length; /* in state->names */
    uint64_t size;
    bool code;
} asm_section;
enum { SECTION_TEXT = 1 };

/* `1f` inside a fixup: which instance of local label 1 it meant. */
typedef struct asm_local_binding {
    char name[24]; /* "1f" */
    uint8_t length;
    uint32_t instance;
} asm_local_binding;

/* 32 bytes, in fields as wide as their limits need: addresses and sizes
 * below ASM_MAX_SECTION_SIZE, columns below ASM_MAX_LINE, the fixup text
 * below ASM_MAX_PENDING_TEXT; what consecutive fixups share (file, context,
 * arch, dialect, section, the high part of the sequence number) is kept
 * once for them in an asm_pending_run. A branch to a label alone
 * (PENDING_BRANCH, one word, no local label) keeps its word and where the
 * label's name is, to be patched without parsing its line again. */
enum { PENDING_INSTRUCTION, PENDING_DATA, PENDING_BRANCH };
#define ASM_MAX_PENDING_TEXT (UINT32_MAX - 2 * (ASM_MAX_LINE + 1))
typedef struct asm_pending {
    uint32_t address;
    uint32_t text;        /* its line, comments blanked, in state->pending_text */
    uint32_t line_number;
    uint32_t sequence;    /* past its run's */
    uint16_t statement_start, statement_end; /* the statement in that line */
    uint16_t line_length;
    uint8_t kind : 2;
    bool written_apart : 1; /* the line as written is just before text (it had comments) */
    uint8_t data_size : 4;  /* PENDING_DATA: 1 to 8 */
    uint8_t local_count;    /* in state->pending_locals from locals */
    union {
        struct {
            uint16_t target_start, target_length; /* the label's name */
            uint32_t word;                        /* as the first parse made it */
        } branch;                                 /* PENDING_BRANCH */
        struct {
            uint32_t size, locals;
        } other;
    };
} asm_pending;
_Static_assert(sizeof(asm_pending) == 32, "fixup records of 32 bytes");

static inline uint32_t asm_pending_size(const asm_pending *p)
{
    return p->kind == PENDING_BRANCH ? 4 : p->other.size;
}

/* Fixups from first on (to the next run's first) share these. */
typedef struct asm_pending_run {
    uint32_t first;
    uint32_t file;
    uint8_t arch, dialect, section;
    uint64_t sequence;
    const asm_context *context;
} asm_pending_run;

typedef struct asm_diagnostic {
    uint64_t sequence;
    size_t text, length; /* in state->diagnostic_text */
    bool error;
} asm_diagnostic;

/* An open .if: whether its lines are assembled, whether a branch was taken. */
typedef struct asm_condition {
    bool parent_active, active, taken, else_seen;
    uint32_t file, line;
    const asm_context *context;
} asm_condition;

typedef struct asm_macro_parameter {
    const char *name, *default_value;
    size_t name_length, default_length;
    bool required, variadic;
} asm_macro_parameter;

typedef struct asm_macro {
    const char *name; /* lowercase */
    size_t name_length;
    asm_macro_parameter *parameters;
    size_t parameter_count;
    const char *body;
    size_t body_length;
    uint32_t file, line; /* of the first body line */
    bool alive;          /* false after .purgem */
} asm_macro;

/* FRAME_REST: what is left of a line after a statement that pushed a frame. */
enum { FRAME_FILE, FRAME_MACRO, FRAME_REPEAT, FRAME_IRP, FRAME_REST };
typedef struct asm_frame {
    uint8_t kind;
    const char *text;
    size_t length, position;
    uint32_t file, line, first_line; /* line: origin line of the next line */
    const asm_context *context;
    asm_context context_node; /* this frame's own, when it made one */
    char *site_text;
    size_t condition_depth;          /* conditions open when it began */
    bool block_comment;
    /* A file read through a window (text, ASM_WINDOW bytes): text[length]
     * is the file's byte read_offset, read up to read_end (none past it
     * for other frames). */
    uint64_t read_offset, read_end;
    /* Repeats: the body (owned) and the count. */
    char *body;
    size_t body_length;
    uint64_t iteration, count;
    /* .irp/.irpc: the parameter and the values left. */
    char *owned; /* the expansion text (macro, irp) */
    char *values;
    size_t values_length, value_position;
    const char *parameter;
    size_t parameter_length;
    bool characters;
} asm_frame;

enum { MODE_FIXUP_ALLOWED, MODE_VALUE_NEEDED, MODE_FIXUP };

/* A CLRX register symbol: x = %s26 makes x stand for s26 in operands. */
typedef struct asm_register_symbol {
    char name[64], text[64];
    size_t name_length, text_length;
} asm_register_symbol;

#include "asm/object_state.h"

typedef struct asm_state {
    gcn_assembly *assembly;
    gcn_output *output;
    gcn_arch arch;
    gcn_dialect dialect;
    unsigned pass;

    asm_file *files;
    size_t file_count, file_capacity;
    const char *const *include_directories;
    size_t include_directory_count;

    asm_symbol *symbols;
    asm_symbol_history *symbol_history; /* symbol_capacity of them too */
    size_t symbol_count, symbol_capacity;
    asm_register_symbol *registers;
    size_t register_count, register_capacity;
    uint64_t *symbol_slots; /* the name's hash << 32 | index + 1; power-of-two size */
    size_t slot_capacity;
    /* Two bits of a word for each name's hash, a 16th of the slots' size:
     * the first mention of a name (its definition, or a forward branch)
     * is known to be new without reading its slot, a random line of a
     * table larger than the cache. */
    uint64_t *symbol_filter;
    unsigned filter_shift;
    /* The slot entries of the newest names, put in the table that many
     * creations later, when their slots asked into the cache have come. */
    uint64_t deferred[ASM_DEFERRED_SLOTS];
    unsigned created; /* names created, modulo ASM_DEFERRED_SLOTS */
    asm_buffer names;
    uint32_t *guessed;
    size_t guessed_count, guessed_capacity;

    asm_section sections[ASM_MAX_SECTIONS + 1];
    unsigned section_count, section;

    asm_frame frames[ASM_MAX_FRAMES];
    size_t frame_count;
    unsigned include_depth, expansion_depth;
    uint64_t expansion_lines;
    bool expansion_exhausted, ended;
    bool line_done; /* the rest of the current line is not assembled */

    asm_condition *conditions;
    size_t condition_count, condition_capacity;

    asm_macro *macros;
    size_t macro_count, macro_capacity;
    uint32_t *macro_slots;
    size_t macro_slot_capacity;
    uint64_t macro_invocations; /* \@ */

    /* The current statement. */
    uint64_t sequence;
    asm_location location;
    unsigned column_base; /* column of the statement's first character, minus 1 */
    int mode;
    bool unknown; /* it used a symbol not yet known */
    const char *unknown_name; /* the last of them (set with unknown) */
    size_t unknown_length;
    asm_local_binding locals[ASM_MAX_LOCALS];
    unsigned local_count;
    bool locals_overflow;
    const char *undefined_name; /* the last symbol the lookup did not find */
    size_t undefined_length;

    bool needs_pass;
    const char *unsettled; /* why another pass was needed (for the last-pass error) */

    /* Fixups: statements to parse again at the end of the pass. */
    asm_pending *pending;
    size_t pending_count, pending_capacity;
    asm_pending_run *pending_runs;
    size_t pending_run_count, pending_run_capacity;
    asm_buffer pending_text;
    asm_local_binding *pending_locals;
    size_t pending_local_count, pending_local_capacity;
    const asm_pending *fixup; /* the one being parsed again */
    const asm_pending_run *fixup_run; /* its run */
    uint64_t fixup_sequence;
    bool fixup_unsafe;
    uint64_t fixup_position;
    /* .text ranges of fixups that failed: taken out of the output at the
     * end, since a line with an error gives no bytes. */
    struct asm_failed_range { uint64_t address, size; } *failed;
    size_t failed_count, failed_capacity;

    asm_diagnostic *diagnostics;
    size_t diagnostic_count, diagnostic_capacity;
    asm_buffer diagnostic_text;
    unsigned errors, warnings, stored_errors, stored_warnings;

    asm_buffer line, clean; /* a logical line joined or copied, and one with comments blanked */
    /* The current line with comments blanked: in place when it has none
     * (plain: nor quotes or ';', so it is one statement), else clean. */
    const char *clean_text;
    size_t clean_length;
    bool plain;
    const char *plain_end;  /* the end of the text plain lines lie in: they may be read up to it */
    const char *statement_line; /* clean_text, or a fixup's copy of its line */
    asm_buffer scratch;     /* lines looked at while a body is captured */
    asm_buffer body;        /* a body's lines as they are captured (asm_ahead_line) */
    char *windows[ASM_MAX_INCLUDE_DEPTH]; /* for the file frames, by include depth */
    asm_buffer expansion;   /* macro and .irp text being built */
    asm_arena arena;
    gcn_section_lookup lookup;
    gcn_parse_options parse_options; /* for instructions: the fixed fields set once */
    asm_object_state object; /* sections, symbols and references for an object */
} asm_state;

/* ---- memory.c ---- */
/* realloc (keeping the first used bytes) and calloc for tables that may
 * grow large: huge pages advised. */
void *asm_grow(void *block, size_t used, size_t size);
void *asm_zeroed(size_t count, size_t size);

/* ---- symbols.c ---- */
asm_symbol *asm_symbol_find(asm_state *state, const char *name, size_t length);
/* A name's hash, for the calls below that take it. */
uint32_t asm_symbol_hash(const char *name, size_t length);
/* Asks the cache for a name's slot, or (record: the slot asked for earlier)
 * its symbol record, ahead of its lookup. */
void asm_symbol_prefetch(const asm_state *state, uint32_t hash, bool record);
asm_symbol *asm_symbol_get(asm_state *state, const char *name, size_t length); /* creates */
/* Room for count symbols, reserved before the first. */
void asm_symbols_reserve(asm_state *state, size_t count);
const char *asm_symbol_name(const asm_state *state, const asm_symbol *symbol);
size_t asm_symbol_length(const asm_symbol *symbol);
void asm_symbols_start_pass(asm_state *state);
void asm_symbols_free(asm_state *state);
/* The lookup gcn_parse uses (gcn_section_lookup.lookup). */
bool asm_lookup(void *context, const char *name, size_t length, int64_t *value, unsigned *section);
/* The same for a name that is no local label (1b, 1f), with its hash. */
bool asm_lookup_hashed(asm_state *state, const char *name, size_t length, uint32_t hash, int64_t *value,
                       unsigned *section);
/* Defines a label at the current position; false after reporting an error. */
bool asm_define_label(asm_state *state, const char *name, size_t length, unsigned column);
/* Defines a variable (redefinable) or a constant (.equiv); value from the
 * current statement. */
/* Register symbols (CLRX): define, and the lookup gcn_parse calls. */
bool asm_define_register(asm_state *state, const char *name, size_t length, const char *text,
                         size_t text_length);
const char *asm_register_alias(void *context, const char *name, size_t length, size_t *text_length);
/* What instructions' parses take from the state (generation, dialect,
 * section, register symbols), set by whatever changes it, not each line. */
static inline void asm_statement_options(asm_state *state)
{
    state->parse_options.arch = state->arch;
    state->parse_options.dialect = state->dialect;
    state->parse_options.register_alias = state->register_count ? asm_register_alias : NULL;
    state->lookup.section = state->section;
}
bool asm_define_symbol(asm_state *state, const char *name, size_t length, unsigned column,
                       int64_t value, unsigned section, bool constant);
/* Name of the closest defined symbol, for "did you mean". */
const char *asm_nearest_symbol(asm_state *state, const char *name, size_t length, size_t *found);

/* ---- diagnostics.c ---- */
/* column is 1-based in location->text; 0 for none. */
void asm_report(asm_state *state, bool error, unsigned column, const char *format, ...)
    __attribute__((format(printf, 4, 5)));
void asm_vreport(asm_state *state, bool error, unsigned column, const char *format, va_list arguments);
/* A report at another place (a fixup, an unterminated block). */
void asm_report_at(asm_state *state, const asm_location *location, uint64_t sequence, bool error,
                   unsigned column, const char *format, ...) __attribute__((format(printf, 6, 7)));
/* Past the error cap: assembling stops (what follows would not be shown). */
bool asm_too_many_errors(const asm_state *state);
/* Prints the stored diagnostics in source order, capped. */
void asm_flush_diagnostics(asm_state *state);
void asm_discard_diagnostics(asm_state *state);

/* ---- failed.c ---- */
/* Notes that the fixup at [address, address + size) of .text failed. */
void asm_fixup_failed(asm_state *state, uint64_t address, uint64_t size);
/* Cuts the failed fixups' bytes out of the output (at the end). */
void asm_drop_failed(asm_state *state);

/* ---- frames.c ---- */
/* Gives the new top frame a context entered at the current statement. */
void asm_frame_context(asm_state *state, asm_frame *frame, uint8_t kind, const char *name,
                       size_t name_length, unsigned column);
/* A copy of a context chain that lives to the end of the pass. */
const asm_context *asm_persist_context(asm_state *state, const asm_context *context);
void asm_pop_frame(asm_state *state);
asm_frame *asm_push_frame(asm_state *state, uint8_t kind);
/* Counts expanded lines; false (after an error) when the budget is spent. */
bool asm_spend_expansion(asm_state *state, uint64_t lines);

/* ---- source_files.c ---- */
/* Opens a regular file to read (never blocking on a FIFO); NULL with a
 * reason otherwise. */
FILE *asm_open_regular(const char *path, const char **reason);
/* Reads up to count bytes at offset of descriptor into into: fewer only
 * at the file's end or an error (errno set, *failed). */
size_t asm_read_at(int descriptor, char *into, size_t count, uint64_t offset, bool *failed);
/* Opens the file an .include names (path_length bytes) as the new top
 * frame; false after an error reported at column. */
bool asm_push_file(asm_state *state, const char *path, size_t path_length, unsigned column);
/* Takes descriptor, an open regular file read from its start, as
 * state->files[0] (path set); false with *reason on failure. */
bool asm_take_source(asm_state *state, int descriptor, const char **reason);
/* Sets a new file frame (the top one) to read state->files[index] from
 * its start; false if its window cannot be had. */
bool asm_enter_file(asm_state *state, asm_frame *frame, uint32_t index);
/* Frees the files the assembler read, their names and the windows. */
void asm_files_free(asm_state *state);

/* ---- source.c ---- */
/* Lines read ahead of the current one for a body (capture_body), copied
 * into state->body, from where the top frame was when asm_ahead_start
 * began: a file's window is not refilled, as the current statement still
 * uses its text: past it the file is read into state->body. */
typedef struct asm_ahead {
    size_t start;         /* the frame's position at the start */
    size_t taken;         /* in state->body, the lines read */
    size_t copied;        /* of state->body, from the frame's text (the rest from its file) */
    size_t position;      /* in the frame's text, what is copied up to */
    uint64_t read_offset; /* in its file, past the window */
} asm_ahead;
void asm_ahead_start(asm_state *state, asm_ahead *ahead);
/* The next physical line, without its '\n', in state->body; false at the
 * frame's end. */
bool asm_ahead_line(asm_state *state, asm_ahead *ahead, const char **line, size_t *length);
/* Moves the top frame past the lines read. */
void asm_ahead_finish(asm_state *state, const asm_ahead *ahead);
/* Reads the next logical line into state->location and state->clean_text;
 * false at the end of everything. */
bool asm_next_line(asm_state *state);
/* A file frame's window refilled, between lines: false if nothing more
 * could be read. */
bool asm_refill(asm_state *state, asm_frame *frame);
/* Blanks comments of line (length) into clean, keeping columns; block:
 * the open block comment state, updated. */
void asm_clean_line(const asm_state *state, asm_buffer *clean, const char *line, size_t length,
                    bool *block);
/* The length of the name (letters, digits, '_', '.', '$') at text, within
 * length; readable (at least length): how many characters may be read. */
size_t asm_name_length(const char *text, size_t length, size_t readable);
/* The end of the statement starting at start in clean text (CLRX: ';'). */
size_t asm_statement_end(const asm_state *state, const char *text, size_t start, size_t length);

/* ---- directives.c ---- */
/* The directive whose name is line[start, name_end), statement up to end;
 * false if there is no such directive. */
bool asm_directive(asm_state *state, const char *line, size_t start, size_t name_end, size_t end);
/* The conditional directives, which matter also in skipped lines. */
bool asm_condition_directive(asm_state *state, const char *line, size_t start, size_t name_end,
                             size_t end);
/* Closest directive name, for "did you mean". */
const char *asm_nearest_directive(const char *name, size_t length);
/* The sections as a pass starts: .text alone, current. */
void asm_reset_sections(asm_state *state);
/* What the directives' handlers share: the index past blanks from i; the
 * length of the identifier at i; whether nothing follows (reporting what
 * does, after what); a value needed now (a count, a size, an alignment);
 * a "string" with C escapes into out (false after an error); blanks
 * trimmed around [*i, *e). */
static inline size_t asm_skip_blank(const char *text, size_t i, size_t end)
{
    /* Most characters are past ' ': one test for them. */
    while (i < end && (unsigned char)text[i] <= ' ' && (text[i] == ' ' || text[i] == '\t'))
        i++;
    return i;
}
size_t asm_name_at(const char *text, size_t i, size_t end);
bool asm_at_end(asm_state *state, gcn_cursor *cursor, const char *what);
bool asm_number(asm_state *state, gcn_cursor *cursor, int64_t *value);
bool asm_parse_string(asm_state *state, gcn_cursor *cursor, asm_buffer *out);
void asm_trim(const char *line, size_t *i, size_t *e);

/* ---- data_directives.c, include_directives.c, conditions.c ---- */
/* The handlers of the directive table (directives.c) kept in these files:
 * line[start, name_end) is the name, the statement ends at end, and the
 * last argument is the table's for the name. */

/* ---- data_directives.c ---- */
/* .align and the like: argument ALIGN_POWER (.p2align) | fill width. */
enum { ALIGN_POWER = 1 << 8 };
void asm_directive_data(asm_state *state, const char *line, size_t start, size_t name_end,
                        size_t end, unsigned size);
void asm_directive_string(asm_state *state, const char *line, size_t start, size_t name_end,
                          size_t end, unsigned terminate);
void asm_directive_fill(asm_state *state, const char *line, size_t start, size_t name_end,
                        size_t end, unsigned unused);
void asm_directive_skip(asm_state *state, const char *line, size_t start, size_t name_end,
                        size_t end, unsigned unused);
void asm_directive_align(asm_state *state, const char *line, size_t start, size_t name_end,
                         size_t end, unsigned kind);
void asm_directive_org(asm_state *state, const char *line, size_t start, size_t name_end,
                       size_t end, unsigned unused);
/* A data directive again, as a fixup. */
void asm_fixup_data(asm_state *state, const char *line, size_t start, size_t end, unsigned size);

/* ---- include_directives.c ---- */
void asm_directive_include(asm_state *state, const char *line, size_t start, size_t name_end,
                           size_t end, unsigned unused);
void asm_directive_incbin(asm_state *state, const char *line, size_t start, size_t name_end,
                          size_t end, unsigned unused);

/* ---- conditions.c ---- */
/* The kinds of .if (the argument of asm_directive_condition), or'ed with
 * ELSE_IF for .elseif; ELSE and END_IF for .else and .endif. */
enum {
    IF_VALUE, IF_ZERO, IF_NOT_ZERO, IF_POSITIVE, IF_NOT_NEGATIVE, IF_NEGATIVE, IF_NOT_POSITIVE,
    IF_DEFINED, IF_NOT_DEFINED, IF_BLANK, IF_NOT_BLANK, IF_SAME, IF_DIFFERENT,
    IF_KINDS, ELSE_IF = 1 << 8, ELSE = 2 << 8, END_IF = 3 << 8
};
void asm_directive_condition(asm_state *state, const char *line, size_t start, size_t name_end,
                             size_t end, unsigned kind);
/* Reports the .if left open at the end. */
void asm_check_conditions_closed(asm_state *state);
/* Whether the current line is assembled (no .if around it is false). */
static inline bool asm_active(const asm_state *state)
{
    return state->condition_count == 0 || state->conditions[state->condition_count - 1].active;
}

/* ---- emit.c ---- */
/* Writes bytes at the current position of the current section (in a
 * fixup: over the bytes it had). */
bool asm_emit(asm_state *state, const void *bytes, size_t length, unsigned column);
/* Stores word as four little-endian bytes (one store on such a host). */
static inline void asm_store_word(uint8_t *out, uint32_t word)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    word = __builtin_bswap32(word);
#endif
    memcpy(out, &word, sizeof word);
}
bool asm_emit_words_slowly(asm_state *state, const uint32_t *words, size_t count, unsigned column);
/* An instruction's words (an array of GCN_MAX_WORDS), little-endian on
 * any host, like asm_emit. Most are code that fits in the output as it
 * is, written in place (the .text section's size is the output's length). */
static inline bool asm_emit_words(asm_state *state, const uint32_t *words, size_t count, unsigned column)
{
    gcn_output *output = state->output;
    size_t length = output->length, end = length + 4 * count;
    if (state->section != SECTION_TEXT || state->mode == MODE_FIXUP || end > output->capacity ||
        end > ASM_MAX_SECTION_SIZE)
        return asm_emit_words_slowly(state, words, count, column);
    uint8_t *out = output->bytes + length;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* All the words the array holds, in one fixed-size copy: those past
     * count land beyond the new length, where the next bytes go. */
    if (length + 4 * GCN_MAX_WORDS <= output->capacity) {
        memcpy(out, words, 4 * GCN_MAX_WORDS);
        output->length = end;
        state->sections[SECTION_TEXT].size += 4 * count;
        return true;
    }
#endif
    for (size_t i = 0; i < count; i++)
        asm_store_word(out + 4 * i, words[i]);
    output->length = end;
    state->sections[SECTION_TEXT].size += 4 * count;
    return true;
}
bool asm_emit_fill(asm_state *state, uint64_t count, const void *pattern, size_t width, unsigned column);
void asm_record_statement_end(asm_state *state);
/* Records where the statement's bytes end, when the caller wants them. */
static inline void asm_end_statement(asm_state *state)
{
    if (!state->output->skip_statement_ends)
        asm_record_statement_end(state);
}

/* ---- object_literals.c ---- */
/* The relocation a modifier (@rel32@lo, "" for none) asks for in data of
 * size bytes (object_directives.c); 0 if none. */
uint32_t asm_object_reference_type(const char *modifier, size_t length, unsigned size);
/* Instruction literals that name a symbol (sym@rel32@lo+4) parse as
 * references when an object is made. */
void asm_object_literal_setup(asm_state *state);
/* The reference the parse of an instruction of count words at address
 * found (state->object.literal), recorded for a relocation. */
void asm_object_literal_record(asm_state *state, uint64_t address, size_t count, unsigned column);

/* ---- macros.c ---- */
void asm_macro_define(asm_state *state, const char *line, size_t start, size_t end);
void asm_macro_purge(asm_state *state, const char *line, size_t start, size_t end);
asm_macro *asm_macro_find(asm_state *state, const char *name, size_t length);
void asm_macro_expand(asm_state *state, asm_macro *macro, const char *line, size_t start,
                      size_t name_end, size_t end);
void asm_repeat(asm_state *state, const char *line, size_t start, size_t name_end, size_t end);
void asm_exit_macro(asm_state *state, unsigned column);
/* The next .irp/.irpc value: the body again, substituted; false at the end. */
bool asm_irp_next(asm_state *state, asm_frame *frame);
void asm_macros_free(asm_state *state);

/* ---- assembler.c ---- */
/* Assembles the line asm_next_line read: its statements. */
void asm_process_line(asm_state *state);
/* The statement [start, end) of the current line. */
void asm_statement(asm_state *state, size_t start, size_t end);
/* A cursor over [pos, end) of the current statement's line, with parse
 * options for the current position and the assembler's symbol lookup. */
void asm_cursor(asm_state *state, gcn_cursor *cursor, gcn_parse_options *options,
                gcn_parse_error *error, const char *pos, const char *end);
/* The error a cursor stopped at, with "did you mean" for symbols. */
void asm_report_cursor(asm_state *state, const gcn_cursor *cursor);
/* An expression whose value is needed now (layout, conditions): with a
 * symbol not yet known, another pass is asked for. */
bool asm_value_needed(asm_state *state, gcn_cursor *cursor, int64_t *value, unsigned *section);
/* Reports a parse error at column; an undefined symbol gets the closest
 * defined name as a suggestion. */
void asm_report_parse_error(asm_state *state, unsigned column, const char *message);

/* ---- instruction.c ---- */
/* An instruction statement at [start, end) of the current line (or of a
 * fixup's line). */
void asm_instruction(asm_state *state, size_t start, size_t end);
/* The common case in a loop of its own, with little bookkeeping: reads
 * and assembles (asm_process_line) the plain lines (one statement, nothing
 * to clean) of the current source file while there are no errors. Stops,
 * reading nothing, at any other line: asm_next_line takes it. */
void asm_plain_lines(asm_state *state);
/* The column of a pointer into the current statement's line. */
unsigned asm_column(const asm_state *state, const char *at);
/* The current position in the current section (in a fixup: the fixup's). */
static inline uint64_t asm_position(const asm_state *state)
{
    return state->mode == MODE_FIXUP ? state->fixup_position : state->sections[state->section].size;
}

/* ---- fixups.c ---- */
/* Records the statement [start, end) of the current clean line as a fixup
 * (NULL if it could not be kept). */
asm_pending *asm_add_pending(asm_state *state, uint8_t kind, size_t start, size_t end,
                             uint64_t address, uint64_t size, unsigned data_size);
/* At a pass's end: another pass where a guessed label moved, else the
 * fixups assembled again with every label known. */
void asm_check_guesses(asm_state *state);
void asm_run_fixups(asm_state *state);

/* ---- object_directives.c, object_blocks.c, object_sections.c, object_build.c ---- */
/* The directives of objects (.globl, .type, .amdhsa_kernel, ...); false
 * if name is none of them. */
bool asm_object_directive(asm_state *state, const char *line, size_t start, size_t name_end,
                          size_t end);
/* A data value that is a symbol reference (sym, sym+4, sym@rel32@lo+4)
 * when relocations are made: its size bytes emitted as zeros and the
 * reference recorded. False, reading nothing, for any other value. */
bool asm_object_data_reference(asm_state *state, gcn_cursor *cursor, unsigned size, unsigned column);
/* The attribute record of a name (object_directives.c), made if new;
 * NULL when out of memory. */
asm_object_name *asm_object_attributes(asm_state *state, const char *name, size_t length);
/* The record of name if there is one. */
asm_object_name *asm_object_find(asm_state *state, const char *name, size_t length);
/* An assignment name = value (object_directives.c): the symbol value
 * starts with, whose type and size an object gives name too. */
void asm_object_assignment(asm_state *state, const char *name, size_t length, const char *value,
                           size_t value_length);
/* The blocks (object_blocks.c): .amdhsa_kernel and .amdgpu_metadata. */
void asm_object_kernel(asm_state *state, const char *line, size_t start, size_t name_end, size_t end);
void asm_object_metadata(asm_state *state, const char *line, size_t start, size_t name_end, size_t end);
/* Records a reference to name at offset of section, to relocate (type,
 * addend) when the object is made. */
void asm_object_add_reference(asm_state *state, const char *name, size_t length, unsigned section,
                              unsigned size, uint32_t type, uint64_t offset, int64_t addend, unsigned column);
/* Sets up the object state from the assembly (once) and for a pass. */
bool asm_object_setup(asm_state *state);
void asm_object_start_pass(asm_state *state);
/* Bytes of the current section other than .text (kept for objects). */
bool asm_object_append(asm_state *state, const void *bytes, size_t length, unsigned column);
bool asm_object_append_fill(asm_state *state, uint64_t count, const void *pattern, size_t width,
                            unsigned column);
void asm_object_patch(asm_state *state, uint64_t position, const void *bytes, size_t length);
/* A .section's flags and type after its name: [, "flags"[, @type[, entry size]]]. */
void asm_object_section_flags(asm_state *state, unsigned section, const char *line, size_t i,
                              size_t end, bool created);
/* Alignment asked of the current section (.align and the like). */
void asm_object_align(asm_state *state, uint64_t alignment);
/* After the last pass: the object from what was kept, into the output's
 * object; errors reported. */
void asm_object_finish(asm_state *state);
void asm_object_free(asm_state *state);

#endif
