/* YAML (libyaml) to MessagePack (msgpack-c) for the metadata note. */
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "object/metadata.h"

enum {
    MAX_DEPTH = 64,
    MAX_NODES = 1 << 20 /* nodes written, aliases counted each time: no alias bomb */
};

/* Scalar kinds in the order llvm's msgpack document sorts map keys. */
enum { KIND_INT, KIND_UINT, KIND_NIL, KIND_BOOLEAN, KIND_STRING, KIND_OTHER };

typedef struct scalar {
    int kind;
    uint64_t unsigned_value;
    int64_t signed_value;
    bool boolean;
    const char *text;
    size_t length;
} scalar;

/* An unsigned integer with a radix prefix, the whole text. */
static bool parse_unsigned(const char *text, size_t length, uint64_t *value)
{
    unsigned radix = 10;
    size_t i = 0;
    if (length >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        radix = 16;
        i = 2;
    } else if (length >= 2 && text[0] == '0' && (text[1] == 'b' || text[1] == 'B')) {
        radix = 2;
        i = 2;
    } else if (length >= 2 && text[0] == '0' && (text[1] == 'o' || text[1] == 'O')) {
        radix = 8;
        i = 2;
    } else if (length >= 2 && text[0] == '0') {
        radix = 8;
        i = 1;
    }
    if (i >= length)
        return false;
    uint64_t v = 0;
    for (; i < length; i++) {
        char c = text[i];
        unsigned digit = c >= '0' && c <= '9'   ? (unsigned)(c - '0')
                         : c >= 'a' && c <= 'z' ? (unsigned)(c - 'a' + 10)
                         : c >= 'A' && c <= 'Z' ? (unsigned)(c - 'A' + 10)
                                                : 99;
        if (digit >= radix || v > (UINT64_MAX - digit) / radix)
            return false;
        v = v * radix + digit;
    }
    *value = v;
    return true;
}

/* YAML 1.1's words for true and false, as llvm's YAML reader takes them. */
static int boolean_word(const char *text, size_t length)
{
    static const char *const words[] = {"y",   "Y",   "yes",  "Yes",  "YES",  "true", "True",
                                         "TRUE", "on", "On",   "ON",   "n",    "N",    "no",
                                         "No",  "NO",  "false", "False", "FALSE", "off", "Off", "OFF"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i]) == length && memcmp(words[i], text, length) == 0)
            return i < 11 ? 1 : 0;
    return -1;
}

/* Whether strtod reads the whole text (the empty text too, as llvm's
 * to_float takes it). */
static bool whole_float(const char *text, size_t length)
{
    char *copy = malloc(length + 1);
    if (!copy)
        return false;
    memcpy(copy, text, length);
    copy[length] = '\0';
    char *end;
    strtod(copy, &end);
    bool whole = *end == '\0' && strlen(copy) == length;
    free(copy);
    return whole;
}

static scalar classify(const char *text, size_t length)
{
    scalar s = {KIND_STRING, 0, 0, false, text, length};
    uint64_t u;
    if (parse_unsigned(text, length, &u)) {
        s.kind = KIND_UINT;
        s.unsigned_value = u;
        return s;
    }
    if (length > 1 && text[0] == '-' && parse_unsigned(text + 1, length - 1, &u) &&
        u <= (uint64_t)INT64_MAX + 1) {
        s.kind = KIND_INT;
        s.signed_value = u == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)u;
        return s;
    }
    int boolean = boolean_word(text, length);
    if (boolean >= 0) {
        s.kind = KIND_BOOLEAN;
        s.boolean = boolean == 1;
        return s;
    }
    /* A number with a fraction or an exponent (or none at all): llvm-mc 14
     * writes nil for it. */
    if (whole_float(text, length))
        s.kind = KIND_NIL;
    return s;
}

typedef struct converter {
    yaml_document_t *document;
    msgpack_packer *packer;
    size_t nodes;
    const char *failure;
    yaml_mark_t mark;
} converter;

