/* libgcn: assembler, disassembler and emulator core for AMD GCN 1.0 .. 1.4.
 *
 * The four entry points below (decode, encode, format, parse) never
 * allocate, keep no global mutable state and are safe to call from several
 * threads at once. The caller owns every struct and buffer. */
#ifndef GCN_H
#define GCN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum gcn_status {
    GCN_OK = 0,
    GCN_ERROR_TRUNCATED,       /* fewer words than the instruction needs */
    GCN_ERROR_NOT_INSTRUCTION, /* words of no family this library knows */
    GCN_ERROR_BUFFER_TOO_SMALL,
    GCN_ERROR_SYNTAX,          /* parse failed; see gcn_parse_error */
    GCN_ERROR_NOT_ENCODABLE,   /* a field does not fit its encoding */
    GCN_ERROR_INVALID_ARGUMENT
} gcn_status;

typedef enum gcn_arch {
    GCN_ARCH_GCN10, /* GFX6: tahiti, pitcairn, ... */
    GCN_ARCH_GCN11, /* GFX7: bonaire, hawaii, ... */
    GCN_ARCH_GCN12, /* GFX8: tonga, fiji, polaris10, ... */
    GCN_ARCH_GCN14, /* GFX9: gfx900, vega10, ... */
    GCN_ARCH_COUNT
} gcn_arch;

typedef enum gcn_dialect {
    GCN_DIALECT_CLRX, /* the seeds' own syntax, as clrxasm/clrxdisasm */
    GCN_DIALECT_LLVM  /* as llvm-mc 14 */
} gcn_dialect;

typedef enum gcn_family {
    GCN_FAMILY_NONE,
    GCN_FAMILY_SOPP,
    GCN_FAMILY_SMEM,  /* SMRD on GCN 1.0/1.1, SMEM on GCN 1.2/1.4 */
    GCN_FAMILY_MUBUF,
    GCN_FAMILY_FLAT,  /* FLAT, and GLOBAL/SCRATCH on GCN 1.4 */
    GCN_FAMILY_SOP2,  /* the scalar ALU: one family per encoding */
    GCN_FAMILY_SOPK,
    GCN_FAMILY_SOP1,
    GCN_FAMILY_SOPC,
    GCN_FAMILY_COUNT
} gcn_family;

/* The encodings of GCN 1.0..1.4 (bit layouts: src/isa/encodings.def). A
 * family is what the library handles as one; most are one encoding, SMEM
 * is SMRD or SMEM by generation. */
typedef enum gcn_encoding {
    GCN_ENCODING_NONE,
    GCN_ENCODING_SOP2, GCN_ENCODING_SOPK, GCN_ENCODING_SOP1, GCN_ENCODING_SOPC,
    GCN_ENCODING_SOPP, GCN_ENCODING_SMRD, GCN_ENCODING_SMEM,
    GCN_ENCODING_VOP2, GCN_ENCODING_VOP1, GCN_ENCODING_VOPC, GCN_ENCODING_VOP3A,
    GCN_ENCODING_VOP3B, GCN_ENCODING_VOP3P, GCN_ENCODING_SDWA, GCN_ENCODING_DPP,
    GCN_ENCODING_VINTRP, GCN_ENCODING_DS, GCN_ENCODING_MUBUF, GCN_ENCODING_MTBUF,
    GCN_ENCODING_MIMG, GCN_ENCODING_EXP, GCN_ENCODING_FLAT,
    GCN_ENCODING_COUNT
} gcn_encoding;

/* What an operand of a decoded or parsed instruction holds. */
typedef enum gcn_operand_kind {
    GCN_OPERAND_NONE,
    GCN_OPERAND_SCALAR,    /* number: the scalar operand code of the first register
                              (SGPRs, vcc, exec, m0, ttmp, scc, ...); count registers */
    GCN_OPERAND_VECTOR,    /* number: the first VGPR; count registers */
    GCN_OPERAND_CONSTANT,  /* number: an inline constant's code (128..208 integers,
                              240..248 floats) */
    GCN_OPERAND_LITERAL,   /* value: the 32-bit literal after the instruction (code 255) */
    GCN_OPERAND_IMMEDIATE, /* value: an immediate field (simm16, hwreg, ...) */
    GCN_OPERAND_BRANCH,    /* value: SIMM16, a word offset from the next instruction */
    /* FLAT */
    GCN_OPERAND_OFF        /* `off` for an address part (saddr 127, or a SCRATCH vaddr
                              beside an saddr); number: the field as encoded */
} gcn_operand_kind;

