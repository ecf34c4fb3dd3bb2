/* What an encoding's text needs beyond its profiles: gcn_encoding_hooks.
 * Here, static, so that a writer that knows the encoding calls its hook
 * directly (inline). */
#ifndef GCN_ENCODING_HOOKS_H
#define GCN_ENCODING_HOOKS_H

#include "syntax/buffer.h"

/* Reserved bits CLRX does not show: clrxdisasm prints none, and its vectors
 * set MUBUF's bit 53 everywhere and bit 15 on GCN 1.2, expecting the same
 * text as without (64-bit instruction numbering). */
static const uint64_t gcn_clrx_silent_reserved[GCN_ENCODING_COUNT][GCN_ARCH_COUNT] = {
    [GCN_ENCODING_MUBUF] = {1ull << 53, 1ull << 53, 1ull << 53 | 1ull << 15, 1ull << 53},
};

static const gcn_encoding_hook gcn_encoding_hooks[GCN_ENCODING_COUNT] = {
    [GCN_ENCODING_MUBUF] = {gcn_llvm_buffer_modifiers, gcn_buffer_modifiers_allowed, gcn_buffer_check},
};

#endif
