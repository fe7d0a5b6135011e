// SPDX-License-Identifier: Apache-2.0

import Foundation
import Synchronization
import SystemCalls
import Tones
import struct SystemPackage.FileDescriptor

@testable import Sound

/// A folder of a test's own, removed when the test ends.
final class TemporaryFolder: Sendable {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "t9dial-sound-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, _ bytes: [UInt8]) {
        _ = FileManager.default.createFile(atPath: file(name), contents: Data(bytes))
    }

    func read(_ name: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: file(name))))) ?? []
    }
}

/// An ALSA PCM named `out` that writes what is played to a WAV file in a folder of the test's
/// own, through the real alsa-lib, and what it recorded read back.
final class Recording {
    let folder = TemporaryFolder()
    let configuration: AlsaConfiguration

    init() throws {
        configuration = try AlsaConfiguration.recording(pcm: "out", to: folder.file("out.wav"))
    }

    /// Where the player plays into it.
    var places: OutputPlaces { OutputPlaces(alsaDevice: "out", alsaConfiguration: configuration) }

    /// The samples recorded (once the PCM is closed, which writes the WAV header's sizes).
    func samples() throws -> PCMClip {
        try WAVFile.decode(RegularFile.read(folder.file("out.wav"), maxBytes: WAVFile.Limits.maxBytes))
    }
}

/// A clock whose time jumps to each deadline the player sleeps until: a whole ring plays at
/// once, and what plays when depends on nothing but the plan. A sleep with no deadline waits
/// for a cue, as the player's does.
final class JumpingClock: PlayerClock, @unchecked Sendable {
    private let time = Mutex<Int64>(1_000_000)
    /// Called at each sleep with the time, before it jumps (tests look at the outputs then).
    let onSleep: (@Sendable (Int64) -> Void)?

    init(onSleep: (@Sendable (Int64) -> Void)? = nil) {
        self.onSleep = onSleep
    }

    func now() -> Int64 { time.withLock { $0 } }

    func sleep(until deadline: Int64?, wake: FileDescriptor) {
        onSleep?(now())
        guard let deadline else { return MonotonicClock().sleep(until: nil, wake: wake) }
        time.withLock { $0 = max($0, deadline) }
    }
}

/// A clock that never moves: the player plays what it may ahead of it and then sleeps until a
/// cue comes. Counts the sleeps with a deadline (a sound under way), so a test knows the
/// player got that far.
final class FrozenClock: PlayerClock {
    private let sleeps = Atomic<Int>(0)

    func now() -> Int64 { 1_000_000 }

    func sleep(until deadline: Int64?, wake: FileDescriptor) {
        if deadline != nil { sleeps.add(1, ordering: .sequentiallyConsistent) }
        MonotonicClock().sleep(until: nil, wake: wake)
    }

    var sleepCount: Int { sleeps.load(ordering: .sequentiallyConsistent) }
}

/// Waits for `condition`, giving up after a generous time (no test asserts on how long).
func eventually(_ condition: () -> Bool) -> Bool {
    for _ in 0..<2_000 {
        if condition() { return true }
        usleep(5_000)
    }
    return condition()
}

/// The problems a player reported.
final class ProblemLog: Sendable {
    private let problems = Mutex<[SoundProblem]>([])
    var all: [SoundProblem] { problems.withLock { $0 } }
    var report: @Sendable (SoundProblem) -> Void { { problem in self.problems.withLock { $0.append(problem) } } }
}

/// A value seen changing at a time (milliseconds from the first).
struct Change: Hashable, Sendable, CustomStringConvertible {
    var milliseconds: Int
    var value: Int32
    init(_ milliseconds: Int, _ value: Int32) {
        self.milliseconds = milliseconds
        self.value = value
    }
    var description: String { "\(value)@\(milliseconds)" }
}

/// What a test clock saw at each sleep, kept as the changes.
final class ClockLog: Sendable {
    private let seen = Mutex<[(Int64, Int32)]>([])

    func append(_ time: Int64, _ value: Int32) { seen.withLock { $0.append((time, value)) } }

    var changes: [Change] {
        seen.withLock { seen in
            guard let start = seen.first?.0 else { return [] }
            var changes: [Change] = []
            for (time, value) in seen where changes.last?.value != value {
                changes.append(Change(Int((time - start) / 1000), value))
            }
            return changes
        }
    }
}
