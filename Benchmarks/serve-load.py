#!/usr/bin/env python3
"""The load benchmark of `apps serve` (Docs/Performance.md): 16 sandboxes of ordinary UI-test
traffic, each with 100 stubs and its journal on, first alone (quiet), then beside one hostile
sandbox (catastrophic regular expressions, 1 MiB bodies against JSON stubs, clients that send half
a request and hold it, clients that ask for a delayed answer and leave). Prints, for each run, the
ordinary requests' latency (p50, p99, slowest) and the server's peak memory.

With --burst, it checks instead that load never changes an answer: a team's folder of 92 mapping
files (plain paths, regular expressions, JSONPath, equalToJson, headers and query parameters,
templates) served with --no-backends, four of its stubs asked 400 times with 1, 8, 16 and 32
requests in flight; every answer must be the one the server gives when idle. Run it on the debug
build too (`--apps .build/debug/apps`), the slowest the server gets; `--wiremock JAR` runs the
same bursts against WireMock.

    Benchmarks/serve-load.py [--apps .build/release/apps] [--seconds 10]
    Benchmarks/serve-load.py --burst [--apps .build/debug/apps] [--wiremock wiremock-standalone.jar]

The server runs in its own process; this script is its clients (one keep-alive connection per
ordinary sandbox, each request after the last, as a UI test sends them).
"""

import argparse
import asyncio
import json
import multiprocessing
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

SANDBOXES = 16
STUBS = 100


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Connection:
    """One keep-alive HTTP/1.1 connection that sends a request and reads its whole answer."""

    def __init__(self, port):
        self.port = port
        self.reader = self.writer = None

    async def request(self, method, path, body=b"", fields=()):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        head = f"{method} {path} HTTP/1.1\r\nHost: bench\r\nContent-Length: {len(body)}\r\n"
        head += "".join(f"{name}: {value}\r\n" for name, value in fields)
        self.writer.write(head.encode() + b"\r\n" + body)
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionError("closed")
        length, close, chunked = 0, False, False
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
            if name.lower() == "connection" and "close" in value.lower():
                close = True
            if name.lower() == "transfer-encoding" and "chunked" in value.lower():
                chunked = True
        if chunked:
            data = b""
            while size := int((await self.reader.readline()).split(b";")[0], 16):
                data += await self.reader.readexactly(size)
                await self.reader.readline()
            await self.reader.readline()
        else:
            data = await self.reader.readexactly(length)
        if close:
            self.close()
        return int(status_line.split()[1]), data

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def mappings(items):
    return json.dumps({"mappings": items}).encode()


async def setup(port, hostile):
    admin = Connection(port)
    for index in range(SANDBOXES):
        stubs = [
            {"request": {"method": "GET", "urlPath": f"/stub/{n}"},
             "response": {"status": 200, "jsonBody": {"id": n, "name": f"item {n}"}}}
            for n in range(STUBS)
        ]
        status, _ = await admin.request("POST", f"/__sandbox/ui{index}/__admin/mappings/import", mappings(stubs))
        assert status == 200, status
    if hostile:
        stubs = [{"request": {"urlPathPattern": f"/(a+)+b{n}"}, "response": {"status": 200}} for n in range(100)]
        stubs += [
            {"request": {"method": "POST", "urlPath": "/json",
                         "bodyPatterns": [{"equalToJson": {"items": [n, n + 1]}, "ignoreArrayOrder": True}]},
             "response": {"status": 200}}
            for n in range(20)
        ]
        stubs.append({"request": {"urlPath": "/slow"}, "response": {"status": 200, "fixedDelayMilliseconds": 5000}})
        status, _ = await admin.request("POST", "/__sandbox/hostile/__admin/mappings/import", mappings(stubs))
        assert status == 200, status
    admin.close()


async def ordinary(port, index, deadline, latencies):
    connection = Connection(port)
    prefix = f"/__sandbox/ui{index}"
    step = 0
    while time.monotonic() < deadline:
        step += 1
        if step % 10 == 0:
            request = ("POST", prefix + "/__admin/requests/count", json.dumps({"urlPath": "/stub/3"}).encode())
        elif step % 5 == 0:
            request = ("GET", prefix + "/lotto/draws", b"")
        else:
            request = ("GET", f"{prefix}/stub/{step % STUBS}", b"")
        start = time.perf_counter()
        status, _ = await connection.request(*request)
        latencies.setdefault(request[1].split("/")[3], []).append(time.perf_counter() - start)
        assert status == 200, (request, status)
    connection.close()


