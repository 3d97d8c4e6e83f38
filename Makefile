# The two commands a newcomer needs: `make demo` and `make test`.
# Both install the system packages first (scripts/setup, idempotent).

SWIFT ?= swift
RELEASE_BIN := .build/release/seqr

.PHONY: setup wasm build release demo test docs bench fuzz clean install uninstall deb

setup:
	@bash scripts/setup

# The web app's QR decoder (zxing-cpp as WebAssembly) and the paper vault's three modules (BoringSSL's
# ChaCha20-Poly1305, brotli's decoder, ISA-L) into Sources/SeqrWebApp/Resources/wasm/, before swift build
# copies the resources; does nothing when they are newer than their sources (scripts/build-wasm).
wasm: setup
	@bash scripts/build-wasm

build: setup wasm
	$(SWIFT) build

# Release builds link the Swift runtime and Foundation statically: a `seqr` process
# then starts in about half the time (see docs/benchmarks.md).
release: setup wasm
	$(SWIFT) build -c release --static-swift-stdlib

demo: release
	@bash scripts/demo $(RELEASE_BIN)

# The server tests run against SQLite and PostgreSQL (scripts/test starts a throwaway
# cluster on loopback); on a failure the failing tests are listed again at the end.
test: setup wasm
	@SWIFT=$(SWIFT) bash scripts/test

# The libraries' DocC documentation, warnings as errors (scripts/docs, docs/library.md).
docs: setup
	@SWIFT=$(SWIFT) bash scripts/docs

# libFuzzer targets, each run FUZZ_RUNS times (scripts/fuzz, docs/fuzzing.md); separate
# from `make test`, with its own build directory (.build-fuzz).
FUZZ_RUNS ?= 1000000
fuzz: setup
	@SWIFT=$(SWIFT) bash scripts/fuzz all $(FUZZ_RUNS)

# Both executables, their man pages and bash/zsh/fish completions under PREFIX (DESTDIR for
# packagers); BIN_DIR names other built binaries (the tests install .build/debug's in a temporary prefix).
PREFIX ?= /usr/local
BIN_DIR ?= .build/release
install: $(if $(filter .build/release,$(BIN_DIR)),release)
	@bash scripts/install "$(DESTDIR)$(PREFIX)" "$(BIN_DIR)"

uninstall:
	@bash scripts/install --uninstall "$(DESTDIR)$(PREFIX)"

# The seqr Debian package in out/ (dpkg-deb only; scripts/deb, docs/deploy.md): both executables,
# man pages, completions and the hardened seqr-server.service. BIN_DIR as for install.
deb: $(if $(filter .build/release,$(BIN_DIR)),release)
	@bash scripts/deb "$(BIN_DIR)" out

bench: release
	.build/release/seqr-bench qr

clean:
	rm -rf .build .build-fuzz out