typedef struct gcn_operand {
    uint8_t kind;    /* gcn_operand_kind */
    uint8_t count;   /* registers (dwords) of a register operand, else 1 */
    uint16_t number; /* register number or operand code */
    uint32_t value;  /* literal or immediate */
} gcn_operand;
#define GCN_MAX_OPERANDS 6

/* Bits of gcn_instruction.modifiers: the one-bit fields of the encodings. */
enum {
    GCN_MOD_GLC = 1u << 0,
    GCN_MOD_SLC = 1u << 1,
    GCN_MOD_TFE = 1u << 2,
    GCN_MOD_LDS = 1u << 3,
    GCN_MOD_OFFEN = 1u << 4,
    GCN_MOD_IDXEN = 1u << 5,
    GCN_MOD_ADDR64 = 1u << 6,
    GCN_MOD_NV = 1u << 7,
    GCN_MOD_IMM = 1u << 8,     /* SMRD/SMEM: offset is an immediate */
    GCN_MOD_SOE = 1u << 9,     /* SMEM GCN 1.4: soffset register enabled */
    GCN_MOD_LITERAL = 1u << 10 /* SMRD GCN 1.1: 32-bit literal offset follows */
};

#define GCN_MAX_WORDS 3
#define GCN_ROW_NONE 0xffffu /* the opcode names no instruction on this generation */

/* One decoded instruction: every field of its encoding, used or not, so that
 * encoding it again gives back the same bits. Which fields an instruction
 * uses depends on its family and table row. */
typedef struct gcn_instruction {
    uint16_t row;        /* index into the ISA table, or GCN_ROW_NONE */
    uint8_t family;      /* gcn_family */
    uint8_t arch;        /* gcn_arch */
    uint8_t word_count;  /* 1..GCN_MAX_WORDS */
    uint8_t encoding;    /* gcn_encoding, set by every decode and parse; one
                            built by hand may leave GCN_ENCODING_NONE: see
                            gcn_instruction_encoding */
    uint16_t opcode;     /* raw opcode; FLAT on GCN 1.4: segment << 7 | opcode */
    uint16_t modifiers;  /* GCN_MOD_* */
    uint8_t operand_count; /* operands[] used */
    uint32_t offset;     /* immediate offset, or an SGPR code when not immediate */
    uint32_t literal;    /* SMRD GCN 1.1 literal offset; the scalar ALU's literal */
    uint32_t reserved[2]; /* bits of word 0 and 1 that no field covers (the
                             scalar ALU: also the fields its row does not use) */
    gcn_operand operands[GCN_MAX_OPERANDS]; /* in the order the text shows them;
                                               past operand_count: unspecified */
} gcn_instruction;

/* What parsing found wrong. A warning (a value truncated, a modifier given
 * twice) does not stop parsing: gcn_parse returns GCN_OK with it filled. */
typedef struct gcn_parse_error {
    unsigned column;          /* 1-based column of the error in the parsed text */
    char message[200];
    unsigned warning_column;  /* 0: no warning */
    char warning[200];
} gcn_parse_error;

/* Resolves a symbol for an operand expression during parsing. Returns true
 * and sets *value if the symbol is known. */
typedef bool (*gcn_symbol_resolver)(void *context, const char *name, size_t length,
                                    int64_t *value);

typedef struct gcn_parse_options {
    gcn_arch arch;
    gcn_dialect dialect;
    uint64_t address;             /* byte address of the instruction (branches) */
    gcn_symbol_resolver resolve;  /* may be NULL */
    void *resolve_context;
    /* CLRX register symbols (x = %s26): the register text a name stands
     * for, or NULL if it is none. May be NULL. */
    const char *(*register_alias)(void *context, const char *name, size_t length,
                                  size_t *text_length);
    void *register_context;
} gcn_parse_options;

/* A resolver for the names the CLRX dialect prints for branch targets,
 * .L<byte address>_0, so that one printed instruction parses back alone. */
bool gcn_branch_label_resolver(void *context, const char *name, size_t length, int64_t *value);

/* Whole-file assembly also needs to know where a symbol is: a lookup that
 * tells the section a value counts from (0: an absolute number, not an
 * address). To use one, set options.resolve to gcn_section_resolver and
 * options.resolve_context to a gcn_section_lookup. Then `.` is an address
 * in that section, a branch target must lie in it, and in the llvm dialect
 * a branch operand that is an address (a label) is a target, not a raw
 * SIMM16. */
