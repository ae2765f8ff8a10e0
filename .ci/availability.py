#!/usr/bin/env python3
"""Finds uses of standard-library APIs newer than the package's Apple platform minimums.

The toolchain's .swiftinterface files for the Swift standard library, _Concurrency, Observation,
Synchronization and _StringProcessing carry Apple availability even on Linux. This script reads
every declaration they mark as newer than iOS 17 / macOS 14 / tvOS 17 / watchOS 10 / visionOS 1
(directly or through the extension or type it sits in), keeps the names that have no older
declaration to fall back on, and lists where the library targets' sources use one of them.
Exit status 1 when something is found. Foundation on Linux ships no interface file, so its APIs
are checked by hand (Docs/Platforms.md); so are Security's and Darwin's, from the APPLE_ONLY table,
which every use of those families must be in. The command line and the fixture targets are checked
too: `swift run apps` builds on macOS 14.

    python3 .ci/availability.py [SWIFT_INTERFACE_DIR]
"""
import pathlib
import re
import subprocess
import sys

MINIMUMS = {"iOS": 17, "macOS": 14, "tvOS": 17, "watchOS": 10, "visionOS": 1}
MODULES = ["Swift", "_Concurrency", "Observation", "Synchronization", "_StringProcessing"]
TARGETS = ["AppsCore", "Networking", "Persistence", "TestSupport", "FixtureTestSupport", "Fixtures", "StubEngine",
             "FixtureServer", "AppsCLI", "apps",
             "Koober", "Lotto", "PilotRegistration", "Listings", "AuthMVP"]