async def bombs(port, deadline, counts):
    connection = Connection(port)
    while time.monotonic() < deadline:
        await connection.request("GET", "/__sandbox/hostile/" + "a" * 40)
        counts["bombs"] += 1
    connection.close()


async def big_bodies(port, deadline, counts):
    # Just under the server's 1 MiB limit: 131,000 seven-digit numbers.
    body = json.dumps({"items": list(range(1_000_000, 1_131_000))}, separators=(",", ":")).encode()
    connection = Connection(port)
    while time.monotonic() < deadline:
        await connection.request("POST", "/__sandbox/hostile/json", body, [("Content-Type", "application/json")])
        counts["big bodies"] += 1
    connection.close()


async def half_requests(port, deadline, counts):
    """Connections that send half a request head and hold it (until the server's idle timeout)."""
    held = []
    while time.monotonic() < deadline:
        if len(held) < 200:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET /__sandbox/hostile/slow HTTP/1.1\r\nHost: be")
            held.append(writer)
            counts["half requests"] += 1
        await asyncio.sleep(0.01)
    for writer in held:
        writer.close()


async def leavers(port, deadline, counts):
    """Clients that ask for a 5 s delayed answer and leave at once."""
    while time.monotonic() < deadline:
        _, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /__sandbox/hostile/slow HTTP/1.1\r\nHost: bench\r\n\r\n")
        await writer.drain()
        writer.close()
        counts["leavers"] += 1
        await asyncio.sleep(0.005)


