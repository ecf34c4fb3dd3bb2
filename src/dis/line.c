/* The listing's usual line: one function per dialect, generation and
 * encoding (the listing's one call by word 0's encoding), which does the
 * work before the jump on the layout with the encoding a constant
 * (codec/decode_inline.h's gcn_decode_begin), then one switch on the
 * layout whose every case decodes the profile (decode_operands) and
 * writes its text (the generic printer's write_profile,
 * syntax/generic_write.h), the profile a constant in both: the writer's
 * tests of what the decoder just set fold, and the line does not jump
 * again on the row's layout to write. (One jump on the layout alone, the
 * encoding read from tables before it, measured worse: about 90 more
 * instructions a line for 0.1 to 0.4 fewer mispredicted branches.)
 *
 * The internal layer src/dis may use besides the public API: those two
 * headers, each inside its own layer (the codec's and the syntax's), and
 * nothing per family. The text and the decision (NULL: the general path)
 * are gcn_write_llvm_generic's and gcn_write_clrx's after gcn_decode's;
 * tests/round_trip.c compares those with gcn_format. */

#include "codec/codec.h"

/* The codec's generated tables, defined in codec/generic.c (declared by
 * codec.h), copied here static under other names, so that the compiler
 * knows a profile's field places on the generation (it leaves out what
 * this unit does not read). */
#define GCN_TABLE static
#define gcn_encoding_of_prefix line_encoding_of_prefix
#define gcn_family_of_prefix line_family_of_prefix
#define gcn_encoding_opcode_field line_encoding_opcode_field
#define gcn_encoding_opcode_high_field line_encoding_opcode_high_field
#define gcn_encoding_reserved line_encoding_reserved
#define gcn_field_places line_field_places
#define gcn_field_modifiers line_field_modifiers
#define gcn_scalar_kinds line_scalar_kinds
#define gcn_flag_windows line_flag_windows
#define gcn_flags_of_bits line_flags_of_bits
#define gcn_bits_of_flags line_bits_of_flags
#include "codec/decode_inline.h"
#include "syntax/generic_write.h"

#include "dis/listing.h"

/* llvm's text where write_profile gives none: gcn_format_generic's, as
 * gcn_write_llvm_generic writes it after its own write_profile. */
static __attribute__((noinline)) char *write_llvm_general(const gcn_instruction *instruction, char *at)
{
    gcn_text text = {at, GCN_TEXT_ROOM, 0};
    if (!gcn_format_generic(instruction, GCN_DIALECT_LLVM, 0, &text) || text.length >= GCN_TEXT_ROOM)
        return NULL;
    return at + text.length;
}

/* One layout's case: the profile the codec reads on the generation
 * (SMRD's twin of an SMEM layout on GCN 1.0/1.1), the row's for the text;
 * clrx -e's comment between, once the size is known. */
static inline __attribute__((always_inline)) gcn_line
profile_line(gcn_arch arch, gcn_dialect dialect, unsigned layout, const uint32_t *words,
             gcn_instruction *instruction, uint64_t address, char *at, gcn_line_comment *comment)
{
    gcn_line line = {NULL, decode_operands(arch, &profiles[codec_shape(layout, arch)], words, GCN_MAX_WORDS,
                                           instruction)};
    if (line.status != GCN_OK)
        return line;
    if (dialect == GCN_DIALECT_CLRX && comment)
        at = gcn_line_put_comment(comment, at, instruction->word_count);
    if (instruction->row < GCN_ROW_COUNT)
        line.end = write_profile(arch, instruction, dialect, address, at, instruction->row, &profiles[layout], layout);
    if (!line.end && dialect == GCN_DIALECT_LLVM)
        line.end = write_llvm_general(instruction, at);
    return line;
}

/* One switch on the layout per family, holding that family's layouts
 * alone (dis/line_family.h, included once per family below, undefines
 * LINE_FAMILY): with every layout in every encoding's switch, the
 * compiler inlined each layout's body some 25 times over before it found
 * all but one of them dead, two and a half minutes for this file. The preprocessor compares the family names:
 * LINE_SAME(a, b) is 1 where a line below names a twice, else 0. */
