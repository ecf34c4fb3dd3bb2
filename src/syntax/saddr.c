/* FLAT's saddr (GCN 1.4 GLOBAL and SCRATCH: an SGPR pair or one SGPR, code
 * 127 `off`) as each dialect names it and reads it: the codes no register
 * name covers, and llvm-mc 14's pairs that lose their low bit. */
#include "syntax/generic.h"

/* saddr codes no register name covers, spelled as clrxdisasm does; the
 * CLRX parser takes them back. */
static const struct {
    uint8_t code, count;
    const char *text;
} odd_saddrs[] = {
    {101, 2, "s[101:102]"},  {103, 2, "flat_scratch_u!"}, {105, 2, "xnack_mask_u!"},
    {107, 2, "vcc_u!"},      {123, 2, "ttmp[15:16]"},     {124, 2, "m0&ill!"},
    {125, 2, "ill_125"},     {125, 1, "ill_125"},
};
enum { odd_saddr_count = sizeof odd_saddrs / sizeof odd_saddrs[0] };

char *gcn_write_other_saddr(char *at, gcn_arch arch, gcn_dialect dialect, unsigned code, unsigned count)
{
    bool llvm = dialect == GCN_DIALECT_LLVM;
    if (code == GCN_SADDR_OFF)
        return gcn_write_length(at, "off", 3);
    /* llvm-mc: pairs of SGPRs and ttmps lose their low bit; 125 is null;
     * a pair that is no register is an invalid encoding */
    if (llvm && code == GCN_CODE_NULL)
        return gcn_write_length(at, "null", 4);
    if (llvm && count == 2 && (code < 102 || (code >= 108 && code < 124)))
        code &= ~1u;
    char *end = gcn_write_scalar(at, arch, dialect, code, count);
    for (size_t i = 0; !llvm && !end && i < odd_saddr_count; i++) /* (CLRX: every 7-bit code is covered) */
        if (odd_saddrs[i].code == code && odd_saddrs[i].count == count)
            end = gcn_write_length(at, odd_saddrs[i].text, strlen(odd_saddrs[i].text));
    return end;
}

bool gcn_parse_saddr(gcn_cursor *cursor, unsigned count, unsigned *saddr)
{
    bool llvm = cursor->options->dialect == GCN_DIALECT_LLVM;
    gcn_skip_space(cursor);
    const char *at = cursor->pos;
    if (gcn_accept_word_here(cursor, "off")) {
        *saddr = GCN_SADDR_OFF;
        return true;
    }
    for (size_t i = 0; !llvm && i < odd_saddr_count; i++) {
        if (odd_saddrs[i].count == count && gcn_accept_word_here(cursor, odd_saddrs[i].text)) {
            gcn_warn(cursor, at, "'%s' names no register (saddr code %u)", odd_saddrs[i].text,
                     odd_saddrs[i].code);
            *saddr = odd_saddrs[i].code;
            return true;
        }
    }
    if (gcn_accept_word_here(cursor, "null")) { /* llvm-mc's disassembler name for code 125 */
        if (!llvm) /* clrxdisasm calls it ill_125 */
            return gcn_fail(cursor, at, "null is no register on %s",
                            gcn_arch_name(cursor->options->arch));
        gcn_warn(cursor, at, "null is no register on %s; taken as code 125, as llvm-mc's "
                 "disassembler prints it", gcn_arch_name(cursor->options->arch));
        *saddr = GCN_CODE_NULL;
        return true;
    }
    gcn_scalar scalar;
    if (!gcn_parse_scalar(cursor, 0, &scalar))
        return false;
    if (scalar.count != count)
        return gcn_fail(cursor, at, "saddr needs %u scalar register%s, found %u", count,
                        count == 1 ? "" : "s", scalar.count);
    if (scalar.code >= GCN_SADDR_OFF)
        return gcn_fail(cursor, at, "'%.*s' does not fit saddr (codes 0..126; 127 means off)",
                        (int)(cursor->pos - at), at);
    bool tuple = scalar.general || (scalar.code >= 108 && scalar.code < 124);
    /* an odd SGPR pair as llvm-mc and clrxasm refuse it (clrxdisasm prints
     * such words: --exact prints them as data); clrxasm takes an odd ttmp
     * pair */
    if (count == 2 && tuple && (scalar.code & 1) && (llvm || scalar.general))
        return gcn_fail_misaligned(cursor, at, 2);
    *saddr = scalar.code;
    return true;
}