def memory(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    return 0


def attack(port, seconds, counts):
    """The hostile sandbox's clients, in a process of their own so that they do not slow the
    ordinary clients' event loop."""

    async def all_of_them():
        deadline = time.monotonic() + seconds
        local = {"bombs": 0, "big bodies": 0, "half requests": 0, "leavers": 0}
        await asyncio.gather(
            *[bombs(port, deadline, local) for _ in range(4)],
            *[big_bodies(port, deadline, local) for _ in range(2)],
            half_requests(port, deadline, local), leavers(port, deadline, local))
        counts.update(local)

    asyncio.run(all_of_them())


def percentile(values, share):
    return values[min(len(values) - 1, int(share * len(values)))] * 1000


async def run(apps, seconds, hostile):
    port = free_port()
    server = subprocess.Popen([apps, "serve", "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                await asyncio.sleep(0.05)
        await setup(port, hostile)
        latencies = {}
        counts = multiprocessing.Manager().dict()
        attacker = multiprocessing.Process(target=attack, args=(port, seconds, counts)) if hostile else None
        if attacker:
            attacker.start()
        deadline = time.monotonic() + seconds
        peak = 0

        async def watch():
            nonlocal peak
            while time.monotonic() < deadline:
                peak = max(peak, memory(server.pid, "VmRSS"))
                await asyncio.sleep(0.1)

        await asyncio.gather(watch(), *[ordinary(port, index, deadline, latencies) for index in range(SANDBOXES)])
        if attacker:
            attacker.join()
        peak = max(peak, memory(server.pid, "VmHWM"))
        every = sorted(sum(latencies.values(), []))
        name = "beside a hostile sandbox" if hostile else "quiet"
        print(f"{name}: {len(every)} ordinary requests in {seconds:g} s; p50 {percentile(every, 0.5):.2f} ms, "
              f"p99 {percentile(every, 0.99):.2f} ms, slowest {every[-1] * 1000:.1f} ms; server peak memory "
              f"{peak / (1 << 20):.0f} MiB" + (f"; hostile: {dict(counts)}" if hostile else ""))
        for kind, values in sorted(latencies.items()):
            values.sort()
            print(f"  {kind}: {len(values)}, p50 {percentile(values, 0.5):.2f} ms, p99 {percentile(values, 0.99):.2f} ms")
    finally:
        server.terminate()
        server.wait()


def team_folder(root):
    """92 mapping files as a team writes them: each file one feature, its stubs from plain paths
    to the costly kinds, so that the requests below are matched against all of them."""
    os.makedirs(os.path.join(root, "mappings"))
    os.makedirs(os.path.join(root, "__files"))
    for feature in range(92):
        stubs = [
            {"request": {"method": "GET", "urlPath": f"/api/f{feature}/items"},
             "response": {"status": 200, "jsonBody": {"feature": feature, "items": [1, 2, 3]}}},
            {"request": {"method": "GET", "urlPathPattern": f"/api/f{feature}/items/([0-9]+)/(a|b)+x?"},
             "response": {"status": 200, "body": "{{request.pathSegments.[3]}}",
                          "transformers": ["response-template"]}},
            {"request": {"method": "POST", "urlPath": f"/api/f{feature}/orders",
                         "bodyPatterns": [{"matchesJsonPath": f"$.lines[?(@.qty > {feature})]"}]},
             "response": {"status": 201, "jsonBody": {"created": feature}}},
            {"request": {"method": "PUT", "urlPath": f"/api/f{feature}/profile",
                         "headers": {"Authorization": {"matches": "Bearer [a-z0-9]{8,}"}},
                         "bodyPatterns": [{"equalToJson": {"name": f"user{feature}", "tags": ["a", "b"]},
                                           "ignoreArrayOrder": True, "ignoreExtraElements": True}]},
             "response": {"status": 200, "body": f"profile {feature}"}},
            {"request": {"method": "GET", "urlPath": f"/api/f{feature}/search",
                         "queryParameters": {"q": {"matches": "[a-z]+(-[a-z]+)*"}, "page": {"equalTo": "1"}}},
             "response": {"status": 200, "body": "{{request.query.q}} {{request.query.page}}",
                          "transformers": ["response-template"]}},
        ]
        with open(os.path.join(root, "mappings", f"feature-{feature:02}.json"), "w") as file:
            json.dump({"mappings": stubs}, file)


# The four requests of the burst: each the last feature's, so matching reads every stub first.
BURST = [
    ("GET", "/api/f91/items/12345/ababab", b"", ()),
    ("POST", "/api/f91/orders", json.dumps({"lines": [{"qty": 1}, {"qty": 95}]}).encode(),
     (("Content-Type", "application/json"),)),
    ("PUT", "/api/f91/profile", json.dumps({"name": "user91", "tags": ["b", "a"], "more": 1}).encode(),
     (("Authorization", "Bearer abcdefgh12"), ("Content-Type", "application/json"))),
    ("GET", "/api/f91/search?q=red-shoes&page=1", b"", ()),
]


async def wait_for(port, process):
    for _ in range(1200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return
        except OSError:
            if process.poll() is not None:
                sys.exit(f"the server ended: {process.stderr.read().decode()}")
            await asyncio.sleep(0.05)
    sys.exit("the server did not start")


async def bursts(name, command, port):
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        await wait_for(port, server)
        idle = []
        connection = Connection(port)
        for request in BURST:
            idle.append(await connection.request(*request))
        connection.close()
        for status, body in idle:
            assert status < 300, (status, body)
        for in_flight in (1, 8, 16, 32):
            wrong = []
            queue = asyncio.Queue()
            for n in range(400):
                queue.put_nowait(n % len(BURST))

            async def client():
                connection = Connection(port)
                while not queue.empty():
                    which = queue.get_nowait()
                    answer = await connection.request(*BURST[which])
                    if answer != idle[which]:
                        wrong.append((BURST[which][1], answer[0], answer[1][:80]))
                connection.close()

            start = time.perf_counter()
            await asyncio.gather(*[client() for _ in range(in_flight)])
            elapsed = time.perf_counter() - start
            print(f"{name}, {in_flight:2} in flight: 400 requests in {elapsed:.2f} s, {len(wrong)} answered otherwise "
                  f"than when idle" + (f", first: {wrong[0]}" if wrong else ""))
    finally:
        server.terminate()
        server.wait()


def burst(apps, jar):
    root = tempfile.mkdtemp(prefix="serve-burst-")
    try:
        team_folder(root)
        port = free_port()
        asyncio.run(bursts(apps, [apps, "serve", "--no-backends", "--root-dir", root, "--port", str(port)], port))
        if jar:
            port = free_port()
            command = ["java", "-jar", jar, "--port", str(port), "--root-dir", root, "--local-response-templating",
                       "--disable-banner"]
            asyncio.run(bursts("WireMock", command, port))
    finally:
        shutil.rmtree(root)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apps", default=".build/release/apps")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--burst", action="store_true", help="check that load never changes an answer")
    parser.add_argument("--wiremock", help="with --burst, WireMock's standalone jar to burst too")
    options = parser.parse_args()
    if not os.access(options.apps, os.X_OK):
        sys.exit(f"{options.apps} is not there: build it first (swift build -c release)")
    if options.burst:
        burst(options.apps, options.wiremock)
        return
    asyncio.run(run(options.apps, options.seconds, hostile=False))
    asyncio.run(run(options.apps, options.seconds, hostile=True))


if __name__ == "__main__":
    main()