# Names the script flags that were checked by hand and are not the newer API.
REVIEWED = {
    "attoseconds": "`Duration.components.attoseconds` is a tuple label of the iOS 16 API, "
                   "not the iOS 18 `Duration.attoseconds` property",
    "ValidationError": "swift-argument-parser's error type, not the standard library's",
    "second": "`Calendar.Component.second` (response templates' `now offset`), Foundation's since "
              "iOS 2, not the standard library's newer `second`",
}
# Security, Darwin and Apple-only Foundation calls: no interface on Linux to read, so each one the
# package uses is listed with the versions Apple's documentation gives for it, and any use of such a
# family (Sec…, kSec…, errSec…, F_FULLFSYNC, file protection, backup exclusion) missing from this
# list fails the check until it is looked up and added.
APPLE_ONLY = {
    "SecItemCopyMatching": {"iOS": 2, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "SecItemAdd": {"iOS": 2, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "SecItemUpdate": {"iOS": 2, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "SecItemDelete": {"iOS": 2, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "kSecClass": {"iOS": 2, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "kSecClassGenericPassword": {"iOS": 2, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "kSecAttrService": {"iOS": 2, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "kSecAttrAccount": {"iOS": 2, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "kSecAttrSynchronizable": {"iOS": 7, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "kSecUseDataProtectionKeychain": {"iOS": 13, "macOS": 10, "tvOS": 13, "watchOS": 6, "visionOS": 1},
    "kSecReturnData": {"iOS": 2, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "kSecMatchLimit": {"iOS": 2, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "kSecMatchLimitOne": {"iOS": 2, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "kSecValueData": {"iOS": 2, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "kSecAttrAccessible": {"iOS": 4, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly": {"iOS": 4, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "errSecSuccess": {"iOS": 2, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "errSecItemNotFound": {"iOS": 2, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "errSecDuplicateItem": {"iOS": 2, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "errSecInteractionNotAllowed": {"iOS": 2, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "F_FULLFSYNC": {"iOS": 2, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "FileProtectionType": {"iOS": 4, "macOS": 11, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "protectionKey": {"iOS": 4, "macOS": 11, "tvOS": 9, "watchOS": 2, "visionOS": 1},
    "isExcludedFromBackup": {"iOS": 5, "macOS": 10, "tvOS": 9, "watchOS": 2, "visionOS": 1},
}
APPLE_FAMILIES = re.compile(r"^(Sec[A-Z]\w*|kSec\w*|errSec\w*|F_FULLFSYNC|FileProtectionType|protectionKey|isExcludedFromBackup)$")
KEYWORDS = {"actor", "func", "var", "let", "class", "struct", "enum", "protocol", "typealias", "case",
            "init", "subscript", "extension"}
DECL = re.compile(r"\b(?:func|var|let|class|struct|enum|protocol|actor|typealias|case|init|subscript|extension)\b"
                  r"\s*([A-Za-z_][A-Za-z0-9_]*|`[^`]+`)?")


def interface_dir() -> pathlib.Path:
    if len(sys.argv) > 1:
        return pathlib.Path(sys.argv[1])
    swiftc = subprocess.run(["which", "swiftc"], capture_output=True, text=True).stdout.strip()
    return pathlib.Path(swiftc).resolve().parent.parent / "lib" / "swift" / "linux"


def too_new(attribute: str) -> bool:
    for platform, minimum in MINIMUMS.items():
        match = re.search(rf"\b{platform} (\d+)", attribute)
        if match and int(match.group(1)) > minimum:
            return True
    return False


def declarations(text: str):
    """Yields (name, is_too_new) for every declaration, availability inherited from enclosing scopes."""
    scopes = [False]  # is each open brace's scope too new?
    pending = False
    for line in text.splitlines():
        stripped = line.strip()
        for attribute in re.findall(r"@available\([^)]*\)", stripped):
            pending = pending or too_new(attribute)
        # Attributes may share the declaration's line: `@frozen @_staticExclusiveOnly public struct Mutex`.
        stripped = re.sub(r"^(?:@\w+(?:\([^)]*\))?\s*)+", "", stripped)
        match = DECL.search(stripped) if stripped and not stripped.startswith("//") else None
        newer = scopes[-1] or pending
        if match:
            name = (match.group(1) or match.group(0).split()[0]).strip("`")
            if not stripped.startswith("extension"):
                yield name, newer
            pending = False
        for char in stripped:
            if char == "{":
                scopes.append(newer if match else scopes[-1])
            elif char == "}" and len(scopes) > 1:
                scopes.pop()


def main() -> int:
    directory = interface_dir()
    newer, older = set(), set()
    for module in MODULES:
        for interface in (directory / f"{module}.swiftmodule").glob("*.swiftinterface"):
            if "private" in interface.name:
                continue
            for name, is_new in declarations(interface.read_text()):
                (newer if is_new else older).add(name)
    root = pathlib.Path(__file__).resolve().parent.parent
    # A name the package declares itself (`withLock`, `reset`) is ours wherever it is used.
    ours = set()
    for source in [*(root / "Sources").rglob("*.swift"), *(root / "Fixtures").rglob("*.swift")]:
        ours.update(name for name, _ in declarations(source.read_text()))
    suspects = {name for name in newer - older - ours - KEYWORDS - REVIEWED.keys() if len(name) > 2}
    found = 0
    for library in TARGETS:
        for source in sorted((root / ("Fixtures" if library == "Fixtures" else f"Sources/{library}")).rglob("*.swift")):
            for number, line in enumerate(source.read_text().splitlines(), 1):
                code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line.split("//")[0])
                tokens = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", code))
                for token in tokens & suspects:
                    print(f"{source.relative_to(root)}:{number}: {token} is newer than the minimums")
                    found += 1
                for token in sorted(t for t in tokens if APPLE_FAMILIES.match(t)):
                    versions = APPLE_ONLY.get(token)
                    if versions is None:
                        print(f"{source.relative_to(root)}:{number}: {token} is not in APPLE_ONLY: look it up and add it")
                        found += 1
                    elif any(versions[platform] > minimum for platform, minimum in MINIMUMS.items()):
                        print(f"{source.relative_to(root)}:{number}: {token} is newer than the minimums")
                        found += 1
    for name, reason in REVIEWED.items():
        print(f"reviewed: {name}: {reason}")
    print(f"{len(suspects)} standard-library names newer than the minimums, {len(APPLE_ONLY)} Security, Darwin "
          f"and Apple Foundation names reviewed by hand; {found} uses to fix in the package's targets")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
