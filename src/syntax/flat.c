/* FLAT, GLOBAL and SCRATCH text read where the generic one-pass path
 * (generic_modifiers.c) does not: the full path (the generic printer
 * writes the text).
 *   CLRX: flat_load_dword v1, v[2:3] inst_offset:8 glc slc tfe vdata=0x62
 *         global_store_dword v2, v3, s[4:5]      scratch_load_dword v1, off, s5
 *   LLVM: flat_atomic_add v1, v[2:3], v3 offset:8 glc   (no vdst without glc)
 * Operands follow the row's shape: a load names vdst, a store vdata, an
 * atomic both (vdst only with glc in LLVM syntax). The address is two VGPRs
 * for FLAT; for GLOBAL two VGPRs with saddr off, else one VGPR plus an SGPR
 * pair; for SCRATCH one VGPR with saddr off, else off plus one SGPR. */
#include <string.h>

#include "codec/codec.h"
#include "syntax/flat.h"
#include "syntax/modifier.h"

enum { SEGMENT_FLAT, SEGMENT_SCRATCH, SEGMENT_GLOBAL };
enum { COPY_SIZE = 4096 }; /* the longest statement parse_copied_modifiers takes */

/* Operands of one instruction: which it names and how many registers. */
typedef struct flat_form {
    bool gcn14;
    unsigned segment;
    bool has_vdst, has_vdata;
    unsigned vdst_count, vdata_count;
} flat_form;

/* Inline: in the parser its fields stay in registers. */
static inline __attribute__((always_inline)) flat_form form_of(const gcn_row *row,
                                                               gcn_arch arch)
{
    flat_form form = {arch >= GCN_ARCH_GCN14, SEGMENT_FLAT, true, true, 1, 1};
    if (!row) /* CLRX prints unknown opcodes like a one-dword atomic */
        return form;
    if (form.gcn14 && (row->flags & GCN_ROW_SCRATCH))
        form.segment = SEGMENT_SCRATCH;
    else if (form.gcn14 && (row->flags & GCN_ROW_GLOBAL))
        form.segment = SEGMENT_GLOBAL;
    unsigned dwords = row->data_dwords;
    switch ((gcn_operation)row->operation) {
    case GCN_OP_LOAD:
        form.has_vdata = false;
        form.vdst_count = dwords;
        break;
    case GCN_OP_STORE:
        form.has_vdst = false;
        form.vdata_count = dwords;
        break;
    default:
        form.vdata_count = dwords;
        form.vdst_count = (row->flags & GCN_ROW_CMPSWAP) ? dwords / 2 : dwords;
        break;
    }
    return form;
}

/* The address is one VGPR (GLOBAL with saddr, SCRATCH), two, or none. */
static inline unsigned address_count(const flat_form *form, unsigned saddr)
{
    /* arithmetic: a branch on the random segment mispredicts */
    unsigned off = saddr == GCN_SADDR_OFF;
    return form->segment == SEGMENT_SCRATCH ? off : form->segment == SEGMENT_GLOBAL ? 1 + off : 2;
}

/* GCN 1.1/1.2 bits of the GCN 1.4 fields, reserved there. */
#define RESERVED_OFFSET 0x1fffu
#define RESERVED_LDS (1u << 13)

/* ---- parsing ---- */

/* One vector operand as written, checked against its count later. */
typedef struct vector_operand {
    const char *at;
    unsigned first, count;
    bool given;
} vector_operand;

static bool parse_vector(gcn_cursor *cursor, vector_operand *operand)
{
    gcn_skip_space(cursor);
    operand->at = cursor->pos;
    operand->given = true;
    return gcn_parse_vgprs(cursor, &operand->first, &operand->count);
}

/* vN or v[...]; not vcc. */
static bool at_vector(gcn_cursor *cursor)
{
    gcn_skip_space(cursor);
    const char *p = cursor->pos;
    return p + 1 < cursor->end && (*p == 'v' || *p == 'V') &&
           ((p[1] >= '0' && p[1] <= '9') || p[1] == '[');
}

/* Out of line: the comma is there in the common case. */
static __attribute__((noinline)) bool comma_missing(gcn_cursor *cursor)
{
    /* llvm-mc takes operands without commas between them, as SMEM and
     * MUBUF do here */
    if (cursor->options->dialect == GCN_DIALECT_LLVM && !gcn_at_end(cursor))
        return true;
    if (gcn_at_end(cursor))
        return gcn_fail(cursor, cursor->pos, "expected ',' and more operands");
    return gcn_fail(cursor, cursor->pos, "expected ','");
}

