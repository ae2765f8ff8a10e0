SWIFT ?= swift
FORMAT_PATHS = Package.swift Sources Tests Fixtures

.PHONY: build test serve lint format clean

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

clean:
	rm -rf .build
