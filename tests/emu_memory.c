/* Unit tests of the emulator's memory pieces that need no machine: the
 * buffer resource and buffer addressing, the data and number formats, the
 * atomic operations, FLAT/GLOBAL/SCRATCH addressing. Every expected value is
 * worked out by hand from the CLRX GCN ISA pages (the MUBUF page's "Buffer
 * addressing", CLRX's memory handling page for the field codes and formats,
 * the FLAT page); each case names the sentence it checks. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "emu/atomic.h"
#include "emu/buffer.h"
#include "emu/flat_address.h"
#include "emu/format.h"
#include "support/harness.h"

static test_summary summary = {"emu_memory", 0, 0, 0};

#define CHECK_EQ(actual, expected, what)                                             \
    do {                                                                             \
        uint64_t actual_ = (uint64_t)(actual), expected_ = (uint64_t)(expected);     \
        if (actual_ == expected_) {                                                  \
            test_pass(&summary);                                                     \
        } else {                                                                     \
            printf("  (tests/emu_memory.c:%d) ", __LINE__);                         \
            test_fail(&summary, "%s: got 0x%llx, expected 0x%llx", what,             \
                      (unsigned long long)actual_, (unsigned long long)expected_);   \
        }                                                                            \
    } while (0)

/* ---- buffer resource ---- */

typedef struct resource_fields {
    uint64_t base;
    uint32_t stride, num_records;
    unsigned dst_sel[4], num_format, data_format, element_code, index_code;
    bool swizzle, tid;
} resource_fields;

/* The four dwords of a V#, each field at the bits of the MUBUF page's table. */
static void make_words(const resource_fields *f, uint32_t words[4])
{
    words[0] = (uint32_t)f->base;
    words[1] = (uint32_t)(f->base >> 32) & 0xffff;
    words[1] |= (f->stride & 0x3fff) << 16 | (uint32_t)f->swizzle << 31;
    words[2] = f->num_records;
    words[3] = f->dst_sel[0] | f->dst_sel[1] << 3 | f->dst_sel[2] << 6 | f->dst_sel[3] << 9 |
               f->num_format << 12 | f->data_format << 15 | f->element_code << 19 |
               f->index_code << 21 | (uint32_t)f->tid << 23;
}

static emu_buffer_resource make_resource(gcn_arch arch, const resource_fields *f)
{
    uint32_t words[4];
    make_words(f, words);
    emu_buffer_resource resource;
    emu_buffer_resource_decode(arch, words, &resource);
    return resource;
}

static void test_resource_fields(void)
{
    /* The table: BASE 0-47, STRIDE 48-61, swizzle 63, NUMRECORDS 64-95,
     * DST_SEL 96-107, NUMFORMAT 108-110, DATAFORMAT 111-114, ELEMSIZE
     * 115-116, INDEXSTRIDE 117-118, TID_ENABLE 119. */
    uint32_t words[4] = {0x12345678, 0x80300abc, 0x100, 0x006f7fac};
    emu_buffer_resource r;
    emu_buffer_resource_decode(GCN_ARCH_GCN10, words, &r);
    CHECK_EQ(r.base, 0xabc12345678ull, "BASE is bits 0-47");
    CHECK_EQ(r.stride, 0x30, "STRIDE is bits 48-61");
    CHECK_EQ(r.swizzle, 1, "bit 63 enables swizzle");
    CHECK_EQ(r.cache_swizzle, 0, "bit 62 clear");
    CHECK_EQ(r.num_records, 0x100, "NUMRECORDS is bits 64-95");
    for (unsigned i = 0; i < 4; i++)
        CHECK_EQ(r.dst_sel[i], 4 + i, "DST_SEL_X..W are bits 96-107");
    CHECK_EQ(r.num_format, 7, "NUMFORMAT is bits 108-110");
    CHECK_EQ(r.data_format, 14, "DATAFORMAT is bits 111-114");
    CHECK_EQ(r.element_size, 4, "ELEMSIZE code 1: 2<<1 = 4 bytes");
    CHECK_EQ(r.index_stride, 64, "INDEXSTRIDE code 3: 8<<3 = 64");
    CHECK_EQ(r.tid_enable, 0, "bit 119 clear");
    /* Every code of ELEMSIZE (2<<code) and INDEXSTRIDE (8<<code). */
    static const unsigned element_sizes[4] = {2, 4, 8, 16}, index_strides[4] = {8, 16, 32, 64};
    for (unsigned code = 0; code < 4; code++) {
        resource_fields f = {.element_code = code, .index_code = code};
        CHECK_EQ(make_resource(GCN_ARCH_GCN11, &f).element_size, element_sizes[code], "ELEMSIZE code");
        CHECK_EQ(make_resource(GCN_ARCH_GCN12, &f).index_stride, index_strides[code], "INDEXSTRIDE code");
        /* GCN 1.4 has no ELEMSIZE field: dwords whatever bits 115-116 hold. */
        CHECK_EQ(make_resource(GCN_ARCH_GCN14, &f).element_size, 4, "GCN 1.4 element size");
    }
    /* TID_ENABLE: on GCN 1.2/1.4 DATAFORMAT holds stride bits 14-17. */
    resource_fields f = {.stride = 0x30, .data_format = 14, .tid = true};
    CHECK_EQ(make_resource(GCN_ARCH_GCN11, &f).stride, 0x30, "GCN 1.1 stride with TID_ENABLE");
    CHECK_EQ(make_resource(GCN_ARCH_GCN12, &f).stride, 0x38030, "GCN 1.2 stride with TID_ENABLE");
    CHECK_EQ(make_resource(GCN_ARCH_GCN14, &f).stride, 0x38030, "GCN 1.4 stride with TID_ENABLE");
    f.tid = false;
    CHECK_EQ(make_resource(GCN_ARCH_GCN14, &f).stride, 0x30, "GCN 1.4 stride without TID_ENABLE");
}

static emu_buffer_address lane_address(const emu_buffer_resource *r, const emu_buffer_request *q,
                                       uint32_t v0, uint32_t v1, unsigned lane, uint32_t delta)
{
    emu_buffer_address a;
    emu_buffer_lane_address(r, q, v0, v1, lane, delta, &a);
    return a;
}