static scalar node_scalar(yaml_node_t *node)
{
    if (node->type != YAML_SCALAR_NODE) {
        scalar s = {KIND_OTHER, 0, 0, false, NULL, 0};
        return s;
    }
    const char *text = (const char *)node->data.scalar.value;
    size_t length = node->data.scalar.length;
    /* The tag !str keeps any text a string ('1e3', 'true'), as llvm-mc
     * reads it; untagged scalars take the type their text has. */
    const char *tag = (const char *)node->tag;
    if (tag && strcmp(tag, "!str") == 0) {
        scalar s = {KIND_STRING, 0, 0, false, text, length};
        return s;
    }
    return classify(text, length);
}

static int compare_keys(const scalar *a, const scalar *b)
{
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    switch (a->kind) {
    case KIND_INT: return a->signed_value < b->signed_value ? -1 : a->signed_value > b->signed_value;
    case KIND_UINT: return a->unsigned_value < b->unsigned_value ? -1 : a->unsigned_value > b->unsigned_value;
    case KIND_BOOLEAN: return (int)a->boolean - (int)b->boolean;
    case KIND_STRING: {
        size_t n = a->length < b->length ? a->length : b->length;
        int order = memcmp(a->text, b->text, n);
        return order ? order : a->length < b->length ? -1 : a->length > b->length;
    }
    default: return 0;
    }
}

typedef struct pair_ref {
    yaml_node_pair_t *pair;
    scalar key;
    size_t order;
} pair_ref;

static int compare_pairs(const void *a, const void *b)
{
    const pair_ref *x = a, *y = b;
    int order = compare_keys(&x->key, &y->key);
    if (order)
        return order;
    return x->order < y->order ? -1 : x->order > y->order;
}

static void pack_scalar(converter *c, const scalar *s)
{
    switch (s->kind) {
    case KIND_UINT: msgpack_pack_uint64(c->packer, s->unsigned_value); break;
    case KIND_INT: msgpack_pack_int64(c->packer, s->signed_value); break;
    case KIND_BOOLEAN: s->boolean ? msgpack_pack_true(c->packer) : msgpack_pack_false(c->packer); break;
    case KIND_NIL: msgpack_pack_nil(c->packer); break;
    default:
        msgpack_pack_str(c->packer, s->length);
        msgpack_pack_str_body(c->packer, s->text, s->length);
    }
}

static bool pack_node(converter *c, int index, unsigned depth)
{
    yaml_node_t *node = yaml_document_get_node(c->document, index);
    if (!node)
        return false;
    if (++c->nodes > MAX_NODES || depth > MAX_DEPTH) {
        c->failure = depth > MAX_DEPTH ? "metadata nested too deeply (limit 64)"
                                       : "metadata too large (over a million nodes, aliases counted)";
        c->mark = node->start_mark;
        return false;
    }
    switch (node->type) {
    case YAML_SCALAR_NODE: {
        scalar s = node_scalar(node);
        pack_scalar(c, &s);
        return true;
    }
    case YAML_SEQUENCE_NODE: {
        yaml_node_item_t *item = node->data.sequence.items.start;
        size_t count = (size_t)(node->data.sequence.items.top - item);
        msgpack_pack_array(c->packer, count);
        for (; item < node->data.sequence.items.top; item++)
            if (!pack_node(c, *item, depth + 1))
                return false;
        return true;
    }
    case YAML_MAPPING_NODE: {
        yaml_node_pair_t *first = node->data.mapping.pairs.start;
        size_t count = (size_t)(node->data.mapping.pairs.top - first);
        pair_ref *pairs = malloc((count ? count : 1) * sizeof *pairs);
        if (!pairs) {
            c->failure = "out of memory";
            return false;
        }
        for (size_t i = 0; i < count; i++) {
            pairs[i].pair = &first[i];
            pairs[i].key = node_scalar(yaml_document_get_node(c->document, first[i].key));
            pairs[i].order = i;
            if (pairs[i].key.kind == KIND_OTHER) {
                c->failure = "a metadata map key must be a scalar";
                c->mark = yaml_document_get_node(c->document, first[i].key)->start_mark;
                free(pairs);
                return false;
            }
        }
        qsort(pairs, count, sizeof *pairs, compare_pairs);
        /* A key given twice: the last value holds, as in llvm's map. */
        size_t unique = 0;
        for (size_t i = 0; i < count; i++)
            unique += i + 1 == count || compare_keys(&pairs[i].key, &pairs[i + 1].key) != 0;
        msgpack_pack_map(c->packer, unique);
        bool ok = true;
        for (size_t i = 0; ok && i < count; i++) {
            if (i + 1 < count && compare_keys(&pairs[i].key, &pairs[i + 1].key) == 0)
                continue;
            pack_scalar(c, &pairs[i].key);
            ok = pack_node(c, pairs[i].pair->value, depth + 1);
        }
        free(pairs);
        return ok;
    }
    default:
        return false;
    }
}

