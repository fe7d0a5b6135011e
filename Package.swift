// swift-tools-version:6.1
// SPDX-License-Identifier: Apache-2.0
//
// t9dial, a T9 dialer for Linux boards with a keypad: ARCHITECTURE.md describes its modules and their layers.
import Foundation
import PackageDescription

// What `t9dial --version` prints, compiled into CBuildInfo as C string literals. make passes
// both on every build (T9DIAL_VERSION from the VERSION file, T9DIAL_COMMIT from git); a plain
// swift build reads VERSION here and says "unknown commit". SwiftPM caches this manifest's
// result by its text and environment, not by VERSION's: after VERSION changes, a plain swift
// build may keep the old version until make builds or `swift package purge-cache` runs.
// Characters other than these never reach the C literal.
func buildInfoLiteral(_ value: String) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.+~- ")
    return "\"" + String(value.filter { allowed.contains($0) }) + "\""
}
let versionFile = try? String(contentsOfFile: Context.packageDirectory + "/VERSION", encoding: .utf8)
let buildVersion = Context.environment["T9DIAL_VERSION"] ?? versionFile?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown version"
let buildCommit = Context.environment["T9DIAL_COMMIT"] ?? "unknown commit"

// Descriptors that cross a function or module boundary are swift-system's FileDescriptor.
let systemPackage: Target.Dependency = .product(name: "SystemPackage", package: "swift-system")

