# libgcn and its tools. `make` builds build/gcnasm and build/gcndis;
# `make test` runs every test; `make demo` shows the round trip on an example.
CC ?= cc
# The version --version prints, and the shared library's (its soname: the major).
VERSION = 0.1.0
BUILD ?= build
CFLAGS ?= -O2 -g
WARNINGS = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
override CFLAGS += -std=c11 -D_POSIX_C_SOURCE=200809L $(WARNINGS) -Iinclude -Isrc -MMD -MP
# The libraries libgcn itself needs: libelf (ELF objects), libyaml and
# msgpack-c (the code object metadata). Linked into the tools, the tests and
# libgcn.so, and named in gcn.pc's Libs.private for static links.
LIBGCN_LIBS = -lelf -lyaml -lmsgpackc
SANITIZE_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

LIB_SOURCES := $(wildcard src/isa/*.c src/codec/*.c src/syntax/*.c src/object/*.c src/asm/*.c src/dis/*.c src/emu/*.c)
LIB_OBJECTS := $(LIB_SOURCES:%.c=$(BUILD)/%.o)
TOOLS := $(BUILD)/gcnasm $(BUILD)/gcndis $(BUILD)/gcnemu
TEST_SOURCES := $(wildcard tests/*.c)
TEST_PROGRAMS := $(TEST_SOURCES:tests/%.c=$(BUILD)/tests/%)

.SECONDARY:
.PHONY: install uninstall shared FORCE
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

$(BUILD)/src/tools/options.o: override CFLAGS += -DGCN_VERSION='"$(VERSION)"'
$(BUILD)/gcnasm: $(BUILD)/src/tools/gcnasm.o $(BUILD)/src/tools/cli.o $(BUILD)/src/tools/options.o $(BUILD)/src/tools/object_input.o $(BUILD)/libgcn.a
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS) $(LIBGCN_LIBS)
$(BUILD)/gcndis: $(BUILD)/src/tools/gcndis.o $(BUILD)/src/tools/cli.o $(BUILD)/src/tools/options.o $(BUILD)/src/tools/object_input.o $(BUILD)/libgcn.a
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS) $(LIBGCN_LIBS)
# gcnemu reads and writes JSON with jansson; libgcn itself does not.
GCNEMU_OBJECTS := $(patsubst %.c,$(BUILD)/%.o,src/tools/gcnemu.c src/tools/scenario.c src/tools/result.c src/tools/trace.c src/tools/cli.c src/tools/options.c)
$(BUILD)/gcnemu: $(GCNEMU_OBJECTS) $(BUILD)/libgcn.a
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS) $(LIBGCN_LIBS) -ljansson
BENCH_PROGRAMS := $(BUILD)/bench/gen $(BUILD)/bench/measure $(BUILD)/bench/emu
BENCH_PROGRAMS += $(BUILD)/bench/emu_memory
$(BUILD)/bench/emu $(BUILD)/bench/emu_memory: $(BUILD)/bench/emu_bench.o
$(BENCH_PROGRAMS): $(BUILD)/%: $(BUILD)/%.o $(BUILD)/libgcn.a
	$(CC) $(CFLAGS) $(filter-out %.a,$^) $(filter %.a,$^) -o $@ $(LDFLAGS) $(LIBGCN_LIBS)

# Speed against llvm-mc and llvm-objdump (bench/run.sh; BENCH_SIZES, BENCH_RUNS, BENCH_LARGE).
# A benchmark, not a test: it reports, it never fails on timing.
bench:
	@MAKE="$(MAKE)" bash bench/run.sh
	@$(MAKE) -s BUILD=build/bench/release CFLAGS="-O2 -g -DNDEBUG" build/bench/release/bench/emu \
	  && build/bench/release/bench/emu | tee -a build/bench/results.txt
	@$(MAKE) -s BUILD=build/bench/release CFLAGS="-O2 -g -DNDEBUG" build/bench/release/bench/emu_memory \
	  && build/bench/release/bench/emu_memory | tee -a build/bench/results.txt

TEST_SUPPORT := $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/support/*.c))
$(BUILD)/tests/%: $(BUILD)/tests/%.o $(TEST_SUPPORT) $(BUILD)/libgcn.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS) $(LIBGCN_LIBS)

# The whole suite; tests/run prints one summary line "N passed, N failed".
# Debian's llvm-14 puts llvm-mc in /usr/lib/llvm-14/bin (only llvm-mc-14 on PATH).
test: packages
	@$(MAKE) --no-print-directory test-run
# The + hands make's job slots to the makes the tests run (tests/install.sh).
test-run: all $(TEST_PROGRAMS)
	+@PATH="/usr/lib/llvm-14/bin:$$PATH" BUILD=$(BUILD) CC="$(CC)" LDFLAGS="$(LDFLAGS)" sh tests/run

# The same suite built with AddressSanitizer and UndefinedBehaviorSanitizer.
# LeakSanitizer is part of clang's AddressSanitizer on Linux; asked for explicitly.
test-sanitize:
	ASAN_OPTIONS=detect_leaks=1:$(ASAN_OPTIONS) UBSAN_OPTIONS=print_stacktrace=1:$(UBSAN_OPTIONS) \
	$(MAKE) BUILD=build-sanitize CC=clang CFLAGS="-O1 -g -fPIC $(SANITIZE_FLAGS)" LDFLAGS="$(SANITIZE_FLAGS)" \
	  PIC=same test

demo: packages
	@$(MAKE) --no-print-directory demo-run
demo-run: all
	@sh examples/demo.sh $(BUILD)

# The mnemonic hash table is generated from the ISA tables and checked in.
MNEMONIC_GENERATOR = $(BUILD)/src/isa/generate/mnemonic_slots
$(MNEMONIC_GENERATOR): $(BUILD)/src/isa/generate/mnemonic_slots.o
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS) $(LIBGCN_LIBS)
# The encoding lookup and reserved bits likewise, from src/isa/encodings.def.
ENCODING_GENERATOR = $(BUILD)/src/isa/generate/encodings
$(ENCODING_GENERATOR): $(BUILD)/src/isa/generate/encodings.o $(BUILD)/src/isa/encoding.o $(BUILD)/src/isa/arch.o
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS)
# The layouts (shapes whose operands read alike) likewise, from src/isa/profiles.def.
LAYOUT_GENERATOR = $(BUILD)/src/isa/generate/layouts
$(LAYOUT_GENERATOR): $(BUILD)/src/isa/generate/layouts.o
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS)
regenerate: $(MNEMONIC_GENERATOR) $(ENCODING_GENERATOR) $(LAYOUT_GENERATOR)
	$(MNEMONIC_GENERATOR) >src/isa/generated/mnemonic_slots.inc
	$(ENCODING_GENERATOR) >src/isa/generated/encodings.inc
	$(LAYOUT_GENERATOR) >src/isa/generated/layouts.h
check-generated: $(MNEMONIC_GENERATOR) $(ENCODING_GENERATOR) $(LAYOUT_GENERATOR)
	@$(LAYOUT_GENERATOR) | cmp -s - src/isa/generated/layouts.h \
	  || { echo "src/isa/generated/layouts.h is stale: run make regenerate"; exit 1; }
	@$(MNEMONIC_GENERATOR) | cmp -s - src/isa/generated/mnemonic_slots.inc \
	  || { echo "src/isa/generated/mnemonic_slots.inc is stale: run make regenerate"; exit 1; }
	@$(ENCODING_GENERATOR) | cmp -s - src/isa/generated/encodings.inc \
	  || { echo "src/isa/generated/encodings.inc is stale: run make regenerate"; exit 1; }

# ---- make install / make uninstall (PREFIX, DESTDIR), as Debian packaging
# expects: the tools, libgcn.a, a shared libgcn.so.MAJOR (its soname), the
# public headers, gcn.pc for pkg-config, and man pages made by help2man
# from each tool's --help and --version.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
SONAME_MAJOR = $(firstword $(subst ., ,$(VERSION)))
SHARED_LIBRARY = $(BUILD)/libgcn.so.$(VERSION)
# PIC=same: CFLAGS make position-independent code already (make test-sanitize's
# -fPIC), and libgcn.so is linked from libgcn.a's objects: each file compiled once.
ifeq ($(PIC),same)
SHARED_OBJECTS := $(LIB_OBJECTS)
else
SHARED_OBJECTS := $(LIB_SOURCES:%.c=$(BUILD)/pic/%.o)
endif
PUBLIC_HEADERS := $(wildcard include/*.h)
MAN_PAGES = $(TOOLS:$(BUILD)/%=$(BUILD)/man/%.1)

shared: $(SHARED_LIBRARY)
$(BUILD)/pic/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -fPIC -c $< -o $@
# The shared library exports the functions the public headers declare
# (those at the start of a line, not static inline), nothing of the internals.
$(BUILD)/libgcn.map: $(PUBLIC_HEADERS)
	@mkdir -p $(@D)
	{ echo '{ global:'; sed -n -e '/^static/d' -e 's/^[a-zA-Z_][a-zA-Z0-9_ ]*[ *]\(gcn_[a-z0-9_]*\)(.*/  \1;/p' $^; \
	  echo 'local: *; };'; } >$@
