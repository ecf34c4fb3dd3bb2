/* gcn_parse: the mnemonic, then the family's operands. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "isa/isa_mnemonics.h"
#include "isa/mnemonic_hash.h"
#include "syntax/generic.h"
#include "syntax/parse.h"

/* "gcn1.2, gcn1.4": the generations of a mask (bit by gcn_arch). */
static void list_generations(unsigned arches, char out[64])
{
    out[0] = '\0';
    for (int arch = 0; arch < GCN_ARCH_COUNT; arch++)
        if (arches >> arch & 1)
            snprintf(out + strlen(out), 64 - strlen(out), "%s%s", out[0] ? ", " : "", gcn_arch_name((gcn_arch)arch));
}

/* CLRX's names for opcodes a generation lacks, as its disassembler prints
 * them: the encoding's name, _ill_ and the opcode, below the opcode field's
 * reach on the generation: SOPP_ill_3, SMRD_ill_5 (GCN 1.0/1.1), SMEM_ill_5,
 * MUBUF_ill_15, FLAT_ill_0 (on GCN 1.4 the number holds segment << 7 | opcode). */
static bool illegal_name(const char *name, size_t length, gcn_arch arch, gcn_family *family,
                         unsigned *opcode)
{
    for (unsigned encoding = 0; encoding < GCN_ENCODING_COUNT; encoding++) {
        const gcn_encoding_info *info = &gcn_encodings[encoding];
        size_t n = strlen(info->name) + 5;
        if (info->family == GCN_FAMILY_NONE || !((info->generations >> arch) & 1u) || length <= n ||
            length > n + 3 || strncasecmp(name, info->name, n - 5) != 0 || strncasecmp(name + n - 5, "_ill_", 5) != 0)
            continue;
        unsigned value = 0;
        for (size_t j = n; j < length; j++) {
            if (name[j] < '0' || name[j] > '9')
                return false;
            value = value * 10 + (unsigned)(name[j] - '0');
        }
        gcn_opcode_reader reader = gcn_opcode_reader_of(arch, (gcn_encoding)encoding);
        if (value > (reader.mask | reader.high_mask << reader.high_shift) ||
            gcn_row_for_opcode((gcn_family)info->family, arch, value) != GCN_ROW_NONE)
            return false;
        *family = (gcn_family)info->family;
        *opcode = value;
        return true;
    }
    return false;
}

__attribute__((noinline)) gcn_status gcn_parse_after_operands(gcn_cursor *cursor)
{
    if (gcn_at_end(cursor))
        return GCN_OK;
    gcn_fail(cursor, cursor->pos, "unexpected '%.*s' after the operands",
             (int)(cursor->end - cursor->pos), cursor->pos);
    return GCN_ERROR_SYNTAX;
}

/* "an SMEM", "an MTBUF", "an EXP", but "a SOP2", "a VOP2": as read aloud. */
static const char *article(const char *encoding)
{
    return encoding[0] == 'M' || encoding[0] == 'E' || (encoding[0] == 'S' && encoding[1] != 'O') ? "an" : "a";
}

/* A name the tables lack: one of the ISA's that they do not have yet, or
 * unknown (with the nearest name they have). */
static __attribute__((noinline)) gcn_status not_supported_yet(gcn_cursor *cursor, const char *name,
                                                              size_t name_length)
{
    const char *encoding;
    const gcn_isa_mnemonic *known = gcn_isa_mnemonic_find(name, name_length, &encoding);
    gcn_arch arch = cursor->options->arch;
    if (known && (known->arches >> arch & 1)) {
        gcn_fail(cursor, name, "%.*s is %s %s instruction, not supported yet", (int)name_length, name,
                 article(encoding), encoding);
    } else if (known) {
        char generations[64];
        list_generations(known->arches, generations);
        gcn_fail(cursor, name, "%.*s is %s %s instruction of %s (not of %s), not supported yet",
                 (int)name_length, name, article(encoding),
                 encoding, generations, gcn_arch_name(arch));
    } else {
        const char *nearest = gcn_nearest_name(name, name_length);
        if (nearest)
            gcn_fail(cursor, name, "unknown instruction '%.*s'; did you mean '%s'?",
                     (int)name_length, name, nearest);
        else
            gcn_fail(cursor, name, "unknown instruction '%.*s'", (int)name_length, name);
    }
    return GCN_ERROR_SYNTAX;
}