/* ---- the schema llvm-mc 14 checks (its "invalid HSA metadata") ---- */

enum { FIELD_INTEGER, FIELD_STRING, FIELD_BOOLEAN, FIELD_INTEGERS, FIELD_STRINGS, FIELD_KERNELS, FIELD_ARGS };

typedef struct field {
    const char *key;
    bool required;
    uint8_t type;
    uint8_t count;               /* FIELD_INTEGERS: how many (0: any) */
    const char *const *choices;  /* FIELD_STRING: the values allowed (NULL-ended), or NULL */
} field;

static const char *const languages[] = {"OpenCL C", "OpenCL C++", "HCC", "HIP", "OpenMP", "Assembler", NULL};
static const char *const value_kinds[] = {
    "by_value", "global_buffer", "dynamic_shared_pointer", "sampler", "image", "pipe", "queue",
    "hidden_block_count_x", "hidden_block_count_y", "hidden_block_count_z", "hidden_group_size_x",
    "hidden_group_size_y", "hidden_group_size_z", "hidden_remainder_x", "hidden_remainder_y",
    "hidden_remainder_z", "hidden_global_offset_x", "hidden_global_offset_y", "hidden_global_offset_z",
    "hidden_grid_dims", "hidden_none", "hidden_printf_buffer", "hidden_hostcall_buffer",
    "hidden_default_queue", "hidden_completion_action", "hidden_multigrid_sync_arg",
    "hidden_private_base", "hidden_shared_base", "hidden_queue_ptr", NULL};
static const char *const address_spaces[] = {"private", "global", "constant", "local", "generic", "region", NULL};
static const char *const accesses[] = {"read_only", "write_only", "read_write", NULL};

static const field root_fields[] = {
    {"amdhsa.version", true, FIELD_INTEGERS, 2, NULL},
    {"amdhsa.printf", false, FIELD_STRINGS, 0, NULL},
    {"amdhsa.kernels", true, FIELD_KERNELS, 0, NULL},
    {NULL, false, 0, 0, NULL},
};
static const field kernel_fields[] = {
    {".name", true, FIELD_STRING, 0, NULL},
    {".symbol", true, FIELD_STRING, 0, NULL},
    {".language", false, FIELD_STRING, 0, languages},
    {".language_version", false, FIELD_INTEGERS, 2, NULL},
    {".args", false, FIELD_ARGS, 0, NULL},
    {".reqd_workgroup_size", false, FIELD_INTEGERS, 3, NULL},
    {".workgroup_size_hint", false, FIELD_INTEGERS, 3, NULL},
    {".vec_type_hint", false, FIELD_STRING, 0, NULL},
    {".device_enqueue_symbol", false, FIELD_STRING, 0, NULL},
    {".kernarg_segment_size", true, FIELD_INTEGER, 0, NULL},
    {".group_segment_fixed_size", true, FIELD_INTEGER, 0, NULL},
    {".private_segment_fixed_size", true, FIELD_INTEGER, 0, NULL},
    {".kernarg_segment_align", true, FIELD_INTEGER, 0, NULL},
    {".wavefront_size", true, FIELD_INTEGER, 0, NULL},
    {".sgpr_count", true, FIELD_INTEGER, 0, NULL},
    {".vgpr_count", true, FIELD_INTEGER, 0, NULL},
    {".max_flat_workgroup_size", true, FIELD_INTEGER, 0, NULL},
    {".sgpr_spill_count", false, FIELD_INTEGER, 0, NULL},
    {".vgpr_spill_count", false, FIELD_INTEGER, 0, NULL},
    {NULL, false, 0, 0, NULL},
};
static const field arg_fields[] = {
    {".name", false, FIELD_STRING, 0, NULL},
    {".type_name", false, FIELD_STRING, 0, NULL},
    {".size", true, FIELD_INTEGER, 0, NULL},
    {".offset", true, FIELD_INTEGER, 0, NULL},
    {".value_kind", true, FIELD_STRING, 0, value_kinds},
    {".pointee_align", false, FIELD_INTEGER, 0, NULL},
    {".address_space", false, FIELD_STRING, 0, address_spaces},
    {".access", false, FIELD_STRING, 0, accesses},
    {".actual_access", false, FIELD_STRING, 0, accesses},
    {".is_const", false, FIELD_BOOLEAN, 0, NULL},
    {".is_restrict", false, FIELD_BOOLEAN, 0, NULL},
    {".is_volatile", false, FIELD_BOOLEAN, 0, NULL},
    {".is_pipe", false, FIELD_BOOLEAN, 0, NULL},
    {NULL, false, 0, 0, NULL},
};

