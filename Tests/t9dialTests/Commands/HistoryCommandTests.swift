import Foundation
import Testing

/// The dial history through the commands: dials from `try` are recorded, rank their contacts
/// first next time, are listed by `history`, and `forget` clears them.
@Suite("t9dial history")
struct HistoryCommandTests {
    @Test func dialsAreRecordedListedRankedAndForgotten() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let state = directory + "/state"
            let book = ["--contacts", T9DialProcess.sampleContacts]
            // "2": without history, Ann Baker (A...) comes before Bob Baker.
            func firstName(_ output: T9DialProcess.Output) -> String? {
                output.lines.first?.replacingOccurrences(of: "[", with: "").replacingOccurrences(of: "]", with: "")
            }
            let before = try T9DialProcess.run(["search", "2"] + book, stateDirectory: state)
            #expect(firstName(before)?.contains("Bob Baker") == false)

            // Bob Baker dialled twice, by "262" (B-o-b), selecting him and pressing #.
            for _ in 0..<2 {
                let dialled = try T9DialProcess.run(["try"] + book, stdin: "262#", stateDirectory: state)
                #expect(dialled.lines.contains { $0.hasPrefix("dial: Bob Baker") }, "stdout: \(dialled.stdout)")
            }
            let listed = try T9DialProcess.run(["history"], stateDirectory: state)
            #expect(listed.lines.count == 2)
            #expect(listed.lines.allSatisfy { $0.contains("placed") && $0.contains("07700 900456") && $0.contains("sample-bob-home") })

            // Called most, he now ranks first among the matches of the same quality.
            let after = try T9DialProcess.run(["search", "2"] + book, stateDirectory: state)
            #expect(firstName(after)?.contains("Bob Baker") == true, "stdout: \(after.stdout)")

            let forgotten = try T9DialProcess.run(["forget"], stateDirectory: state)
            #expect(forgotten.status == 0)
            #expect(try T9DialProcess.run(["history"], stateDirectory: state).stdout.hasPrefix("no dials yet"))
        }
    }

    @Test func aReplayRecordsNothing() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let state = directory + "/state"
            _ = try T9DialProcess.run(
                ["run", "--replay", "Config/samples/demo-session.evemu", "--contacts", T9DialProcess.sampleContacts], stateDirectory: state)
            #expect(try T9DialProcess.run(["history"], stateDirectory: state).stdout.hasPrefix("no dials yet"))
        }
    }

    @Test(arguments: ["0", "-3"])
    func aLimitBelowOneIsRefused(limit: String) throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let output = try T9DialProcess.run(["history", "--limit=\(limit)"], stateDirectory: directory + "/state")
            #expect(output.status != 0)
            #expect(output.stdout == "")
            #expect(output.stderr.contains("--limit must be at least 1"))
        }
    }

    @Test func aForeignHistoryFileIsMovedAsideAndReported() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let state = directory + "/state"
            try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
            try Data("not a database".utf8).write(to: URL(fileURLWithPath: state + "/t9dial.sqlite"))
            let output = try T9DialProcess.run(["try", "--contacts", T9DialProcess.sampleContacts], stdin: "", stateDirectory: state)
            #expect(output.status == 0)
            #expect(output.stderr.contains("t9dial.sqlite"), "stderr: \(output.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: state)
            #expect(names.contains { $0.hasPrefix("t9dial.sqlite.corrupt-") })
        }
    }
}
