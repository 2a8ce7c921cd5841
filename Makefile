# tsume -- tsume-shogi solver.  Targets: all test web bench bench-long asan tsan fuzz clean install
#   make            build ./tsume (release, -O2, NDEBUG)
#   make test       build and run every test, on the data of tests/data (unpacked into build/testdata)
#   make web        the page build/web/index.html: the solver in a browser (emscripten, doc/web.md)
#   make bench      speed figures: perft, check generation, the solver over the shared sets, the
#                   signature, generate, verify (a few minutes)
#   make bench-long the long problems (Zuko #99, Microcosmos; BENCH_LONG=900 s each), generate mate 9
#   make asan       build with -fsanitize=address,undefined and assertions, run the tests
#   make tsan       build with -fsanitize=thread, run verify/generate --jobs 2 and the USI tests
#   make fuzz       clang libFuzzer targets build-fuzz/fuzz_* (tests/fuzz/); make fuzz-run FUZZ_TIME=600
#   make install    PREFIX=/usr/local (DESTDIR, BINDIR, DATADIR, MANDIR): the binary, the man page,
#                   the problem collections; make uninstall removes them
CC      ?= cc
ARCH    ?= -march=native
SHARED  ?= ../shared
# the team's data folder, where there is one: tests/test_data.sh compares tests/data with it
WARN     = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS  ?= -O2 -g
BASEFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(ARCH) -Icore -Icore/formats $(SOLVER_INC)
CMOCKA_CFLAGS := $(shell pkg-config --cflags cmocka 2>/dev/null)
CMOCKA_LIBS   := $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)
# cJSON (Debian's libcjson-dev): the tools include <cjson/cJSON.h>
CJSON_CFLAGS  := $(shell pkg-config --cflags libcjson 2>/dev/null)
CJSON_LIBS    := $(shell pkg-config --libs libcjson 2>/dev/null || echo -lcjson)
LDLIBS  = $(CJSON_LIBS) -lz -lpthread -lm

BUILD  ?= build
MODE_FLAGS ?= -DNDEBUG