static void test_index_offset_table(void)
{
    /* BUFOFFSET = (UINT32)(AINDEX*STRIDE) + AOFFSET; base = BASE + SGPR offset;
     * AOFFSET = OFFSET + (OFFEN ? VGPR_OFFSET : 0);
     * AINDEX = (IDXEN ? VGPR_INDEX : 0). VADDR = 7, VADDR+1 = 9. */
    resource_fields f = {.base = 0x1000, .stride = 16, .num_records = 100};
    emu_buffer_resource r = make_resource(GCN_ARCH_GCN12, &f);
    emu_buffer_request q = {.offset = 4, .soffset = 0x20};
    /* IDXEN 0, OFFEN 0: no VGPR: 0x1000 + 0x20 + 4 */
    emu_buffer_address a = lane_address(&r, &q, 7, 9, 0, 0);
    CHECK_EQ(a.address, 0x1024, "idxen 0 offen 0: address");
    CHECK_EQ(a.index, 0, "idxen 0 offen 0: index");
    CHECK_EQ(a.in_range, 1, "idxen 0 offen 0: 4 < 100 - 32");
    /* IDXEN 1, OFFEN 0: index VGPR[V] = 7: 7*16 + 4 = 116 */
    q.idxen = true;
    a = lane_address(&r, &q, 7, 9, 0, 0);
    CHECK_EQ(a.buffer_offset, 116, "idxen 1 offen 0: BUFOFFSET");
    CHECK_EQ(a.address, 0x1000 + 0x20 + 116, "idxen 1 offen 0: address");
    CHECK_EQ(a.in_range, 1, "idxen 1 offen 0: 7 < 100 and 4 < 16");
    /* IDXEN 0, OFFEN 1: offset VGPR[V] = 7: 4 + 7 = 11 */
    q.idxen = false, q.offen = true;
    a = lane_address(&r, &q, 7, 9, 0, 0);
    CHECK_EQ(a.offset, 11, "idxen 0 offen 1: AOFFSET");
    CHECK_EQ(a.address, 0x1000 + 0x20 + 11, "idxen 0 offen 1: address");
    /* IDXEN 1, OFFEN 1: index VGPR[V] = 7, offset VGPR[V+1] = 9: 112 + 13 */
    q.idxen = true;
    a = lane_address(&r, &q, 7, 9, 0, 0);
    CHECK_EQ(a.index, 7, "idxen 1 offen 1: index from VADDR");
    CHECK_EQ(a.offset, 13, "idxen 1 offen 1: offset from VADDR+1");
    CHECK_EQ(a.address, 0x1000 + 0x20 + 125, "idxen 1 offen 1: address");
    /* (UINT32)(AINDEX*STRIDE): 0x80000 * 0x2000 = 2^32 wraps to 0. */
    f.stride = 0x2000;
    r = make_resource(GCN_ARCH_GCN10, &f);
    q.offen = false;
    a = lane_address(&r, &q, 0x80000, 0, 0, 0);
    CHECK_EQ(a.buffer_offset, 4, "AINDEX*STRIDE is 32-bit");
}

static void test_range_checks(void)
{
    /* STRIDE=0: out of range if BUFOFFSET >= NUMRECORDS-SGPR_OFFSET. */
    resource_fields f = {.base = 0x2000, .num_records = 64};
    emu_buffer_resource r = make_resource(GCN_ARCH_GCN11, &f);
    emu_buffer_request q = {.offset = 3, .soffset = 16, .offen = true};
    CHECK_EQ(lane_address(&r, &q, 44, 0, 0, 0).in_range, 1, "raw: 47 < 64 - 16");
    CHECK_EQ(lane_address(&r, &q, 45, 0, 0, 0).in_range, 0, "raw: 48 >= 64 - 16");
    CHECK_EQ(lane_address(&r, &q, 41, 0, 0, 4).in_range, 0, "raw: the second dword, 48");
    q.soffset = 100;
    CHECK_EQ(lane_address(&r, &q, 0, 0, 0, 0).in_range, 0, "raw: SGPR offset above NUMRECORDS");
    /* STRIDE!=0 with IDXEN: out if AINDEX >= NUMRECORDS or OFFSET >= STRIDE. */
    f.stride = 16, f.num_records = 10;
    r = make_resource(GCN_ARCH_GCN12, &f);
    q = (emu_buffer_request){.offset = 4, .idxen = true, .offen = true};
    CHECK_EQ(lane_address(&r, &q, 9, 11, 0, 0).in_range, 1, "structured: index 9, offset 15");
    CHECK_EQ(lane_address(&r, &q, 10, 0, 0, 0).in_range, 0, "structured: index 10 >= 10");
    CHECK_EQ(lane_address(&r, &q, 9, 12, 0, 0).in_range, 0, "structured: offset 16 >= 16");
    CHECK_EQ(lane_address(&r, &q, 9, 8, 0, 0).in_range, 1, "structured: dword 0 at offset 12");
    CHECK_EQ(lane_address(&r, &q, 9, 8, 0, 4).in_range, 0, "structured: dword 1 at offset 16");
    /* STRIDE!=0 without IDXEN or TID_ENABLE: the raw rule on BUFOFFSET. */
    q = (emu_buffer_request){.offset = 9};
    CHECK_EQ(lane_address(&r, &q, 0, 0, 0, 0).in_range, 1, "stride, no index: 9 < 10");
    q.offset = 10;
    CHECK_EQ(lane_address(&r, &q, 0, 0, 0, 0).in_range, 0, "stride, no index: 10 >= 10");
}

