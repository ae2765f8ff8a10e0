// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "apps",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "Persistence", targets: ["Persistence"]),
        .library(name: "Fixtures", targets: ["Fixtures"]),
        .library(name: "FixtureServer", targets: ["FixtureServer"]),
        .library(name: "TestSupport", targets: ["TestSupport"]),
        .library(name: "Koober", targets: ["Koober"]),
        .library(name: "Lotto", targets: ["Lotto"]),
        .library(name: "PilotRegistration", targets: ["PilotRegistration"]),
        .library(name: "Listings", targets: ["Listings"]),
        .library(name: "AuthMVP", targets: ["AuthMVP"]),
        .executable(name: "apps", targets: ["apps"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        // Shared
        .target(
            name: "Networking",
            dependencies: [
                "Persistence",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "Persistence"),
        .target(
            name: "Fixtures",
            dependencies: [.product(name: "HTTPTypes", package: "swift-http-types")],
            path: "Fixtures",
            exclude: ["README.md"],
            resources: [.copy("Data")]
        ),
        .target(
            name: "FixtureServer",
            dependencies: [
                "Fixtures",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "TestSupport",
            dependencies: ["Networking", "Persistence", "Fixtures", "FixtureServer"]
        ),

        // Domains
        .target(name: "Koober", dependencies: ["Networking", "Persistence"]),
        .target(name: "Lotto", dependencies: ["Networking", "Persistence"]),
        .target(name: "PilotRegistration", dependencies: ["Networking", "Persistence"]),
        .target(name: "Listings", dependencies: ["Networking", "Persistence"]),
        .target(name: "AuthMVP", dependencies: ["Networking"]),

        // Command line
        .target(
            name: "AppsCLI",
            dependencies: [
                "Networking", "Persistence", "Fixtures", "FixtureServer",
                "Koober", "Lotto", "PilotRegistration", "Listings", "AuthMVP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "apps", dependencies: ["AppsCLI"]),

        // Tests
        .testTarget(name: "NetworkingTests", dependencies: ["Networking", "TestSupport"]),
        .testTarget(name: "PersistenceTests", dependencies: ["Persistence", "TestSupport"]),
        .testTarget(
            name: "FixturesTests",
            dependencies: ["Fixtures", .product(name: "HTTPTypes", package: "swift-http-types")]
        ),
        .testTarget(name: "FixtureServerTests", dependencies: ["FixtureServer", "TestSupport"]),
        .testTarget(name: "LottoTests", dependencies: ["Lotto", "TestSupport"]),
        .testTarget(name: "AuthMVPTests", dependencies: ["AuthMVP", "TestSupport"]),
        .testTarget(name: "PilotRegistrationTests", dependencies: ["PilotRegistration", "TestSupport"]),
        .testTarget(name: "KooberTests", dependencies: ["Koober", "TestSupport"]),
        .testTarget(name: "ListingsTests", dependencies: ["Listings", "TestSupport"]),
        .testTarget(name: "AppsCLITests", dependencies: ["AppsCLI", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
