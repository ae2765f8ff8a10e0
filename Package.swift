// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "apps",
    // User-facing strings are looked up in each library's Localizable.strings; English is the base.
    defaultLocalization: "en",
    // Observation's minimums; Docs/Platforms.md says why and how the APIs were checked.
    platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    // Only what an app picks. Products bring their dependencies into a consumer's graph, so the
    // fixture backend, its server and the command line stay targets of this package alone
    // (`swift run apps` runs the executable target all the same).
    products: [
        .library(name: "Koober", targets: ["Koober"]),
        .library(name: "Lotto", targets: ["Lotto"]),
        .library(name: "PilotRegistration", targets: ["PilotRegistration"]),
        .library(name: "Listings", targets: ["Listings"]),
        .library(name: "AuthMVP", targets: ["AuthMVP"]),
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "Persistence", targets: ["Persistence"]),
        .library(name: "TestSupport", targets: ["TestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        // Shared
        .target(name: "AppsCore", resources: [.process("Resources")]),
        .target(
            name: "Networking",
            dependencies: [
                "AppsCore", "Persistence",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.process("Resources")]
        ),
        .target(name: "Persistence", dependencies: ["AppsCore"], resources: [.process("Resources")]),
        // WireMock's stub mappings, matchers, templates, folders and recording: what `apps serve`
        // answers before the five backends.
        .target(name: "StubEngine", dependencies: [.product(name: "HTTPTypes", package: "swift-http-types")]),
        .target(
            name: "Fixtures",
            dependencies: ["StubEngine", .product(name: "HTTPTypes", package: "swift-http-types")],
            path: "Fixtures",
            exclude: ["README.md"],
            resources: [.copy("Data"), .copy("Contract")]
        ),
        .target(
            name: "FixtureServer",
            dependencies: [
                "Fixtures", "StubEngine",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "_NIOFileSystem", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // An admin body in another charset is converted by iconv, a library of its own on Apple
            // platforms (glibc's on Linux).
            linkerSettings: [.linkedLibrary("iconv", .when(platforms: [.macOS, .iOS, .tvOS, .watchOS, .visionOS]))]
        ),
        // Spies, fakes and contracts an app's tests can use: nothing beyond the two shared libraries.
        .target(
            name: "TestSupport",
            dependencies: ["AppsCore", "Networking", "Persistence", .product(name: "Logging", package: "swift-log")]
        ),
        // The command line's transport: AsyncHTTPClient reads bodies with back-pressure.
        .target(
            name: "NIOTransport",
            dependencies: [
                "Networking",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // Full-screen terminal apps: a screen of cells diffed frame to frame, keys, raw mode, and
        // views bound to @Observable models. Knows no domain.
        .target(name: "TerminalUI"),
        // This package's own tests only: a live FixtureServer, the HTTPClient contract, fuzzing.
        .target(
            name: "FixtureTestSupport",
            dependencies: [
                "Networking", "NIOTransport", "Fixtures", "FixtureServer",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),

        // Domains
        .target(name: "Koober", dependencies: ["Networking", "Persistence"], resources: [.process("Resources")]),
        .target(name: "Lotto", dependencies: ["Networking", "Persistence"], resources: [.process("Resources")]),
        .target(
            name: "PilotRegistration", dependencies: ["Networking", "Persistence"], resources: [.process("Resources")]),
        .target(name: "Listings", dependencies: ["Networking", "Persistence"], resources: [.process("Resources")]),
        .target(name: "AuthMVP", dependencies: ["Networking"], resources: [.process("Resources")]),

        // Command line
        .target(
            name: "AppsCLI",
            dependencies: [
                "Networking", "NIOTransport", "Persistence", "Fixtures", "FixtureServer", "StubEngine", "TerminalUI",
                "Koober", "Lotto", "PilotRegistration", "Listings", "AuthMVP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "apps", dependencies: ["AppsCLI"]),

        // Tests
        .testTarget(name: "AppsCoreTests", dependencies: ["AppsCore"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"]),
        .testTarget(
            name: "NetworkingTests",
            dependencies: ["AppsCore", "Networking", "FixtureServer", "TestSupport", "FixtureTestSupport"]),
        .testTarget(name: "PersistenceTests", dependencies: ["Persistence", "TestSupport"]),
        .testTarget(name: "StubEngineTests", dependencies: ["StubEngine", "TestSupport"]),
        .testTarget(
            name: "FixturesTests",
            dependencies: ["Fixtures", "StubEngine", .product(name: "HTTPTypes", package: "swift-http-types")]
        ),
        .testTarget(
            name: "FixtureServerTests",
            dependencies: ["AppsCore", "FixtureServer", "StubEngine", "TestSupport", "FixtureTestSupport"]),
        .testTarget(name: "LottoTests", dependencies: ["AppsCore", "Lotto", "TestSupport", "FixtureTestSupport"]),
        .testTarget(
            name: "AuthMVPTests",
            dependencies: ["AppsCore", "AuthMVP", "Fixtures", "FixtureServer", "TestSupport", "FixtureTestSupport"]),
        .testTarget(
            name: "PilotRegistrationTests",
            dependencies: ["AppsCore", "PilotRegistration", "TestSupport", "FixtureTestSupport"]),
        .testTarget(name: "KooberTests", dependencies: ["AppsCore", "Koober", "TestSupport", "FixtureTestSupport"]),
        .testTarget(
            name: "ListingsTests", dependencies: ["AppsCore", "Listings", "TestSupport", "FixtureTestSupport"]),
        // Each file imports one domain and the test server, as an app's tests would.
        .testTarget(
            name: "ConsumerTests",
            dependencies: [
                "Koober", "Lotto", "PilotRegistration", "Listings", "AuthMVP", "TestSupport", "FixtureTestSupport",
            ]
        ),
        // The clients against Docs/openapi.yaml.
        .testTarget(
            name: "ContractTests",
            dependencies: [
                "AppsCore", "Koober", "Lotto", "PilotRegistration", "Listings", "AuthMVP",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .testTarget(
            name: "AppsCLITests",
            dependencies: [
                "AppsCore", "AppsCLI", "Fixtures", "FixtureServer", "TerminalUI", "TestSupport", "FixtureTestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            // The full-screen apps' frames as text, read from the source folder by the snapshot tests.
            exclude: ["Snapshots"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
