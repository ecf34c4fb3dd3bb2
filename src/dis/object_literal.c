/* Source for an instruction whose literal word a relocation fills (what
 * clang emits after s_getpc_b64: s_add_u32 s0, s0, fn@rel32@lo+4): in the
 * llvm dialect the instruction with the relocation's expression in the
 * literal's place, as gcnasm -f elf and llvm-mc read it; in the clrx
 * dialect (CLRX takes no @ form in an operand) and wherever the text
 * cannot give back every bit, the words as data with the relocation's
 * data directive at its word. */
#include <stdio.h>
#include <string.h>

#include "dis/object_parts.h"
#include "object/notes.h"

/* The modifier an operand takes for a relocation type; NULL if none.
 * A plain symbol in a literal is R_AMDGPU_REL32 to llvm-mc, so an
 * R_AMDGPU_ABS32 is written sym@abs32@lo. */
static const char *operand_modifier(uint32_t type)
{
    switch (type) {
    case GCN_R_AMDGPU_REL32: return "";
    case GCN_R_AMDGPU_ABS32: return "@abs32@lo";
    case GCN_R_AMDGPU_REL32_LO: return "@rel32@lo";
    case GCN_R_AMDGPU_REL32_HI: return "@rel32@hi";
    case GCN_R_AMDGPU_GOTPCREL: return "@gotpcrel";
    case GCN_R_AMDGPU_GOTPCREL32_LO: return "@gotpcrel32@lo";
    case GCN_R_AMDGPU_GOTPCREL32_HI: return "@gotpcrel32@hi";
    default: return NULL;
    }
}

/* The span of operand index in an instruction's text (operands after the
 * mnemonic, split at commas outside parentheses); false if not found. */
static bool operand_span(const char *text, size_t length, unsigned index, size_t *start, size_t *end)
{
    size_t i = strcspn(text, " \t");
    if (i >= length)
        return false;
    unsigned operand = 0;
    int depth = 0;
    size_t begin = i + 1;
    for (; i <= length; i++) {
        char c = i < length ? text[i] : ',';
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        if (c != ',' || depth > 0)
            continue;
        if (operand++ == index) {
            while (begin < i && text[begin] == ' ')
                begin++;
            *start = begin;
            *end = i;
            return true;
        }
        begin = i + 1;
    }
    return false;
}

/* The llvm dialect's text with the relocation as the literal; false if
 * the instruction has no such form. */
static bool put_operand_form(gcn_object_printer *p, gcn_instruction *instruction, uint64_t address,
                             const gcn_elf_relocation *r)
{
    const char *modifier = operand_modifier(r->type);
    int literal = -1;
    for (unsigned i = 0; i < instruction->operand_count && i < GCN_MAX_OPERANDS; i++)
        if (instruction->operands[i].kind == GCN_OPERAND_LITERAL) {
            if (literal >= 0 || instruction->operands[i].count != 1)
                return false; /* one literal operand of one word only */
            literal = (int)i;
        }
    if (!modifier || literal < 0 || instruction->word_count != 2 || p->options->dialect != GCN_DIALECT_LLVM ||
        !*r->symbol)
        return false;
    /* A plain symbol of the literal's own section gcnasm and llvm-mc
     * settle instead of relocating. */
    if (r->type == GCN_R_AMDGPU_REL32 && r->section < p->object->section_count &&
        r->symbol == p->object->sections[r->section].name)
        return false;
    /* A value printed as a literal for certain: the text is exact but for it. */
    instruction->literal = 0x12345678;
    instruction->operands[literal].value = 0x12345678;
    char text[256];
    size_t length, start, end;
    if (gcn_format_exact(instruction, GCN_DIALECT_LLVM, address, text, sizeof text, &length) != GCN_OK ||
        !operand_span(text, length, (unsigned)literal, &start, &end))
        return false;
    gcn_object_put(p, "\t%.*s", (int)start, text);
    gcn_object_put_symbol_name(p, r);
    gcn_object_put(p, "%s", modifier);
    gcn_object_put_addend(p, r->addend, false);
    gcn_object_put(p, "%.*s\n", (int)(length - end), text + end);
    return true;
}

unsigned gcn_object_put_relocated_instruction(gcn_object_printer *p, const section_walk *w, uint64_t offset,
                                              const gcn_elf_relocation *r)
{
    const gcn_elf_section *s = &p->object->sections[w->index];
    uint64_t at = r->offset - w->start;
    unsigned width = gcn_object_relocation_width(r->type);
    if (!s->data || offset >= s->size || at <= offset || at >= offset + 4 * GCN_MAX_WORDS || at % 4 != offset % 4 ||
        (width != 4 && !(width == 0 && r->type == GCN_R_AMDGPU_REL32)))
        return 0;
    uint32_t words[GCN_MAX_WORDS];
    size_t count = 0;
    for (; count < GCN_MAX_WORDS && offset + 4 * count + 4 <= s->size; count++) {
        const uint8_t *b = s->data + offset + 4 * count;
        words[count] = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    }
    gcn_instruction instruction;
    if (!count || gcn_decode(p->arch, words, count, &instruction) != GCN_OK ||
        instruction.row == GCN_ROW_NONE || at >= offset + 4ull * instruction.word_count)
        return 0;
    unsigned size = 4u * instruction.word_count;
    char text[256];
    size_t length = 0;
    if (gcn_format(&instruction, p->options->dialect, w->start + offset, text, sizeof text, &length) != GCN_OK)
        length = 0;
    if (put_operand_form(p, &instruction, w->start + offset, r))
        return size;
    for (unsigned i = 0; i < size / 4; i++) {
        if (offset + 4 * i == at && gcn_object_put_relocation_data(p, r, &width))
            continue;
        /* .int: the clrx dialect's data word, as elsewhere in its source */
        gcn_object_put(p, "\t%s 0x%08x", p->options->dialect == GCN_DIALECT_CLRX ? ".int" : ".long", words[i]);
        if (i == 0 && length)
            gcn_object_put(p, " /* %.*s */", (int)length, text);
        gcn_object_put(p, "\n");
        if (offset + 4 * i == at)
            gcn_object_put_relocation_comment(p, r); /* no directive gives it back */
    }
    return size;
}
