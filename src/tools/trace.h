/* gcnemu --trace: each executed instruction as gcndis -e prints it, and
 * what it changed (registers, counters, memory, LDS, the status). */
#ifndef GCN_TRACE_H
#define GCN_TRACE_H

#include "scenario.h"

typedef struct trace trace;

trace *trace_create(const scenario *s, FILE *out);
void trace_destroy(trace *t);
/* Prints the instruction at the wave's pc and remembers the state. */
void trace_before(trace *t);
/* Prints what changed since trace_before. */
void trace_after(trace *t);

#endif
