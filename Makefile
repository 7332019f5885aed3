# Slide: two commands do everything on a fresh Debian machine.
#   make serve   install what is missing, build, serve on http://127.0.0.1:8080
#   make test    install what is missing, run every test
# Other targets: make build, make bench, make fuzz, make tools, make lint, make clean.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

export PATH := $(HOME)/.cargo/bin:$(PATH)
export CHROMEDRIVER ?= /usr/bin/chromedriver
export CHROMIUM ?= /usr/bin/chromium

TRUNK_VERSION := 0.21.14
WASM_BINDGEN_VERSION := 0.2.130
BINARYEN_VERSION := 132
# Prebuilt trunk, wasm-bindgen and wasm-bindgen-test-runner of exactly these
# versions, when the machine has them: saves some 40 minutes of compiling.
PREBUILT_TOOLS := ../shared/tools/wasm-web-tools-x86_64-linux.tar.xz
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
WASM_TARGET := wasm32-unknown-unknown

.PHONY: help serve test build bench fuzz tools lint clean \
	rust-target trunk wasm-bindgen wasm-opt browser node e2e-deps \
	test-native test-wasm test-e2e

help:
	@echo "make serve   build and serve the game on http://127.0.0.1:8080"
	@echo "make test    run every test (native, wasm in Chromium, end-to-end)"
	@echo "make build   build the site into dist/"
	@echo "make bench   run the native and the browser benchmarks (BENCHMARKS.md)"
	@echo "make fuzz    fuzz every text format FUZZ_SECONDS a target (default 3600)"
	@echo "make tools   install what the two commands need"

# `trunk serve` sends every file uncompressed: the built site is served by
# e2e/serve.mjs instead, as a host would (brotli or gzip, cache headers).
# Rebuild (make build, or make serve again) and reload to see a change.
serve: tools
	trunk build --release
	cd e2e && node serve.mjs 8080 ../dist

build: tools
	trunk build --release

test: tools test-native test-wasm test-e2e

# The short form of every native benchmark: one run of a few instances,
# answers checked (compiled in release, like the build's table tool).
test-native:
	cargo test
	cargo bench --bench solve --bench pegs --bench near --bench route -- --short
	cargo clippy --all-targets -- -D warnings
	cargo clippy --target $(WASM_TARGET) --no-default-features --lib --tests -- -D warnings

test-wasm:
	CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
	  cargo test --target $(WASM_TARGET) --no-default-features --test web

# Then the browser benchmark's short form, and the table of every short
# form's figures.
test-e2e:
	trunk build --release
	cd e2e && npx playwright test
	cd e2e && node bench.mjs --short
	node e2e/bench-summary.mjs --short

# Native: Korf's 100 and the 80-move positions, median of 3 runs; peg
# solitaire; 5x5 to 10x10 near-optimal (Korf's 24-puzzle instances, 20 seeded
# boards a size); route finding. Browser: the same through the WebAssembly
# build in headless Chromium (the 80-move positions through Hint and through
# Solve), plus cold start and warm hints (e2e/bench.mjs);
# Lighthouse mobile on the site served as `make serve` serves it
# (e2e/lighthouse.mjs).
# Then the page on a phone's network (e2e/network.mjs): served at fast and
# slow 4G's pace, an empty cache and a second visit, median of 3 runs (each
# capped at 240 s; about 15 minutes before issue 22's fixes).
# Each part writes its figures to target/bench/*.jsonl; the last step prints
# them as one table with their targets and the commit.
bench: tools
	rm -f target/bench/*.jsonl
	cargo bench --bench solve -- 3
	cargo bench --bench pegs -- 5
	cargo bench --bench near -- 20
	cargo bench --bench route -- 7
	trunk build --release
	cd e2e && node bench.mjs 3
	cd e2e && node lighthouse.mjs 3
	cd e2e && node network.mjs --profile fast4g,slow4g --runs 3
	node e2e/bench-summary.mjs

# The fuzz targets of tests/fuzzing_text_formats.rs, one after the other (one
# core), each for FUZZ_SECONDS (an hour by default), from seed FUZZ_SEED (the
# time by default). The test profile optimises and keeps overflow checks and
# debug assertions, as a fuzzer wants. Findings: target/fuzz-findings/.
fuzz:
	SLIDE_FUZZ_SECONDS=$${FUZZ_SECONDS:-3600} SLIDE_FUZZ_SEED=$${FUZZ_SEED:-$$(date +%s)} \
	  cargo test --test fuzzing_text_formats -- --test-threads=1 --nocapture

lint:
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings

clean:
	cargo clean
	rm -rf dist e2e/test-results e2e/artifacts

# ---- installing what is missing -------------------------------------------

tools: rust-target trunk wasm-bindgen wasm-opt browser e2e-deps

rust-target:
	@command -v cargo >/dev/null || { echo "Rust is missing: install it with rustup (https://rustup.rs), then run make again." >&2; exit 1; }
	@rustup target list --installed | grep -qx $(WASM_TARGET) || rustup target add $(WASM_TARGET)

# Installs the prebuilt tools if the machine has them, else compiles them.
trunk:
	@trunk --version 2>/dev/null | grep -qx "trunk $(TRUNK_VERSION)" || { \
	  if [ -f $(PREBUILT_TOOLS) ]; then mkdir -p $(HOME)/.cargo/bin && tar -xJf $(PREBUILT_TOOLS) -C $(HOME)/.cargo/bin; fi; \
	  trunk --version 2>/dev/null | grep -qx "trunk $(TRUNK_VERSION)" || cargo install --locked trunk@$(TRUNK_VERSION); }

# Without --locked: the locked tree names a dependency version the registry
# no longer serves.
wasm-bindgen:
	@{ wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $(WASM_BINDGEN_VERSION)" && \
	   wasm-bindgen-test-runner --version 2>/dev/null | grep -qx "wasm-bindgen-test-runner $(WASM_BINDGEN_VERSION)"; } || { \
	  if [ -f $(PREBUILT_TOOLS) ]; then mkdir -p $(HOME)/.cargo/bin && tar -xJf $(PREBUILT_TOOLS) -C $(HOME)/.cargo/bin; fi; \
	  wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $(WASM_BINDGEN_VERSION)" || \
	    cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION); }

node:
	@command -v npm >/dev/null || { $(SUDO) apt-get install -y nodejs npm || { $(SUDO) apt-get update && $(SUDO) apt-get install -y nodejs npm; }; }

# Trunk would otherwise download binaryen for release builds.
wasm-opt: node
	@wasm-opt --version 2>/dev/null | grep -q "version $(BINARYEN_VERSION)" || $(SUDO) npm install -g binaryen@$(BINARYEN_VERSION)

browser:
	@{ [ -x $(CHROMIUM) ] && [ -x $(CHROMEDRIVER) ]; } || { \
	  $(SUDO) apt-get install -y chromium chromium-driver || { $(SUDO) apt-get update && $(SUDO) apt-get install -y chromium chromium-driver; }; }

# Playwright drives Debian's Chromium: its own browser download is never used.
e2e-deps: node
	@[ e2e/node_modules/.package-lock.json -nt e2e/package-lock.json ] || { cd e2e && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund; }
