/* Operand profiles (src/isa/profiles.def): what each operand of a row is,
 * where it lives, and whether the instruction reads or writes it. The
 * generic codec, printer and parser read them; so will the emulator. */
#ifndef GCN_PROFILE_H
#define GCN_PROFILE_H

#include "isa/encoding.h"
#include "isa/isa.h"

typedef enum gcn_operand_role {
    GCN_ROLE_READ = 1,
    GCN_ROLE_WRITE = 2,
    GCN_ROLE_READ_WRITE = 3
} gcn_operand_role;

/* How an operand reads and prints. */
typedef enum gcn_operand_syntax {
    GCN_SYNTAX_SREG,    /* a scalar register in a 7-bit field (SGPRs, vcc, m0, ttmp...) */
    GCN_SYNTAX_SSRC,    /* an 8-bit scalar source: registers, inline constants, a literal */
    GCN_SYNTAX_SSRC_REGISTER, /* the same field where llvm-mc takes only a register */
    GCN_SYNTAX_SSRC_INLINE,   /* the same field where llvm-mc takes no literal */
    GCN_SYNTAX_SIMM16,  /* a 16-bit immediate, signed or not */
    GCN_SYNTAX_UIMM16,  /* a 16-bit unsigned immediate */
    GCN_SYNTAX_BRANCH,  /* SIMM16 as a branch target */
    GCN_SYNTAX_HWREG,   /* SIMM16 as hwreg(register, offset, width) */
    GCN_SYNTAX_IMM32,   /* a 32-bit immediate in the word after the instruction */
    GCN_SYNTAX_GPR_IDX, /* the VGPR index mode bits: gpr_idx(SRC0,...) */
    /* SOPP */
    GCN_SYNTAX_IMM16,      /* s_nop 0x6: a 16-bit immediate, llvm-mc's decimal up to 64 */
    GCN_SYNTAX_UNUSED16,   /* a field the row does not use: written only when not 0 (CLRX) */
    GCN_SYNTAX_OPTIONAL16, /* s_endpgm's: written only when not 0, in both dialects */
    GCN_SYNTAX_WAITCNT,    /* vmcnt(N) expcnt(N) lgkmcnt(N) */
    GCN_SYNTAX_SENDMSG,    /* sendmsg(message, operation, stream) */
    /* MUBUF */
    GCN_SYNTAX_VGPR,    /* a VGPR tuple in an 8-bit field; the width may follow a rule */
    GCN_SYNTAX_SRSRC,   /* 4 SGPRs in a 5-bit field (the first register / 4) */
    GCN_SYNTAX_SOFFSET, /* an 8-bit scalar source: registers, inline constants, no literal */
    /* SMRD/SMEM */
    GCN_SYNTAX_SBASE,       /* an SGPR tuple in a field of its first register / 2 */
    GCN_SYNTAX_SMEM_OFFSET, /* an immediate, an SGPR, a literal or soffset: see profiles.def */
    GCN_SYNTAX_SMEM_PROBE,  /* s_atc_probe's 7-bit value in the sdata field */
    GCN_SYNTAX_COUNT
} gcn_operand_syntax;

/* How an operand's width follows the row and the modifiers. */
typedef enum gcn_width_rule {
    GCN_WIDTH_FIXED,   /* the profile's dwords */
    /* MUBUF */
    GCN_WIDTH_DATA,    /* the row's data_dwords, halved rounding up for the packed d16
                          formats on GCN 1.4 (GCN_ROW_D16_PACKED), at least 1, one more
                          with tfe */
    GCN_WIDTH_ADDRESS, /* 2 with offen and idxen or with addr64, else 1 (which the
                          instruction reads only with offen or idxen: llvm-mc's `off`) */
    /* FLAT; a width of 0 is the operand `off` (GCN_OPERAND_OFF) */
    GCN_WIDTH_ROW_DATA,     /* the row's data_dwords (1 without a row); SMRD/SMEM's too */
    GCN_WIDTH_FLAT_RESULT,  /* the same, halved for a CMPSWAP row, one more with tfe */
    GCN_WIDTH_FLAT_ADDRESS, /* GLOBAL's and SCRATCH's: the profile's dwords, one fewer
                               beside an saddr */
    GCN_WIDTH_FLAT_SADDR,   /* the profile's dwords, 0 for code 127 (off) */
    /* SMRD/SMEM */
    GCN_WIDTH_BASE      /* an SGPR pair, or 4 SGPRs for a buffer resource (GCN_ROW_BUFFER_BASE) */
} gcn_width_rule;

