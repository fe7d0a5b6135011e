// swift-tools-version:6.1
//
// t9dial: a phone-style T9 dialer for Linux boards with a 3x4 keypad.
//
// The targets are split by what they depend on:
//   T9Search      the search core: layouts, folding, matching, ranking, the index.
//                 Pure Swift, no Foundation, no system calls; usable by any program.
//   ContactBook   vCard and CSV import into contacts (Foundation for files).
//   DialerConfig  the TOML config file and the layout files in Config/.
//   DialerKit     what t9dial does with them: contact sources, setup from config and flags,
//                 results as text and JSON.
//   CLinux        Linux headers for the few C calls DialerKit wraps.
//   CLibevdev     libevdev's C headers.
//   Dialing       placing a call: print, a program run without a shell, an AT modem.
//   DialHistory   dials and learned picks in SQLite (GRDB), and the affinity they give.
//   ContactQuery  Core Spotlight's query language over the contact book. Pure Swift.
//   CardDAV       syncing an address book from a CardDAV server into a local cache.
//   SystemErrors  errno values with their names and texts, for every module making system calls.
//   BackgroundWork  work on a thread of its own with a descriptor an event loop polls to learn
//                 it is done (a book being reloaded; any other slow job of the loop's).
//   Inotify       an inotify instance that owns its descriptor, and its notifications parsed.
//   ContactWatch  inotify on the contact files and folders, and when to reload after a burst of
//                 changes (time as an input).
//   Evdev         the Swift wrappers of libevdev: every libevdev call is made here.
//   KeypadInput   finding keypads, hotplug, the event loop that sleeps in poll.
//   Systemd       what a systemd service tells systemd (sd_notify: ready, status, watchdog),
//                 its log lines with journal priorities (a swift-log handler), credentials.
//   DialerEngine  the dialer's behaviour with time as an input: keymaps, debouncing, long
//                 presses, T9 and multi-tap modes, what the screen shows. Pure Swift.
//   ScreenRender  drawing the screen: canvas, PSF fonts, layout, pixel formats. Pure Swift.
//   CZlib         zlib's headers; ScreenOutput: PNG files, gzip fonts, the Linux framebuffer.
//   t9dial        the command line; it only parses arguments and calls DialerKit.
import PackageDescription

