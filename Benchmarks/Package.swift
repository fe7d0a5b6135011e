// swift-tools-version:6.1
// SPDX-License-Identifier: Apache-2.0
//
// Benchmarks for t9dial, in their own package so that their code stays out of the product.
// Run from the repository root with `make bench`.
import PackageDescription

let package = Package(
    name: "t9dial-benchmarks",
    dependencies: [
        .package(name: "t9dial", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "t9dial-bench",
            dependencies: [
                .product(name: "T9Search", package: "t9dial"),
                .product(name: "ContactBook", package: "t9dial"),
                .product(name: "DialerConfig", package: "t9dial"),
                .product(name: "Phonebook", package: "t9dial"),
                .product(name: "DialerKit", package: "t9dial"),
                .product(name: "Presentation", package: "t9dial"),
                .product(name: "DialerEngine", package: "t9dial"),
                .product(name: "InputEvents", package: "t9dial"),
                .product(name: "Evdev", package: "t9dial"),
                .product(name: "ScreenRender", package: "t9dial"),
                .product(name: "ScreenOutput", package: "t9dial"),
                .product(name: "DialHistory", package: "t9dial"),
                .product(name: "ProcessLoop", package: "t9dial"),
                .product(name: "BackgroundWork", package: "t9dial"),
                .product(name: "SeededRandom", package: "t9dial"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        )
    ]
)