typedef struct checker {
    yaml_document_t *document;
    char *error;
    size_t error_size;
    yaml_mark_t mark;
} checker;

static bool refuse(checker *c, const yaml_node_t *node, const char *where, const char *key, const char *why)
{
    snprintf(c->error, c->error_size, "invalid HSA metadata: %s%s%s %s", where, *where ? " " : "", key, why);
    c->mark = node->start_mark;
    return false;
}

static bool check_map(checker *c, yaml_node_t *node, const field *fields, const char *where);

static bool is_integer(yaml_node_t *node)
{
    scalar s = node_scalar(node);
    return s.kind == KIND_UINT || s.kind == KIND_INT;
}

static bool check_items(checker *c, yaml_node_t *node, const field *f, const char *where)
{
    if (node->type != YAML_SEQUENCE_NODE)
        return refuse(c, node, where, f->key, "is not a list");
    size_t count = (size_t)(node->data.sequence.items.top - node->data.sequence.items.start);
    if (f->count && count != f->count) {
        char why[64];
        snprintf(why, sizeof why, "has %zu items, not %u", count, f->count);
        return refuse(c, node, where, f->key, why);
    }
    for (size_t i = 0; i < count; i++) {
        yaml_node_t *item = yaml_document_get_node(c->document, node->data.sequence.items.start[i]);
        char place[160];
        snprintf(place, sizeof place, "%s%s%s[%zu]", where, *where ? " " : "", f->key, i);
        if (f->type == FIELD_INTEGERS && !is_integer(item))
            return refuse(c, item, "", place, "is not an integer");
        if (f->type == FIELD_STRINGS && node_scalar(item).kind != KIND_STRING)
            return refuse(c, item, "", place, "is not a string");
        if (f->type == FIELD_KERNELS && !check_map(c, item, kernel_fields, place))
            return false;
        if (f->type == FIELD_ARGS && !check_map(c, item, arg_fields, place))
            return false;
    }
    return true;
}

static bool check_map(checker *c, yaml_node_t *node, const field *fields, const char *where)
{
    if (node->type != YAML_MAPPING_NODE)
        return refuse(c, node, "", where, "is not a map");
    yaml_node_pair_t *first = node->data.mapping.pairs.start, *top = node->data.mapping.pairs.top;
    for (const field *f = fields; f->key; f++) {
        yaml_node_t *value = NULL;
        for (yaml_node_pair_t *pair = first; pair < top; pair++) { /* the last of a key given twice */
            scalar key = node_scalar(yaml_document_get_node(c->document, pair->key));
            if (key.kind == KIND_STRING && key.length == strlen(f->key) && memcmp(key.text, f->key, key.length) == 0)
                value = yaml_document_get_node(c->document, pair->value);
        }
        if (!value) {
            if (f->required)
                return refuse(c, node, where, f->key, "is missing");
            continue;
        }
        scalar s = node_scalar(value);
        switch (f->type) {
        case FIELD_INTEGER:
            if (!is_integer(value))
                return refuse(c, value, where, f->key, "is not an integer");
            break;
        case FIELD_BOOLEAN:
            if (s.kind != KIND_BOOLEAN)
                return refuse(c, value, where, f->key, "is not a boolean");
            break;
        case FIELD_STRING:
            if (s.kind != KIND_STRING)
                return refuse(c, value, where, f->key, "is not a string");
            if (f->choices) {
                bool known = false;
                for (const char *const *choice = f->choices; *choice && !known; choice++)
                    known = strlen(*choice) == s.length && memcmp(*choice, s.text, s.length) == 0;
                if (!known)
                    return refuse(c, value, where, f->key, "has a value it cannot have");
            }
            break;
        default:
            if (!check_items(c, value, f, where))
                return false;
        }
    }
    return true;
}

