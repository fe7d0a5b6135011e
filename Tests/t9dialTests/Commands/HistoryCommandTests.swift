// SPDX-License-Identifier: Apache-2.0

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
            // Named as the config's book has him now, not by his UID.
            let config = try T9DialProcess.write(
                "contacts = [\"\(T9DialProcess.repositoryRoot)/\(T9DialProcess.sampleContacts)\"]\n", to: directory + "/t9dial.toml")
            let listed = try T9DialProcess.run(["history", "--config", config], stateDirectory: state)
            #expect(listed.lines.count == 2)
            #expect(
                listed.lines.allSatisfy { $0.contains("placed") && $0.contains("07700 900456") && $0.hasSuffix("  Bob Baker") },
                "stdout: \(listed.stdout)")
            #expect(!listed.stdout.contains("sample-bob-home"))

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

    /// Bob Baker dialled twice from the sample book, in a new state directory, and a config
    /// naming that book; `body` gets both.
    private func withTwoDials(_ body: (_ state: String, _ config: String, _ directory: String) throws -> Void) throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let state = directory + "/state"
            for _ in 0..<2 {
                let dialled = try T9DialProcess.run(["try", "--contacts", T9DialProcess.sampleContacts], stdin: "262#", stateDirectory: state)
                #expect(dialled.status == 0, "stderr: \(dialled.stderr)")
            }
            let config = try T9DialProcess.write(
                "contacts = [\"\(T9DialProcess.repositoryRoot)/\(T9DialProcess.sampleContacts)\"]\n", to: directory + "/t9dial.toml")
            try body(state, config, directory)
        }
    }

    /// A contact no longer in the book: the number alone, never the UID, which means nothing to a user.
    @Test func aContactNoLongerInTheBookShowsTheNumberAlone() throws {
        try withTwoDials { state, _, directory in
            let other = try T9DialProcess.write(
                "BEGIN:VCARD\nVERSION:3.0\nUID:someone-else\nFN:Someone Else\nTEL:01632 960000\nEND:VCARD\n", to: directory + "/other.vcf")
            let config = try T9DialProcess.write("contacts = [\"\(other)\"]\n", to: directory + "/other.toml")
            let listed = try T9DialProcess.run(["history", "--config", config], stateDirectory: state)
            #expect(listed.status == 0)
            #expect(listed.lines.count == 2)
            #expect(listed.lines.allSatisfy { $0.hasSuffix("  placed  07700 900456") }, "stdout: \(listed.stdout)")
        }
    }

    @Test func jsonIsOneArrayOfTheDialsNewestFirst() throws {
        try withTwoDials { state, config, _ in
            let output = try T9DialProcess.run(["history", "--json", "--config", config], stateDirectory: state)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.lines.count == 1)
            let dials = try #require(try output.json() as? [[String: Any]])
            #expect(dials.count == 2)
            for dial in dials {
                #expect(dial["name"] as? String == "Bob Baker")
                #expect(dial["number"] as? String == "07700 900456")
                #expect(dial["direction"] as? String == "out")
                #expect(dial["outcome"] as? String == "placed")
                #expect(dial["duration"] is NSNull)
                #expect(dial["uid"] as? String == "sample-bob-home")
                #expect((dial["time"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) } != nil)
            }
        }
    }

    /// Calls followed by a telephony method, as the dialer records them (written here with
    /// sqlite3 into the history `history` made): which way, how each went, how long, and the
    /// caller's name when not in the book. Listing marks the missed call seen.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "writes the calls with sqlite3"))
    func followedCallsShowDirectionOutcomeAndDuration() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let state = directory + "/state"
            #expect(try T9DialProcess.run(["history"], stateDirectory: state).stdout.hasPrefix("no dials yet"))
            let database = state + "/t9dial.sqlite"
            try sqlite3(
                database,
                """
                INSERT INTO dial (uid, number, time, outcome, direction, duration, name) VALUES
                    ('sample-bob-home', '07700 900456', 1764027726, 'answered', 'in', 67.25, NULL),
                    (NULL, '+44 7700 900123', 1764027786, 'missed', 'in', NULL, 'Sam Sipp'),
                    (NULL, '0121', 1764027846, 'busy', 'out', NULL, NULL);
                """)
            #expect(try sqlite3(database, "SELECT count(*) FROM mark") == "0")
            let config = try T9DialProcess.write(
                "contacts = [\"\(T9DialProcess.repositoryRoot)/\(T9DialProcess.sampleContacts)\"]\n", to: directory + "/t9dial.toml")

            let listed = try T9DialProcess.run(["history", "--config", config], stateDirectory: state)
            #expect(listed.status == 0, "stderr: \(listed.stderr)")
            #expect(listed.lines.count == 3, "stdout: \(listed.stdout)")
            let endings = ["  out  busy  0121", "  in  missed  +44 7700 900123  Sam Sipp", "  in  answered  1:07  07700 900456  Bob Baker"]
            for (line, ending) in zip(listed.lines, endings) { #expect(line.hasSuffix(ending), "line: \(line)") }
            // The missed call (the second row) is seen now.
            #expect(try sqlite3(database, "SELECT dial FROM mark WHERE key = 'missed seen'") == "2")

            let json = try T9DialProcess.run(["history", "--json", "--config", config], stateDirectory: state)
            let calls = try #require(try json.json() as? [[String: Any]])
            #expect(calls.map { $0["direction"] as? String } == ["out", "in", "in"])
            #expect(calls.map { $0["outcome"] as? String } == ["busy", "missed", "answered"])
            #expect(calls.map { $0["duration"] as? Double } == [nil, nil, 67.25])
            #expect(calls.map { $0["duration"] is NSNull } == [true, true, false])
            #expect(calls.map { $0["name"] as? String } == [nil, "Sam Sipp", "Bob Baker"])
            #expect(calls.map { $0["uid"] as? String } == [nil, nil, "sample-bob-home"])
            #expect(calls[2]["time"] as? String == "2025-11-24T23:42:06Z")
        }
    }

    /// Runs `sql` on the database at `path` with the sqlite3 program; what it prints, trimmed.
    @discardableResult
    private func sqlite3(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = ["-batch", path, sql]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "sqlite3 failed: \(sql)")
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func jsonOfNoDialsIsAnEmptyArray() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let output = try T9DialProcess.run(["history", "--json"], stateDirectory: directory + "/state")
            #expect(output.stdout == "[]\n")
        }
    }

    /// `--contacts` names the calls from the book given, as for every other command, before
    /// or after the other options, and from standard input too.
    @Test(arguments: [
        (["--contacts", T9DialProcess.sampleContacts], ""),
        (["--limit", "5", "--contacts", T9DialProcess.sampleContacts, "--json"], ""),
        (["--contacts", "-"], try! String(contentsOfFile: T9DialProcess.repositoryRoot + "/" + T9DialProcess.sampleContacts, encoding: .utf8)),
    ])
    func theContactsGivenNameTheCalls(arguments: [String], stdin: String) throws {
        try withTwoDials { state, _, _ in
            // No config: the names come from --contacts alone.
            let listed = try T9DialProcess.run(["history"] + arguments, stdin: stdin, stateDirectory: state)
            #expect(listed.status == 0, "stderr: \(listed.stderr)")
            #expect(listed.stdout.components(separatedBy: "Bob Baker").count == 3, "stdout: \(listed.stdout)")
        }
    }

    @Test func contactsGivenThatDoNotLoadAreAnError() throws {
        try withTwoDials { state, _, directory in
            let listed = try T9DialProcess.run(["history", "--contacts", directory + "/missing.vcf"], stateDirectory: state)
            #expect(listed.status == 1)
            #expect(listed.stderr.hasPrefix("error: \(directory)/missing.vcf: no such file"), "stderr: \(listed.stderr)")
        }
    }

    /// `--limit N` lists the N newest, N from 1 to 1000 as for every command.
    @Test(arguments: [("1", 1), ("2", 2), ("5", 2), ("1000", 2)])
    func theLimitIsHowManyDialsAreListed(limit: String, listed: Int) throws {
        try withTwoDials { state, config, _ in
            let output = try T9DialProcess.run(["history", "--limit", limit, "--config", config], stateDirectory: state)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.lines.count == listed, "stdout: \(output.stdout)")
        }
    }

    @Test func theDataDirectoryIsNotOffered() throws {
        // The history reads no layouts: --data-dir would change nothing.
        let output = try T9DialProcess.run(["history", "--data-dir", "Config"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("Unknown option '--data-dir'"), "stderr: \(output.stderr)")
    }

    @Test(arguments: [["--limit=-3"], ["--limit", "-3"], ["--limit", "0"], ["--limit", "1001"]])
    func aLimitOutOfRangeIsRefused(arguments: [String]) throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let output = try T9DialProcess.run(["history"] + arguments, stateDirectory: directory + "/state")
            #expect(output.status == 64)
            #expect(output.stdout == "")
            #expect(output.stderr.hasPrefix("error: --limit must be from 1 to 1000; found "), "stderr: \(output.stderr)")
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
