# Morph. `make run` starts morphd with its demo scenes; `make test` runs every test.
# Both install what is missing first (scripts/deps.sh), so a fresh machine needs nothing else.

SWIFT ?= swift
PYTHON ?= python3
SWIFT_BUILD_FLAGS ?=
HOST ?= 127.0.0.1
PORT ?= 8080

.PHONY: all deps build build-tests release test test-fast test-reset test-swift test-python test-export test-web test-schemas \
        test-server test-browser test-examples test-export-frames docs lint-docs run cluster bench bench-tiles bench-load bench-definition bench-runtime loadgen \
        fmt lint clean sanitize fuzz soak

# Runs a test command, echoes it, and records its test and skip counts (scripts/test_summary.py).
# Under CI=true a skipped test fails its suite, and `make test` fails if any suite skipped one.
COUNTED = $(PYTHON) scripts/test_summary.py run
# Unittest with each test's and class's time listed before the runner's closing lines.
UNITTEST = $(PYTHON) scripts/unittest_timed.py

# A suite's prerequisites when it runs alone; `make test` brings them up once and runs its
# suites with NO_PREREQS=1.
DEPS = $(if $(NO_PREREQS),,deps)
BUILT = $(if $(NO_PREREQS),,build)

all: build

deps:
	@bash scripts/deps.sh

build: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

# The test bundle (and the products), so `swift test` builds nothing more.
build-tests: $(DEPS)
	$(SWIFT) build --build-tests $(SWIFT_BUILD_FLAGS)

release: deps
	$(SWIFT) build -c release $(SWIFT_BUILD_FLAGS)

# Every suite, on both cores: deps and the products first, then three lanes side by side
# (scripts/run_suites.py; each target's output in artifacts/test-logs/). Lane one builds the
# test bundle and runs the CPU-bound Swift work, in this order because SwiftPM lets one command
# at a time use .build, at nice 10 so a saturated CPU does not distort the real-time input of
# the browser lane (pointer flicks, animations). Lane three, the server suite and the schemas,
# runs at nice 5 for the same reason. The example package's build ends the browser lane, after
# the browser suite (so it never competes with its input), because the server lane ended last.
# MORPHD/MORPH name the binaries just built, so no suite calls SwiftPM on .build again.
TEST_LANES ?= "build-tests lint-docs docs test-swift test-export-frames lint" \
              "test-browser test-python test-web test-export test-examples" \
              "test-server test-schemas"
TEST_NICENESS ?= 10,0,5
test: deps build
	@$(PYTHON) scripts/test_summary.py reset
	@bin=$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path) && \
	    MORPHD=$${MORPHD:-$$bin/morphd} MORPH=$${MORPH:-$$bin/morph} $(PYTHON) scripts/run_suites.py --nice $(TEST_NICENESS) $(TEST_LANES); \
	    status=$$?; $(PYTHON) scripts/test_summary.py report swift python export frames web server browser && exit $$status
	@echo "make test: all suites passed"

# The edit loop: Swift and the page's pure modules, without servers, browsers or docs.
test-fast: $(DEPS)
	@$(PYTHON) scripts/test_summary.py reset
	@$(PYTHON) scripts/run_suites.py test-swift test-web
	@$(PYTHON) scripts/test_summary.py report swift web

test-reset:
	@$(PYTHON) scripts/test_summary.py reset

test-swift: $(DEPS)
	$(COUNTED) swift -- $(SWIFT) test $(SWIFT_BUILD_FLAGS)

# Generators and their checked-in outputs (font metrics, glyph outlines).
test-python: $(DEPS)
	$(COUNTED) python -- $(UNITTEST) discover -s Tests/python -v

# `morph export --format lottie` through lottie-specs' schema, the `lottie` package and rlottie.
test-export: $(DEPS) $(BUILT)
	$(COUNTED) export -- $(UNITTEST) discover -s Tests/export -v

# The seeds' Lottie files frame by frame in rlottie against `morph render`: every eighth
# sampled frame (LOTTIE_FRAME_STRIDE=1: every frame). Its own suite, so a lane with room runs it.
test-export-frames: $(DEPS) $(BUILT)
	$(COUNTED) frames -- $(UNITTEST) discover -s Tests/export/frames -v

