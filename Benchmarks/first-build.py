#!/usr/bin/env python3
"""Where a first build of `apps` spends its time, per package.

Usage: Benchmarks/first-build.py CLONE
CLONE is a fresh clone of this repository (no .build). The script runs `swift build --product apps`
there, stamps each line of its output with the time since the start, and credits the time between
two finished steps to the package of the later one (with two cores, two steps run at once, so the
split is an estimate; the total is exact). C, C++ and assembly files of swift-nio-ssl (BoringSSL)
are counted apart from the package's Swift.
"""
import collections, glob, os, re, subprocess, sys, time

clone = sys.argv[1]
package_of = {}
start = time.time()
process = subprocess.Popen(["swift", "build", "--product", "apps"], cwd=clone, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
stamped = [(time.time() - start, line.rstrip("\n")) for line in process.stdout]
process.wait()
total = time.time() - start
for checkout in glob.glob(os.path.join(clone, ".build/checkouts/*")):
    for module in glob.glob(os.path.join(checkout, "Sources/*")):
        package_of[os.path.basename(module)] = os.path.basename(checkout)
for module in glob.glob(os.path.join(clone, "Sources/*")) + [os.path.join(clone, "Fixtures")]:
    package_of[os.path.basename(module)] = "apps (this package)"

shims = re.compile(r"Shims|CNIO(Linux|Posix|Darwin|LLHTTP|Windows|SHA1|Atomics)|CAsyncHTTPClient|CSystem")
seconds, steps = collections.Counter(), collections.Counter()
first = previous = None
for at, line in stamped:
    step = re.match(r"\[\d+/\d+\] (.*)", line)
    if not step:
        continue
    if first is None:
        first = previous = at
    text = step.group(1)
    if re.search(r"\.(c|cc|cpp|S)$", text):
        key = "other C shims" if shims.search(text) else "swift-nio-ssl: BoringSSL's C and assembly"
    else:
        named = re.match(r"(?:Compiling|Emitting module|Linking|Wrapping AST for) (\S+)", text)
        key = package_of.get(named.group(1), "other steps") if named else "other steps"
    seconds[key] += at - previous
    steps[key] += 1
    previous = at
if process.returncode != 0:
    sys.exit("the build failed:\n" + "\n".join(line for _, line in stamped[-20:]))
print(f"total {total:.0f} s: resolving {first:.0f} s, {sum(steps.values())} build steps {previous - first:.0f} s")
print("| package | seconds | steps |\n|---|---:|---:|")
for key, value in seconds.most_common():
    print(f"| {key} | {value:.0f} | {steps[key]} |")