static inline bool expect_comma(gcn_cursor *cursor)
{
    return gcn_accept(cursor, ',') || comma_missing(cursor);
}

static bool check_count(gcn_cursor *cursor, const vector_operand *operand, unsigned count,
                        const char *what)
{
    if (operand->count == count)
        return true;
    return gcn_fail(cursor, operand->at, "%s needs %u vector register%s, found %u", what, count,
                    count == 1 ? "" : "s", operand->count);
}

/* What the modifier text holds beyond gcn_parse_modifiers' reach. */
enum { EXTRA_VDATA, EXTRA_VDST, EXTRA_SADDR, EXTRA_SEGMENT, EXTRA_COUNT };
static const struct {
    const char *name;
    unsigned maximum;
} extra_fields[EXTRA_COUNT] = {{"vdata", 255}, {"vdst", 255}, {"saddr", 127}, {"seg", 3}};

/* CLRX's field=value items, which gcn_parse_modifiers does not know. */
typedef struct flat_extras {
    int64_t value[EXTRA_COUNT]; /* -1 when absent */
    const char *at[EXTRA_COUNT];
    const char *offset_at; /* LLVM: where offset:N is */
} flat_extras;

static bool is_word(const char *p, size_t length, const char *word)
{
    return gcn_word_is(p, length, word);
}

/* Skips an optional ":value" after a modifier name. */
static bool skip_value(gcn_cursor *scan)
{
    if (!gcn_accept(scan, ':'))
        return true;
    gcn_cursor probe = *scan;
    probe.error = NULL;
    int64_t value;
    if (!gcn_parse_expression(&probe, &value))
        return gcn_parse_expression(scan, &value); /* reports the error */
    scan->pos = probe.pos;
    return true;
}

/* Walks the modifiers of a private copy of the statement: checks what only
 * one dialect accepts and blanks out what gcn_parse_modifiers does not know
 * (CLRX's field=value items, LLVM's noglc/noslc). */
static bool prescan_modifiers(gcn_cursor *scan, char *copy, bool gcn14, flat_extras *extras)
{
    bool llvm = scan->options->dialect == GCN_DIALECT_LLVM;
    bool cache_seen = false;
    const char *start_pos = scan->pos;
    while (!gcn_at_end(scan)) {
        char *start = copy + (scan->pos - scan->text);
        size_t length = gcn_peek_identifier(scan);
        if (length == 0)
            break; /* gcn_parse_modifiers reports it */
        scan->pos += length;
        if (!llvm && gcn_accept(scan, '=')) {
            int field = -1;
            for (int i = 0; i < EXTRA_COUNT; i++)
                if (is_word(start, length, extra_fields[i].name))
                    field = i;
            if (field < 0)
                return gcn_fail(scan, start, "unknown field '%.*s' (vdata=, vdst=, saddr= or seg=)",
                                (int)length, start);
            gcn_skip_space(scan);
            const char *at = scan->pos;
            int64_t v;
            if (!gcn_parse_expression(scan, &v))
                return false;
            if (v < 0 || v > extra_fields[field].maximum)
                return gcn_fail(scan, at, "%s=%lld out of range 0..%u", extra_fields[field].name,
                                (long long)v, extra_fields[field].maximum);
            if (extras->value[field] >= 0)
                return gcn_fail(scan, start, "%s= given twice", extra_fields[field].name);
            extras->value[field] = v;
            extras->at[field] = start;
            memset(start, ' ', (size_t)(scan->pos - scan->text) - (size_t)(start - copy));
            continue;
        }
        if (llvm) {
            bool cache = is_word(start, length, "glc") || is_word(start, length, "slc");
            bool no_cache = is_word(start, length, "noglc") || is_word(start, length, "noslc");
            bool offset = is_word(start, length, "offset") || is_word(start, length, "inst_offset");
            if (offset && cache_seen)
                return gcn_fail(scan, start, "offset:N must come before glc and slc in LLVM syntax");
            cache_seen |= cache || no_cache;
            if (no_cache) {
                memset(start, ' ', length); /* the default */
                continue;
            }
            if (cache && gcn_accept(scan, ':'))
                return gcn_fail(scan, start, "'%.*s' takes no value in LLVM syntax", (int)length,
                                start);
            if (offset)
                extras->offset_at = start;
            if (offset && !gcn14 && scan->options->arch < GCN_ARCH_GCN12) {
                gcn_cursor probe = *scan;
                probe.error = NULL;
                int64_t value;
                if (gcn_accept(&probe, ':') && gcn_parse_expression(&probe, &value) && value != 0)
                    return gcn_fail(scan, start, "FLAT offsets exist from gcn1.4 on; %s has none",
                                    gcn_arch_name(scan->options->arch));
            }
        }
        if (!skip_value(scan))
            return false;
    }
    scan->pos = start_pos;
    return true;
}

