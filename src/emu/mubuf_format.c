/* The MUBUF format loads and stores: the element's layout and conversion
 * from the resource's DATAFORMAT and NUMFORMAT, DST_SEL on loads (the
 * memory handling page of the CLRX GCN ISA pages), and the d16 forms:
 * 16-bit components, one a VGPR in its low half on GCN 1.2, two a VGPR
 * (X low, Y high) on GCN 1.4, where a half a load does not write keeps its
 * bits. Each dword of an element is addressed and range checked on its
 * own; the bytes of an out-of-range dword read as 0 and are not written. */
#include "emu/buffer_lanes.h"
#include "emu/format.h"
#include "emu/memory.h"
#include "emu/mubuf.h"
#include "emu/operands.h"
#include "emu/pending.h"
#include "emu/registers.h"

/* How the row's components sit in VGPRs. */
typedef struct format_registers {
    unsigned components;  /* X, XY, XYZ or XYZW */
    unsigned registers;   /* VGPRs of data */
    bool d16, packed, high; /* 16-bit; two a register; the one in the high half */
} format_registers;

static format_registers registers_of(const emu_step *step)
{
    const gcn_row *row = step->row;
    format_registers r = {.components = row->data_dwords};
    r.d16 = row->element == GCN_ELEMENT_FORMAT_D16 || row->element == GCN_ELEMENT_FORMAT_D16_HI;
    r.high = row->element == GCN_ELEMENT_FORMAT_D16_HI;
    r.packed = r.d16 && step->instruction->arch >= GCN_ARCH_GCN14;
    r.registers = r.packed ? (r.components + 1) / 2 : r.components;
    return r;
}

/* Component i's place: register and shift. */
static void place(const format_registers *r, unsigned i, unsigned *reg, unsigned *shift)
{
    *reg = r->packed ? i / 2 : i;
    *shift = r->high ? 16 : r->packed ? 16 * (i % 2) : 0;
}

/* Reads (or, with write, writes back) the in-range dwords of a lane's
 * element; false after a fault. */
static bool element_dwords(const mubuf_context *context, unsigned lane, uint8_t *element,
                           unsigned bytes, bool write)
{
    unsigned align = bytes >= 4 ? 4 : bytes;
    for (unsigned at = 0; at < bytes; at += 4) {
        unsigned size = bytes - at < 4 ? bytes - at : 4;
        uint64_t address;
        if (!mubuf_address(context, lane, at, align, &address))
            continue;
        uint8_t *span = mubuf_span(context, lane, address, size, write);
        if (!span)
            return false;
        if (write)
            memcpy(span, element + at, size);
        else
            memcpy(element + at, span, size);
    }
    return true;
}