enum { GCN_FIELD_LITERAL = 0xff }; /* an operand in the literal word, not a field */

typedef struct gcn_operand_profile {
    uint8_t role;   /* gcn_operand_role */
    uint8_t syntax; /* gcn_operand_syntax */
    uint8_t dwords; /* registers (dwords) the operand spans */
    uint8_t field;  /* index of its field in the encoding, or GCN_FIELD_LITERAL */
    uint8_t width;  /* gcn_width_rule */
} gcn_operand_profile;

enum { GCN_PROFILE_MAX_OPERANDS = 4 };

/* How the hardware reads the offset modifier's field. */
typedef enum gcn_offset_reading {
    GCN_OFFSET_FIELD,       /* unsigned, as wide as the field */
    /* FLAT */
    GCN_OFFSET_UNSIGNED_12, /* the FLAT segment: 12 bits of a 13-bit field (bit 12 kept) */
    GCN_OFFSET_SIGNED_13    /* GLOBAL and SCRATCH: 13 bits signed */
} gcn_offset_reading;

typedef struct gcn_profile {
    uint8_t encoding;      /* gcn_encoding */
    uint8_t operand_count;
    gcn_operand_profile operands[GCN_PROFILE_MAX_OPERANDS];
    uint8_t offset_rule;   /* gcn_offset_reading */
} gcn_profile;

/* By row shape (profiles.def). */
extern const gcn_profile gcn_profiles[GCN_SHAPE_COUNT];

/* The layout of each shape: the first shape whose operands the codec and
 * the text read alike (they differ at most in their roles, which only the
 * emulator reads), generated from profiles.def. The decoders, printers,
 * parsers and encoders dispatch on it, so that such shapes share one body:
 * a random listing's shapes then jump to fewer places. */
#ifndef GCN_GENERATING_LAYOUTS /* (the generator makes the header) */
#include "isa/generated/layouts.h"
#endif
extern const uint8_t gcn_shape_layouts[GCN_SHAPE_COUNT];
/* Whether a shape is its own layout, a constant: the switches on a layout
 * leave the other shapes' bodies out. */
#define GCN_SHAPE_IS_LAYOUT(shape) (GCN_LAYOUT_OF_SHAPE(shape) == (shape))

/* The profile of an opcode a generation lacks (CLRX prints SOP2_ill_45
 * s21, s4, s61): the family's most general one (rows.c's FAMILIES). */
extern const uint8_t gcn_default_shape[GCN_FAMILY_COUNT];

/* SMRD/SMEM: a row names its SMEM profile. GCN 1.0/1.1's SMRD words hold
 * the same operands in other fields: the codec reads the SMRD twin of the
 * profile; the text and the emulator, which read the operands, the row's. */
static inline unsigned gcn_smrd_shape(unsigned shape)
{
    return shape == GCN_SHAPE_SMEM_NONE   ? GCN_SHAPE_SMRD_NONE
           : shape == GCN_SHAPE_SMEM_TIME ? GCN_SHAPE_SMRD_TIME
                                          : GCN_SHAPE_SMRD_LOAD;
}

/* The profile of an instruction: its row's, or the family's default for an
 * opcode the generation lacks. */
