# libgcn and its tools. `make` builds build/gcnasm and build/gcndis;
# `make test` runs every test; `make demo` shows the round trip on an example.
CC ?= cc
BUILD ?= build
CFLAGS ?= -O2 -g
WARNINGS = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
override CFLAGS += -std=c11 -D_POSIX_C_SOURCE=200809L $(WARNINGS) -Iinclude -Isrc -MMD -MP
SANITIZE_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

LIB_SOURCES := $(wildcard src/isa/*.c src/codec/*.c src/syntax/*.c src/asm/*.c src/dis/*.c)
LIB_OBJECTS := $(LIB_SOURCES:%.c=$(BUILD)/%.o)
TOOLS := $(BUILD)/gcnasm $(BUILD)/gcndis
TEST_SOURCES := $(wildcard tests/*.c)
TEST_PROGRAMS := $(TEST_SOURCES:tests/%.c=$(BUILD)/tests/%)

.SECONDARY:
.PHONY: all test test-fast test-sanitize demo clean regenerate check-generated bench packages test-run demo-run
all: $(TOOLS)

# The Debian packages of scripts/packages.txt: installed when missing (as
# root), or the exact apt-get line printed and the make stopped.
packages:
	@sh scripts/ensure-packages.sh
include fuzz/fuzz.mk

$(BUILD)/libgcn.a: $(LIB_OBJECTS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/gcnasm: $(BUILD)/src/tools/gcnasm.o $(BUILD)/src/tools/cli.o $(BUILD)/libgcn.a
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS)
$(BUILD)/gcndis: $(BUILD)/src/tools/gcndis.o $(BUILD)/src/tools/cli.o $(BUILD)/libgcn.a
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS)
BENCH_PROGRAMS := $(BUILD)/bench/gen $(BUILD)/bench/measure
$(BENCH_PROGRAMS): $(BUILD)/%: $(BUILD)/%.o $(BUILD)/libgcn.a
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS)

# Speed against llvm-mc and llvm-objdump (bench/run.sh; BENCH_SIZES, BENCH_RUNS, BENCH_LARGE).
# A benchmark, not a test: it reports, it never fails on timing.
bench:
	@MAKE="$(MAKE)" bash bench/run.sh

TEST_SUPPORT := $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/support/*.c))
$(BUILD)/tests/%: $(BUILD)/tests/%.o $(TEST_SUPPORT) $(BUILD)/libgcn.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS)

# The whole suite; tests/run prints one summary line "N passed, N failed".
# Debian's llvm-14 puts llvm-mc in /usr/lib/llvm-14/bin (only llvm-mc-14 on PATH).
test: packages
	@$(MAKE) --no-print-directory test-run
test-run: all $(TEST_PROGRAMS)
	@PATH="/usr/lib/llvm-14/bin:$$PATH" BUILD=$(BUILD) sh tests/run

# The same suite built with AddressSanitizer and UndefinedBehaviorSanitizer.
# LeakSanitizer is part of clang's AddressSanitizer on Linux; asked for explicitly.
test-sanitize:
	ASAN_OPTIONS=detect_leaks=1:$(ASAN_OPTIONS) UBSAN_OPTIONS=print_stacktrace=1:$(UBSAN_OPTIONS) \
	$(MAKE) BUILD=build-sanitize CC=clang CFLAGS="-O1 -g $(SANITIZE_FLAGS)" LDFLAGS="$(SANITIZE_FLAGS)" test

demo: packages
	@$(MAKE) --no-print-directory demo-run
demo-run: all
	@sh examples/demo.sh $(BUILD)

# The mnemonic hash table is generated from the ISA tables and checked in.
MNEMONIC_GENERATOR = $(BUILD)/src/isa/generate/mnemonic_slots
$(MNEMONIC_GENERATOR): $(BUILD)/src/isa/generate/mnemonic_slots.o
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS)
# The encoding lookup and reserved bits likewise, from src/isa/encodings.def.
ENCODING_GENERATOR = $(BUILD)/src/isa/generate/encodings
$(ENCODING_GENERATOR): $(BUILD)/src/isa/generate/encodings.o $(BUILD)/src/isa/encoding.o $(BUILD)/src/isa/arch.o
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS)
regenerate: $(MNEMONIC_GENERATOR) $(ENCODING_GENERATOR)
	$(MNEMONIC_GENERATOR) >src/isa/generated/mnemonic_slots.inc
	$(ENCODING_GENERATOR) >src/isa/generated/encodings.inc
check-generated: $(MNEMONIC_GENERATOR) $(ENCODING_GENERATOR)
	@$(MNEMONIC_GENERATOR) | cmp -s - src/isa/generated/mnemonic_slots.inc \
	  || { echo "src/isa/generated/mnemonic_slots.inc is stale: run make regenerate"; exit 1; }
	@$(ENCODING_GENERATOR) | cmp -s - src/isa/generated/encodings.inc \
	  || { echo "src/isa/generated/encodings.inc is stale: run make regenerate"; exit 1; }

clean:
	rm -rf build build-sanitize

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