gcn_run_status mubuf_load_format(const mubuf_context *context)
{
    emu_step *step = context->step;
    const emu_buffer_resource *resource = &context->resource;
    format_registers r = registers_of(step);
    unsigned vdata = emu_mubuf_vdata(step->instruction);
    bool lds = emu_has_modifier(step->instruction, GCN_MOD_LDS);
    bool tfe = emu_has_modifier(step->instruction, GCN_MOD_TFE);
    if (lds && (tfe || !(step->row->flags & GCN_ROW_LDS)))
        return emu_fault(step, -1, "%s: %s", step->row->name,
                         tfe ? "lds and tfe together are illegal" : "no lds form");
    if (!lds && !emu_lanes_check_vgprs(step, "the data registers", vdata, r.registers + tfe))
        return GCN_RUN_FAULT;
    const emu_data_format_layout *layout = emu_data_format_layout_of(resource->data_format);
    bool readable = emu_format_readable(resource->data_format, resource->num_format);
    /* A packed XYZ writes the low half of its second register only. */
    bool keep_high = r.packed && (r.components % 2);
    uint32_t mask = r.high ? 0xffff0000u : keep_high && r.registers == 1 ? 0x0000ffffu : 0xffffffffu;
    uint32_t values[5][GCN_WAVE_LANES] = {{0}};
    for (uint64_t lanes = context->exec; lanes; lanes &= lanes - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(lanes);
        uint32_t xyzw[4] = {0}, selected[4] = {0};
        if (readable) {
            uint8_t element[16] = {0};
            if (!element_dwords(context, lane, element, layout->bytes, false))
                return GCN_RUN_FAULT;
            emu_format_load(resource->data_format, resource->num_format, element, xyzw);
            for (unsigned i = 0; i < 4; i++)
                selected[i] = emu_format_select(xyzw, resource->dst_sel[i], resource->num_format);
        }
        if (keep_high && r.registers > 1)
            values[r.registers - 1][lane] = step->wave->vgpr[vdata + r.registers - 1][lane] & 0xffff0000u;
        for (unsigned i = 0; i < r.components; i++) {
            unsigned reg, shift;
            place(&r, i, &reg, &shift);
            uint32_t value = r.d16 ? emu_format_to_d16(selected[i], resource->num_format) : selected[i];
            values[reg][lane] |= value << shift;
        }
    }
    if (lds) {
        /* buffer_load_format_x lds: X to LDS_BASE + (M0&0xffff) + LANEID*4. */
        uint32_t base = emu_read_sgpr(step, GCN_CODE_M0) & 0xffff;
        for (uint64_t lanes = context->exec; lanes; lanes &= lanes - 1) {
            unsigned lane = (unsigned)__builtin_ctzll(lanes);
            uint8_t *bytes = emu_lds_span(step->wave, base + lane * 4u, 4);
            if (!bytes)
                return emu_fault_at(step, (int)lane, base + lane * 4u,
                                    "%s lds: the LDS offset is outside the workgroup's LDS",
                                    step->row->name);
            emu_store32(bytes, values[0][lane]);
        }
        emu_issue(step, GCN_COUNTER_VM, 1, true);
        return GCN_RUN_RUNNING;
    }
    if (tfe)
        mask = emu_lanes_whole(step, vdata, r.registers, context->exec, mask, values);
    return mubuf_finish_load(context, vdata, r.registers + tfe, mask, values);
}

gcn_run_status mubuf_store_format(const mubuf_context *context)
{
    emu_step *step = context->step;
    const emu_buffer_resource *resource = &context->resource;
    format_registers r = registers_of(step);
    unsigned vdata = emu_mubuf_vdata(step->instruction);
    if (emu_has_modifier(step->instruction, GCN_MOD_LDS))
        return emu_fault(step, -1, "%s has no lds form", step->row->name);
    const uint32_t *data[4];
    if (!emu_lanes_read(step, vdata, r.registers, data))
        return GCN_RUN_FAULT;
    if (!emu_format_writable(resource->data_format, resource->num_format)) {
        emu_diagnose(step->wave, step->pc, step->pc, "format",
                     "%s: data format %u with number format %u cannot be stored: nothing written",
                     step->row->name, resource->data_format, resource->num_format);
        return mubuf_finish_store(context, vdata, r.registers);
    }
    unsigned bytes = emu_data_format_layout_of(resource->data_format)->bytes;
    for (uint64_t lanes = context->exec; lanes; lanes &= lanes - 1) {
        unsigned lane = (unsigned)__builtin_ctzll(lanes);
        uint32_t xyzw[4];
        for (unsigned i = 0; i < r.components; i++) {
            unsigned reg, shift;
            place(&r, i, &reg, &shift);
            uint32_t value = data[reg][lane] >> shift;
            xyzw[i] = r.d16 ? emu_format_from_d16((uint16_t)value, resource->num_format) : value;
        }
        uint8_t element[16] = {0};
        if (!element_dwords(context, lane, element, bytes, false))
            return GCN_RUN_FAULT;
        emu_format_store(resource->data_format, resource->num_format, xyzw, r.components, element);
        if (!element_dwords(context, lane, element, bytes, true))
            return GCN_RUN_FAULT;
    }
    return mubuf_finish_store(context, vdata, r.registers);
}