typedef bool (*gcn_symbol_lookup)(void *context, const char *name, size_t length,
                                  int64_t *value, unsigned *section);
/* A scalar ALU literal operand that refers to a symbol (an object's
 * relocation, llvm dialect): `sym`, `sym+4`, `sym@rel32@lo+4`. The parse
 * takes one when a gcn_section_lookup points to this: a symbol that
 * constant() does not call a number known now makes the literal a
 * reference, filled in here (the literal word holds 0). */
typedef struct gcn_literal_reference {
    bool (*constant)(void *context, const char *name, size_t length);
    void *context;
    /* Filled by the parse (found false: the literals were numbers). */
    bool found;
    bool subtracted;       /* `sym - 4`: an absolute reference where llvm-mc makes one */
    const char *name;      /* in the parsed text */
    size_t length;
    const char *variant;   /* "@rel32@lo" in the parsed text, or NULL */
    size_t variant_length;
    int64_t addend;
    unsigned column;       /* 1-based, of the symbol */
} gcn_literal_reference;

typedef struct gcn_section_lookup {
    gcn_symbol_lookup lookup;
    void *context;
    unsigned section; /* the section of the parsed instruction, numbered from 1 */
    unsigned flags;   /* GCN_LOOKUP_* */
    gcn_literal_reference *reference; /* NULL: a literal is a number */
} gcn_section_lookup;
enum {
    /* CLRX's .oldmodparam: modifier values keep one bit (glc:2 is 0), with a
     * warning, as CLRX before 0.1.5 */
    GCN_LOOKUP_CLRX_OLD_MODIFIERS = 1u << 0,
    /* Set by the lookup when the statement will be parsed again (a value
     * it gave is provisional): its error messages are then not formatted
     * (the columns still are), as they are dropped. */
    GCN_LOOKUP_QUIET = 1u << 1
};
bool gcn_section_resolver(void *context, const char *name, size_t length, int64_t *value);

/* Architecture names: gcn1.0..gcn1.4, gfx6..gfx9, LLVM cpu names (tahiti,
 * tonga, gfx900, ...), CLRX device names (Pitcairn, Ellesmere, Vega10, ...);
 * case-insensitive. */
gcn_status gcn_arch_from_name(const char *name, gcn_arch *arch);
const char *gcn_arch_name(gcn_arch arch);         /* "gcn1.0" .. */
const char *gcn_arch_llvm_cpu(gcn_arch arch);     /* "tahiti" .. */

/* Decode one instruction from little-endian 32-bit words already in host
 * order. Words that belong to a known family but name no instruction on this
 * generation decode with row == GCN_ROW_NONE. */
gcn_status gcn_decode(gcn_arch arch, const uint32_t *words, size_t word_count,
                      gcn_instruction *instruction);

/* Encode into words[GCN_MAX_WORDS]; *word_count receives the length. */
gcn_status gcn_encode(const gcn_instruction *instruction, uint32_t *words,
                      size_t *word_count);

/* Format as text (no newline). address is the instruction's byte address,
 * used by the CLRX dialect to name branch targets. *length (may be NULL)
 * receives the text length. */
gcn_status gcn_format(const gcn_instruction *instruction, gcn_dialect dialect,
                      uint64_t address, char *buffer, size_t size, size_t *length);

/* Like gcn_format, but only text that reads back: in the CLRX dialect it
 * parses to the same words, every bit; in the LLVM dialect it is a fixpoint
 * (parse, encode, decode, format give the same text). Otherwise
 * GCN_ERROR_NOT_INSTRUCTION, and a disassembler prints the words as data. */
gcn_status gcn_format_exact(const gcn_instruction *instruction, gcn_dialect dialect,
                            uint64_t address, char *buffer, size_t size, size_t *length);

/* Parse one instruction from text (no comments, no labels). */
gcn_status gcn_parse(const gcn_parse_options *options, const char *text, size_t length,
                     gcn_instruction *instruction, gcn_parse_error *error);

/* The encoding of a decoded or parsed instruction (GCN_ENCODING_NONE for
 * NULL or an invalid one). */
gcn_encoding gcn_instruction_encoding(const gcn_instruction *instruction);

/* The lowercase mnemonic of an instruction's row, or NULL for GCN_ROW_NONE. */
const char *gcn_mnemonic(const gcn_instruction *instruction);

#ifdef __cplusplus
}
#endif
#endif
