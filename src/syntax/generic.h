/* One printer and one parser for the families on the generic codec, driven
 * by the rows' operand profiles; what the dialects write differently is in
 * the tables below, not in code. */
#ifndef GCN_GENERIC_SYNTAX_H
#define GCN_GENERIC_SYNTAX_H

#include "isa/profile.h"
#include "syntax/syntax.h"

/* The scalar operand codes whose name or presence differs by dialect (isa/scalar_names.def). */
typedef struct gcn_scalar_name {
    uint8_t code, count;
    uint8_t clrx_generations, llvm_prints, llvm_reads;
    const char *clrx, *llvm;
} gcn_scalar_name;
extern const gcn_scalar_name gcn_scalar_names[];
extern const size_t gcn_scalar_name_count;

/* CLRX's key for a field the row does not show (sdst=0x15), where it is not
 * the field's own name. */
const char *gcn_clrx_field_key(gcn_encoding encoding, unsigned field);

/* Every family's printer: false when the dialect cannot express the
 * instruction (the caller then prints it as data). */
bool gcn_format_generic(const gcn_instruction *instruction, gcn_dialect dialect, uint64_t address,
                        gcn_text *text);

/* The true specials, operands whose text is more than a number or a
 * register, by operand syntax: format writes the field's value, parse
 * reads it. */
typedef void gcn_operand_format(gcn_text *text, gcn_arch arch, gcn_dialect dialect, uint32_t value);
typedef bool gcn_operand_parse(gcn_cursor *cursor, uint32_t *value);
gcn_operand_format gcn_format_waitcnt, gcn_format_sendmsg, gcn_format_hwreg, gcn_format_gpr_idx;
gcn_operand_parse gcn_parse_waitcnt, gcn_parse_sendmsg, gcn_parse_hwreg, gcn_parse_gpr_idx, gcn_parse_branch;
static const struct {
    gcn_operand_format *format;
    gcn_operand_parse *parse;
} gcn_operand_hooks[GCN_SYNTAX_COUNT] = {
    [GCN_SYNTAX_BRANCH] = {NULL, gcn_parse_branch}, /* printed as an immediate (generic_format.c) */
    [GCN_SYNTAX_HWREG] = {gcn_format_hwreg, gcn_parse_hwreg},
    [GCN_SYNTAX_GPR_IDX] = {gcn_format_gpr_idx, gcn_parse_gpr_idx},
    [GCN_SYNTAX_WAITCNT] = {gcn_format_waitcnt, gcn_parse_waitcnt},
    [GCN_SYNTAX_SENDMSG] = {gcn_format_sendmsg, gcn_parse_sendmsg},
};

/* What the text of an encoding with modifiers needs beyond its profiles
 * (gcn_encoding_hooks, syntax/hooks.h): the modifiers llvm-mc 14 leaves out
 * (GCN_NO_LLVM_TEXT: it has no text), those the dialect takes, and the
 * checks of a parsed instruction's (report NULL: false where anything would
 * be reported; flags_at..flags_end: where the modifiers were). */
enum { GCN_NO_LLVM_TEXT = 1u << 30 };
typedef struct gcn_encoding_hook {
    unsigned (*llvm_hidden)(const gcn_instruction *, const gcn_row *);
    unsigned (*allowed)(const gcn_row *, gcn_arch, gcn_dialect);
    bool (*check)(gcn_cursor *report, gcn_dialect, const gcn_row *, gcn_instruction *,
                  const char *flags_at, const char *flags_end);
    /* SMRD/SMEM's (syntax/scalar_memory.h): an operand of its own syntax at
     * a raw pointer with GCN_OPERAND_ROOM bytes (NULL: llvm-mc has no text,
     * CLRX no name: every field as key=value); CLRX's modifiers of the usual
     * instruction (NULL: put_clrx_tail's) and of any; the row CLRX names where
     * the generation has none. */
    char *(*write_operand)(char *, const gcn_instruction *, gcn_dialect, const gcn_operand_profile *,
                           const gcn_operand *);
    char *(*write_clrx_tail)(char *, const gcn_instruction *, const gcn_profile *);
    void (*put_clrx_tail)(gcn_text *, const gcn_instruction *, const gcn_profile *, bool key_form);
    const gcn_row *(*clrx_alias)(const gcn_instruction *, gcn_instruction *copy);
} gcn_encoding_hook;

/* The generic parser by layout: the usual statement in one pass (plain.c;
 * this copy for tests/plain_path.c, the profile read at run time; false,
 * touching nothing, where it does not take the statement), and the full path
 * for any other (generic_parse.c, generic_modifiers.c; false, having
 * reported, where the text is wrong). gcn_find_modifier: the last modifier
 * word name in [start, end), for an error's column (start if none). */
