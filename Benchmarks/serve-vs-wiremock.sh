#!/bin/sh
# apps serve beside WireMock (Docs/Performance.md): the same 100 exact-path stubs and one pattern
# stub imported into both, then `wrk` against each, one after the other, after a warm-up run.
#
#     Benchmarks/serve-vs-wiremock.sh [APPS_BINARY] [WIREMOCK_JAR]
#
# APPS_BINARY defaults to the release build; WIREMOCK_JAR to the jar PyPI's `wiremock` package
# carries (pip install wiremock). Needs java and wrk.
set -eu
apps=${1:-.build/release/apps}
jar=${2:-$(python3 -c 'import wiremock, pathlib; print(next(pathlib.Path(wiremock.__file__).parent.glob("server/*.jar")))')}
seconds=${SECONDS_PER_RUN:-8}

mappings=$(python3 -c '
import json
stubs = [{"request": {"method": "GET", "urlPath": f"/stub/{n}"},
          "response": {"status": 200, "jsonBody": {"id": n, "name": f"item {n}"}}} for n in range(100)]
stubs.append({"request": {"method": "GET", "urlPathPattern": "/pattern/[a-z]+"},
              "response": {"status": 200, "jsonBody": {"pattern": True}}})
stubs.append({"request": {"method": "POST", "urlPath": "/json", "bodyPatterns": [{"matchesJsonPath": "$[?(@.kind == '"'"'ride'"'"')]"}]},
              "response": {"status": 200, "jsonBody": {"json": True}}})
print(json.dumps({"mappings": stubs}))')
post=$(mktemp)
trap 'rm -f "$post"; kill $server 2>/dev/null || true' EXIT
cat > "$post" <<'EOF'
wrk.method = "POST"
wrk.body = '{"kind": "ride", "from": "Bondi", "to": "Opera House"}'
wrk.headers["Content-Type"] = "application/json"
EOF

measure() { # NAME PORT
    for path in /stub/50 /pattern/abc; do
        wrk -t1 -c8 -d"${seconds}s" "http://127.0.0.1:$2$path" > /dev/null # warm-up
        printf '%s %s: ' "$1" "$path"
        wrk -t1 -c8 -d"${seconds}s" --latency "http://127.0.0.1:$2$path" | awk '/Requests\/sec/ {r=$2} / 99%/ {p=$2} END {print r " requests/s, p99 " p}'
    done
    wrk -t1 -c8 -d"${seconds}s" -s "$post" "http://127.0.0.1:$2/json" > /dev/null
    printf '%s POST /json (matchesJsonPath): ' "$1"
    wrk -t1 -c8 -d"${seconds}s" -s "$post" --latency "http://127.0.0.1:$2/json" | awk '/Requests\/sec/ {r=$2} / 99%/ {p=$2} END {print r " requests/s, p99 " p}'
}

ready() { # PORT
    for _ in $(seq 1 200); do
        curl -s -o /dev/null "http://127.0.0.1:$1/__admin/mappings" && return 0
        sleep 0.1
    done
    return 1
}

port=18181
"$apps" serve --port $port > /dev/null 2>&1 &
server=$!
ready $port
curl -s -o /dev/null -X POST --data "$mappings" "http://127.0.0.1:$port/__admin/mappings/import"
measure "apps serve" $port
kill $server; wait $server 2>/dev/null || true

port=18182
java -jar "$jar" --port $port --disable-request-logging > /dev/null 2>&1 &
server=$!
ready $port
curl -s -o /dev/null -X POST --data "$mappings" "http://127.0.0.1:$port/__admin/mappings/import"
measure "WireMock" $port
