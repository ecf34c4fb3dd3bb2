/* MessagePack to YAML: msgpack-c unpacks the note, libyaml's emitter
 * writes the document. */
#include "object/metadata_read.h"

#include <ctype.h>
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

typedef struct output {
    char *data;
    size_t length, capacity;
    bool failed;
} output;

static int write_output(void *context, unsigned char *buffer, size_t size)
{
    output *out = context;
    if (out->length + size + 1 > out->capacity) {
        size_t capacity = (out->length + size + 1) * 2;
        char *grown = realloc(out->data, capacity);
        if (!grown) {
            out->failed = true;
            return 0;
        }
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->length, buffer, size);
    out->length += size;
    out->data[out->length] = '\0';
    return 1;
}

/* Whether a plain scalar of this text would read back as something other
 * than a string (a number, a boolean, null): such a string is quoted. */
static bool reads_as_other_type(const char *text, size_t length)
{
    /* YAML 1.1's booleans and null, as llvm-mc 14 reads plain scalars */
    static const char *const words[] = {"true", "false", "yes", "no", "on",   "off", "y",
                                        "n",    "null",  "~",   ".inf", "-.inf", "+.inf", ".nan"};
    if (length == 0)
        return true;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i]) == length && strncasecmp(text, words[i], length) == 0)
            return true;
    /* anything that starts as a number may read as one (0o17, 1_000, 0b1,
     * .5, -.5e3): quoted */
    const char *at = text + (text[0] == '+' || text[0] == '-');
    if (at < text + length && (isdigit((unsigned char)*at) ||
                               (*at == '.' && at + 1 < text + length && isdigit((unsigned char)at[1]))))
        return true;
    char copy[64], *end;
    if (length >= sizeof copy)
        return false;
    memcpy(copy, text, length);
    copy[length] = '\0';
    (void)strtod(copy, &end);
    if (*end == '\0')
        return true;
    (void)strtoull(copy, &end, 0);
    return *end == '\0';
}

static bool scalar(yaml_emitter_t *emitter, const char *text, size_t length, bool string)
{
    yaml_event_t event;
    /* llvm-mc 14 types a scalar by its text, quoted or not: a string that
     * reads as another type takes the tag !str, as LLVM writes it */
    bool tagged = string && reads_as_other_type(text, length);
    return yaml_scalar_event_initialize(&event, NULL, tagged ? (yaml_char_t *)"!str" : NULL,
                                        (yaml_char_t *)text, (int)length, !tagged, 0,
                                        tagged ? YAML_SINGLE_QUOTED_SCALAR_STYLE
                                               : YAML_ANY_SCALAR_STYLE) &&
           yaml_emitter_emit(emitter, &event);
}

/* One MessagePack object and what it holds (msgpack-c bounds the depth). */
static bool emit(yaml_emitter_t *emitter, const msgpack_object *object, char *error,
                 size_t error_size)
{
    yaml_event_t event;
    char number[64];
    switch (object->type) {
    case MSGPACK_OBJECT_NIL:
        return scalar(emitter, "~", 1, false);
    case MSGPACK_OBJECT_BOOLEAN:
        return object->via.boolean ? scalar(emitter, "true", 4, false)
                                   : scalar(emitter, "false", 5, false);
    case MSGPACK_OBJECT_POSITIVE_INTEGER:
        snprintf(number, sizeof number, "%llu", (unsigned long long)object->via.u64);
        return scalar(emitter, number, strlen(number), false);
    case MSGPACK_OBJECT_NEGATIVE_INTEGER:
        snprintf(number, sizeof number, "%lld", (long long)object->via.i64);
        return scalar(emitter, number, strlen(number), false);
    case MSGPACK_OBJECT_FLOAT32:
    case MSGPACK_OBJECT_FLOAT64:
        snprintf(number, sizeof number, "%.17g", object->via.f64);
        if (!strpbrk(number, ".eni")) /* keep it a float when read back */
            strcat(number, ".0");
        return scalar(emitter, number, strlen(number), false);
    case MSGPACK_OBJECT_STR:
        return scalar(emitter, object->via.str.ptr, object->via.str.size, true);
    case MSGPACK_OBJECT_ARRAY:
        if (!yaml_sequence_start_event_initialize(&event, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE) ||
            !yaml_emitter_emit(emitter, &event))
            return false;
        for (uint32_t i = 0; i < object->via.array.size; i++)
            if (!emit(emitter, &object->via.array.ptr[i], error, error_size))
                return false;
        return yaml_sequence_end_event_initialize(&event) && yaml_emitter_emit(emitter, &event);
    case MSGPACK_OBJECT_MAP:
        if (!yaml_mapping_start_event_initialize(&event, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE) ||
            !yaml_emitter_emit(emitter, &event))
            return false;
        for (uint32_t i = 0; i < object->via.map.size; i++)
            if (!emit(emitter, &object->via.map.ptr[i].key, error, error_size) ||
                !emit(emitter, &object->via.map.ptr[i].val, error, error_size))
                return false;
        return yaml_mapping_end_event_initialize(&event) && yaml_emitter_emit(emitter, &event);
    default:
        snprintf(error, error_size, "the metadata holds binary or extension data, which YAML "
                                    "text cannot give back");
        return false;
    }
}