/* The modifiers through gcn_parse_modifiers on a private copy of the text
 * (columns unchanged) after prescan_modifiers; out of line, so that its
 * copy is no cost to the caller's frame. */
static __attribute__((noinline)) bool parse_copied_modifiers(gcn_cursor *cursor, bool gcn14,
                                                             unsigned allowed,
                                                             const gcn_offset_rule *rule,
                                                             gcn_instruction *instruction,
                                                             flat_extras *extras, int64_t *offset)
{
    char copy[COPY_SIZE];
    size_t length = (size_t)(cursor->end - cursor->text);
    memcpy(copy, cursor->text, length);
    gcn_cursor scan = *cursor;
    scan.text = copy;
    scan.pos = copy + (cursor->pos - cursor->text);
    scan.end = copy + length;
    bool ok = prescan_modifiers(&scan, copy, gcn14, extras) &&
              gcn_parse_modifiers(&scan, allowed, rule, instruction, offset);
    /* Pointers into the copy become pointers into the statement. */
    for (int i = 0; i < EXTRA_COUNT; i++)
        if (extras->at[i])
            extras->at[i] = cursor->text + (extras->at[i] - copy);
    if (extras->offset_at)
        extras->offset_at = cursor->text + (extras->offset_at - copy);
    cursor->pos = cursor->text + (scan.pos - copy);
    cursor->failed = scan.failed;
    return ok;
}

/* The modifiers of a statement that the generic one-pass path left: those
 * the dialect takes and the offset by the row's profile (the FLAT hooks,
 * gcn_offset_rule_of). */
static bool parse_modifiers(gcn_cursor *cursor, const gcn_row *row, const flat_form *form,
                            gcn_instruction *instruction, flat_extras *extras, int64_t *offset)
{
    gcn_arch arch = cursor->options->arch;
    gcn_dialect dialect = cursor->options->dialect;
    if ((size_t)(cursor->end - cursor->text) > COPY_SIZE)
        return gcn_fail(cursor, cursor->text + COPY_SIZE, "statement too long");
    if (gcn_at_end(cursor)) /* none: nothing to copy or scan */
        return true;
    const gcn_profile *profile = &gcn_profiles[row ? row->shape : gcn_default_shape[GCN_FAMILY_FLAT]];
    return parse_copied_modifiers(cursor, form->gcn14, gcn_flat_modifiers_allowed(row, arch, dialect),
                                  gcn_offset_rule_of(profile, arch, dialect), instruction, extras, offset);
}

/* The register fields as read into the instruction's operands in its
 * profile's order ([vdst,] vaddr, [vdata,] [saddr]; `off` as
 * GCN_OPERAND_OFF), and the fields its row shows none for into
 * reserved[1]: as the decoder makes them. */
