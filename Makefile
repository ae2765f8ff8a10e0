SWIFT ?= swift
FORMAT_PATHS = Package.swift Sources Tests Fixtures Benchmarks/Package.swift Benchmarks/Benchmarks Benchmarks/MinimalResults

.PHONY: build test serve lint format clean bench bench-cli

build:
	$(SWIFT) build

test:
	$(SWIFT) build --build-tests
	$(SWIFT) test

serve:
	$(SWIFT) run apps serve --port 8080

lint:
	$(SWIFT) format lint --strict --recursive $(FORMAT_PATHS)

format:
	$(SWIFT) format format --in-place --recursive $(FORMAT_PATHS)

bench:
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark

bench-cli:
	Benchmarks/bench-cli.sh

clean:
	rm -rf .build
