#!/usr/bin/env python3
"""The load benchmark of `apps serve` (Docs/Performance.md): 16 sandboxes of ordinary UI-test
traffic, each with 100 stubs and its journal on, first alone (quiet), then beside one hostile
sandbox (catastrophic regular expressions, 1 MiB bodies against JSON stubs, clients that send half
a request and hold it, clients that ask for a delayed answer and leave). Prints, for each run, the
ordinary requests' latency (p50, p99, slowest) and the server's peak memory.

    Benchmarks/serve-load.py [--apps .build/release/apps] [--seconds 10]

The server runs in its own process; this script is its clients (one keep-alive connection per
ordinary sandbox, each request after the last, as a UI test sends them).
"""

import argparse
import asyncio
import json
import multiprocessing
import os
import socket
import subprocess
import sys
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
        length, close = 0, False
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
            if name.lower() == "connection" and "close" in value.lower():
                close = True
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apps", default=".build/release/apps")
    parser.add_argument("--seconds", type=float, default=10)
    options = parser.parse_args()
    if not os.access(options.apps, os.X_OK):
        sys.exit(f"{options.apps} is not there: build it first (swift build -c release)")
    asyncio.run(run(options.apps, options.seconds, hostile=False))
    asyncio.run(run(options.apps, options.seconds, hostile=True))


if __name__ == "__main__":
    main()