let package = Package(
    name: "t9dial",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "T9Search", targets: ["T9Search"]),
        .library(name: "ContactBook", targets: ["ContactBook"]),
        .library(name: "DialerConfig", targets: ["DialerConfig"]),
        .library(name: "DialerKit", targets: ["DialerKit"]),
        .library(name: "DialerEngine", targets: ["DialerEngine"]),
        .library(name: "Evdev", targets: ["Evdev"]),
        .library(name: "ScreenRender", targets: ["ScreenRender"]),
        .library(name: "ScreenOutput", targets: ["ScreenOutput"]),
        .executable(name: "t9dial", targets: ["t9dial"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .target(name: "T9Search"),
        .target(name: "ContactBook", dependencies: ["T9Search"]),
        .target(name: "DialerEngine", dependencies: ["T9Search"]),
        .target(name: "SystemErrors"),
        .target(name: "BackgroundWork", dependencies: ["SystemErrors"]),
        .target(name: "Inotify", dependencies: ["SystemErrors"]),
        .target(name: "Systemd", dependencies: ["SystemErrors", "CLinux", .product(name: "Logging", package: "swift-log")]),
        .target(name: "ContactWatch", dependencies: ["ContactBook", "Inotify", "SystemErrors"]),
        .target(name: "Dialing", dependencies: ["SystemErrors", "CLinux", "BackgroundWork"]),
        .target(name: "DialHistory", dependencies: [.product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "ContactQuery", dependencies: ["T9Search"]),
        .target(name: "CardDAV", dependencies: ["ContactBook"]),
        .target(name: "Evdev", dependencies: ["CLibevdev", "DialerEngine", "SystemErrors"]),
        .target(name: "ScreenRender", dependencies: ["DialerEngine", "T9Search"]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "ScreenOutput", dependencies: ["ScreenRender", "CZlib", "CLinux", "SystemErrors"]),
        .target(name: "KeypadInput", dependencies: ["Evdev", "DialerEngine", "CLinux", "Inotify", "SystemErrors"]),
        .target(
            name: "DialerConfig",
            dependencies: ["T9Search", "DialerEngine", "Evdev", .product(name: "TOMLKit", package: "TOMLKit")]
        ),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "CLibevdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        .target(
            name: "DialerKit",
            dependencies: [
                "T9Search", "ContactBook", "DialerConfig", "DialerEngine", "KeypadInput", "ScreenRender", "ScreenOutput",
                "DialHistory", "CardDAV", "ContactQuery", "Dialing", "CLinux", "BackgroundWork", "ContactWatch", "Systemd",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "t9dial",
            dependencies: [
                "T9Search", "ContactBook", "ContactQuery", "DialerConfig", "DialerKit", "KeypadInput", "Systemd",
                "ScreenOutput", "ScreenRender", "DialerEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Test support: fake evdev devices that libevdev reads through pipes and FIFOs, on
        // machines with no /dev/input and no uinput (Tests/Support/CFakeEvdev/include/CFakeEvdev.h).
        .target(name: "CFakeEvdev", path: "Tests/Support/CFakeEvdev"),
        .target(name: "EvdevTestSupport", dependencies: ["CFakeEvdev", "DialerEngine", "KeypadInput"], path: "Tests/Support/EvdevTestSupport"),
        .testTarget(name: "T9SearchTests", dependencies: ["T9Search", "DialerConfig"]),
        .testTarget(name: "ContactBookTests", dependencies: ["ContactBook"], exclude: ["Fixtures"]),
        .testTarget(name: "DialerEngineTests", dependencies: ["DialerEngine", "DialerConfig"], exclude: ["Recordings"]),
        .testTarget(name: "EvdevTests", dependencies: ["Evdev", "EvdevTestSupport"]),
        .testTarget(name: "ScreenRenderTests", dependencies: ["ScreenRender"]),
        .target(name: "ModemTestSupport", dependencies: ["CLinux"], path: "Tests/Support/ModemTestSupport"),
        .testTarget(name: "DialingTests", dependencies: ["Dialing", "ModemTestSupport"]),
        .testTarget(name: "BackgroundWorkTests", dependencies: ["BackgroundWork"]),
        .testTarget(name: "InotifyTests", dependencies: ["Inotify"]),
        .testTarget(name: "SystemdTests", dependencies: ["Systemd", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "ContactWatchTests", dependencies: ["ContactWatch", "Inotify"]),
        .testTarget(name: "DialHistoryTests", dependencies: ["DialHistory"]),
        .testTarget(name: "ContactQueryTests", dependencies: ["ContactQuery"]),
        .target(name: "CardDAVTestSupport", dependencies: ["CardDAV"], path: "Tests/Support/CardDAVTestSupport"),
        .testTarget(name: "CardDAVTests", dependencies: ["CardDAV", "CardDAVTestSupport"]),
        .testTarget(name: "ScreenOutputTests", dependencies: ["ScreenOutput"]),
        .testTarget(name: "KeypadInputTests", dependencies: ["KeypadInput", "EvdevTestSupport"]),
        .testTarget(name: "DialerConfigTests", dependencies: ["DialerConfig"]),
        .testTarget(
            name: "DialerKitTests",
            dependencies: [
                "DialerKit", "DialHistory", "ContactQuery", "EvdevTestSupport", "ModemTestSupport", "CardDAVTestSupport", "Systemd",
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Golden"]
        ),
        .testTarget(name: "t9dialTests", dependencies: ["t9dial", "CardDAVTestSupport", "ModemTestSupport"]),
        // Seeded mutation fuzzing of every parser and of the index (Tests/FuzzTests/README.md).
        .testTarget(
            name: "FuzzTests",
            dependencies: ["ContactBook", "DialerConfig", "DialerEngine", "ContactQuery", "CardDAV", "T9Search"],
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
