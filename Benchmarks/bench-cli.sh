#!/usr/bin/env bash
# Whole-command timings with hyperfine, each beside its floor (see Docs/Performance.md).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { echo "hyperfine is needed: apt-get install hyperfine" >&2; exit 1; }

swift build -c release --product apps
apps=.build/release/apps
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swiftc -O Benchmarks/MinimalResults/main.swift -o "$work/minimal-results"
fixture=Fixtures/Data/lotto/draws.json

echo "== apps lotto results (embedded backend) beside a minimal Foundation parse of the same fixture"
APPS_CACHE_DIR="$work/cache" hyperfine --warmup 3 --runs 30 -N \
    "$work/minimal-results $fixture" \
    "env APPS_CACHE_DIR=$work/cache $apps lotto results --format json"

echo "== apps lotto check-file on 1,000,000 lines beside wc -l"
"$apps" lotto generate-lines --count 1000000 --seed 1 > "$work/lines.csv"
ls -l "$work/lines.csv"
hyperfine --warmup 1 --runs 10 -N \
    "wc -l $work/lines.csv" \
    "env APPS_CACHE_DIR=$work/cache $apps lotto check-file $work/lines.csv --format json"

echo "== the full-screen apps' input path (no terminal): keys into apps pilot ui's form at 80x24, and a search"
echo "   burst in apps koober ui at 200x50; the debug build swift run makes, then the release build"
swift build --product apps
.build/debug/apps bench input --runs 20
"$apps" bench input --runs 20

echo "== apps serve's stub matching: GET /lotto/draws answered in process, with 1,000 stubs and with none"
"$apps" bench stubs
