// swift-tools-version:5.4
// SPDX-License-Identifier: Apache-2.0
//
// Coverage-guided fuzzing of t9dial's parsers with libFuzzer, in its own package so that the
// root package never builds the fuzz targets (Tests/FuzzTests/README.md). Run from the
// repository root with `make test-fuzz` (a short fixed run of each) or `make fuzz`.
//
// Every target is an executable `fuzz-NAME` whose one file defines `LLVMFuzzerTestOneInput`;
// libFuzzer brings `main`. make builds this package with `-Xswiftc -sanitize=fuzzer,address`
// (the Makefile says why not SwiftPM's --sanitize), which instruments every Swift module,
// t9dial's parsers among them, for libFuzzer's coverage and AddressSanitizer, and links
// libFuzzer.
//
// Why tools version 5.4: from 5.5 on, SwiftPM compiles an executable's entry point as
// `MODULE_main` and links it with `--defsym main=MODULE_main`, which a target without a main
// of its own cannot link; under 5.5 it leaves `main` to libFuzzer. The fuzz targets are
// compiled with `-parse-as-library` for the same reason: no top-level code, no main.
import PackageDescription

/// The targets, each with the t9dial products it uses (FuzzSupport comes with all).
let fuzzTargets: [(name: String, products: [String])] = [
    ("vcard", ["ContactBook", "ContactFuzzChecks"]),
    ("csv", ["ContactBook", "ContactFuzzChecks"]),
    ("config", ["DialerConfig", "T9Search", "Telephony"]),
    ("layout", ["DialerConfig", "T9Search"]),
    ("keymap", ["DialerConfig"]),
    ("evemu", ["DialerConfig", "DialerEngine"]),
    ("query", ["ContactQuery"]),
    ("multistatus", ["CardDAV"]),
    ("netstring", ["Telephony"]),
    ("baresip", ["Telephony", "DialOutcomes"]),
    ("modem", ["Telephony", "InputEvents"]),
]

let package = Package(
    name: "t9dial-fuzz",
    dependencies: [
        .package(name: "t9dial", path: "..")
    ],
    targets: [
        .target(name: "FuzzSupport"),
        // What vCard and CSV imports must both give.
        .target(name: "ContactFuzzChecks", dependencies: ["FuzzSupport", .product(name: "ContactBook", package: "t9dial")]),
    ]
        + fuzzTargets.map { target in
            .executableTarget(
                name: "fuzz-\(target.name)",
                dependencies: ["FuzzSupport"] + target.products.map { $0.hasSuffix("FuzzChecks") ? .target(name: $0) : .product(name: $0, package: "t9dial") },
                swiftSettings: [.unsafeFlags(["-parse-as-library"])]
            )
        }
)