let package = Package(
    name: "t9dial",
    products: [
        .library(name: "T9Search", targets: ["T9Search"]),
        .library(name: "Tones", targets: ["Tones"]),
        .library(name: "Sound", targets: ["Sound"]),
        .library(name: "ContactBook", targets: ["ContactBook"]),
        .library(name: "DialerConfig", targets: ["DialerConfig"]),
        .library(name: "Presentation", targets: ["Presentation"]),
        .library(name: "Diagnostics", targets: ["Diagnostics"]),
        .library(name: "Phonebook", targets: ["Phonebook"]),
        .library(name: "DialerKit", targets: ["DialerKit"]),
        .library(name: "DialerEngine", targets: ["DialerEngine"]),
        .library(name: "InputEvents", targets: ["InputEvents"]),
        .library(name: "Evdev", targets: ["Evdev"]),
        .library(name: "ScreenRender", targets: ["ScreenRender"]),
        .library(name: "ScreenOutput", targets: ["ScreenOutput"]),
        .library(name: "DialHistory", targets: ["DialHistory"]),
        .library(name: "ProcessLoop", targets: ["ProcessLoop"]),
        .library(name: "ContactQuery", targets: ["ContactQuery"]),
        .library(name: "CardDAV", targets: ["CardDAV"]),
        .library(name: "Telephony", targets: ["Telephony"]),
        .library(name: "DialOutcomes", targets: ["DialOutcomes"]),
        .library(name: "BackgroundWork", targets: ["BackgroundWork"]),
        // The seeded generator of the tests, for the benchmarks too (Benchmarks/).
        .library(name: "SeededRandom", targets: ["SeededRandom"]),
        .executable(name: "t9dial", targets: ["t9dial"]),
    ],
    // A board that never syncs builds without CardDAV (swift build --disable-default-traits, or
    // make release TRAITS=none) and links no libcurl.
    traits: [
        .trait(
            name: "CardDAV",
            description: "t9dial sync and the [carddav] address book, synced over HTTP(S) with libcurl"
        ),
        .default(enabledTraits: ["CardDAV"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        .target(name: "T9Search"),
        .target(name: "TOML"),
        .target(name: "Tones"),
        .target(
            name: "CBuildInfo",
            cSettings: [.define("T9DIAL_VERSION", to: buildInfoLiteral(buildVersion)), .define("T9DIAL_COMMIT", to: buildInfoLiteral(buildCommit))]
        ),
        .target(name: "ContactBook", dependencies: ["T9Search", "SystemCalls", "TerminalText", systemPackage]),
        .target(name: "InputEvents", exclude: ["EventCodes/generate-event-codes.py"]),
        .target(name: "DialOutcomes", dependencies: ["TerminalText"]),
        .target(name: "DialerEngine", dependencies: ["T9Search", "InputEvents", "DialOutcomes"]),
        .target(name: "SystemCalls", dependencies: [systemPackage]),
        .target(name: "TerminalText"),
        .target(name: "BackgroundWork", dependencies: ["T9Search", "SystemCalls", "CLinux", systemPackage]),
        .target(name: "Inotify", dependencies: ["SystemCalls", systemPackage]),
        .target(name: "Systemd", dependencies: ["SystemCalls", "TerminalText", "CLinux", .product(name: "Logging", package: "swift-log"), systemPackage]),
        .target(name: "ContactWatch", dependencies: ["ContactBook", "Inotify", "SystemCalls", systemPackage]),
        .target(name: "DialHistory", dependencies: ["DialOutcomes", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "ContactQuery", dependencies: ["T9Search", "TerminalText"]),
        .target(
            name: "Telephony",
            dependencies: [
                "T9Search", "DialOutcomes", "DialerConfig", "InputEvents", "SystemCalls", "TerminalText", "CLinux", "CSystemdBus", "BackgroundWork",
                systemPackage,
            ]),
        .target(name: "CardDAV", dependencies: ["ContactBook", "SystemCalls", "TerminalText", "CCurl", "CXML2"]),
        .target(name: "Evdev", dependencies: ["CLibevdev", "InputEvents", "SystemCalls", systemPackage]),
        .target(name: "ScreenRender"),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // libcurl's header only: the library is opened when a sync starts, not linked (no
        // pkgConfig, whose -lcurl SwiftPM would link), see Sources/CCurl/CCurl.h.
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // sd-bus's declarations only: libsystemd is opened when a ModemManager line starts, not
        // linked, and no libsystemd-dev is needed to build, see Sources/CSystemdBus/CSystemdBus.h.
        .systemLibrary(name: "CSystemdBus"),
        // libdrm, for a screen drawn through DRM/KMS dumb buffers (Sources/CDRM/CDRM.h).
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .target(name: "ScreenOutput", dependencies: ["ScreenRender", "CZlib", "CLinux", "CDRM", "SystemCalls", systemPackage]),
        .target(name: "ProcessLoop", dependencies: ["InputEvents", "SystemCalls", "CLinux", systemPackage]),
        .target(
            name: "KeypadInput",
            dependencies: ["Evdev", "InputEvents", "DialerEngine", "Inotify", "ProcessLoop", "SystemCalls", "BackgroundWork", systemPackage]),
        .target(
            name: "DialerConfig",
            dependencies: ["T9Search", "DialerEngine", "DialOutcomes", "InputEvents", "SystemCalls", "TOML", "Tones"]
        ),
        .systemLibrary(name: "CLinux"),
        // alsa-lib, which the ringer and the tones play through (Sources/CAlsa/CAlsa.h).
        .systemLibrary(name: "CAlsa", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .target(
            name: "Sound",
            dependencies: ["Tones", "DialerConfig", "SystemCalls", "ProcessLoop", "BackgroundWork", "CAlsa", systemPackage]),
        .systemLibrary(name: "CLibevdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        // libxml2's reader, for CardDAV's Multi-Status answers (Sources/CXML2/CXML2.h).
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(name: "Presentation", dependencies: ["T9Search", "ContactBook", "DialerEngine", "DialHistory", "SystemCalls", "TerminalText"]),
        .target(
            name: "Diagnostics",
            dependencies: [
                "CBuildInfo", "ContactBook", "DialerConfig", "DialerEngine", "DialOutcomes", "Evdev", "InputEvents", "KeypadInput", "Phonebook", "Telephony",
                "TerminalText",
            ]
        ),
        .target(
            name: "Phonebook",
            dependencies: [
                "T9Search", "ContactBook", "DialerConfig", "DialHistory", .target(name: "CardDAV", condition: .when(traits: ["CardDAV"])),
                "ContactQuery", "ContactWatch", "BackgroundWork", "Systemd", "SystemCalls", "InputEvents", "CLinux", "Telephony",
                .product(name: "Logging", package: "swift-log"), systemPackage,
            ]
        ),
        .target(
            name: "DialerKit",
            dependencies: [
                "T9Search", "ContactBook", "DialerConfig", "DialerEngine", "KeypadInput", "ProcessLoop", "ScreenRender", "ScreenOutput",
                "DialHistory", .target(name: "CardDAV", condition: .when(traits: ["CardDAV"])), "ContactQuery", "CLinux", "BackgroundWork",
                "ContactWatch", "Inotify", "Systemd", "Telephony", "Phonebook",
                "TerminalText", "SystemCalls", "InputEvents", "DialOutcomes", "Presentation", "Diagnostics", "Tones", "Sound",
                .product(name: "Logging", package: "swift-log"), systemPackage,
            ]
        ),
        .executableTarget(
            name: "t9dial",
            dependencies: [
                "T9Search", "DialerConfig", "DialerKit", "Systemd", "ScreenRender", "Telephony",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Test support: fake evdev devices that libevdev reads through pipes and FIFOs, on
        // machines with no /dev/input and no uinput (Tests/Support/CFakeEvdev/include/CFakeEvdev.h).
        .target(name: "CFakeEvdev", path: "Tests/Support/CFakeEvdev"),
        .target(name: "SeededRandom", path: "Tests/Support/SeededRandom"),
        // The files and small indexes the program's modules' tests share.
        .target(name: "TestFixtures", dependencies: ["DialerConfig", "T9Search"], path: "Tests/Support/TestFixtures"),
        .target(
            name: "EvdevTestSupport", dependencies: ["CFakeEvdev", "InputEvents", "DialerEngine", "KeypadInput", "ProcessLoop", systemPackage],
            path: "Tests/Support/EvdevTestSupport"),
        .testTarget(name: "T9SearchTests", dependencies: ["T9Search", "DialerConfig", "BackgroundWork", "SeededRandom"]),
        .testTarget(name: "ContactBookTests", dependencies: ["ContactBook", "T9Search", "BackgroundWork", systemPackage], exclude: ["Fixtures"]),
        .testTarget(
            name: "DialerEngineTests", dependencies: ["DialerEngine", "DialOutcomes", "InputEvents", "T9Search", "DialerConfig"], exclude: ["Recordings"]),
        .testTarget(name: "EvdevTests", dependencies: ["Evdev", "CLibevdev", "InputEvents", "DialerEngine", "SystemCalls", "EvdevTestSupport"]),
        .testTarget(name: "ScreenRenderTests", dependencies: ["ScreenRender"]),
        .testTarget(name: "TonesTests", dependencies: ["Tones"]),
        // The sound played through the real alsa-lib into its file plugin, and analysed.
        .testTarget(name: "SoundTests", dependencies: ["Sound", "Tones", "DialerConfig", "SystemCalls", systemPackage]),
        .target(name: "ModemTestSupport", dependencies: ["CLinux"], path: "Tests/Support/ModemTestSupport"),
        .testTarget(name: "DialOutcomesTests", dependencies: ["DialOutcomes"]),
        .testTarget(name: "BackgroundWorkTests", dependencies: ["BackgroundWork", "T9Search", systemPackage]),
        .testTarget(name: "InotifyTests", dependencies: ["Inotify", "SystemCalls"]),
        .testTarget(name: "SystemCallsTests", dependencies: ["SystemCalls", systemPackage]),
        .testTarget(name: "TerminalTextTests", dependencies: ["TerminalText"]),
        .testTarget(name: "SystemdTests", dependencies: ["Systemd", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "ContactWatchTests", dependencies: ["ContactWatch", "Inotify", "SystemCalls"]),
        .testTarget(name: "DialHistoryTests", dependencies: ["DialHistory"]),
        .testTarget(name: "ContactQueryTests", dependencies: ["ContactQuery", "T9Search"]),
        // The real programs of the calls tests: baresip from Config/baresip, SIPp with Tests/Calls/sipp.
        .target(name: "TelephonyTestSupport", path: "Tests/Support/TelephonyTestSupport"),
        .testTarget(
            name: "TelephonyTests",
            dependencies: [
                "Telephony", "DialerConfig", "DialOutcomes", "InputEvents", "SystemCalls", "TelephonyTestSupport", "ModemTestSupport", "SeededRandom",
                systemPackage,
            ],
            exclude: ["ModemManager/modemmanager_template.py"]),
        .target(name: "CardDAVTestSupport", dependencies: ["CardDAV"], path: "Tests/Support/CardDAVTestSupport"),
        .testTarget(name: "CardDAVTests", dependencies: ["CardDAV", "ContactBook", "CardDAVTestSupport"], exclude: ["Support/hostile-server.py"]),
        .testTarget(name: "ScreenOutputTests", dependencies: ["ScreenOutput", "ScreenRender", "SystemCalls"]),
        .testTarget(name: "ProcessLoopTests", dependencies: ["ProcessLoop", "InputEvents", "SystemCalls", "EvdevTestSupport", systemPackage]),
        .testTarget(
            name: "KeypadInputTests",
            dependencies: ["KeypadInput", "ProcessLoop", "InputEvents", "DialerEngine", "Evdev", "SystemCalls", "EvdevTestSupport", systemPackage]),
        // TOMLTests reads toml-test from ../shared/conformance beside the package (TOMLTests/Conformance).
        .testTarget(name: "TOMLTests", dependencies: ["TOML"]),
        .testTarget(name: "DialerConfigTests", dependencies: ["DialerConfig", "DialerEngine", "T9Search", "Telephony"]),
        .testTarget(
            name: "PhonebookTests",
            dependencies: [
                "Phonebook", "CardDAVTestSupport", "ContactBook", "ContactQuery", "ContactWatch", "DialerConfig", "DialHistory",
                "DialOutcomes", "T9Search", "TestFixtures", systemPackage,
            ]
        ),
        .testTarget(
            name: "DialerKitTests",
            dependencies: [
                "DialerKit", "Phonebook", "TestFixtures", "DialHistory", "ContactQuery", "EvdevTestSupport", "ModemTestSupport",
                "CardDAVTestSupport", "Systemd", "DialerConfig", "DialerEngine", "ScreenRender", "InputEvents", "ContactBook",
                "ContactWatch", "Evdev",
                "KeypadInput", "ProcessLoop", "ScreenOutput", "T9Search", "DialOutcomes", "Telephony", "SystemCalls", "Presentation",
                "Diagnostics", .product(name: "Logging", package: "swift-log"), systemPackage,
            ],
            exclude: ["Golden"]
        ),
        .testTarget(name: "PresentationTests", dependencies: ["Presentation", "ContactBook", "DialHistory", "DialerConfig", "T9Search", "TestFixtures"]),
        // DiagnosticsTests reads fonts with DialerKit's RunReaders.dialerKit, as t9dial does.
        .testTarget(
            name: "DiagnosticsTests",
            dependencies: [
                "Diagnostics", "DialerKit", "DialerConfig", "DialerEngine", "Evdev", "EvdevTestSupport", "InputEvents", "Telephony", "TestFixtures",
            ]),
        // t9dialTests runs the built t9dial as a child process: it depends on it to build it.
        .testTarget(name: "t9dialTests", dependencies: ["t9dial", "TerminalText", "Tones", "CardDAVTestSupport", "ModemTestSupport", "TelephonyTestSupport"]),
        // The service through a simulated month (T9DIAL_SOAK_DAYS days; make soak): its memory,
        // descriptors and threads stay flat (Tests/SoakTests/README.md).
        .testTarget(
            name: "SoakTests",
            dependencies: [
                "DialerKit", "DialerConfig", "DialerEngine", "DialHistory", "DialOutcomes", "EvdevTestSupport", "CardDAVTestSupport", "Evdev", "InputEvents",
                "ProcessLoop", "Telephony", "CLinux", "SeededRandom", .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README.md"]
        ),
        // Seeded mutation fuzzing of every parser and of the index (Tests/FuzzTests/README.md).
        .testTarget(
            name: "FuzzTests",
            dependencies: ["ContactBook", "DialerConfig", "DialerEngine", "ContactQuery", "CardDAV", "T9Search", "Telephony", "Tones", "SeededRandom"],
            exclude: ["Corpus", "README.md"]
        ),
    ]
)

// The same strictness for every target.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
