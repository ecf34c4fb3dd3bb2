/* A relocation in an instruction's operand, as compilers write it to reach
 * a global from the program counter:
 *     s_getpc_b64 s[4:5]
 *     s_add_u32   s4, s4, sym@rel32@lo+4
 *     s_addc_u32  s5, s5, sym@rel32@hi+12
 * The operand is the instruction's 32-bit literal: llvm-mc writes it as 0
 * with the relocation (the addend in the relocation) at the literal's
 * offset, and so does this. Rare, so out of the usual path: the assembler
 * comes here only where a statement failed to parse or named a symbol not
 * yet known. */
#include <string.h>

#include "asm/internal.h"
#include "codec/codec.h"

/* What the operand is parsed as: a value no inline constant has, so that
 * the instruction takes a literal; as long as the shortest operand. */
static const char placeholder[] = "0x7ffffffe";
#define PLACEHOLDER_VALUE 0x7ffffffeu

/* The operand name@modifier[+-addend] in [start, end): where it starts,
 * the name's length, the modifier and where the operand ends (at ',' or
 * the end). False if the statement has none. */
static bool find_operand(const char *line, size_t start, size_t end, size_t *name, size_t *name_length,
                         size_t *modifier, size_t *modifier_end, size_t *operand_end)
{
    /* memchr: most statements that come here are branches to labels
     * defined later, with no '@'. */
    const char *found;
    for (size_t at = start; at < end && (found = memchr(line + at, '@', end - at)); at++) {
        at = (size_t)(found - line);
        if (at == start || !gcn_is_identifier_char(line[at - 1]) || at + 1 >= end ||
            !gcn_is_identifier_char(line[at + 1]))
            continue;
        size_t first = at;
        while (first > start && gcn_is_identifier_char(line[first - 1]))
            first--;
        size_t after = at;
        while (after < end && line[after] == '@') {
            after++;
            while (after < end && gcn_is_identifier_char(line[after]))
                after++;
        }
        if (!asm_object_reference_type(line + at, after - at, 4))
            continue;
        size_t stop = after;
        int depth = 0;
        while (stop < end && (line[stop] != ',' || depth > 0)) {
            depth += line[stop] == '(' ? 1 : line[stop] == ')' ? -1 : 0;
            stop++;
        }
        while (stop > after && (line[stop - 1] == ' ' || line[stop - 1] == '\t'))
            stop--;
        *name = first;
        *name_length = at - first;
        *modifier = at;
        *modifier_end = after;
        *operand_end = stop;
        return true;
    }
    return false;
}

bool asm_instruction_reference(asm_state *state, size_t start, size_t end)
{
    const char *line = state->statement_line;
    size_t name, name_length, modifier, modifier_end, operand_end;
    if (!find_operand(line, start, end, &name, &name_length, &modifier, &modifier_end, &operand_end))
        return false;
    unsigned column = (unsigned)name + 1;
    if (!state->object.relocations) {
        asm_report(state, true, column, "'%.*s' is a relocation: it needs an object (-f elf)",
                   (int)(operand_end - name), line + name);
        return true;
    }
    /* The addend: a constant. */
    int64_t addend = 0;
    if (modifier_end < operand_end) {
        gcn_cursor cursor;
        gcn_parse_options options;
        gcn_parse_error error;
        asm_cursor(state, &cursor, &options, &error, line + modifier_end, line + operand_end);
        unsigned section;
        if (!asm_value_needed(state, &cursor, &addend, &section))
            return true; /* reported */
        if (section || !gcn_at_end(&cursor)) {
            asm_report(state, true, (unsigned)modifier_end + 1,
                       "the addend of a relocation must be a constant");
            return true;
        }
    }
    size_t operand_length = operand_end - name;
    char copy[ASM_MAX_LINE + 1];
    if (operand_length < sizeof placeholder - 1 || end > ASM_MAX_LINE) {
        asm_report(state, true, column, "'%.*s': a relocation this short is not supported",
                   (int)operand_length, line + name);
        return true;
    }
    /* The statement with the operand replaced, columns kept. */
    memcpy(copy, line, end);
    memcpy(copy + name, placeholder, sizeof placeholder - 1);
    memset(copy + name + sizeof placeholder - 1, ' ', operand_length - (sizeof placeholder - 1));
    state->statement_line = copy;
    state->mode = MODE_FIXUP_ALLOWED;
    state->unknown = false;
    state->undefined_name = NULL;
    gcn_parse_options *options = &state->parse_options;
    options->address = asm_position(state);
    gcn_instruction decoded;
    gcn_parse_error error;
    uint32_t words[GCN_MAX_WORDS];
    gcn_status status = gcn_parse_checked(options, copy + start, end - start, &decoded, &error);
    bool encoded = status == GCN_OK && gcn_encode_checked(&decoded, words) == GCN_OK;
    size_t count = encoded ? decoded.word_count : 0;
    if (error.warning_column)
        asm_report(state, false, (unsigned)start + error.warning_column, "%s", error.warning);
    size_t error_at = start + (error.column ? error.column - 1 : 0);
    bool at_operand = error_at >= name && error_at < operand_end;
    if (status != GCN_OK && !at_operand)
        asm_report(state, true, (unsigned)start + error.column, "%s", error.message);
    else if (status == GCN_OK && state->unknown)
        asm_report(state, true, column, "an instruction with a relocation cannot name a symbol "
                                        "defined later in its other operands");
    else if (status == GCN_OK && !encoded)
        asm_report(state, true, (unsigned)start + 1, "instruction cannot be encoded");
    else if (status != GCN_OK || count < 2 || words[count - 1] != PLACEHOLDER_VALUE)
        asm_report(state, true, column, "'%.*s': a relocation fits only an instruction's 32-bit "
                   "literal", (int)operand_length, line + name);
    else {
        uint64_t offset = asm_position(state) + 4 * (count - 1);
        words[count - 1] = 0;
        if (asm_emit_words(state, words, count, column))
            asm_object_add_reference(state, line + name, name_length, state->section, 4,
                                     asm_object_reference_type(line + modifier, modifier_end - modifier, 4),
                                     offset, addend, column);
    }
    state->statement_line = line;
    state->mode = MODE_VALUE_NEEDED;
    return true;
}
