/* Scalar ALU literals that name a symbol not settled at assembly time
 * (s_add_u32 s0, s0, sym@rel32@lo+4): the parser reads them as references
 * when an object is made (gcn_literal_reference), the literal word stays
 * 0, and the reference becomes a relocation as llvm-mc makes it: the
 * modifier's type, else R_AMDGPU_REL32 (R_AMDGPU_ABS32 for `sym - N`). */
#include "asm/internal.h"
#include "object/notes.h"

/* A name that is a number now: a constant or variable of no section,
 * known in this pass (or, not yet defined, in the last one). */
static bool known_constant(void *context, const char *name, size_t length)
{
    asm_state *state = context;
    const asm_symbol *symbol = asm_symbol_find(state, name, length);
    if (!symbol || symbol->kind == SYMBOL_LABEL)
        return false;
    if (symbol->defined)
        return symbol->section == 0 && !symbol->provisional;
    return symbol->previous_defined &&
           state->symbol_history[symbol - state->symbols].previous_section == 0;
}

void asm_object_literal_setup(asm_state *state)
{
    state->object.literal = (gcn_literal_reference){.constant = known_constant, .context = state};
    state->lookup.reference = state->object.relocations ? &state->object.literal : NULL;
}

void asm_object_literal_record(asm_state *state, uint64_t address, size_t count, unsigned column)
{
    gcn_literal_reference *literal = &state->object.literal;
    literal->found = false;
    column += literal->column - 1;
    uint32_t type = literal->variant
                        ? asm_object_reference_type(literal->variant, literal->variant_length, 4)
                        : literal->subtracted ? GCN_R_AMDGPU_ABS32 : GCN_R_AMDGPU_REL32;
    if (!type) {
        asm_report(state, true, column, "invalid variant '%.*s'", (int)literal->variant_length - 1,
                   literal->variant + 1);
        return;
    }
    unsigned section = state->mode == MODE_FIXUP && state->fixup_run ? state->fixup_run->section
                                                                    : state->section;
    asm_object_add_reference(state, literal->name, literal->length, section, 4, type,
                             address + 4 * (count - 1), literal->addend, column);
}
