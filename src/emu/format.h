/* Data and number formats of the buffer format loads and stores
 * (buffer_load_format_*, buffer_store_format_*, their d16 forms), as the
 * CLRX GCN ISA pages give them (the memory handling page: data format codes
 * 0-15, number format codes 0-7, DST_SEL codes). Pure functions: an element
 * is its bytes in memory order (little-endian), a register value 32 bits. */
#ifndef GCN_EMU_FORMAT_H
#define GCN_EMU_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

enum {
    EMU_DATA_FORMAT_INVALID = 0, EMU_DATA_FORMAT_8 = 1, EMU_DATA_FORMAT_16 = 2,
    EMU_DATA_FORMAT_8_8 = 3, EMU_DATA_FORMAT_32 = 4, EMU_DATA_FORMAT_16_16 = 5,
    EMU_DATA_FORMAT_10_11_11 = 6, EMU_DATA_FORMAT_11_11_10 = 7,
    EMU_DATA_FORMAT_10_10_10_2 = 8, EMU_DATA_FORMAT_2_10_10_10 = 9,
    EMU_DATA_FORMAT_8_8_8_8 = 10, EMU_DATA_FORMAT_32_32 = 11,
    EMU_DATA_FORMAT_16_16_16_16 = 12, EMU_DATA_FORMAT_32_32_32 = 13,
    EMU_DATA_FORMAT_32_32_32_32 = 14, EMU_DATA_FORMAT_RESERVED = 15
};
enum {
    EMU_NUM_FORMAT_UNORM = 0, EMU_NUM_FORMAT_SNORM = 1, EMU_NUM_FORMAT_USCALED = 2,
    EMU_NUM_FORMAT_SSCALED = 3, EMU_NUM_FORMAT_UINT = 4, EMU_NUM_FORMAT_SINT = 5,
    EMU_NUM_FORMAT_SNORM_OGL = 6, EMU_NUM_FORMAT_FLOAT = 7
};

/* Components from the lowest bit: a name lists them from the highest
 * ("10_11_11" is X 11 bits, Y 11 bits, Z 10 bits). */
typedef struct emu_data_format_layout {
    uint8_t bytes;     /* of one element: 1, 2, 4, 8, 12 or 16 */
    uint8_t count;     /* components */
    uint8_t bits[4];   /* width of X, Y, Z, W */
} emu_data_format_layout;

/* NULL for INVALID (0) and the reserved code (15). */
const emu_data_format_layout *emu_data_format_layout_of(unsigned data_format);

/* Whether the pair can be read: FLOAT needs 16-bit, 32-bit, or the 11- and
 * 10-bit float components of 10_11_11 and 11_11_10; INVALID and 15 never. */
bool emu_format_readable(unsigned data_format, unsigned num_format);
/* Whether it can be written: also not USCALED, SSCALED, SNORM_OGL (the
 * memory handling page marks them read-only). */
bool emu_format_writable(unsigned data_format, unsigned num_format);

/* UINT and SINT give integers; the others floats. */
static inline bool emu_num_format_integer(unsigned num_format)
{
    return num_format == EMU_NUM_FORMAT_UINT || num_format == EMU_NUM_FORMAT_SINT;
}

/* Reads an element into X, Y, Z, W: converted to the number format's
 * register type, components the format lacks given as 0, 0, 0 and 1 (1.0
 * for a float type). false, and all four 0, if the pair is not readable. */
bool emu_format_load(unsigned data_format, unsigned num_format, const uint8_t *element,
                     uint32_t values[4]);

/* DST_SEL: 0, 1 (1.0 for a float type), or X..W of the loaded values;
 * the reserved codes 2 and 3 give 0. */
uint32_t emu_format_select(const uint32_t values[4], unsigned dst_sel, unsigned num_format);

/* Writes components 0..count-1 of values into element (the others keep
 * their bits; values beyond the format's components are ignored). Floats to
 * UNORM/SNORM: NaN is 0, clamped, scaled and rounded to nearest even;
 * integers saturate to the component's range; floats to 16/11/10-bit floats
 * round to nearest even (overflow gives infinity, an unsigned float takes 0
 * for a negative). false, with nothing written, if not writable. */
bool emu_format_store(unsigned data_format, unsigned num_format, const uint32_t *values,
                      unsigned count, uint8_t *element);

/* The d16 forms move 16-bit values: a float type as a 16-bit float, an
 * integer type as its low 16 bits (loads) or extended by its sign (stores). */
uint16_t emu_format_to_d16(uint32_t value, unsigned num_format);
uint32_t emu_format_from_d16(uint16_t value, unsigned num_format);

/* IEEE 754 binary16 <-> binary32 bits: exact one way, round to nearest
 * even the other (NaN stays a NaN, quiet). */
uint16_t emu_half_from_float(uint32_t value);
uint32_t emu_float_from_half(uint16_t value);

#endif
