# Fuzzing (issue 5), included by the Makefile. `make fuzz` builds the
# libFuzzer targets with clang-14 and runs each for FUZZ_SECONDS (default 60)
# on one core; `make fuzz-ci` runs each for 30 s. The replay programs
# (build/tests/fuzz_TARGET) rerun fuzz/regressions/TARGET/ in `make test`.
# libFuzzer's runtime on Debian: apt-get install clang-14 libclang-rt-14-dev.
FUZZ_CC ?= clang-14
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = decode_format parse_encode assemble assemble_file disassemble emulate emulate_memory assemble_object elf_read
FUZZ_BUILD = $(BUILD)/fuzz
GCN_SHARED ?= ../shared
# FUZZ_SANITIZE_EXTRA: e.g. -fno-sanitize=nonnull-attribute to fuzz past a known finding.
FUZZ_SANITIZE = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
  $(FUZZ_SANITIZE_EXTRA)
FUZZ_CFLAGS = -O1 -g -std=c11 -D_POSIX_C_SOURCE=200809L $(WARNINGS) -Iinclude -Isrc -MMD -MP \
  $(FUZZ_SANITIZE)
FUZZ_LIB_OBJECTS := $(LIB_SOURCES:%.c=$(FUZZ_BUILD)/obj/%.o)
FUZZ_PROGRAMS := $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz_%)
FUZZ_REPLAYS := $(FUZZ_TARGETS:%=$(BUILD)/tests/fuzz_%)
TEST_PROGRAMS += $(FUZZ_REPLAYS)

.PHONY: fuzz fuzz-build fuzz-ci fuzz-corpus

$(FUZZ_LIB_OBJECTS) $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/obj/fuzz/%.o): $(FUZZ_BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_PROGRAMS): $(FUZZ_BUILD)/fuzz_%: $(FUZZ_BUILD)/obj/fuzz/%.o $(FUZZ_LIB_OBJECTS)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $^ -o $@ $(LIBGCN_LIBS)

# The same targets without libFuzzer, as test programs.
$(FUZZ_REPLAYS): $(BUILD)/tests/fuzz_%: $(BUILD)/fuzz/replay.o $(BUILD)/fuzz/%.o $(BUILD)/libgcn.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS) $(LIBGCN_LIBS)

$(FUZZ_BUILD)/build_corpus: $(BUILD)/fuzz/corpus.o $(BUILD)/libgcn.a
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS) $(LIBGCN_LIBS)

# Seeds from the test vectors and examples, generated, never committed.
fuzz-corpus: $(FUZZ_BUILD)/build_corpus
	$(FUZZ_BUILD)/build_corpus $(GCN_SHARED) examples $(FUZZ_BUILD)
	@# elf_read: the checked-in objects, each behind its options byte (0-7)
	@mkdir -p $(FUZZ_BUILD)/corpus/elf_read
	@n=0; for f in tests/data/object_read/*.o tests/data/object_read/*.so tests/data/object_read/opencl/*.o; do \
	  printf "\\$$(printf %o $$((n % 8)))" | cat - $$f >$(FUZZ_BUILD)/corpus/elf_read/seed$$n; n=$$((n + 1)); done

fuzz-build: $(FUZZ_PROGRAMS)

fuzz: fuzz-build fuzz-corpus
	sh fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-ci:
	$(MAKE) fuzz FUZZ_SECONDS=30