static void test_tid_enable(void)
{
    /* AINDEX = (IDXEN ? VGPR_INDEX : 0) + (TID_ENABLE ? LANEID : 0) */
    resource_fields f = {.base = 0x4000, .stride = 8, .num_records = 64, .tid = true};
    emu_buffer_resource r = make_resource(GCN_ARCH_GCN10, &f);
    emu_buffer_request q = {.soffset = 0x100};
    emu_buffer_address a = lane_address(&r, &q, 0, 0, 5, 0);
    CHECK_EQ(a.index, 5, "TID_ENABLE: lane 5 is index 5");
    CHECK_EQ(a.address, 0x4000 + 0x100 + 40, "TID_ENABLE: 5*8");
    CHECK_EQ(lane_address(&r, &q, 0, 0, 63, 0).in_range, 1, "TID_ENABLE: 63 < 64");
    q.idxen = true;
    a = lane_address(&r, &q, 10, 0, 5, 0);
    CHECK_EQ(a.index, 15, "TID_ENABLE with IDXEN: 10 + 5");
    CHECK_EQ(a.buffer_offset, 120, "TID_ENABLE with IDXEN: 15*8");
    f.num_records = 32;
    r = make_resource(GCN_ARCH_GCN10, &f);
    q.idxen = false;
    CHECK_EQ(lane_address(&r, &q, 0, 0, 40, 0).in_range, 0, "TID_ENABLE: index 40 >= 32");
    CHECK_EQ(lane_address(&r, &q, 0, 0, 31, 0).in_range, 1, "TID_ENABLE: index 31 < 32");
}

static void test_swizzle(void)
{
    /* BUFOFFSET = AOFFSET_LSB + ELEMSIZE*AINDEX_LSB +
     *             INDEXSTRIDE*(AINDEX_MSB*STRIDE + AOFFSET_MSB*ELEMSIZE) */
    static const struct {
        gcn_arch arch;
        unsigned element_code, index_code;
        uint32_t stride, index, offset, expected;
    } cases[] = {
        /* 4 bytes, 8: index 10 = 1*8+2, offset 6 = 1*4+2: 2 + 8 + 8*(16+4) */
        {GCN_ARCH_GCN10, 1, 0, 16, 10, 6, 170},
        /* 16 bytes, 64: index 70 = 64+6, offset 20 = 16+4: 4 + 96 + 64*(32+16) */
        {GCN_ARCH_GCN11, 3, 3, 32, 70, 20, 3172},
        /* 2 bytes, 16: index 17 = 16+1, offset 5 = 2*2+1: 1 + 2 + 16*(4+4) */
        {GCN_ARCH_GCN12, 0, 1, 4, 17, 5, 131},
        /* 8 bytes, 32: index 33 = 32+1, offset 9 = 8+1: 1 + 8 + 32*(8+8) */
        {GCN_ARCH_GCN12, 2, 2, 8, 33, 9, 521},
        /* GCN 1.4, dwords: index 70 = 64+6, offset 20 = 5*4: 0 + 24 + 64*(32+20) */
        {GCN_ARCH_GCN14, 3, 3, 32, 70, 20, 3352},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        resource_fields f = {.base = 0x10000, .stride = cases[i].stride, .num_records = 1000,
                             .swizzle = true, .element_code = cases[i].element_code,
                             .index_code = cases[i].index_code};
        emu_buffer_resource r = make_resource(cases[i].arch, &f);
        emu_buffer_request q = {.offset = cases[i].offset, .idxen = true};
        emu_buffer_address a = lane_address(&r, &q, cases[i].index, 0, 0, 0);
        CHECK_EQ(a.buffer_offset, cases[i].expected, "swizzle BUFOFFSET");
        CHECK_EQ(a.address, 0x10000 + cases[i].expected, "swizzle address");
    }
    /* The dwords of one access are swizzled one by one: with 4-byte
     * elements and INDEXSTRIDE 8, dword 1 of lane index 0 lies 8*4 further. */
    resource_fields f = {.stride = 16, .num_records = 100, .swizzle = true, .element_code = 1};
    emu_buffer_resource r = make_resource(GCN_ARCH_GCN11, &f);
    emu_buffer_request q = {.idxen = true};
    CHECK_EQ(lane_address(&r, &q, 0, 0, 0, 4).buffer_offset, 32, "swizzle: second dword");
}

static void test_addr64(void)
{
    /* ADDRESS = BASE + VGPR_ADDRESS + OFFSET + SGPR_OFFSET; no range check;
     * OFFEN and IDXEN only without it (ignored). */
    resource_fields f = {.base = 0x100000000ull, .stride = 16, .num_records = 0, .tid = true};
    emu_buffer_resource r = make_resource(GCN_ARCH_GCN10, &f);
    emu_buffer_request q = {.offset = 8, .soffset = 0x10, .addr64 = true, .idxen = true};
    emu_buffer_address a = lane_address(&r, &q, 0xfffffff0u, 2, 7, 0);
    CHECK_EQ(a.address, 0x400000008ull, "ADDR64: 0x1_00000000 + 0x2_fffffff0 + 8 + 0x10");
    CHECK_EQ(a.in_range, 1, "ADDR64: no range checking, NUMRECORDS 0");
    CHECK_EQ(lane_address(&r, &q, 0xfffffff0u, 2, 7, 4).address, 0x40000000cull, "ADDR64: dword 1");
    /* For 32-bit and wider operations, an address are aligned to 4 bytes;
     * for 16-bit operations, to 2 bytes. */
    CHECK_EQ(emu_buffer_align(0x1003, 4), 0x1000, "align dword");
    CHECK_EQ(emu_buffer_align(0x1007, 8), 0x1004, "align 64-bit: to 4");
    CHECK_EQ(emu_buffer_align(0x1003, 2), 0x1002, "align short");
    CHECK_EQ(emu_buffer_align(0x1003, 1), 0x1003, "byte: no alignment");
}

/* ---- data and number formats ---- */

static uint32_t load_one(unsigned data_format, unsigned num_format, uint32_t element,
                         unsigned component)
{
    uint8_t bytes[16] = {0};
    memcpy(bytes, &element, 4);
    uint32_t values[4];
    emu_format_load(data_format, num_format, bytes, values);
    return values[component];
}

static uint32_t store_one(unsigned data_format, unsigned num_format, uint32_t value)
{
    uint8_t bytes[16] = {0};
    emu_format_store(data_format, num_format, &value, 1, bytes);
    uint32_t element;
    memcpy(&element, bytes, 4);
    return element;
}

