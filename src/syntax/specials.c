/* The one table of the generic syntax's true specials, by operand syntax
 * (see generic.h); every other operand is the generic printer's and
 * parser's. */
#include "syntax/generic.h"

const gcn_operand_hook gcn_operand_hooks[GCN_SYNTAX_COUNT] = {
    [GCN_SYNTAX_BRANCH] = {gcn_format_branch, gcn_parse_branch},
    [GCN_SYNTAX_GPR_IDX] = {gcn_format_gpr_idx, gcn_parse_gpr_idx},
    [GCN_SYNTAX_WAITCNT] = {gcn_format_waitcnt, gcn_parse_waitcnt},
    [GCN_SYNTAX_SENDMSG] = {gcn_format_sendmsg, gcn_parse_sendmsg},
};
