// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "AppsBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "apps", path: ".."),
        .package(
            url: "https://github.com/ordo-one/package-benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "AppsBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "Lotto", package: "apps"),
                .product(name: "Listings", package: "apps"),
                .product(name: "Networking", package: "apps"),
            ],
            path: "Benchmarks/AppsBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        )
    ]
)
