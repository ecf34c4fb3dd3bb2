/* Scalar source operands. */
#include "emu/registers.h"

uint32_t emu_read_scalar_source(emu_step *step, unsigned code)
{
    if (code < GCN_SCALAR_SLOTS)
        return emu_read_sgpr(step, code);
    if (code <= 192) /* inline constants 0..64 */
        return code - 128;
    if (code <= 208) /* -1..-16 */
        return (uint32_t)(192 - (int)code);
    return 0;
}
