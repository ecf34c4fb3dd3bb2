/* Placeholders for the MUBUF and FLAT/GLOBAL/SCRATCH executors, which live
 * in their own files (src/emu/mubuf*.c, flat*.c): those replace this file. */
#include "emu/emu.h"

gcn_run_status emu_execute_mubuf(emu_step *step)
{
    return emu_fault(step, -1, "%s is not emulated yet", step->row->name);
}

gcn_run_status emu_execute_flat(emu_step *step)
{
    return emu_fault(step, -1, "%s is not emulated yet", step->row->name);
}