/* Whether the flow collections ([...], {...}) of text nest deeper than
 * MAX_DEPTH, found before libyaml reads them (its scanner takes time
 * quadratic in their depth); where, if so. Quoted scalars and comments
 * are skipped; brackets in plain scalars count too (harmless). */
static bool too_deep(const char *text, size_t length, unsigned *line, unsigned *column)
{
    unsigned depth = 0, l = 1, c = 1;
    char quote = 0;
    for (size_t i = 0; i < length; i++, c++) {
        char ch = text[i];
        if (ch == '\n') {
            l++;
            c = 0;
            if (quote != '"' && quote != '\'')
                quote = 0; /* a comment ends */
            continue;
        }
        if (quote) {
            if (ch == quote && quote != '#')
                quote = 0;
            continue;
        }
        if (ch == '"' || ch == '\'')
            quote = ch;
        else if (ch == '#')
            quote = '#';
        else if (ch == '[' || ch == '{') {
            if (++depth > MAX_DEPTH) {
                *line = l;
                *column = c;
                return true;
            }
        } else if ((ch == ']' || ch == '}') && depth)
            depth--;
    }
    return false;
}

bool gcn_metadata_from_yaml(const char *text, size_t length, uint8_t **out, size_t *size,
                            char *error, size_t error_size, unsigned *line, unsigned *column)
{
    *out = NULL;
    *size = 0;
    *line = *column = 0;
    if (too_deep(text, length, line, column)) {
        snprintf(error, error_size, "metadata nested too deeply (limit %d)", MAX_DEPTH);
        return false;
    }
    yaml_parser_t parser;
    yaml_document_t document;
    if (!yaml_parser_initialize(&parser)) {
        snprintf(error, error_size, "out of memory");
        return false;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, length);
    if (!yaml_parser_load(&parser, &document)) {
        snprintf(error, error_size, "invalid metadata YAML: %s%s%s",
                 parser.problem ? parser.problem : "syntax error", parser.context ? " " : "",
                 parser.context ? parser.context : "");
        *line = (unsigned)parser.problem_mark.line + 1;
        *column = (unsigned)parser.problem_mark.column + 1;
        yaml_parser_delete(&parser);
        return false;
    }
    yaml_parser_delete(&parser);
    yaml_node_t *root = yaml_document_get_root_node(&document);
    if (!root) {
        snprintf(error, error_size, "the metadata holds no YAML document");
        yaml_document_delete(&document);
        return false;
    }
    msgpack_sbuffer buffer;
    msgpack_sbuffer_init(&buffer);
    msgpack_packer packer;
    msgpack_packer_init(&packer, &buffer, msgpack_sbuffer_write);
    converter c = {&document, &packer, 0, NULL, root->start_mark};
    bool ok = pack_node(&c, 1, 0);
    checker check = {&document, error, error_size, root->start_mark};
    if (ok && !check_map(&check, root, root_fields, "")) {
        ok = false;
        c.failure = error; /* the checker's message, already in error */
        c.mark = check.mark;
    }
    if (!ok) {
        if (c.failure != error)
            snprintf(error, error_size, "%s", c.failure ? c.failure : "invalid metadata");
        *line = (unsigned)c.mark.line + 1;
        *column = (unsigned)c.mark.column + 1;
        msgpack_sbuffer_destroy(&buffer);
    } else {
        *out = (uint8_t *)buffer.data; /* the buffer's malloc'ed data, now ours */
        *size = buffer.size;
        if (!*out) {
            *out = malloc(1);
            ok = *out != NULL;
        }
    }
    yaml_document_delete(&document);
    return ok;
}