#define ONE 0x3f800000u
#define MINUS_ONE 0xbf800000u

static void test_format_loads(void)
{
    /* Components from the lowest bit: "10_11_11: two 11-bit and one 10-bit
     * components from lowest bit". */
    const emu_data_format_layout *layout = emu_data_format_layout_of(EMU_DATA_FORMAT_10_11_11);
    CHECK_EQ(layout->bits[0] == 11 && layout->bits[1] == 11 && layout->bits[2] == 10, 1, "10_11_11");
    layout = emu_data_format_layout_of(EMU_DATA_FORMAT_10_10_10_2);
    CHECK_EQ(layout->bits[0] == 2 && layout->bits[3] == 10 && layout->bytes == 4, 1, "10_10_10_2");
    CHECK_EQ(emu_data_format_layout_of(EMU_DATA_FORMAT_32_32_32)->bytes, 12, "32_32_32 bytes");
    CHECK_EQ(emu_data_format_layout_of(0) == NULL, 1, "code 0 is invalid");
    CHECK_EQ(emu_data_format_layout_of(15) == NULL, 1, "code 15 is reserved");
    /* UNORM: unsigned normalized (0:1). */
    CHECK_EQ(load_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_UNORM, 0xff, 0), ONE, "unorm 8 0xff");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_UNORM, 0, 0), 0, "unorm 8 0");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_UNORM, 0xffff, 0), ONE, "unorm 16 max");
    float third = 1.0f / 3.0f;   /* 2-bit unorm 1: 1/3, the float nearest */
    uint32_t third_bits;
    memcpy(&third_bits, &third, 4);
    CHECK_EQ(load_one(EMU_DATA_FORMAT_10_10_10_2, EMU_NUM_FORMAT_UNORM, 1, 0), third_bits, "unorm 2-bit 1");
    /* SNORM: (-1:1), data MIN+1:MAX, so MIN is -1 too. */
    CHECK_EQ(load_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_SNORM, 0x7f, 0), ONE, "snorm 127");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_SNORM, 0x81, 0), MINUS_ONE, "snorm -127");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_SNORM, 0x80, 0), MINUS_ONE, "snorm -128");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_SNORM, 0, 0), 0, "snorm 0");
    /* SNORM_OGL: data MIN:MAX onto -1:1, (2x+1)/(2^n-1). */
    CHECK_EQ(load_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_SNORM_OGL, 0x7f, 0), ONE, "snorm_ogl 127");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_SNORM_OGL, 0x80, 0), MINUS_ONE, "snorm_ogl -128");
    /* USCALED/SSCALED: the integer as a float. */
    CHECK_EQ(load_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_USCALED, 0xc8, 0), 0x43480000, "uscaled 200");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_SSCALED, 0xc8, 0), 0xc2600000, "sscaled -56");
    /* UINT/SINT: zero and sign extended. */
    CHECK_EQ(load_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_UINT, 0xfffe, 0), 0xfffe, "uint 16");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_SINT, 0xfffe, 0), 0xfffffffe, "sint 16");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_8_8, EMU_NUM_FORMAT_SINT, 0x7f80, 0), 0xffffff80, "sint 8_8 X");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_8_8, EMU_NUM_FORMAT_SINT, 0x7f80, 1), 0x7f, "sint 8_8 Y");
    /* Missing components: 0, 0, 0 and 1 (1.0 for floats). */
    CHECK_EQ(load_one(EMU_DATA_FORMAT_8_8, EMU_NUM_FORMAT_SINT, 0x7f80, 2), 0, "missing Z");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_8_8, EMU_NUM_FORMAT_SINT, 0x7f80, 3), 1, "missing W int");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_UNORM, 0, 3), ONE, "missing W float");
    /* FLOAT 16: half floats, exact. */
    CHECK_EQ(load_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_FLOAT, 0x3c00, 0), ONE, "half 1.0");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_16_16, EMU_NUM_FORMAT_FLOAT, 0xc0000000u, 1), 0xc0000000u, "half -2.0");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_FLOAT, 0x7bff, 0), 0x477fe000, "half 65504");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_FLOAT, 0x0001, 0), 0x33800000, "half 2^-24");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_FLOAT, 0x03ff, 0), 0x387fc000, "half 1023*2^-24");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_FLOAT, 0x7c00, 0), 0x7f800000, "half inf");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_FLOAT, 0x7e00, 0), 0x7fc00000, "half NaN");
    /* 10_11_11 FLOAT: X 11-bit 1.0 (15<<6), Y 11-bit 2.0 (16<<6), Z 10-bit 0.5 (14<<5). */
    uint32_t packed = 0x3c0 | 0x400u << 11 | 0x1c0u << 22;
    CHECK_EQ(load_one(EMU_DATA_FORMAT_10_11_11, EMU_NUM_FORMAT_FLOAT, packed, 0), ONE, "11-bit 1.0");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_10_11_11, EMU_NUM_FORMAT_FLOAT, packed, 1), 0x40000000, "11-bit 2.0");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_10_11_11, EMU_NUM_FORMAT_FLOAT, packed, 2), 0x3f000000, "10-bit 0.5");
    /* 11_11_10 FLOAT: X 10-bit 1.0 (15<<5), Y 11-bit 0.5 (14<<6), Z 11-bit 4.0 (17<<6). */
    packed = 0x1e0 | 0x380u << 10 | 0x440u << 21;
    CHECK_EQ(load_one(EMU_DATA_FORMAT_11_11_10, EMU_NUM_FORMAT_FLOAT, packed, 0), ONE, "10-bit 1.0");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_11_11_10, EMU_NUM_FORMAT_FLOAT, packed, 1), 0x3f000000, "11-bit 0.5");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_11_11_10, EMU_NUM_FORMAT_FLOAT, packed, 2), 0x40800000, "11-bit 4.0");
    /* 2_10_10_10: X Y Z 10 bits from the lowest, W 2 bits on top. */
    packed = 0x3ff | 0x3ffu << 20 | 3u << 30;
    CHECK_EQ(load_one(EMU_DATA_FORMAT_2_10_10_10, EMU_NUM_FORMAT_UNORM, packed, 1), 0, "2_10_10_10 Y");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_2_10_10_10, EMU_NUM_FORMAT_UNORM, packed, 2), ONE, "2_10_10_10 Z");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_2_10_10_10, EMU_NUM_FORMAT_UNORM, packed, 3), ONE, "2_10_10_10 W");
    /* 10_10_10_2: X 2 bits at the bottom, then three 10-bit components. */
    packed = 2 | 0x155u << 2 | 0x2aau << 12 | 1u << 22;
    CHECK_EQ(load_one(EMU_DATA_FORMAT_10_10_10_2, EMU_NUM_FORMAT_UINT, packed, 0), 2, "10_10_10_2 X");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_10_10_10_2, EMU_NUM_FORMAT_UINT, packed, 1), 0x155, "10_10_10_2 Y");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_10_10_10_2, EMU_NUM_FORMAT_UINT, packed, 2), 0x2aa, "10_10_10_2 Z");
    CHECK_EQ(load_one(EMU_DATA_FORMAT_10_10_10_2, EMU_NUM_FORMAT_UINT, packed, 3), 1, "10_10_10_2 W");
    /* 8_8_8_8 and 32_32_32_32: each component in turn. */
    CHECK_EQ(load_one(EMU_DATA_FORMAT_8_8_8_8, EMU_NUM_FORMAT_UINT, 0x44332211, 2), 0x33, "8_8_8_8 Z");
    uint8_t wide[16] = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0};
    uint32_t values[4];
    CHECK_EQ(emu_format_load(EMU_DATA_FORMAT_32_32_32_32, EMU_NUM_FORMAT_UINT, wide, values), 1, "32x4");
    CHECK_EQ(values[3], 4, "32_32_32_32 W");
    CHECK_EQ(emu_format_load(EMU_DATA_FORMAT_32_32_32, EMU_NUM_FORMAT_FLOAT, wide, values), 1, "32x3");
    CHECK_EQ(values[2] == 3 && values[3] == ONE, 1, "32_32_32 FLOAT: Z raw, W 1.0");
    /* Pairs that are no format read 0. */
    CHECK_EQ(emu_format_load(EMU_DATA_FORMAT_INVALID, EMU_NUM_FORMAT_UINT, wide, values), 0, "invalid");
    CHECK_EQ(values[0] | values[3], 0, "invalid gives 0");
    CHECK_EQ(emu_format_load(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_FLOAT, wide, values), 0, "8-bit float");
    CHECK_EQ(emu_format_readable(EMU_DATA_FORMAT_2_10_10_10, EMU_NUM_FORMAT_FLOAT), 0, "2-bit float");
    /* DST_SEL: 0 zero, 1 one, 4..7 X..W. */
    uint32_t xyzw[4] = {10, 11, 12, 13};
    CHECK_EQ(emu_format_select(xyzw, 0, EMU_NUM_FORMAT_UINT), 0, "SEL 0");
    CHECK_EQ(emu_format_select(xyzw, 1, EMU_NUM_FORMAT_UINT), 1, "SEL 1 integer");
    CHECK_EQ(emu_format_select(xyzw, 1, EMU_NUM_FORMAT_SNORM), ONE, "SEL 1 float");
    CHECK_EQ(emu_format_select(xyzw, 6, EMU_NUM_FORMAT_UINT), 12, "SEL B is Z");
    CHECK_EQ(emu_format_select(xyzw, 7, EMU_NUM_FORMAT_UINT), 13, "SEL A is W");
    CHECK_EQ(emu_format_select(xyzw, 3, EMU_NUM_FORMAT_UINT), 0, "reserved SEL");
}

