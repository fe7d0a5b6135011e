// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

/// `t9dial speed-dial`: keys kept in the state folder, listed with the config's, which win.
@Suite("t9dial speed-dial")
struct SpeedDialCommandTests {
    @Test func keysAreSetListedAndClearedAndTheConfigsWin() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let state = directory + "/state"
            let config = try T9DialProcess.write(
                "[dial]\nvoicemail = \"121\"\n[speed_dial]\n3 = { contact = \"Fred Smith\", number = \"home\" }\n", to: directory + "/t9dial.toml")
            let none = try T9DialProcess.run(["speed-dial", "list"], stateDirectory: state)
            #expect(none.lines == [#"no speed dials: t9dial speed-dial set 2 "Fred Smith", or [speed_dial] in the config"#])

            let set = try T9DialProcess.run(["speed-dial", "set", "5", "Fred Smith", "--number", "+44 7700 900123"], config: config, stateDirectory: state)
            #expect(set.status == 0, "stderr: \(set.stderr)")
            #expect(set.lines == ["5: Fred Smith (+44 7700 900123), kept in \(state)/t9dial.sqlite"])
            let overridden = try T9DialProcess.run(["speed-dial", "set", "3", "+44 20 7946 0000"], config: config, stateDirectory: state)
            #expect(overridden.stderr.contains("warning: the config's [speed_dial] 3 = Fred Smith (home) (\(config):4) wins over it"))

            let listed = try T9DialProcess.run(["speed-dial"], config: config, stateDirectory: state)
            #expect(
                listed.lines == [
                    "1  voicemail  121  (config \(config):2)",
                    "3  Fred Smith (home)  (config \(config):4)",
                    "3  +44 20 7946 0000  (kept; the config's wins)",
                    "5  Fred Smith (+44 7700 900123)  (kept)",
                ])

            #expect(try T9DialProcess.run(["speed-dial", "clear", "5"], stateDirectory: state).lines == ["5: cleared"])
            #expect(try T9DialProcess.run(["speed-dial", "clear", "5"], stateDirectory: state).lines == ["5: nothing was kept on it"])
            let after = try T9DialProcess.run(["speed-dial", "list"], stateDirectory: state)
            #expect(after.lines == ["3  +44 20 7946 0000  (kept)"])
        }
    }

    @Test func configCheckFindsEachWrongKeyAtItsLine() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let config = try T9DialProcess.write(
                "[dial]\nvoicemail = \"vm\"\n[speed_dial]\n1 = \"Mum\"\n2 = { name = \"x\" }\n3 = \"Fred Smith\"\n", to: directory + "/t9dial.toml")
            let output = try T9DialProcess.run(["config", "check"], config: config)
            #expect(output.status == 1)
            #expect(output.lines.contains { $0.hasPrefix("\(config):2: dial.voicemail: ") })
            #expect(output.lines.contains { $0.hasPrefix("\(config):4: speed_dial.1: \"1\" in [speed_dial] is no speed-dial key") })
            #expect(output.lines.contains { $0.hasPrefix("\(config):5: speed_dial.2: \"2\" in [speed_dial] has \"name\"") })
            #expect(!output.lines.contains { $0.contains("speed_dial.3") })
        }
    }

    @Test(arguments: [
        (["speed-dial", "set", "1", "Mum"], "the key must be 2 to 9 (1 calls [dial] voicemail, set in the config; 0 gives +); found \"1\""),
        (["speed-dial", "set", "0", "Mum"], "the key must be 2 to 9 (1 calls [dial] voicemail, set in the config; 0 gives +); found \"0\""),
        (["speed-dial", "clear", "55"], "the key must be 2 to 9 (1 calls [dial] voicemail, set in the config; 0 gives +); found \"55\""),
        (["speed-dial", "set", "2", ""], "the target must be 1 to 200 characters"),
        (["speed-dial", "set", "2", String(repeating: "a", count: 201)], "the target must be 1 to 200 characters"),
        (["speed-dial", "set", "2", "Mum\u{1B}[2J"], "the target must be one line, without control characters"),
        (["speed-dial", "set", "2", "Mum", "--number", ""], "--number must be 1 to 200 characters"),
    ])
    func aWrongKeyOrTargetIsRefused(arguments: [String], message: String) throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let output = try T9DialProcess.run(arguments, stateDirectory: directory + "/state")
            #expect(output.status == 64)
            #expect(output.stderr.contains("error: \(message)"), "stderr: \(output.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory + "/state/t9dial.sqlite"))
        }
    }
}
