// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "pedometer",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "pedometer", targets: ["pedometer"]),
        .library(name: "PedometerIngest", targets: ["PedometerIngest"]),
        .library(name: "PedometerCore", targets: ["PedometerCore"]),
        .library(name: "PedometerReport", targets: ["PedometerReport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Only the tests use it, to build zip archives.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        // libcsv, the C CSV parser: `apt-get install libcsv-dev` (tools/setup does it).
        .systemLibrary(
            name: "CLibCSV",
            providers: [.apt(["libcsv-dev"])]
        ),
        // zlib, which inflates zip entries as they are read (`apt-get install zlib1g-dev`).
        .systemLibrary(
            name: "CLibZ",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Pure Swift, no I/O: samples in, PedometerData out.
        .target(
            name: "PedometerCore",
            dependencies: [
                .product(name: "RealModule", package: "swift-numerics"),
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        // Files in, typed samples out (streams CSV through libcsv).
        .target(
            name: "PedometerIngest",
            dependencies: [
                "CLibCSV",
                "CLibZ",
                "PedometerCore",
            ]
        ),
        // Units, formatting and the table/JSON/CSV writers.
        .target(name: "PedometerReport", dependencies: ["PedometerCore"]),
        .executableTarget(
            name: "pedometer",
            dependencies: [
                "PedometerIngest",
                "PedometerCore",
                "PedometerReport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The fuzz target (tools/fuzz): libFuzzer's driver when linked in, a replayer otherwise.
        .target(name: "CFuzzerDriver"),
        .executableTarget(name: "pedometer-fuzz", dependencies: ["CFuzzerDriver", "PedometerIngest", "PedometerCore"]),
        // Helpers shared by the test targets (a seeded random generator).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "PedometerCoreTests", dependencies: ["PedometerCore", "TestSupport"]),
        .testTarget(
            name: "PedometerIngestTests",
            dependencies: ["PedometerIngest", "PedometerCore", "TestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        .testTarget(name: "PedometerReportTests", dependencies: ["PedometerReport", "PedometerCore", "TestSupport"]),
        .testTarget(name: "pedometerTests", dependencies: ["pedometer", "pedometer-fuzz"]),
    ],
    swiftLanguageModes: [.v6]
)