static void test_format_stores(void)
{
    /* UNORM: clamp to 0..1, times 2^n-1, to nearest even. */
    CHECK_EQ(store_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_UNORM, ONE), 0xff, "unorm 1.0");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_UNORM, 0x3f000000), 0x80, "unorm 0.5: 127.5 to 128");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_UNORM, 0x3f000000), 0x8000, "unorm16 0.5: 32767.5");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_10_10_10_2, EMU_NUM_FORMAT_UNORM, 0x3f000000), 2, "unorm2 0.5: 1.5");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_UNORM, 0x40000000), 0xff, "unorm 2.0 clamps");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_UNORM, MINUS_ONE), 0, "unorm -1 clamps");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_UNORM, 0x7fc00000), 0, "unorm NaN");
    /* SNORM: clamp to -1..1, times 2^(n-1)-1. */
    CHECK_EQ(store_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_SNORM, MINUS_ONE), 0x81, "snorm -1.0");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_SNORM, 0xc0000000u), 0x81, "snorm -2 clamps");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_SNORM, ONE), 0x7f, "snorm 1.0");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_SNORM, 0x3f000000), 0x40, "snorm 0.5: 63.5");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_SNORM, 0xbf000000u), 0xc0, "snorm -0.5");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_SNORM, 0x7fc00000), 0, "snorm NaN");
    /* UINT, SINT: saturated to the component. */
    CHECK_EQ(store_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_UINT, 300), 0xff, "uint 300");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_UINT, 5), 5, "uint 5");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_SINT, (uint32_t)-200), 0x80, "sint -200");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_SINT, 100), 0x64, "sint 100");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_SINT, (uint32_t)-1), 0xffff, "sint -1");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_32, EMU_NUM_FORMAT_UINT, 0xdeadbeef), 0xdeadbeef, "uint 32");
    /* FLOAT 16: round to nearest even. */
    CHECK_EQ(store_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_FLOAT, ONE), 0x3c00, "half 1.0");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_FLOAT, 0x3f801000), 0x3c00, "1+2^-11 ties down");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_FLOAT, 0x3f803000), 0x3c02, "1+3*2^-11 ties up");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_FLOAT, 0x477fef00), 0x7bff, "65519 to 65504");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_FLOAT, 0x477ff000), 0x7c00, "65520 to inf");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_FLOAT, 0x33000000), 0, "2^-25 ties to 0");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_FLOAT, 0x33400000), 1, "1.5*2^-25 to 2^-24");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_FLOAT, 0x38000000), 0x0200, "2^-15 denormal");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_FLOAT, 0x80000000u), 0x8000, "-0");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_FLOAT, 0x7fc00000), 0x7e00, "NaN");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_16, EMU_NUM_FORMAT_FLOAT, 0xff800000u), 0xfc00, "-inf");
    /* 11- and 10-bit floats: unsigned, a negative gives 0. */
    CHECK_EQ(store_one(EMU_DATA_FORMAT_10_11_11, EMU_NUM_FORMAT_FLOAT, ONE), 0x3c0, "11-bit 1.0");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_10_11_11, EMU_NUM_FORMAT_FLOAT, MINUS_ONE), 0, "11-bit -1");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_10_11_11, EMU_NUM_FORMAT_FLOAT, 0x7fc00000), 0x7e0, "11-bit NaN");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_10_11_11, EMU_NUM_FORMAT_FLOAT, 0x477e0000), 0x7bf, "11-bit max 65024");
    CHECK_EQ(store_one(EMU_DATA_FORMAT_11_11_10, EMU_NUM_FORMAT_FLOAT, 0x3f000000), 0x1c0, "10-bit 0.5");
    /* Components beyond count keep their bits. */
    uint8_t element[16] = {0xaa, 0xbb, 0xcc, 0xdd};
    uint32_t two[2] = {1, 2};
    CHECK_EQ(emu_format_store(EMU_DATA_FORMAT_8_8_8_8, EMU_NUM_FORMAT_UINT, two, 2, element), 1, "xy");
    CHECK_EQ(element[0] == 1 && element[1] == 2 && element[2] == 0xcc && element[3] == 0xdd, 1,
             "store_format_xy on 8_8_8_8 keeps Z and W");
    uint32_t xyzw[4] = {0, 0, 0, ONE};
    memset(element, 0, sizeof element);
    emu_format_store(EMU_DATA_FORMAT_2_10_10_10, EMU_NUM_FORMAT_UNORM, xyzw, 4, element);
    CHECK_EQ(element[3], 0xc0, "2_10_10_10 W 1.0 in the top two bits");
    /* USCALED, SSCALED and SNORM_OGL cannot be written. */
    element[0] = 0x55;
    CHECK_EQ(emu_format_store(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_USCALED, xyzw, 1, element), 0, "uscaled");
    CHECK_EQ(emu_format_store(EMU_DATA_FORMAT_8, EMU_NUM_FORMAT_SNORM_OGL, xyzw, 1, element), 0, "ogl");
    CHECK_EQ(element[0], 0x55, "nothing written");
    /* d16: a float type as a half, an integer type as its low 16 bits. */
    CHECK_EQ(emu_format_to_d16(ONE, EMU_NUM_FORMAT_UNORM), 0x3c00, "d16 of 1.0");
    CHECK_EQ(emu_format_to_d16(0x12345678, EMU_NUM_FORMAT_UINT), 0x5678, "d16 of uint");
    CHECK_EQ(emu_format_from_d16(0x8000, EMU_NUM_FORMAT_SINT), 0xffff8000u, "d16 sint");
    CHECK_EQ(emu_format_from_d16(0x8000, EMU_NUM_FORMAT_UINT), 0x8000, "d16 uint");
    CHECK_EQ(emu_format_from_d16(0x3c00, EMU_NUM_FORMAT_FLOAT), ONE, "d16 float");
    CHECK_EQ(emu_float_from_half(0x8000), 0x80000000u, "half -0");
    CHECK_EQ(emu_half_from_float(0x7f800000), 0x7c00, "half of inf");
}