bool gcn_parse_plain(gcn_cursor *cursor, const gcn_row *row, gcn_instruction *instruction);
extern const gcn_parser gcn_full_parsers[GCN_SHAPE_COUNT];
bool gcn_parse_full_modifiers(gcn_cursor *cursor, const gcn_row *row, const gcn_profile *profile,
                              gcn_instruction *instruction);
const char *gcn_find_modifier(const char *start, const char *end, const char *name);
/* CLRX's key=value for fields the row does not show (shown: the fields its
 * operands and modifiers give), into reserved[]: those at the cursor (what is
 * no such key is the caller's). */
bool gcn_parse_hidden_fields(gcn_cursor *cursor, gcn_encoding encoding, uint32_t shown, gcn_instruction *instruction);

/* MUBUF's SRSRC (code: its first register) and SOFFSET as each dialect
 * names them (buffer.c), at a raw pointer with GCN_OPERAND_ROOM bytes: NULL
 * where the dialect has no name (llvm-mc 14 says invalid encoding or, on
 * GCN 1.0/1.1, its assembler has no name for it). */
char *gcn_write_other_srsrc(char *at, gcn_arch arch, gcn_dialect dialect, unsigned code);
char *gcn_write_other_soffset(char *at, gcn_arch arch, gcn_dialect dialect, unsigned code);
/* FLAT's saddr (code, count registers; GCN_SADDR_OFF `off`) the same way (saddr.c). */
char *gcn_write_other_saddr(char *at, gcn_arch arch, gcn_dialect dialect, unsigned code, unsigned count);
/* The same read: off, or count SGPRs (clrxdisasm's odd names with a
 * warning, llvm-mc's null), into *code. */
bool gcn_parse_saddr(gcn_cursor *cursor, unsigned count, unsigned *code);
/* The same read: SRSRC into *field (its first register / 4), SOFFSET's code. */
bool gcn_parse_srsrc(gcn_cursor *cursor, unsigned *field);
bool gcn_parse_soffset(gcn_cursor *cursor, unsigned *code);
/* The row llvm-mc 14 prints for an opcode the generation lacks (GCN 1.1's
 * buffer_wbinvl1 on GCN 1.2/1.4), or NULL. */
const gcn_row *gcn_llvm_alias_row(const gcn_instruction *instruction);

/* The inline float constants' texts by code from 240 (float_text.c), and
 * CLRX's float texts (1., .5, -4.5, 3e-7, 2.0s, 2.5h) read as single- (or,
 * with h, half-) precision bits: false, touching nothing, for what is no float. */
extern const char *const gcn_inline_float_texts[9];
/* The code of the inline constant a source of one dword (wide: two) reads for value, or 0:
 * -16..64; in llvm also their bits or an inline float's, as llvm-mc 14 (0xffffffff, 1.0's). */
unsigned gcn_inline_code(gcn_arch arch, gcn_dialect dialect, int64_t value, bool wide);
bool gcn_parse_float_text(gcn_cursor *cursor, uint32_t *bits);

/* SOPP's and SOPK's 16-bit immediate (immediate.c), which the specials also
 * take raw: -32768..65535, CLRX truncating with a warning; unsigned_only where
 * llvm-mc takes only 0..65535 (s_endpgm, a raw sendmsg, s_cmpk_*_u32); and CLRX's
 * " :0xVALUE" after a form that cannot show every bit. */
bool gcn_parse_imm16(gcn_cursor *cursor, bool unsigned_only, uint32_t *value);
bool gcn_parse_whole_field(gcn_cursor *cursor, uint32_t *value);

/* CLRX's size suffix after the mnemonic at the cursor, which the lookup
 * took off (no row's name ends so): 32 (_e32), 64 (_e64) or 0. */
static inline unsigned gcn_size_suffix(const gcn_cursor *cursor)
{
    const char *end = cursor->pos;
    if (end - cursor->text < 4 || end[-4] != '_' || (end[-3] | 0x20) != 'e')
        return 0;
    return gcn_word_is(end - 2, 2, "32") ? 32 : gcn_word_is(end - 2, 2, "64") ? 64 : 0;
}

/* Whether the identifier at the cursor (length bytes) is followed by c
 * (space between): '(' for a named operand such as vmcnt(0) or
 * sendmsg(...), else it begins an expression (x+1, a symbol named
 * lgkmcnt_sat), as llvm-mc takes it; '=' for CLRX's key=value. */
static inline bool gcn_followed_by(const gcn_cursor *cursor, size_t length, char c)
{
    const char *p = cursor->pos + length;
    while (p < cursor->end && (*p == ' ' || *p == '\t'))
        p++;
    return p < cursor->end && *p == c;
}

#endif