static inline __attribute__((always_inline)) void
set_register_fields(gcn_instruction *instruction, const flat_form *form, unsigned vdst, unsigned vaddr,
                    unsigned vdata, unsigned saddr)
{
    /* Each operand stored whether or not the row has it, the next one
     * after it only where it has: no branch on the random row's form (the
     * slots past operand_count are free). */
    gcn_operand *operand = instruction->operands;
    unsigned tfe = (instruction->modifiers & GCN_MOD_TFE) != 0;
    unsigned has_vdst = form->has_vdst, has_vdata = form->has_vdata;
    unsigned segment = form->segment != SEGMENT_FLAT, off = saddr == GCN_SADDR_OFF;
    unsigned address = address_count(form, saddr);
    *operand = (gcn_operand){GCN_OPERAND_VECTOR, (uint8_t)(form->vdst_count + tfe), (uint16_t)vdst, 0};
    operand += has_vdst;
    *operand++ = (gcn_operand){(uint8_t)(address ? GCN_OPERAND_VECTOR : GCN_OPERAND_OFF), (uint8_t)address,
                               (uint16_t)vaddr, 0};
    *operand = (gcn_operand){GCN_OPERAND_VECTOR, (uint8_t)form->vdata_count, (uint16_t)vdata, 0};
    operand += has_vdata;
    *operand = (gcn_operand){(uint8_t)(off ? GCN_OPERAND_OFF : GCN_OPERAND_SCALAR),
                             (uint8_t)((off ^ 1) << (form->segment == SEGMENT_GLOBAL)), (uint16_t)saddr, 0};
    operand += segment;
    /* the fields the row shows no operand for */
    instruction->reserved[1] |= ((vdst << 24) & -(has_vdst ^ 1)) | ((vdata << 8) & -(has_vdata ^ 1)) |
                                ((saddr << 16) & -((segment ^ 1) & form->gcn14));
    instruction->operand_count = (uint8_t)(operand - instruction->operands);
    instruction->encoding = GCN_ENCODING_FLAT;
}

/* Every FLAT statement the generic one-pass path (generic_modifiers.c)
 * leaves: any spacing, CLRX's fields, every warning and error. */