CORE_SRC   := $(wildcard core/*.c)
FORMATS_SRC := $(wildcard core/formats/*.c)
# the search in solver/, verify's checks and the futility rules in folders of their own
SOLVER_DIRS := solver solver/futile solver/verify
SOLVER_SRC := $(foreach d,$(SOLVER_DIRS),$(wildcard $(d)/*.c))
SOLVER_INC := $(addprefix -I,$(SOLVER_DIRS))
# the commands, a folder each (tools/solve/, tools/verify/ ...), what they
# share in tools/common/, main and the version at the top; tools/web/ is the
# page's (make web)
TOOLS_DIRS := tools tools/common tools/solve tools/verify tools/generate tools/sheet tools/usi tools/bench \
              tools/batch tools/convert tools/moves
TOOLS_SRC  := $(foreach d,$(TOOLS_DIRS),$(wildcard $(d)/*.c))
TOOLS_INC  := $(addprefix -I,$(TOOLS_DIRS))
TEST_SRC   := $(wildcard tests/test_*.c)

CORE_OBJ   := $(CORE_SRC:%.c=$(BUILD)/%.o)
FORMATS_OBJ := $(FORMATS_SRC:%.c=$(BUILD)/%.o)
SOLVER_OBJ := $(SOLVER_SRC:%.c=$(BUILD)/%.o)
TOOLS_OBJ  := $(TOOLS_SRC:%.c=$(BUILD)/%.o)
TEST_BIN   := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
TESTDATA   := $(BUILD)/testdata
DATA_FILES := $(shell find tests/data -type f ! -name README.md)

ALL_CFLAGS = $(BASEFLAGS) $(MODE_FLAGS) $(CFLAGS)

.PHONY: all test bench bench-long asan tsan test-tsan fuzz fuzz-run clean check-tests check-cmocka install uninstall test-install web FORCE
all: tsume $(BUILD)/tsume.1

tsume: $(BUILD)/tsume
	cp $< $@.tmp && mv -f $@.tmp $@

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

# The commit of the build, for `tsume --version` (tools/version.c, the one file
# that includes commit.h): the header is rewritten only when the commit or its
# -dirty mark changes, so a new commit recompiles version.o alone.  Not a git
# checkout (a tarball): "unknown".  A checkout git will not read (sudo make
# install: git refuses another user's repository) keeps the header it has, so
# install does not rebuild.
$(BUILD)/gen/commit.h: FORCE
	@mkdir -p $(@D); \
	 c=$$([ -e .git ] && git describe --always --dirty --exclude='*' 2>/dev/null) || c=; \
	 d=$$([ -n "$$c" ] && git log -1 --format=%cd --date=short 2>/dev/null) || d=; \
	 if [ -z "$$c" ] && [ -e .git ] && [ -f $@ ]; then exit 0; fi; \
	 printf '#define TSUME_COMMIT "%s"\n#define TSUME_COMMIT_DATE "%s"\n' "$${c:-unknown}" "$$d" >$@.tmp; \
	 if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv -f $@.tmp $@; fi
$(BUILD)/tools/version.o: $(BUILD)/gen/commit.h
$(BUILD)/tools/version.o: ALL_CFLAGS += -I$(BUILD)/gen
# a command's file includes the headers of the others and of tools/common/
$(BUILD)/tools/%.o: ALL_CFLAGS += $(TOOLS_INC) $(CJSON_CFLAGS)
FORCE:

# The man page with the version of tools/version.h in its footer.
TSUME_VERSION := $(shell sed -n 's/^.define TSUME_VERSION "\(.*\)"/\1/p' tools/version.h)
$(BUILD)/tsume.1: doc/tsume.1 tools/version.h
	@mkdir -p $(@D)
	sed '/^\.TH /s/"tsume"/"tsume $(TSUME_VERSION)"/' doc/tsume.1 >$@.tmp && mv -f $@.tmp $@

# The layers as libraries: core (the rules), formats (core/formats: text and
# files) and solver each on core; tools on all three.
LIBS_A = $(BUILD)/libsolver.a $(BUILD)/libformats.a $(BUILD)/libcore.a
LIBS_L = -L$(BUILD) -lsolver -lformats -lcore
$(BUILD)/libcore.a: $(CORE_OBJ)
	$(AR) rcs $@ $^
$(BUILD)/libformats.a: $(FORMATS_OBJ) | $(BUILD)/libcore.a
	$(AR) rcs $@ $^
$(BUILD)/libsolver.a: $(SOLVER_OBJ) | $(BUILD)/libcore.a
	$(AR) rcs $@ $^

$(BUILD)/tsume: $(TOOLS_OBJ) $(LIBS_A)
	$(CC) $(ALL_CFLAGS) $(TOOLS_OBJ) $(LIBS_L) $(LDLIBS) -o $@

# A test links the libraries and, where it tests a command, that command's
# object (listed below); -MMD writes its header dependencies to $@.d.
$(BUILD)/tests/%: tests/%.c $(LIBS_A) | check-cmocka
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) $(CJSON_CFLAGS) -DTEST_DATA_DIR='"$(TESTDATA)"' -Itests $(TOOLS_INC) -MMD -MP -MF $@.d $< \
	    $(filter %.o,$^) $(LIBS_L) $(CMOCKA_LIBS) $(LDLIBS) -o $@

# The tests are cmocka programs: without its header, say what to install
# rather than stop at the compiler's error.
check-cmocka:
	@printf '#include <stdarg.h>\n#include <stddef.h>\n#include <setjmp.h>\n#include <stdint.h>\n#include <cmocka.h>\n' | \
	 $(CC) $(CMOCKA_CFLAGS) -E -x c - >/dev/null 2>&1 || { \
	 echo "make: the tests need cmocka (cmocka.h not found), and more: install what they need with"; \
	 echo "  sh tools/setup.sh test"; exit 1; }

$(BUILD)/tests/test_convert: $(BUILD)/tools/convert/convert.o $(BUILD)/tools/common/cli.o
$(BUILD)/tests/test_sheet: $(BUILD)/tools/sheet/sheet.o $(BUILD)/tools/common/cli.o
$(BUILD)/tests/test_final_move: $(BUILD)/tools/common/final_move.o
$(BUILD)/tests/test_cli_parse: $(BUILD)/tools/common/cli.o
$(BUILD)/tests/test_verify: $(BUILD)/tools/common/verdict_text.o
$(BUILD)/tests/test_json: $(BUILD)/tools/common/json.o $(BUILD)/tools/batch/shard.o \
    $(BUILD)/tools/verify/verify_summary.o $(BUILD)/tools/common/cli.o

# The test data: tests/data as it is, its .gz files unpacked (tests/data/README.md).
$(TESTDATA)/.unpacked: $(DATA_FILES)
	@rm -rf $(TESTDATA) && mkdir -p $(TESTDATA) && cp -R tests/data/problems $(TESTDATA)/ && \
	 find $(TESTDATA) -name '*.gz' -exec gunzip {} + && touch $@

# Runs every test binary; fails if any fails or none ran.
test: $(TEST_BIN) tsume test-install $(TESTDATA)/.unpacked
	@set -e; echo "== layers"; python3 tests/check_layers.py; \
	 echo "== manual"; python3 tests/check_manual.py; \
	 echo "== tests named for modules"; python3 tests/check_tests.py; \
	 echo "== format"; sh tests/check_format.sh; \
	 echo "== data"; sh tests/test_data.sh tests/data $(SHARED); \
	 echo "== oracle"; python3 tests/test_oracle.py $(TESTDATA); \
	 n=0; for t in $(TEST_BIN); do echo "== $$t"; ./$$t; n=$$((n+1)); done; \
	 echo "== tools"; TEST_DATA=$(TESTDATA) sh tests/test_cli.sh ./tsume; \
	 echo "== usi"; python3 tests/test_usi.py ./tsume $(TESTDATA); \
	 echo "== sheet"; sh tests/test_sheet.sh ./tsume; \
	 echo "== kif"; TEST_DATA=$(TESTDATA) sh tests/test_kif_out.sh ./tsume; \
	 echo "== generate"; python3 tests/test_generate.py ./tsume; \
	 echo "== shard"; sh tests/test_shard.sh ./tsume $(TESTDATA); \
	 echo "== bench signature"; sh tests/test_bench_signature.sh ./tsume $(TESTDATA); \
	 echo "== web"; sh tests/test_web.sh ./tsume $(TESTDATA) "$(MAKE)"; \
	 echo "all $$n test programs passed"

# make install / uninstall into temporary prefixes, the man page against the commands and their options.
test-install: tsume $(BUILD)/tsume.1
	+@sh tests/test_install.sh "$(MAKE)" $(BUILD)

# make web: the page build/web/index.html (doc/web.md), core, formats, solver
# and the commands solve and verify compiled to WebAssembly by emscripten,
# with tools/web/web.c as their entry; one file, the wasm inlined, that
# opens from file:// as from a server.  Single-threaded (no
# SharedArrayBuffer on file://).  zlib: the system's header, no library
# (tools/web/nozlib.c: the page unpacks gzip itself).  cJSON: compiled from
# Debian's source of libcjson-dev's version, CJSON_SRC (cJSON.c and
# cjson/cJSON.h; sh tools/setup.sh test puts them there).
EMCC      ?= emcc
WEB       := $(BUILD)/web
CJSON_SRC ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/tsume/cjson-1.7.15
WEB_TOOLS := $(addprefix tools/solve/,solve_problem.c solve_report.c solve_check.c solve_kif.c) \
             $(addprefix tools/common/,cli.c check.c json.c verdict_text.c) tools/verify/verify_report.c
WEB_SRC   := $(CORE_SRC) $(FORMATS_SRC) $(SOLVER_SRC) $(WEB_TOOLS) tools/web/web.c tools/web/nozlib.c
WEB_OBJ   := $(WEB_SRC:%.c=$(WEB)/obj/%.o) $(WEB)/obj/cjson/cJSON.o
WEB_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) -Icore -Icore/formats $(SOLVER_INC) $(TOOLS_INC) -I$(WEB)/include \
             -I$(CJSON_SRC) -DNDEBUG -O3
WEB_LDFLAGS = -O3 -sSINGLE_FILE=1 -sENVIRONMENT=worker,node -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB \
	-sTOTAL_STACK=16MB -sINITIAL_MEMORY=64MB -sFORCE_FILESYSTEM=1 -sEXPORTED_FUNCTIONS=_web_run,_free \
	-sEXPORTED_RUNTIME_METHODS=ccall,FS,UTF8ToString
WEB_PAGE  := tools/web/page.html tools/web/page.css tools/web/page.js tools/web/worker.js tools/web/inline.py

web: $(WEB)/index.html

$(WEB)/include/zlib.h:
	@mkdir -p $(@D); command -v $(EMCC) >/dev/null 2>&1 || { echo "make web: emcc not found: install emscripten (sh tools/setup.sh test)"; exit 1; }; \
	 hs=$$(printf '#include <zlib.h>\n' | $(CC) -E -x c - 2>/dev/null | sed -n 's/^# [0-9]* "\(.*\/z[a-z]*\.h\)".*/\1/p' | sort -u); \
	 [ -n "$$hs" ] || { echo "make web: zlib.h not found (sh tools/setup.sh build)"; exit 1; }; cp $$hs $(@D)/

$(WEB)/obj/%.o: %.c | $(WEB)/include/zlib.h $(WEB)/cjson-found
	@mkdir -p $(dir $@)
	$(EMCC) $(WEB_CFLAGS) -MMD -MP -c $< -o $@

# cJSON.c as its authors write it (it includes "cJSON.h"): their code, not
# held to our warnings
$(WEB)/obj/cjson/cJSON.o: $(WEB)/cjson-found
	@mkdir -p $(dir $@)
	$(EMCC) -std=c99 -DNDEBUG -O3 -I$(CJSON_SRC)/cjson -c $(CJSON_SRC)/cJSON.c -o $@

# the cJSON source is there (checked at every make web)
$(WEB)/cjson-found: FORCE
	@[ -f "$(CJSON_SRC)/cJSON.c" ] && [ -f "$(CJSON_SRC)/cjson/cJSON.h" ] || { \
	 echo "make web: cJSON source not found (sh tools/setup.sh test)"; echo "  looked for $(CJSON_SRC)/cJSON.c and $(CJSON_SRC)/cjson/cJSON.h (CJSON_SRC)"; exit 1; }; \
	 mkdir -p $(@D); echo "$(CJSON_SRC)" >$@.tmp; if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv -f $@.tmp $@; fi

# NODE_PATH: a node not Debian's finds Debian's acorn, which emscripten uses
$(WEB)/tsume.js: $(WEB_OBJ)
	NODE_PATH=$${NODE_PATH:-/usr/share/nodejs} $(EMCC) $(WEB_LDFLAGS) $(WEB_OBJ) -o $@

$(WEB)/index.html: $(WEB)/tsume.js $(WEB_PAGE) tools/version.h
	python3 tools/web/inline.py tools/web $(WEB)/tsume.js "$(TSUME_VERSION)" $@

# Installation, GNU conventions: make install PREFIX=/usr/local; DESTDIR=/stage for packagers.
# install only copies what `make` built (it depends on the built files).
PREFIX      ?= /usr/local
BINDIR      ?= $(PREFIX)/bin
DATAROOTDIR ?= $(PREFIX)/share
DATADIR     ?= $(DATAROOTDIR)
MANDIR      ?= $(DATAROOTDIR)/man
INSTALL     ?= install
PROBLEMS_DIR = $(DESTDIR)$(DATADIR)/tsume/problems
PROBLEM_FILES := $(wildcard problems/*.sfen.gz) problems/bench-signature.tsv problems/long-signature.tsv problems/README.md

install: tsume $(BUILD)/tsume.1
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1" "$(PROBLEMS_DIR)"
	$(INSTALL) -m 755 tsume "$(DESTDIR)$(BINDIR)/tsume"
	$(INSTALL) -m 644 $(BUILD)/tsume.1 "$(DESTDIR)$(MANDIR)/man1/tsume.1"
	$(INSTALL) -m 644 $(PROBLEM_FILES) "$(PROBLEMS_DIR)"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/tsume" "$(DESTDIR)$(MANDIR)/man1/tsume.1"
	for f in $(notdir $(PROBLEM_FILES)); do rm -f "$(PROBLEMS_DIR)/$$f"; done
	for d in "$(PROBLEMS_DIR)" "$(DESTDIR)$(DATADIR)/tsume"; do [ ! -d "$$d" ] || rmdir "$$d" 2>/dev/null || true; done

# bench: the quick figures, a few minutes on 2 cores (perft, check generation,
# the solver over the shared sets, the signature, generate up to mate 7,
# verify).  bench-long: the long problems (Zuko #99, Microcosmos, up to
# BENCH_LONG seconds each) and generate's mate 9, half an hour or more.
BENCH_LONG ?= 900
bench: tsume $(TESTDATA)/.unpacked
	./tsume bench --data $(TESTDATA)
	./tsume bench --signature --quiet
	@for n in 1 3 5 7; do ./tsume generate --mate $$n --count $$(( n <= 3 ? 60 : n == 5 ? 20 : 6 )) --jobs 1 --seed 1 --out /dev/null 2>&1 | grep "^generate:"; done
	@for n in 3 5 7 9 11 13; do echo "verify ShogiBoardQ $$n-ply, --jobs 2:"; \
	  ./tsume verify --jobs 2 $(TESTDATA)/problems/raw/shogiboardq/tsume_$${n}ply_1000_20261001.txt 2>&1 >/dev/null | grep -E "summary|problems/s"; done

bench-long: tsume $(TESTDATA)/.unpacked
	./tsume bench --data $(TESTDATA) --long-only --long $(BENCH_LONG)
	@./tsume generate --mate 9 --count 3 --jobs 1 --seed 1 --out /dev/null 2>&1 | grep "^generate:"

asan:
	$(MAKE) BUILD=build-asan MODE_FLAGS= CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" \
	    LDLIBS="$(CJSON_LIBS) -lz -lpthread -lm -fsanitize=address,undefined" test-asan

test-asan: $(TEST_BIN) $(BUILD)/tsume $(TESTDATA)/.unpacked
	@set -e; for t in $(TEST_BIN); do echo "== $$t"; TSUME_QUICK=1 ./$$t; done; TEST_DATA=$(TESTDATA) sh tests/test_cli.sh ./$(BUILD)/tsume; \
	 TSUME_QUICK=1 python3 tests/test_usi.py ./$(BUILD)/tsume $(TESTDATA); sh tests/test_sheet.sh ./$(BUILD)/tsume --no-browser; \
	 TEST_DATA=$(TESTDATA) sh tests/test_kif_out.sh ./$(BUILD)/tsume --no-browser; \
	 TSUME_QUICK=1 sh tests/test_shard.sh ./$(BUILD)/tsume $(TESTDATA); \
	 ./$(BUILD)/tsume generate --quiet --mate 3 --count 3 --jobs 2 | ./$(BUILD)/tsume verify - >/dev/null && echo "generate under ASan: 3 problems verified"

# ThreadSanitizer over the code that runs threads: the solver on two threads
# (test_parallel, and test_solver with TSUME_TEST_THREADS=2, samples), verify
# and generate with --jobs 2 (a worker pool; generate shards and their merge),
# the USI engine (a search thread and stop / quit).
tsan:
	$(MAKE) BUILD=build-tsan MODE_FLAGS= CFLAGS="-O1 -g -fsanitize=thread -fno-omit-frame-pointer" \
	    LDLIBS="$(CJSON_LIBS) -lz -lpthread -lm -fsanitize=thread" test-tsan

test-tsan: $(BUILD)/tsume $(BUILD)/tests/test_parallel $(BUILD)/tests/test_solver $(TESTDATA)/.unpacked
	@set -e; export TSAN_OPTIONS="halt_on_error=1 exitcode=66"; \
	 TSUME_QUICK=1 ./$(BUILD)/tests/test_parallel; \
	 TSUME_QUICK=1 TSUME_TEST_THREADS=2 ./$(BUILD)/tests/test_solver; \
	 ./$(BUILD)/tsume solve --quiet --threads 2 "$$(awk -F '\t' '$$1=="zuko043" {print $$2}' $(TESTDATA)/problems/classics/zuko.tsv)" | grep "^mate 85"; \
	 head -203 $(TESTDATA)/problems/raw/shogiboardq/tsume_7ply_1000_20261001.txt | ./$(BUILD)/tsume verify --jobs 2 - >/dev/null || \
	   [ $$? -eq 1 ]; echo "verify --jobs 2 under TSan: 200 problems"; \
	 ./$(BUILD)/tsume generate --quiet --mate 3 --count 6 --jobs 2 >/dev/null; echo "generate --jobs 2 under TSan: 6 problems"; \
	 for i in 0 1; do ./$(BUILD)/tsume generate --quiet --mate 3 --count 6 --jobs 2 --shard $$i/2 >$(BUILD)/shard$$i.sfen; done; \
	 ./$(BUILD)/tsume merge --jobs 2 $(BUILD)/shard0.sfen $(BUILD)/shard1.sfen >/dev/null 2>&1; echo "generate --shard, merge --jobs 2 under TSan"; \
	 TSUME_QUICK=1 python3 tests/test_usi.py ./$(BUILD)/tsume $(TESTDATA)

# Fuzz targets (tests/fuzz/fuzz_NAME.c, seeds in tests/fuzz/corpus/NAME/): clang with
# -fsanitize=fuzzer,address,undefined and assertions.  fuzz-run runs each for FUZZ_TIME
# seconds, one after the other, growing build-fuzz/corpus/NAME; crashes land in build-fuzz/.
FUZZ_CC      ?= clang
FUZZ_TARGETS := sfen problemio kif csa usi
FUZZ_TIME    ?= 600
FUZZ_BIN     := $(FUZZ_TARGETS:%=build-fuzz/fuzz_%)

fuzz:
	$(MAKE) CC=$(FUZZ_CC) BUILD=build-fuzz MODE_FLAGS= CFLAGS="-O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer" \
	    LDLIBS="$(CJSON_LIBS) -lz -lpthread -lm -fsanitize=fuzzer,address,undefined" $(FUZZ_BIN)

build-fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(wildcard tests/fuzz/*.h) $(BUILD)/tools/usi/usi.o $(BUILD)/tools/common/cli.o $(LIBS_A)
	$(CC) $(ALL_CFLAGS) $(TOOLS_INC) -Itests/fuzz $< $(BUILD)/tools/usi/usi.o $(BUILD)/tools/common/cli.o $(LIBS_L) $(LDLIBS) -o $@

fuzz-run: fuzz
	@set -e; for t in $(FUZZ_TARGETS); do mkdir -p build-fuzz/corpus/$$t; echo "== fuzz_$$t, $(FUZZ_TIME) s"; \
	  ./build-fuzz/fuzz_$$t -max_total_time=$(FUZZ_TIME) -timeout=20 -print_final_stats=1 -artifact_prefix=build-fuzz/$$t- \
	    build-fuzz/corpus/$$t tests/fuzz/corpus/$$t >build-fuzz/fuzz_$$t.log 2>&1 || { tail -60 build-fuzz/fuzz_$$t.log; exit 1; }; \
	  grep -E "INITED|DONE|stat::" build-fuzz/fuzz_$$t.log; done

clean:
	rm -rf build build-asan build-tsan build-fuzz tsume

-include $(WEB_OBJ:.o=.d)
-include $(CORE_OBJ:.o=.d) $(FORMATS_OBJ:.o=.d) $(SOLVER_OBJ:.o=.d) $(TOOLS_OBJ:.o=.d) $(TEST_BIN:=.d)
