/* The architecture names gcn_arch_from_name knows, for listing them. */
#ifndef GCN_ARCH_NAMES_H
#define GCN_ARCH_NAMES_H

#include <stddef.h>

#include "gcn.h"

/* The index-th name (and its generation in *arch), NULL past the last. */
const char *gcn_arch_name_at(size_t index, gcn_arch *arch);

#endif
