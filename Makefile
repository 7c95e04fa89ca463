# Top-level entry points. `make demo` and `make check` work on a fresh
# Debian bookworm machine as root: they install missing packages first.
BUILD_DIR ?= build
BUILD_TYPE ?= Release
JOBS ?= $(shell nproc)

.PHONY: all deps configure build check check-asan demo bench bench-real clean format

all: build

deps:
	@scripts/install-deps.sh

$(BUILD_DIR)/build.ninja: | deps
	cmake -G Ninja -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

configure: $(BUILD_DIR)/build.ninja

build: deps configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

check: build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)

# Theseus itself under AddressSanitizer and UndefinedBehaviorSanitizer: the
# unit tests, the lit suites (e2e, robustness) and 20 seconds each of
# fuzzing the test-file reader and the command-line parser. The forking self-check over the e2e corpus is left
# to `make check`: it runs the same programs again. detect_leaks=0: Theseus
# keeps the explorer alive until exit, and LLVM and Z3 keep global state.
ASAN_BUILD_DIR ?= build-asan

$(ASAN_BUILD_DIR)/build.ninja: | deps
	cmake -G Ninja -S . -B $(ASAN_BUILD_DIR) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DTHESEUS_SANITIZE=ON

check-asan: $(ASAN_BUILD_DIR)/build.ninja
	cmake --build $(ASAN_BUILD_DIR) -j $(JOBS)
	ASAN_OPTIONS=detect_leaks=0 ctest --test-dir $(ASAN_BUILD_DIR) \
	  --output-on-failure -j $(JOBS) -E '^self-check-corpus$$'

demo: build
	$(BUILD_DIR)/bin/theseus examples/max4.c -o $(BUILD_DIR)/demo-out

bench: build
	bench/run.py --theseus $(BUILD_DIR)/bin/theseus

bench-real: build
	bench/real/run.py --theseus $(BUILD_DIR)/bin/theseus --out $(BUILD_DIR)/bench-real

format:
	clang-format -i $$(git ls-files '*.cpp' '*.h')

clean:
	rm -rf $(BUILD_DIR)