# The built-ins' configuration schemas are the ones their files generate; every schema is valid
# 2020-12; every golden and every kind of `morph export` output validates.
test-schemas: $(DEPS) $(BUILT)
	$(PYTHON) scripts/gen_config_schemas.py --check
	$(PYTHON) scripts/validate_schemas.py Sources/MorphKit/BuiltIn/*.json Sources/morph/Templates/*.json Examples/components/*.json \
	    Examples/tutorial/*.json
	PYTHON=$(PYTHON) bash scripts/validate_exports.sh

# The README's library example, a separate package using this one by path: builds and runs.
test-examples: $(DEPS)
	SWIFT=$(SWIFT) PYTHON=$(PYTHON) bash scripts/check_example.sh

# The page's pure modules, against hand-written lists and every Swift golden.
test-web: $(DEPS)
	$(COUNTED) web -- node --test web-preview/test/

# A real morphd on free loopback ports, driven by a WebSocket client (Python `websockets`);
# test_cluster.py puts three of them behind Debian's nginx (deploy/).
test-server: $(DEPS) $(BUILT)
	$(COUNTED) server -- $(UNITTEST) discover -s Tests/integration -v

# The page in a real headless Chromium; screenshots land in artifacts/browser/.
test-browser: $(DEPS) $(BUILT)
	$(COUNTED) browser -- $(UNITTEST) discover -s Tests/browser -v

# MorphKit's DocC catalog and API reference as static HTML in .build/docs/MorphKit, with the
# toolchain's docc (warnings, such as a broken link, fail it).
docs: $(DEPS)
	SWIFT=$(SWIFT) bash scripts/docs.sh

# Every public MorphKit symbol has a /// comment (read from the compiler's symbol graph).
lint-docs:
	SWIFT=$(SWIFT) $(PYTHON) scripts/check_doc_comments.py

# Recordings go to morphd's default, the user's data folder (it prints which), never the checkout.
run: release
	$(SWIFT) run -c release morphd --host $(HOST) --port $(PORT) --components Examples/components

# nginx on 127.0.0.1:$(PORT) in front of three morphd on the next three ports, sharing one
# recordings folder, routed by session id (deploy/README.md). Foreground; Ctrl-C stops all.
cluster: release
	$(PYTHON) deploy/cluster.py --port $(PORT) --instances 3 --morphd .build/release/morphd

# The C yardstick for the curtain kernel (a peer, never part of the build): `make bench
# CURTAIN_PEER=DIR` builds DIR's Makefile into .build/peers/curtain; morph-bench prints
# "peer absent" without it.
CURTAIN_PEER ?=
CURTAIN_PEER_BUILD := .build/peers/curtain
BENCH_ARGS ?=
# Opt-in CPU-specific build, not portable: `make bench CPU=haswell` (AVX2 + FMA) builds into
# .build/cpu-haswell; the shipped build stays at the toolchain's baseline.
CPU ?=
CPU_FLAGS := $(if $(CPU),-Xswiftc -target-cpu -Xswiftc $(CPU) --scratch-path .build/cpu-$(CPU))

bench: deps
	@rm -f $(CURTAIN_PEER_BUILD)/curtain-peer
	@if [ -n "$(CURTAIN_PEER)" ] && [ -f "$(CURTAIN_PEER)/Makefile" ]; then \
		mkdir -p $(CURTAIN_PEER_BUILD) && ln -sf $(abspath $(CURTAIN_PEER))/curtain.c $(CURTAIN_PEER_BUILD)/curtain.c && \
		$(MAKE) -s CC=clang -C $(CURTAIN_PEER_BUILD) -f $(abspath $(CURTAIN_PEER))/Makefile curtain-peer; \
	else echo "curtain peer absent (CURTAIN_PEER=$(CURTAIN_PEER))"; fi
	MORPH_CURTAIN_PEER_BIN=$(abspath $(CURTAIN_PEER_BUILD))/curtain-peer \
		$(SWIFT) run -c release $(SWIFT_BUILD_FLAGS) $(CPU_FLAGS) morph-bench $(BENCH_ARGS)

# The server and recording suites under AddressSanitizer, then ThreadSanitizer (each in its
# own build folder; slow, not part of `make test`).
SANITIZE_FILTER ?= MorphServerTests|MorphWorkTests|RecordingTests|HostileRecordingTests
sanitize: deps
	LSAN_OPTIONS=suppressions=$(abspath scripts/lsan.supp) \
	    $(SWIFT) test --sanitize=address --scratch-path .build/asan --filter '$(SANITIZE_FILTER)'
	TSAN_OPTIONS=suppressions=$(abspath scripts/tsan.supp) \
	    $(SWIFT) test --sanitize=thread --scratch-path .build/tsan --filter '$(SANITIZE_FILTER)'

# libFuzzer targets (Sources/morph-fuzz, not part of `make test`): the protocol, recordings,
# configurations and display lists, built with -sanitize=fuzzer,address into .build/fuzz; each
# runs FUZZ_SECONDS from its seed corpus in Tests/fuzz/corpus and a crash fails (scripts/fuzz.sh).
# usage: make fuzz [FUZZ_SECONDS=60] [FUZZ_TARGETS="protocol recording"]
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= protocol recording configuration display-list png expression
FUZZ_BUILD_FLAGS := -c release --product morph-fuzz --scratch-path .build/fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DMORPH_LIBFUZZER -Xswiftc -use-ld=lld
fuzz: deps
	$(SWIFT) build $(FUZZ_BUILD_FLAGS) $(SWIFT_BUILD_FLAGS)
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_TARGETS="$(FUZZ_TARGETS)" bash scripts/fuzz.sh

# Churns a release morphd with clients (sessions, joins, recordings, slow readers) for
# SOAK_SECONDS, then checks it is alive, answers a fresh client, no client failed, and its RSS
# stayed within a bound and falls back near the idle figure once every client has left; RSS
# samples go to .build/soak-rss.csv (scripts/soak.py; not part of `make test`).
# usage: make soak [SOAK_SECONDS=120] [SOAK_ARGS="--settled-ratio 1.2 --peak-bound-mb 400"]
SOAK_SECONDS ?= 120
SOAK_ARGS ?=
soak: deps
	$(SWIFT) build -c release --product morphd $(SWIFT_BUILD_FLAGS)
	$(PYTHON) scripts/soak.py --seconds $(SOAK_SECONDS) $(SOAK_ARGS)

# Server tiles during a scripted 2 s curtain drag against a release morphd, per codec and
# fallback setting: full-scale and lowered sets/s, input-to-tile latency p50/p99 (from the server's
# ack of each move), the fold's spring lag apart, bytes per set,
# rest to lossless p50/p99/max (issue 8). TILE_BENCH_ARGS="--repeats N --rests K --only jpeg/auto".
bench-tiles: release
	$(PYTHON) bench/tile_bench.py $(TILE_BENCH_ARGS)

# The seeds' frame build through their component files here against the Swift components
# of BASELINE (default a30a3a3, the last commit that has them; issue 29): callgrind K
# instructions per frame and wall-clock ratios, new file / baseline Swift. The baseline's
# release morph-bench is built once and kept in .build/definition-baseline.
# usage: make bench-definition [DEFINITION_ARGS="--baseline COMMIT --runs 9 --no-wall"]
DEFINITION_ARGS ?=
bench-definition: deps
	$(PYTHON) scripts/definition_vs_baseline.py $(DEFINITION_ARGS)

# The C load client (bench/loadgen): raw sockets, epoll, gcc -O2.
LOADGEN := .build/loadgen/loadgen
$(LOADGEN): $(wildcard bench/loadgen/*.c bench/loadgen/*.h) bench/loadgen/Makefile
	@mkdir -p $(dir $(LOADGEN))
	$(MAKE) -s -C bench/loadgen OUT=$(abspath $(LOADGEN))

loadgen: $(LOADGEN)

# `morph check`, 500 driven sessions and 2000 viewers here against BASELINE's morph and morphd
# (default a30a3a3), run alternately: ratios min / median / max (issue 29's "no worse").
# usage: make bench-runtime [RUNTIME_ARGS="--baseline COMMIT --runs 5 --no-load"]
RUNTIME_ARGS ?=
bench-runtime: deps $(LOADGEN)
	$(PYTHON) scripts/runtime_vs_baseline.py $(RUNTIME_ARGS)

# morphd at scale against the Python broadcast peer in the same run (a few minutes); writes
# its section of bench/results.md. `make bench-load LOAD_ARGS="--viewers 250,500"` narrows it;
# `LOAD_ARGS="--figures-only --repeats 5"` says whether issue 35's figures hold in each of 5 runs.
LOAD_ARGS ?=
bench-load: deps $(LOADGEN)
	$(SWIFT) build -c release --product morphd $(SWIFT_BUILD_FLAGS)
	$(PYTHON) bench/load_bench.py --write $(LOAD_ARGS)

fmt:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift Examples/UseMorphKit/Package.swift \
	    Examples/UseMorphKit/Sources

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift Examples/UseMorphKit/Package.swift \
	    Examples/UseMorphKit/Sources
	$(PYTHON) scripts/bundle_components.py --check

clean:
	rm -rf .build artifacts Examples/UseMorphKit/.build