#define LINE_SAME_SOPP_SOPP ~, 1
#define LINE_SAME_SMEM_SMEM ~, 1
#define LINE_SAME_MUBUF_MUBUF ~, 1
#define LINE_SAME_FLAT_FLAT ~, 1
#define LINE_SAME_SOP2_SOP2 ~, 1
#define LINE_SAME_SOPK_SOPK ~, 1
#define LINE_SAME_SOP1_SOP1 ~, 1
#define LINE_SAME_SOPC_SOPC ~, 1
#define LINE_SECOND(a, b, ...) b
#define LINE_PROBE(...) LINE_SECOND(__VA_ARGS__, 0, ~)
#define LINE_SAME_(a, b) LINE_PROBE(LINE_SAME_##a##_##b)
#define LINE_SAME(a, b) LINE_SAME_(a, b)
#define LINE_IF_(condition) LINE_IF_##condition
#define LINE_IF(condition) LINE_IF_(condition)
#define LINE_IF_1(...) __VA_ARGS__
#define LINE_IF_0(...)
#define LINE_PASTE_(a, b) a##b
#define LINE_PASTE(a, b) LINE_PASTE_(a, b)

#define LINE_FAMILY SOPP
#include "dis/line_family.h"
#define LINE_FAMILY SMEM
#include "dis/line_family.h"
#define LINE_FAMILY MUBUF
#include "dis/line_family.h"
#define LINE_FAMILY FLAT
#include "dis/line_family.h"
#define LINE_FAMILY SOP2
#include "dis/line_family.h"
#define LINE_FAMILY SOPK
#include "dis/line_family.h"
#define LINE_FAMILY SOP1
#include "dis/line_family.h"
#define LINE_FAMILY SOPC
#include "dis/line_family.h"
#define LINE_FAMILY NONE
#include "dis/line_family.h"

/* One function per dialect, generation and encoding: the encoding's
 * opcode place, flag bits and profiles constants. */
#define LINE_(generation, encoding, family)                                                        \
    static gcn_line line_CLRX_##encoding##_##generation(const uint32_t *words, gcn_instruction *instruction, \
                                                       uint64_t address, char *at, gcn_line_comment *comment) \
    {                                                                                              \
        return write_line_##family(generation, GCN_DIALECT_CLRX, GCN_ENCODING_##encoding, words, instruction, \
                                   address, at, comment);                                          \
    }                                                                                              \
    static gcn_line line_LLVM_##encoding##_##generation(const uint32_t *words, gcn_instruction *instruction, \
                                                       uint64_t address, char *at, gcn_line_comment *comment) \
    {                                                                                              \
        return write_line_##family(generation, GCN_DIALECT_LLVM, GCN_ENCODING_##encoding, words, instruction, \
                                   address, at, comment);                                          \
    }
#define LINE_UNPACK(...) __VA_ARGS__
#define LINE_EXPAND(...) LINE_(__VA_ARGS__)
/* names: (encoding, family), from encodings.def */
#define LINE(names, generation) LINE_EXPAND(generation, LINE_UNPACK names)
#define FIELD(...)
#define FIELD_ALSO(...)
#define ENCODING(name, words, generations, kind, family, ...) GCN_EACH_GENERATION(LINE, (name, family))
#include "isa/encodings.def"
GCN_EACH_GENERATION(LINE, (NONE, NONE))
#undef LINE_

const gcn_line_writer gcn_line_writers[2][GCN_ARCH_COUNT][GCN_ENCODING_COUNT] = {
#define LINE_(generation, encoding, family)                                                        \
    [GCN_DIALECT_CLRX][generation][GCN_ENCODING_##encoding] = line_CLRX_##encoding##_##generation,  \
    [GCN_DIALECT_LLVM][generation][GCN_ENCODING_##encoding] = line_LLVM_##encoding##_##generation,
#include "isa/encodings.def"
    GCN_EACH_GENERATION(LINE, (NONE, NONE))
#undef LINE_
#undef LINE
#undef ENCODING
#undef FIELD
#undef FIELD_ALSO
};
