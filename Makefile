SWIFT ?= swift
FORMAT_PATHS = Package.swift Sources Tests Fixtures Benchmarks/Package.swift Benchmarks/Benchmarks Benchmarks/MinimalResults

.PHONY: build test test-tsan availability conformance contract docs samples man serve lint format clean bench bench-cli

build:
	$(SWIFT) build

# Builds and runs have deadlines far above their usual minutes: a hang ends there and fails,
# naming the tests that had not ended and the stacks of their threads. Progress lines go to the
# log named, the rest to the screen (.ci/deadline).
test:
	.ci/deadline 2400 .build/build.log $(SWIFT) build --build-tests
	.ci/deadline 900 .build/test.log $(SWIFT) test --skip-build

# The whole suite under ThreadSanitizer, in a build folder of its own (.build-tsan). Instrumented
# code runs several times slower, so at most four tests run at once (each still runs its own
# concurrency): with the whole suite at once, the in-process servers starved past their timeouts on
# two cores. The test that races twenty processes for one file is about the file system, not
# threads, and runs in `make test`. .ci/tsan-suppressions lists the reports that are not races.
test-tsan:
	.ci/deadline 2400 .build-tsan/build.log $(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=4 TSAN_OPTIONS=suppressions=$(CURDIR)/.ci/tsan-suppressions \
		.ci/deadline 900 .build-tsan/test.log \
		$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --skip twentyRegistrationsAtOnce

# Standard-library APIs newer than the Apple platform minimums (Docs/Platforms.md).
availability:
	python3 .ci/availability.py

# Docs/openapi.yaml checked by outside clients: swift-openapi-generator (no warnings, the client
# builds) and schemathesis against `apps serve` (installed under .build/ on first use).
conformance:
	.ci/conformance

# Fixtures/Contract/responses.json, the answers `Prefer: code=…` serves, from Docs/openapi.yaml.
contract:
	python3 .ci/contract-responses

# DocC for every library product: no warnings, at least 95 % of public symbols summarised.
docs:
	.ci/docs

# Every Swift sample of the DocC catalogs and the README, type-checked as written against the
# modules of the last build; SwiftUI and UIKit samples against SwiftUI and UIKit, or where they
# cannot be imported (Linux) against .ci/swiftui/SwiftUI.swift and .ci/uikit/UIKit.swift, their
# signatures (isolation included) as far as the samples use them.
samples:
	$(SWIFT) build
	.ci/samples

# The manual page, from the command tree (swift-argument-parser's generate-manual plugin).
man:
	mkdir -p Docs/man
	$(SWIFT) package --allow-writing-to-package-directory generate-manual --output-directory Docs/man

# The release build: a test farm's server (the debug build answers a quarter as many requests).
serve:
	$(SWIFT) run -c release apps serve --port 8080

# Swift formatting, and the GitHub workflows against GitHub's schema and zizmor's audits (.ci/workflows).
lint:
	$(SWIFT) format lint --strict --recursive $(FORMAT_PATHS)
	.ci/workflows

format:
	$(SWIFT) format format --in-place --recursive $(FORMAT_PATHS)

bench:
	$(SWIFT) build -c release --product apps
	cd Benchmarks && APPS_BINARY=$(CURDIR)/.build/release/apps $(SWIFT) package --allow-writing-to-package-directory benchmark

bench-cli:
	Benchmarks/bench-cli.sh

clean:
	rm -rf .build .build-tsan
