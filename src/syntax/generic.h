/* One printer and one parser for the families on the generic codec, driven
 * by the rows' operand profiles; what the dialects write differently is in
 * the tables below, not in code. */
#ifndef GCN_GENERIC_SYNTAX_H
#define GCN_GENERIC_SYNTAX_H

#include "isa/profile.h"
#include "syntax/syntax.h"

/* Hardware registers of hwreg(...), by id: CLRX's name and llvm-mc 14's,
 * and the generations that have each (NULL: the dialect has no name). */
typedef struct gcn_hwreg_name {
    uint8_t id;
    uint8_t generations;
    const char *clrx, *llvm;
} gcn_hwreg_name;
extern const gcn_hwreg_name gcn_hwreg_names[];
extern const size_t gcn_hwreg_name_count;

/* Scalar operand codes whose name or presence differs by dialect: where
 * CLRX names them, where llvm-mc prints them and where it reads them back
 * (GCN 1.4's src_shared_base is CLRX's shared_base; llvm-mc prints code
 * 125 as null from GCN 1.2 on, but reads it nowhere). */
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

/* Whether CLRX's text of a generic family's instruction may not read back
 * (clrxdisasm prints a misaligned SGPR tuple that its assembler refuses). */
bool gcn_generic_loses_bits(const gcn_instruction *instruction);

bool gcn_format_generic(const gcn_instruction *instruction, gcn_dialect dialect, uint64_t address,
                        gcn_text *text);
bool gcn_parse_generic(gcn_cursor *cursor, const gcn_row *row, gcn_instruction *instruction);

/* From the SOPP syntax (sopp.c): a branch operand, gpr_idx(...) both ways. */
bool gcn_parse_branch_target(gcn_cursor *cursor, unsigned *value);
bool gcn_parse_gpr_idx_mode(gcn_cursor *cursor, unsigned *value);
void gcn_format_gpr_idx_mode(gcn_text *text, gcn_dialect dialect, unsigned value);

#endif
