/* gcn_parse's usual statement, inline for the assembler's loop, which
 * looks the mnemonic up itself (see plain_statement, asm/instruction.c). */
#ifndef GCN_PARSE_H
#define GCN_PARSE_H

#include "codec/codec.h"
#include "syntax/syntax.h"

/* The profiles and encodings copied into each parser's unit, so that a
 * layout's parser knows its own profile's operands and words as constants. */
static const gcn_profile profiles[GCN_SHAPE_COUNT] = {
#include "isa/profile_rows.h"
};
static const gcn_encoding_info encodings[GCN_ENCODING_COUNT] = {
#include "isa/encoding_rows.h"
};

/* The parser of each layout (isa/profile.h), which the usual statement
 * calls straight. */
extern const gcn_parser gcn_shape_parsers[GCN_SHAPE_COUNT];

/* Out of line (parse.c): statements past the usual one (space before the
 * mnemonic, other spellings, a row the generation lacks); a failed
 * statement's column and message (cleared where no gcn_fail gave them);
 * what follows the operands. */
gcn_status gcn_parse_other(const gcn_parse_options *options, const char *text, size_t length,
                           gcn_instruction *instruction, gcn_parse_error *error);
gcn_status gcn_parse_failed(gcn_cursor *cursor);
gcn_status gcn_parse_after_operands(gcn_cursor *cursor);

/* gcn_parse_checked for a caller that looked the mnemonic up: index is
 * the row gcn_mnemonic_lookup gives for text (GCN_ROW_NONE: none). The
 * usual statement, on a generation that has the row, here; the others
 * out of line. */
static inline __attribute__((always_inline)) gcn_status gcn_parse_named(
    const gcn_parse_options *options, const char *text, size_t length, uint16_t index,
    gcn_instruction *instruction, gcn_parse_error *error)
{
    error->warning_column = 0;
    if (index == GCN_ROW_NONE)
        return gcn_parse_other(options, text, length, instruction, error);
    const gcn_row *row = &gcn_rows[index];
    gcn_arch arch = options->arch;
    int opcode = row->opcode[arch];
    if (opcode < 0)
        return gcn_parse_other(options, text, length, instruction, error);
    gcn_cursor cursor = {text, text + row->name_length, text + length, options, error, false};
    gcn_instruction_start_row(instruction, arch, (gcn_family)row->family, index, (unsigned)opcode, 1);
    if (!gcn_shape_parsers[gcn_row_layouts[index]](&cursor, row, instruction))
        return gcn_parse_failed(&cursor);
    return cursor.pos < cursor.end ? gcn_parse_after_operands(&cursor) : GCN_OK;
}

#endif
