/* The stack of frames lines come from (source files, macro bodies,
 * repeats), the contexts they were entered in, and the budget of
 * expanded lines. */
#include <stdlib.h>
#include <string.h>

#include "asm/internal.h"

void asm_frame_context(asm_state *state, asm_frame *frame, uint8_t kind, const char *name,
                       size_t name_length, unsigned column)
{
    asm_context *context = &frame->context_node;
    memset(context, 0, sizeof *context);
    context->parent = state->location.context;
    context->kind = kind;
    context->name = name;
    context->name_length = (uint32_t)name_length;
    context->site_file = state->location.file;
    context->site_line = state->location.line;
    context->site_column = column;
    size_t length = state->location.text ? state->location.length : 0;
    frame->site_text = malloc(length + 1);
    if (frame->site_text) {
        memcpy(frame->site_text, state->location.text ? state->location.text : "", length);
        frame->site_text[length] = '\0';
    }
    context->site_text = frame->site_text ? frame->site_text : "";
    context->site_length = frame->site_text ? (uint32_t)length : 0;
    frame->context = context;
}

const asm_context *asm_persist_context(asm_state *state, const asm_context *context)
{
    if (!context || context->persistent)
        return context;
    if (context->persisted)
        return context->persisted;
    asm_context *copy = asm_arena_allocate(&state->arena, sizeof *copy);
    if (!copy)
        return NULL;
    *copy = *context;
    copy->persistent = true;
    copy->persisted = NULL;
    copy->site_text = asm_arena_copy(&state->arena, context->site_text, context->site_length);
    if (!copy->site_text) {
        copy->site_text = "";
        copy->site_length = 0;
    }
    copy->parent = asm_persist_context(state, context->parent);
    ((asm_context *)context)->persisted = copy;
    return copy;
}

asm_frame *asm_push_frame(asm_state *state, uint8_t kind)
{
    if (state->frame_count == ASM_MAX_FRAMES)
        return NULL;
    asm_frame *frame = &state->frames[state->frame_count++];
    memset(frame, 0, sizeof *frame);
    frame->kind = kind;
    frame->condition_depth = state->condition_count;
    if (kind == FRAME_FILE)
        state->include_depth++;
    else if (kind != FRAME_REST)
        state->expansion_depth++;
    return frame;
}

void asm_pop_frame(asm_state *state)
{
    asm_frame *frame = &state->frames[--state->frame_count];
    if (frame->kind == FRAME_FILE)
        state->include_depth--;
    else if (frame->kind != FRAME_REST)
        state->expansion_depth--;
    free(frame->owned);
    free(frame->body);
    free(frame->values);
    free(frame->site_text);
}

bool asm_spend_expansion(asm_state *state, uint64_t lines)
{
    if (state->expansion_exhausted)
        return false;
    state->expansion_lines += lines;
    if (state->expansion_lines <= ASM_EXPANSION_BUDGET)
        return true;
    state->expansion_exhausted = true;
    asm_report(state, true, 0,
               "macro and repeat expansion stopped: more than %u lines expanded (a runaway "
               ".rept or recursive macro?)", ASM_EXPANSION_BUDGET);
    return false;
}