/* Whether the arrays and maps the data declares fit in it: msgpack-c
 * allocates room for a declared count of elements before it reads one (an
 * array of 2^32 - 1 elements in five bytes asks for 128 GiB), so the
 * counts are checked first, against the bytes left. Only the headers'
 * sizes are read here; msgpack-c reads the values. */
static bool counts_fit(const uint8_t *bytes, size_t size)
{
    /* bytes after the type byte before the length, for 0xc4 .. 0xdf */
    size_t at = 0, pending = 1;
    while (pending > 0 && at < size) {
        uint8_t type = bytes[at++];
        pending--;
        uint64_t length = 0, count = 0;
        size_t field = 0;
        if (type <= 0x7f || type >= 0xe0 || type == 0xc0 || type == 0xc2 || type == 0xc3)
            continue;
        if (type >= 0x80 && type <= 0x9f) {
            count = (uint64_t)(type & 0x0f) << (type <= 0x8f); /* a map: keys and values */
        } else if (type >= 0xa0 && type <= 0xbf) {
            length = type & 0x1f;
        } else {
            switch (type) {
            case 0xc4: case 0xc7: case 0xd9: field = 1; break;
            case 0xc5: case 0xc8: case 0xda: case 0xdc: case 0xde: field = 2; break;
            case 0xc6: case 0xc9: case 0xdb: case 0xdd: case 0xdf: field = 4; break;
            case 0xca: length = 4; break;
            case 0xcb: length = 8; break;
            case 0xcc: case 0xd0: length = 1; break;
            case 0xcd: case 0xd1: length = 2; break;
            case 0xce: case 0xd2: length = 4; break;
            case 0xcf: case 0xd3: length = 8; break;
            case 0xd4: length = 2; break;
            case 0xd5: length = 3; break;
            case 0xd6: length = 5; break;
            case 0xd7: length = 9; break;
            case 0xd8: length = 17; break;
            default: return true; /* 0xc1: msgpack-c refuses it */
            }
            if (field) {
                if (size - at < field)
                    return true; /* cut short: msgpack-c says so */
                uint64_t value = 0;
                for (size_t i = 0; i < field; i++)
                    value = value << 8 | bytes[at + i];
                at += field;
                if (type >= 0xdc)
                    count = type >= 0xde ? value * 2 : value;
                else
                    length = value + (type >= 0xc7 && type <= 0xc9); /* ext: its type byte */
            }
        }
        if (count) {
            if (count > size - at || pending > size - at - count)
                return false;
            pending += count;
        }
        if (length > size - at)
            return true;
        at += length;
    }
    return true;
}

bool gcn_metadata_to_yaml(const uint8_t *bytes, size_t size, char **text, size_t *length,
                          char *error, size_t error_size)
{
    if (error_size)
        error[0] = '\0';
    if (!counts_fit(bytes, size)) {
        snprintf(error, error_size,
                 "the metadata note declares an array or map of more elements than its %zu bytes "
                 "hold",
                 size);
        return false;
    }
    msgpack_unpacked unpacked;
    msgpack_unpacked_init(&unpacked);
    size_t used = 0;
    msgpack_unpack_return status = msgpack_unpack_next(&unpacked, (const char *)bytes, size, &used);
    if (status != MSGPACK_UNPACK_SUCCESS || used != size) {
        snprintf(error, error_size, "the metadata note is not one MessagePack document (%s)",
                 status == MSGPACK_UNPACK_SUCCESS ? "bytes follow it"
                 : status == MSGPACK_UNPACK_CONTINUE ? "it is cut short"
                 : status == MSGPACK_UNPACK_NOMEM_ERROR ? "it declares more than memory holds"
                                                        : "bad data");
        msgpack_unpacked_destroy(&unpacked);
        return false;
    }
    output out = {0};
    yaml_emitter_t emitter;
    yaml_event_t event;
    bool ok = yaml_emitter_initialize(&emitter);
    if (ok) {
        yaml_emitter_set_output(&emitter, write_output, &out);
        yaml_emitter_set_unicode(&emitter, 1);
        yaml_emitter_set_width(&emitter, -1);
        ok = yaml_stream_start_event_initialize(&event, YAML_UTF8_ENCODING) &&
             yaml_emitter_emit(&emitter, &event) &&
             yaml_document_start_event_initialize(&event, NULL, NULL, NULL, 0) &&
             yaml_emitter_emit(&emitter, &event) &&
             emit(&emitter, &unpacked.data, error, error_size) &&
             yaml_document_end_event_initialize(&event, 0) && yaml_emitter_emit(&emitter, &event) &&
             yaml_stream_end_event_initialize(&event) && yaml_emitter_emit(&emitter, &event) &&
             yaml_emitter_flush(&emitter);
        if (!ok && !*error)
            snprintf(error, error_size, "the metadata cannot be written as YAML: %s",
                     emitter.problem ? emitter.problem : out.failed ? "out of memory" : "unknown");
        yaml_emitter_delete(&emitter);
    } else {
        snprintf(error, error_size, "out of memory");
    }
    msgpack_unpacked_destroy(&unpacked);
    if (!ok || !out.data) {
        if (ok)
            snprintf(error, error_size, "the metadata is empty");
        free(out.data);
        return false;
    }
    *text = out.data;
    *length = out.length;
    return true;
}
