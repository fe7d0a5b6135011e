// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

/// `t9dial monitor --replay`: the monitor of a recorded keypad, run as a child process.
@Suite("t9dial monitor")
struct MonitorCommandTests {
    static let bouncing = "Tests/DialerEngineTests/Recordings/matrix-bounce.evemu"

    /// The columns of a line after the device: time, key, event, then the rest as written.
    static func columns(_ line: String) -> (time: String, key: String, event: String, rest: String)? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count >= 5, words[1] == bouncing else { return nil }
        return (words[0], words[2], words[3], words[4...].joined(separator: " "))
    }

    /// A chattering key, replayed, shows as one press and one tap, with each bounce between
    /// them shown as the chatter that was dropped (matrix-bounce.evemu: 2, 5 and # tapped once
    /// each, every press and release bouncing).
    @Test func aChatteringKeyIsOnePressAndTheChatterItDropped() throws {
        let output = try T9DialProcess.run(["monitor", "--replay", Self.bouncing])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let lines = output.lines.compactMap(Self.columns)
        let two = lines.filter { $0.key == "KEY_NUMERIC_2" }
        #expect(
            two.map { "\($0.time) \($0.event) \($0.rest)" } == [
                "0.000001 press digit 2 passed press, query \"2\"",
                "0.003001 release digit 2 dropped as chatter -",
                "0.005001 press digit 2 dropped as chatter -",
                "0.009001 release digit 2 dropped as chatter -",
                "0.011001 press digit 2 dropped as chatter -",
                "0.131001 release digit 2 dropped as chatter -",
                "0.137001 press digit 2 dropped as chatter -",
                "0.139001 release digit 2 passed tap",
            ], "stdout: \(output.stdout)")
        // Each of the three keys: exactly one press and one release passed, the rest chatter.
        for (key, bounces) in [("KEY_NUMERIC_2", 6), ("KEY_NUMERIC_5", 4), ("KEY_NUMERIC_POUND", 4)] {
            let passed = lines.filter { $0.key == key && $0.rest.contains(" passed ") }
            #expect(passed.map(\.event) == ["press", "release"], "\(key): \(output.stdout)")
            #expect(lines.filter { $0.key == key && $0.rest.contains("dropped as chatter") }.count == bounces, "\(key)")
        }
        #expect(lines.contains { $0.key == "KEY_NUMERIC_5" && $0.rest.hasSuffix("press, query \"25\"") })
    }

    @Test func multiTapShowsTheLetterAPressChose() throws {
        let output = try T9DialProcess.run(["monitor", "--replay", Self.bouncing, "--mode", "multitap"])
        #expect(output.status == 0, "stderr: \(output.stderr)")
        let presses = output.lines.compactMap(Self.columns).filter { $0.rest.contains(" passed press") }.map(\.rest)
        #expect(presses.first == "digit 2 passed press, multi-tap letter a (query \"a\")", "stdout: \(output.stdout)")
        #expect(presses.dropFirst().first == "digit 5 passed press, multi-tap letter j (query \"aj\")", "stdout: \(output.stdout)")
    }

    @Test(arguments: [
        (
            ["monitor", "--replay", "Tests/DialerEngineTests/Recordings/matrix-bounce.evemu", "--device", "/dev/input/event0"],
            "give --device or --replay, not both"
        ),
        (["monitor", "--replay", "/nonexistent/keys.evemu"], "/nonexistent/keys.evemu"),
    ])
    func aBadInvocationSaysWhy(arguments: [String], message: String) throws {
        let output = try T9DialProcess.run(arguments)
        #expect(output.status != 0)
        #expect(output.stderr.contains(message), "stderr: \(output.stderr)")
    }
}