/* Every data format with UINT, both ways: the components from the lowest
 * bit, as the memory handling page's table describes each ("10_11_11: two
 * 11-bit and one 10-bit components from lowest bit"), packed by hand. */
static void test_every_data_format(void)
{
    static const struct {
        unsigned format;
        uint32_t components[4];
        uint8_t bytes, element[16];
    } cases[] = {
        {EMU_DATA_FORMAT_8, {1}, 1, {0x01}},
        {EMU_DATA_FORMAT_16, {0x0102}, 2, {0x02, 0x01}},
        {EMU_DATA_FORMAT_8_8, {1, 2}, 2, {0x01, 0x02}},
        {EMU_DATA_FORMAT_32, {0x01020304}, 4, {0x04, 0x03, 0x02, 0x01}},
        {EMU_DATA_FORMAT_16_16, {1, 2}, 4, {0x01, 0x00, 0x02, 0x00}},
        /* 1 | 2<<11 | 3<<22 = 0x00c01001 */
        {EMU_DATA_FORMAT_10_11_11, {1, 2, 3}, 4, {0x01, 0x10, 0xc0, 0x00}},
        /* 1 | 2<<10 | 3<<21 = 0x00600801 */
        {EMU_DATA_FORMAT_11_11_10, {1, 2, 3}, 4, {0x01, 0x08, 0x60, 0x00}},
        /* 1 | 2<<2 | 3<<12 | 4<<22 = 0x01003009 */
        {EMU_DATA_FORMAT_10_10_10_2, {1, 2, 3, 4}, 4, {0x09, 0x30, 0x00, 0x01}},
        /* 1 | 2<<10 | 3<<20 | 1<<30 = 0x40300801 */
        {EMU_DATA_FORMAT_2_10_10_10, {1, 2, 3, 1}, 4, {0x01, 0x08, 0x30, 0x40}},
        {EMU_DATA_FORMAT_8_8_8_8, {1, 2, 3, 4}, 4, {0x01, 0x02, 0x03, 0x04}},
        {EMU_DATA_FORMAT_32_32, {1, 2}, 8, {1, 0, 0, 0, 2}},
        {EMU_DATA_FORMAT_16_16_16_16, {1, 2, 3, 4}, 8, {1, 0, 2, 0, 3, 0, 4}},
        {EMU_DATA_FORMAT_32_32_32, {1, 2, 3}, 12, {1, 0, 0, 0, 2, 0, 0, 0, 3}},
        {EMU_DATA_FORMAT_32_32_32_32, {1, 2, 3, 4}, 16, {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const emu_data_format_layout *layout = emu_data_format_layout_of(cases[i].format);
        CHECK_EQ(layout ? layout->bytes : 0, cases[i].bytes, "element bytes");
        uint32_t values[4];
        CHECK_EQ(emu_format_load(cases[i].format, EMU_NUM_FORMAT_UINT, cases[i].element, values), 1,
                 "readable as UINT");
        unsigned count = layout ? layout->count : 0;
        for (unsigned c = 0; c < 4; c++)
            CHECK_EQ(values[c], c < count ? cases[i].components[c] : c == 3 ? 1 : 0, "UINT load component");
        uint8_t element[16] = {0};
        CHECK_EQ(emu_format_store(cases[i].format, EMU_NUM_FORMAT_UINT, cases[i].components, 4, element),
                 1, "writable as UINT");
        CHECK_EQ(memcmp(element, cases[i].element, sizeof element), 0, "UINT store element");
    }
}

static void test_formats(void)
{
    test_format_loads();
    test_format_stores();
    test_every_data_format();
}

/* ---- atomics ---- */

static void test_atomics(void)
{
    static const struct {
        gcn_operation operation;
        bool wide;
        uint64_t old, data, compare, expected;
        const char *what;
    } cases[] = {
        {GCN_OP_ATOMIC_SWAP, false, 5, 9, 0, 9, "swap"},
        {GCN_OP_ATOMIC_SWAP, true, 5, 0x900000000ull, 0, 0x900000000ull, "swap_x2"},
        /* *VM==(VDATA>>32) ? VDATA&0xffffffff : *VM */
        {GCN_OP_ATOMIC_CMPSWAP, false, 5, 9, 5, 9, "cmpswap equal"},
        {GCN_OP_ATOMIC_CMPSWAP, false, 5, 9, 6, 5, "cmpswap different"},
        {GCN_OP_ATOMIC_CMPSWAP, true, 0x100000005ull, 9, 0x100000005ull, 9, "cmpswap_x2 equal"},
        {GCN_OP_ATOMIC_CMPSWAP, true, 0x100000005ull, 9, 5, 0x100000005ull, "cmpswap_x2 high differs"},
        {GCN_OP_ATOMIC_ADD, false, 0xffffffff, 2, 0, 1, "add wraps at 32 bits"},
        {GCN_OP_ATOMIC_ADD, true, 0xffffffff, 2, 0, 0x100000001ull, "add_x2 carries"},
        {GCN_OP_ATOMIC_ADD, false, 1, 0xffffffff00000001ull, 0, 2, "add: high data bits ignored"},
        {GCN_OP_ATOMIC_SUB, false, 1, 2, 0, 0xffffffff, "sub"},
        {GCN_OP_ATOMIC_SUB, true, 1, 2, 0, UINT64_MAX, "sub_x2"},
        /* RSUB: *VM = VDATA - *VM */
        {GCN_OP_ATOMIC_RSUB, false, 3, 10, 0, 7, "rsub"},
        {GCN_OP_ATOMIC_RSUB, false, 10, 3, 0, 0xfffffff9, "rsub negative"},
        {GCN_OP_ATOMIC_RSUB, true, 10, 3, 0, 0xfffffffffffffff9ull, "rsub_x2"},
        {GCN_OP_ATOMIC_SMIN, false, 0xffffffff, 1, 0, 0xffffffff, "smin -1, 1"},
        {GCN_OP_ATOMIC_UMIN, false, 0xffffffff, 1, 0, 1, "umin"},
        {GCN_OP_ATOMIC_SMAX, false, 0xffffffff, 1, 0, 1, "smax -1, 1"},
        {GCN_OP_ATOMIC_UMAX, false, 0xffffffff, 1, 0, 0xffffffff, "umax"},
        {GCN_OP_ATOMIC_SMIN, true, 0x8000000000000000ull, 0, 0, 0x8000000000000000ull, "smin_x2"},
        {GCN_OP_ATOMIC_SMAX, true, 0x8000000000000000ull, 0, 0, 0, "smax_x2"},
        {GCN_OP_ATOMIC_UMIN, true, 0x8000000000000000ull, 1, 0, 1, "umin_x2"},
        {GCN_OP_ATOMIC_UMAX, true, 0x8000000000000000ull, 1, 0, 0x8000000000000000ull, "umax_x2"},
        {GCN_OP_ATOMIC_AND, false, 0xf0f0, 0xff00, 0, 0xf000, "and"},
        {GCN_OP_ATOMIC_OR, false, 0xf0f0, 0xff00, 0, 0xfff0, "or"},
        {GCN_OP_ATOMIC_XOR, false, 0xf0f0, 0xff00, 0, 0x0ff0, "xor"},
        {GCN_OP_ATOMIC_XOR, true, 0xf0f0ull << 32, 0xff00ull << 32, 0, 0x0ff0ull << 32, "xor_x2"},
        /* INC: (*VM < VDATA) ? *VM+1 : 0 */
        {GCN_OP_ATOMIC_INC, false, 3, 5, 0, 4, "inc below"},
        {GCN_OP_ATOMIC_INC, false, 5, 5, 0, 0, "inc at the limit"},
        {GCN_OP_ATOMIC_INC, false, 7, 5, 0, 0, "inc above"},
        {GCN_OP_ATOMIC_INC, true, 0xffffffff, 0x100000000ull, 0, 0x100000000ull, "inc_x2"},
        /* DEC: (*VM <= VDATA && *VM!=0) ? *VM-1 : VDATA */
        {GCN_OP_ATOMIC_DEC, false, 3, 5, 0, 2, "dec"},
        {GCN_OP_ATOMIC_DEC, false, 5, 5, 0, 4, "dec at the limit"},
        {GCN_OP_ATOMIC_DEC, false, 0, 5, 0, 5, "dec of 0"},
        {GCN_OP_ATOMIC_DEC, false, 7, 5, 0, 5, "dec above"},
        {GCN_OP_ATOMIC_DEC, true, 0x100000000ull, UINT64_MAX, 0, 0xffffffff, "dec_x2"},
        /* Floats: +0 == -0 for FCMPSWAP; NaN equals nothing. */
        {GCN_OP_ATOMIC_FCMPSWAP, false, 0, ONE, 0x80000000u, ONE, "fcmpswap +0 == -0"},
        {GCN_OP_ATOMIC_FCMPSWAP, false, 0x7fc00000, ONE, 0x7fc00000, 0x7fc00000, "fcmpswap NaN"},
        {GCN_OP_ATOMIC_FCMPSWAP, true, 0x3ff0000000000000ull, 7, 0x3ff0000000000000ull, 7, "fcmpswap_x2"},
        {GCN_OP_ATOMIC_FMIN, false, ONE, 0xc0000000u, 0, 0xc0000000u, "fmin 1, -2"},
        {GCN_OP_ATOMIC_FMAX, false, ONE, 0xc0000000u, 0, ONE, "fmax 1, -2"},
        {GCN_OP_ATOMIC_FMIN, false, 0x7fc00000, 0x40400000, 0, 0x40400000, "fmin NaN, 3"},
        {GCN_OP_ATOMIC_FMAX, false, 0x40000000, 0x7fc00000, 0, 0x40000000, "fmax 2, NaN"},
        {GCN_OP_ATOMIC_FMIN, false, 0, 0x80000000u, 0, 0x80000000u, "fmin +0, -0"},
        {GCN_OP_ATOMIC_FMAX, false, 0x80000000u, 0, 0, 0, "fmax -0, +0"},
        {GCN_OP_ATOMIC_FMAX, true, 0x3ff0000000000000ull, 0x4000000000000000ull, 0,
         0x4000000000000000ull, "fmax_x2"},
        {GCN_OP_ATOMIC_FMIN, true, 0x3ff0000000000000ull, 0xbff0000000000000ull, 0,
         0xbff0000000000000ull, "fmin_x2"},
        {GCN_OP_LOAD, false, 5, 9, 0, 5, "not an atomic"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECK_EQ(emu_atomic(cases[i].operation, cases[i].wide, cases[i].old, cases[i].data,
                                  cases[i].compare),
                 cases[i].expected, cases[i].what);
}

/* ---- FLAT, GLOBAL, SCRATCH ---- */

static void test_flat_addresses(void)
{
    /* The defaults of gcn_machine_options_default (ROCm's on GCN 1.4). */
    uint64_t shared = 0x1000000000000ull, private = 0x2000000000000ull;
    uint64_t offset;
    CHECK_EQ(emu_flat_segment(shared, private, 0x0001000000001234ull, &offset), EMU_SEGMENT_LDS, "LDS");
    CHECK_EQ(offset, 0x1234, "LDS offset: the low 32 bits");
    CHECK_EQ(emu_flat_segment(shared, private, 0x00020000fffffffcull, &offset), EMU_SEGMENT_PRIVATE, "private");
    CHECK_EQ(offset, 0xfffffffc, "private offset");
    CHECK_EQ(emu_flat_segment(shared, private, 0x100000000ull, &offset), EMU_SEGMENT_GLOBAL, "global");
    CHECK_EQ(offset, 0x100000000ull, "global: the address");
    CHECK_EQ(emu_flat_segment(shared, private, 0x0003000000000000ull, &offset), EMU_SEGMENT_GLOBAL, "above");
    shared = 0x1234567800000000ull;
    CHECK_EQ(emu_flat_segment(shared, private, 0x1234567800000010ull, &offset), EMU_SEGMENT_LDS, "moved LDS");
    CHECK_EQ(emu_flat_segment(shared, private, 0x0001000000000010ull, &offset), EMU_SEGMENT_GLOBAL, "old LDS");
    /* FLAT: VADDR(2) + INST_OFFSET, 12-bit unsigned. */
    emu_flat_lane lane = {.vaddr0 = 0xfffffff0u, .vaddr1 = 1, .saddr_off = true};
    CHECK_EQ(emu_flat_lane_address(EMU_FLAT_FLAT, 0x10, &lane), 0x200000000ull, "flat carries");
    CHECK_EQ(emu_flat_lane_address(EMU_FLAT_FLAT, 0x1fff, &lane), 0x200000fefull, "flat: 12 bits");
    /* GLOBAL, SADDR off: VADDR(2) + 13-bit signed offset. */
    lane = (emu_flat_lane){.vaddr0 = 0, .vaddr1 = 1, .saddr_off = true};
    CHECK_EQ(emu_flat_lane_address(EMU_FLAT_GLOBAL, (uint32_t)-8, &lane), 0xfffffff8ull, "global off -8");
    /* GLOBAL with SADDR: SGPR pair + the 32-bit VGPR offset + offset. */
    lane = (emu_flat_lane){.vaddr0 = 0xfffffff0u, .vaddr1 = 0x77, .saddr = 0x200000000ull};
    CHECK_EQ(emu_flat_lane_address(EMU_FLAT_GLOBAL, 4, &lane), 0x2fffffff4ull, "global saddr");
    CHECK_EQ(emu_flat_lane_address(EMU_FLAT_GLOBAL, (uint32_t)-4096, &lane), 0x2ffffeff0ull,
             "global saddr -4096");
    /* SCRATCH: VADDR or SADDR, plus the signed offset. */
    lane = (emu_flat_lane){.vaddr0 = 0x100, .saddr_off = true};
    CHECK_EQ(emu_flat_lane_address(EMU_FLAT_SCRATCH, (uint32_t)-4, &lane), 0xfc, "scratch vaddr");
    lane = (emu_flat_lane){.vaddr0 = 0x999, .saddr = 0x40};
    CHECK_EQ(emu_flat_lane_address(EMU_FLAT_SCRATCH, 8, &lane), 0x48, "scratch saddr");
}

int main(void)
{
    test_resource_fields();
    test_index_offset_table();
    test_range_checks();
    test_tid_enable();
    test_swizzle();
    test_addr64();
    test_formats();
    test_atomics();
    test_flat_addresses();
    return test_finish(&summary);
}
