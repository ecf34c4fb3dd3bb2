#include "emu/integer_atomics.h"

bool emu_integer_atomic(gcn_operation operation, bool wide, uint64_t old, uint64_t data,
                        uint64_t compare, uint64_t *result)
{
    uint64_t mask = wide ? ~0ull : 0xffffffffull;
    old &= mask;
    data &= mask;
    compare &= mask;
    /* Signed views, sign-extended from the width. */
    int64_t signed_old = wide ? (int64_t)old : (int64_t)(int32_t)(uint32_t)old;
    int64_t signed_data = wide ? (int64_t)data : (int64_t)(int32_t)(uint32_t)data;
    uint64_t value;
    switch (operation) {
    case GCN_OP_ATOMIC_SWAP: value = data; break;
    case GCN_OP_ATOMIC_CMPSWAP: value = old == compare ? data : old; break;
    case GCN_OP_ATOMIC_ADD: value = old + data; break;
    case GCN_OP_ATOMIC_SUB: value = old - data; break;
    case GCN_OP_ATOMIC_RSUB: value = data - old; break;
    case GCN_OP_ATOMIC_SMIN: value = signed_data < signed_old ? data : old; break;
    case GCN_OP_ATOMIC_UMIN: value = data < old ? data : old; break;
    case GCN_OP_ATOMIC_SMAX: value = signed_data > signed_old ? data : old; break;
    case GCN_OP_ATOMIC_UMAX: value = data > old ? data : old; break;
    case GCN_OP_ATOMIC_AND: value = old & data; break;
    case GCN_OP_ATOMIC_OR: value = old | data; break;
    case GCN_OP_ATOMIC_XOR: value = old ^ data; break;
    case GCN_OP_ATOMIC_INC: value = old < data ? old + 1 : 0; break;              /* *VM < VDATA ? *VM+1 : 0 */
    case GCN_OP_ATOMIC_DEC: value = old <= data && old != 0 ? old - 1 : data; break; /* (*VM <= VDATA && *VM!=0) ? *VM-1 : VDATA */
    default: return false;
    }
    *result = value & mask;
    return true;
}