static inline const gcn_profile *gcn_profile_of(const gcn_instruction *instruction)
{
    unsigned shape = instruction->row < GCN_ROW_COUNT ? gcn_rows[instruction->row].shape
                                                      : gcn_default_shape[instruction->family];
    return &gcn_profiles[shape];
}

/* Codes of the 8-bit scalar source field that need the generation or a
 * second word: inline constants (128..208 integers, 240..247 floats, 248
 * 1/(2*pi) from GCN 1.2 on) and the literal. */
enum { GCN_SCALAR_LITERAL = 255 };
static inline bool gcn_is_inline_constant(gcn_arch arch, unsigned code)
{
    return (code >= 128 && code <= 208) || (code >= 240 && code <= 247) || (code == 248 && arch >= GCN_ARCH_GCN12);
}
/* The inline floats by code from 240 (0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0, 1/(2*pi)) as
 * single and double bits (a 64-bit source reads the double; 1/(2*pi)'s is not the single widened). */
extern const uint32_t gcn_inline_float_bits[9];
extern const uint64_t gcn_inline_double_bits[9];
/* Generated: the operand kind of each code but the literal, before GCN 1.2
 * and from it on, a constant or a register (a lookup, not compares). */
extern const uint8_t gcn_scalar_kinds[2][256];

/* FLAT: saddr's code for `off`. */
enum { GCN_SADDR_OFF = 127 };

extern const uint8_t gcn_data_widths[GCN_ROW_COUNT + 1][4];

/* An operand's width in registers by its rule, for the row in slot (its
 * index + 1; 0: an opcode with no instruction, read as the family's
 * default); saddr: the code in FLAT's saddr field (GCN_SADDR_OFF where
 * none). Arithmetic, not tests: a branch on the random row's modifiers
 * mispredicts. */
static inline unsigned gcn_operand_width_beside(const gcn_operand_profile *operand, unsigned slot,
                                                gcn_arch arch, unsigned modifiers, unsigned saddr)
{
    switch ((gcn_width_rule)operand->width) {
    case GCN_WIDTH_DATA: /* (by table: rows.c) */
        return gcn_data_widths[slot][arch >= GCN_ARCH_GCN14] + ((modifiers & GCN_MOD_TFE) != 0);
    case GCN_WIDTH_ADDRESS: {
        /* by offen, idxen and addr64: 2 for offen+idxen (3) and for addr64 (4..7) */
        _Static_assert(GCN_MOD_IDXEN == GCN_MOD_OFFEN << 1 && GCN_MOD_ADDR64 == GCN_MOD_OFFEN << 2,
                       "offen, idxen and addr64 are three bits in a row");
        static const uint8_t widths[8] = {1, 1, 1, 2, 2, 2, 2, 2};
        return widths[(modifiers / GCN_MOD_OFFEN) & 7];
    }
    case GCN_WIDTH_FLAT_RESULT:
        return gcn_data_widths[slot][2] + ((modifiers & GCN_MOD_TFE) != 0);
    case GCN_WIDTH_FLAT_ADDRESS:
        return operand->dwords - (saddr != GCN_SADDR_OFF);
    case GCN_WIDTH_FLAT_SADDR:
        return saddr == GCN_SADDR_OFF ? 0 : operand->dwords;
    case GCN_WIDTH_ROW_DATA: /* (every FLAT row has data; no SMEM row is packed d16) */
        return gcn_data_widths[slot][0];
    case GCN_WIDTH_BASE:
        return gcn_data_widths[slot][3];
    default:
        return operand->dwords;
    }
}

/* The encoding's opcode field's index (generated with the reserved bits). */
extern const uint8_t gcn_encoding_opcode_field[GCN_ENCODING_COUNT];
/* The field whose value the rows' opcodes hold above the opcode field's
 * bits (FLAT's segment on GCN 1.4), GCN_NO_FIELD where none, and the shift. */
enum { GCN_NO_FIELD = 0xff };
extern const uint8_t gcn_encoding_opcode_high_field[GCN_ENCODING_COUNT][2];

#endif