$(SHARED_LIBRARY): $(SHARED_OBJECTS) $(BUILD)/libgcn.map
	$(CC) $(CFLAGS) -shared -Wl,-soname,libgcn.so.$(SONAME_MAJOR) -Wl,--version-script=$(BUILD)/libgcn.map \
	  $(SHARED_OBJECTS) -o $@ $(LDFLAGS) $(LIBGCN_LIBS)
# Written on every make, as PREFIX may differ from the last one's.
$(BUILD)/gcn.pc: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' 'includedir=$(INCLUDEDIR)' '' \
	  'Name: gcn' 'Description: AMD GCN 1.0 to 1.4 machine code: decode, encode, format, parse, assemble' \
	  'Version: $(VERSION)' 'Libs: -L$${libdir} -lgcn' 'Libs.private: $(LIBGCN_LIBS)' \
	  'Cflags: -I$${includedir}' >$@
FORCE:
$(BUILD)/man/%.1: $(BUILD)/%
	@mkdir -p $(@D)
	help2man --no-info --section=1 --output=$@ \
	  --name="$$($< --help | sed -e '1d' -e '/^  or: /d' | sed -n -e 's/\.$$//' -e 1p)" $<

install: $(TOOLS) $(BUILD)/libgcn.a $(SHARED_LIBRARY) $(BUILD)/gcn.pc $(MAN_PAGES)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) \
	  $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(PKGCONFIGDIR)
	install -m 0755 $(TOOLS) $(DESTDIR)$(BINDIR)
	install -m 0644 $(BUILD)/libgcn.a $(DESTDIR)$(LIBDIR)
	install -m 0755 $(SHARED_LIBRARY) $(DESTDIR)$(LIBDIR)
	ln -sf libgcn.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libgcn.so.$(SONAME_MAJOR)
	ln -sf libgcn.so.$(SONAME_MAJOR) $(DESTDIR)$(LIBDIR)/libgcn.so
	install -m 0644 $(PUBLIC_HEADERS) $(DESTDIR)$(INCLUDEDIR)
	install -m 0644 $(BUILD)/gcn.pc $(DESTDIR)$(PKGCONFIGDIR)
	install -m 0644 $(MAN_PAGES) $(DESTDIR)$(MANDIR)/man1
uninstall:
	rm -f $(TOOLS:$(BUILD)/%=$(DESTDIR)$(BINDIR)/%) $(DESTDIR)$(LIBDIR)/libgcn.a \
	  $(DESTDIR)$(LIBDIR)/libgcn.so $(DESTDIR)$(LIBDIR)/libgcn.so.$(SONAME_MAJOR) \
	  $(DESTDIR)$(LIBDIR)/libgcn.so.$(VERSION) $(DESTDIR)$(PKGCONFIGDIR)/gcn.pc \
	  $(PUBLIC_HEADERS:include/%=$(DESTDIR)$(INCLUDEDIR)/%) \
	  $(MAN_PAGES:$(BUILD)/man/%=$(DESTDIR)$(MANDIR)/man1/%)

clean:
	rm -rf build build-sanitize

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
