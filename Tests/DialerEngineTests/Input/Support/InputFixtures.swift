// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import DialerEngine
import Foundation
import InputEvents

/// The recordings and keymaps the input tests read from the source tree, and a compact way to
/// write the gestures they expect.
enum InputFixtures {
    /// The package's root directory, found from this file's path.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // Input
        .deletingLastPathComponent()  // DialerEngineTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `Tests/DialerEngineTests/Recordings/`.
    static let recordingsDirectory = repositoryRoot.appendingPathComponent("Tests/DialerEngineTests/Recordings").path
    /// `Config/`, the data directory of a source checkout.
    static let configDirectory = repositoryRoot.appendingPathComponent("Config").path

    /// The text of `Recordings/<name>`.
    static func recordingText(_ name: String) throws -> String {
        try String(contentsOfFile: recordingsDirectory + "/" + name, encoding: .utf8)
    }

    /// `Recordings/<name>`, parsed.
    static func recording(_ name: String) throws -> EvemuRecording {
        try EvemuRecording.parse(text: recordingText(name), file: name)
    }

    /// A shipped keymap of `Config/keymaps/`.
    static func keymap(_ id: String) throws -> Keymap {
        try KeymapCatalog.load(dataDirectory: configDirectory).keymap(id: id)
    }

    /// Gestures as `0.139001 tapped 2`: the time as evemu writes it, then the gesture, so an
    /// expectation reads like the recording it comes from.
    static func lines(_ gestures: [TimedGesture]) -> [String] {
        gestures.map { "\(seconds($0.time)) \($0.gesture)" }
    }

    /// `0.139001` for 139001 µs.
    static func seconds(_ time: Microseconds) -> String {
        let fraction = String(time % 1_000_000)
        return "\(time / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// A keymap for unit tests: KEY_KP0..9 (82, 79..81, 75..77, 71..73) as digits, KPASTERISK (55)
    /// as `*`, KPDOT (83) as `#`, KPENTER (96) dial, NUMLOCK (69) ignore.
    static let numpad = Keymap(
        id: "test",
        name: "Test numpad",
        roles: [
            82: .digit(0), 79: .digit(1), 80: .digit(2), 81: .digit(3), 75: .digit(4), 76: .digit(5),
            77: .digit(6), 71: .digit(7), 72: .digit(8), 73: .digit(9),
            55: .star, 83: .pound, 96: .dial, 69: .ignore,
        ]
    )
}

/// Key codes of `InputFixtures.numpad`, by what they type.
enum NumpadKey {
    static let one: UInt16 = 79
    static let two: UInt16 = 80
    static let five: UInt16 = 76
    static let zero: UInt16 = 82
    static let star: UInt16 = 55
    static let pound: UInt16 = 83
    static let enter: UInt16 = 96
    static let numLock: UInt16 = 69
    /// KEY_A, which the keymap does not give.
    static let unmapped: UInt16 = 30
}