bool gcn_parse_flat_full(gcn_cursor *cursor, const gcn_row *row, gcn_instruction *instruction)
{
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    flat_form form = form_of(row, (gcn_arch)instruction->arch);
    /* No row: an opcode the generation lacks, written vdst, vaddr, vdata. */
    bool atomic = !row || (row->flags & GCN_ROW_ATOMIC);
    /* Operands, in order: [vdst,] address, [vdata,] [saddr]. */
    vector_operand vdst = {0}, address = {0}, vdata = {0};
    gcn_skip_space(cursor);
    const char *first_at = cursor->pos;
    bool address_off = false;
    if (form.has_vdst && !form.has_vdata) {
        if (!parse_vector(cursor, &vdst) || !expect_comma(cursor))
            return false;
    }
    gcn_skip_space(cursor);
    address.at = cursor->pos;
    if (form.segment == SEGMENT_SCRATCH && gcn_accept_word_here(cursor, "off"))
        address_off = true;
    else if (!parse_vector(cursor, &address))
        return false;
    if (form.has_vdata) {
        if (!expect_comma(cursor) || !parse_vector(cursor, &vdata))
            return false;
        /* An atomic names vdst first when three VGPR operands follow. */
        if (atomic) {
            gcn_cursor probe = *cursor;
            probe.error = NULL;
            if ((gcn_accept(&probe, ',') || llvm) && at_vector(&probe)) {
                vdst = address;
                address = vdata;
                gcn_accept(cursor, ',');
                if (!parse_vector(cursor, &vdata))
                    return false;
            }
        }
    }
    unsigned saddr = form.gcn14 && form.segment == SEGMENT_FLAT ? 0 : GCN_SADDR_OFF;
    if (form.segment != SEGMENT_FLAT) {
        if (!expect_comma(cursor))
            return false;
        if (!gcn_parse_saddr(cursor, form.segment == SEGMENT_GLOBAL ? 2 : 1, &saddr))
            return false;
    }
    if (llvm && !gcn_at_end(cursor))
        gcn_accept(cursor, ','); /* llvm-mc allows a comma before the modifiers */

    flat_extras extras = {{-1, -1, -1, -1}, {NULL, NULL, NULL, NULL}, NULL};
    int64_t offset = 0;
    gcn_skip_space(cursor);
    const char *modifiers_at = cursor->pos;
    if (!parse_modifiers(cursor, row, &form, instruction, &extras, &offset))
        return false;
    uint16_t modifiers = instruction->modifiers;

    /* Register counts, now that tfe and saddr are known. */
    bool tfe = (modifiers & GCN_MOD_TFE) != 0;
    if (vdst.given && !check_count(cursor, &vdst, form.vdst_count + tfe, "vdst"))
        return false;
    unsigned address_needed = address_count(&form, saddr);
    if (form.segment == SEGMENT_SCRATCH) {
        if (!address_off && saddr != GCN_SADDR_OFF)
            return gcn_fail(cursor, address.at, "SCRATCH takes vaddr or saddr, not both: one "
                            "must be off");
        if (address_off && saddr == GCN_SADDR_OFF && llvm)
            return gcn_fail(cursor, address.at, "vaddr and saddr are both off");
        address_needed = 1;
    }
    if (!address_off && !check_count(cursor, &address, address_needed, "vaddr"))
        return false;
    if (form.has_vdata && !check_count(cursor, &vdata, form.vdata_count, "vdata"))
        return false;
    if (row && atomic) {
        bool glc = (modifiers & GCN_MOD_GLC) != 0;
        if (glc && !vdst.given)
            return gcn_fail(cursor, first_at, "glc returns the old value: name vdst first "
                            "(vdst, vaddr, vdata)");
        if (llvm && !glc && vdst.given)
            return gcn_fail(cursor, vdst.at, "an atomic without glc returns nothing: drop vdst "
                            "or add glc");
    }

    unsigned vdst_field = vdst.given ? vdst.first : 0, vaddr_field = address.given ? address.first : 0,
             vdata_field = vdata.given ? vdata.first : 0;
    const int64_t *extra = extras.value;
    if (extra[EXTRA_VDST] >= 0) {
        if (form.has_vdst)
            return gcn_fail(cursor, extras.at[EXTRA_VDST], "vdst= is for instructions without vdst");
        vdst_field = (unsigned)extra[EXTRA_VDST];
    }
    if (extra[EXTRA_VDATA] >= 0) {
        if (form.has_vdata)
            return gcn_fail(cursor, extras.at[EXTRA_VDATA], "vdata= is for instructions without vdata");
        vdata_field = (unsigned)extra[EXTRA_VDATA];
    }
    if (extra[EXTRA_SADDR] >= 0 && form.segment != SEGMENT_FLAT)
        return gcn_fail(cursor, extras.at[EXTRA_SADDR], "saddr= is for FLAT instructions, which "
                        "take no saddr operand");
    if (extra[EXTRA_SEGMENT] >= 0 && form.gcn14)
        return gcn_fail(cursor, extras.at[EXTRA_SEGMENT], "seg= is for gcn1.1 and gcn1.2, where "
                        "the segment bits are reserved; gcn1.4 names the segment in the mnemonic");
    if (llvm && (form.gcn14 ? form.segment == SEGMENT_FLAT && offset > 4095 : offset != 0))
        gcn_warn(cursor, extras.offset_at ? extras.offset_at : modifiers_at,
                 "llvm-mc prints this offset but does not assemble it (%s)",
                 form.gcn14 ? "FLAT takes 12 bits; the hardware ignores bit 12"
                            : "no FLAT offset before gcn1.4: reserved bits");
    if (form.gcn14) {
        if (extra[EXTRA_SADDR] >= 0) {
            gcn_warn(cursor, extras.at[EXTRA_SADDR], "FLAT takes no saddr: saddr= sets bits "
                     "llvm-mc calls an invalid encoding");
            saddr = (unsigned)extra[EXTRA_SADDR];
        }
        gcn_flat_check(cursor, cursor->options->dialect, row, instruction, modifiers_at, cursor->end);
        if (form.segment == SEGMENT_FLAT)
            instruction->offset = (uint32_t)offset & 0x1fffu;
        else /* 13-bit signed; CLRX's 4096..8191 are the negative ones */
            instruction->offset = (uint32_t)(offset >= 0x1000 ? offset - 0x2000 : offset);
        set_register_fields(instruction, &form, vdst_field, vaddr_field, vdata_field, saddr);
        return true;
    }
    /* Before GCN 1.4 these are reserved bits (CLRX syntax only). */
    uint32_t reserved0 = (uint32_t)offset & RESERVED_OFFSET;
    if (modifiers & GCN_MOD_LDS)
        reserved0 |= RESERVED_LDS;
    if (extra[EXTRA_SEGMENT] >= 0)
        reserved0 |= (uint32_t)extra[EXTRA_SEGMENT] << 14;
    instruction->modifiers = (uint16_t)(modifiers & ~GCN_MOD_LDS);
    instruction->reserved[0] = reserved0;
    if (extra[EXTRA_SADDR] >= 0)
        instruction->reserved[1] = (uint32_t)extra[EXTRA_SADDR] << 16;
    if (reserved0 || instruction->reserved[1])
        gcn_warn(cursor, modifiers_at, "%s has no FLAT offset, lds, segment or saddr: these set "
                 "reserved bits", gcn_arch_name((gcn_arch)instruction->arch));
    set_register_fields(instruction, &form, vdst_field, vaddr_field, vdata_field, 0);
    return true;
}