__attribute__((noinline)) gcn_status gcn_parse_failed(gcn_cursor *cursor)
{
    if (!cursor->failed) {
        cursor->error->column = 0;
        cursor->error->message[0] = '\0';
    }
    return GCN_ERROR_SYNTAX;
}

/* The mnemonic in any spelling (other cases, CLRX's size suffix and
 * illegal-opcode names, a tab after the name, space before it), then its
 * operands. */
__attribute__((noinline)) gcn_status gcn_parse_other(const gcn_parse_options *options,
                                                     const char *text, size_t length,
                                                     gcn_instruction *instruction,
                                                     gcn_parse_error *error)
{
    gcn_cursor cursor = {text, text, text + length, options, error, false};
    gcn_skip_space(&cursor);
    const char *name = cursor.pos;
    const char *space = memchr(name, ' ', (size_t)(cursor.end - name));
    size_t name_length = space ? (size_t)(space - name) : (size_t)(cursor.end - name);
    uint16_t index = name_length ? gcn_row_for_name(name, name_length) : GCN_ROW_NONE;
    if (index == GCN_ROW_NONE) {
        name_length = gcn_peek_identifier_here(&cursor);
        if (name_length == 0) {
            gcn_fail(&cursor, name, "expected an instruction");
            return GCN_ERROR_SYNTAX;
        }
        index = gcn_row_for_name(name, name_length);
    }
    const gcn_row *row = index == GCN_ROW_NONE ? NULL : &gcn_rows[index];
    gcn_family family = row ? (gcn_family)row->family : GCN_FAMILY_NONE;
    int row_opcode = row ? row->opcode[options->arch] : 0;
    /* CLRX also takes GCN 1.4's s_buffer_atomic_* on GCN 1.2 (see errata) */
    if (row_opcode < 0 && options->arch == GCN_ARCH_GCN12 && (row->flags & GCN_ROW_CLRX_GCN12) &&
        options->dialect == GCN_DIALECT_CLRX)
        row_opcode = row->opcode[GCN_ARCH_GCN14];
    unsigned opcode = (unsigned)row_opcode;
    if (!row &&
        (options->dialect != GCN_DIALECT_CLRX || !illegal_name(name, name_length, options->arch, &family, &opcode)))
        return not_supported_yet(&cursor, name, name_length);
    if (row_opcode < 0) {
        char generations[64];
        unsigned arches = 0;
        for (int arch = 0; arch < GCN_ARCH_COUNT; arch++)
            arches |= (row->opcode[arch] >= 0) << arch;
        list_generations(arches, generations);
        gcn_fail(&cursor, cursor.pos, "'%s' is not available on %s; it exists on %s", row->name,
                 gcn_arch_name(options->arch), generations);
        return GCN_ERROR_SYNTAX;
    }
    cursor.pos += name_length;
    gcn_instruction_start_row(instruction, options->arch, family, index, opcode, 1);
    /* the operands by the layout's parser (a row's, or the family's default), then nothing more */
    unsigned shape = row ? row->shape : gcn_default_shape[family];
    return gcn_shape_parsers[gcn_shape_layouts[shape]](&cursor, row, instruction) ? gcn_parse_after_operands(&cursor)
                                                                                  : gcn_parse_failed(&cursor);
}

gcn_status gcn_parse_checked(const gcn_parse_options *options, const char *text, size_t length,
                             gcn_instruction *instruction, gcn_parse_error *error)
{
    return gcn_parse_named(options, text, length, gcn_mnemonic_lookup(text, length), instruction, error);
}

gcn_status gcn_parse(const gcn_parse_options *options, const char *text, size_t length,
                     gcn_instruction *instruction, gcn_parse_error *error)
{
    if (!options || !text || !instruction || (unsigned)options->arch >= GCN_ARCH_COUNT)
        return GCN_ERROR_INVALID_ARGUMENT;
    gcn_parse_error unused;
    if (!error)
        error = &unused;
    error->column = 0;
    error->message[0] = '\0';
    error->warning[0] = '\0';
    return gcn_parse_checked(options, text, length, instruction, error);
}
