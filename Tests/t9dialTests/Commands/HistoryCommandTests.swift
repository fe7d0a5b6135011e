// SPDX-License-Identifier: Apache-2.0

import Foundation
import Synchronization
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
                    (NULL, '+44 7700 900999', 1764027786, 'missed', 'in', NULL, 'Sam Sipp'),
                    (NULL, '0121', 1764027846, 'busy', 'out', NULL, NULL),
                    ('sample-bob-home', '+447700900456', 1764027906, 'answered', 'in', 4.307, NULL),
                    (NULL, '+441214960000', 1764027966, 'missed', 'in', NULL, NULL),
                    ('sample-fred-smith', '+44 7700 900123', 1764028026, 'cancelled', 'out', NULL, NULL);
                """)
            #expect(try sqlite3(database, "SELECT count(*) FROM mark") == "0")
            // British numbers: the network's +44 form is the book's national one.
            let config = try T9DialProcess.write(
                "contacts = [\"\(T9DialProcess.repositoryRoot)/\(T9DialProcess.sampleContacts)\"]\n[search]\nregion = \"GB\"\n",
                to: directory + "/t9dial.toml")

            let listed = try T9DialProcess.run(["history", "--config", config], stateDirectory: state)
            #expect(listed.status == 0, "stderr: \(listed.stderr)")
            #expect(listed.lines.count == 6, "stdout: \(listed.stdout)")
            let endings = [
                "  out  cancelled  +44 7700 900123  Fred Smith",
                // A caller the book did not know when the call rang: named now, and the number
                // as the book writes it.
                "  in  missed  +44 121 496 0000  Fred Smith",
                // A contact's call: the number as the book writes it, not as the network sent it;
                // the fraction of a second dropped, as a phone's timer drops it.
                "  in  answered  0:04  07700 900456  Bob Baker",
                "  out  busy  0121",
                "  in  missed  +44 7700 900999  Sam Sipp",
                "  in  answered  1:07  07700 900456  Bob Baker",
            ]
            for (line, ending) in zip(listed.lines, endings) { #expect(line.hasSuffix(ending), "line: \(line)") }
            // The missed calls are seen now: the newest is the fifth row.
            #expect(try sqlite3(database, "SELECT dial FROM mark WHERE key = 'missed seen'") == "5")

            let json = try T9DialProcess.run(["history", "--json", "--config", config], stateDirectory: state)
            let calls = try #require(try json.json() as? [[String: Any]])
            #expect(calls.map { $0["direction"] as? String } == ["out", "in", "in", "out", "in", "in"])
            #expect(calls.map { $0["outcome"] as? String } == ["cancelled", "missed", "answered", "busy", "missed", "answered"])
            // Whole seconds, as the docs say and the text shows.
            #expect(json.stdout.contains(#""duration":4,"#) && json.stdout.contains(#""duration":67,"#), "\(json.stdout)")
            #expect(calls.map { $0["duration"] as? Int } == [nil, nil, 4, nil, nil, 67])
            #expect(
                calls.map { $0["number"] as? String } == ["+44 7700 900123", "+44 121 496 0000", "07700 900456", "0121", "+44 7700 900999", "07700 900456"])
            #expect(calls.map { $0["name"] as? String } == ["Fred Smith", "Fred Smith", "Bob Baker", nil, "Sam Sipp", "Bob Baker"])
            #expect(calls.map { $0["uid"] as? String } == ["sample-fred-smith", nil, "sample-bob-home", nil, nil, "sample-bob-home"])
            #expect(calls[5]["time"] as? String == "2025-11-24T23:42:06Z")
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

    /// `--limit N` lists the N newest; 0 lists them all.
    @Test(arguments: [("1", 1), ("2", 2), ("5", 2), ("1000", 2), ("0", 2), ("1000000", 2)])
    func theLimitIsHowManyDialsAreListed(limit: String, listed: Int) throws {
        try withTwoDials { state, config, _ in
            let output = try T9DialProcess.run(["history", "--limit", limit, "--config", config], stateDirectory: state)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.lines.count == listed, "stdout: \(output.stdout)")
        }
    }

    /// `--limit 0` lists every call the history keeps, more than the 1,000 a search lists, as
    /// text and as one JSON array; `--limit 1500` as many.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "writes the calls with sqlite3"))
    func limitZeroListsEveryCallKept() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let state = directory + "/state"
            #expect(try T9DialProcess.run(["history"], stateDirectory: state).status == 0)
            try sqlite3(
                state + "/t9dial.sqlite",
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2500)
                INSERT INTO dial (uid, number, time, outcome, direction) SELECT NULL, '0121 ' || i, 1764000000 + i, 'busy', 'out' FROM n;
                """)
            let all = try T9DialProcess.run(["history", "--limit", "0"], stateDirectory: state)
            #expect(all.status == 0, "stderr: \(all.stderr)")
            #expect(all.lines.count == 2500)
            #expect(all.lines.first?.hasSuffix("  out  busy  0121 2500") == true, "\(all.lines.first ?? "")")
            #expect(all.lines.last?.hasSuffix("  out  busy  0121 1") == true, "\(all.lines.last ?? "")")
            let json = try T9DialProcess.run(["history", "--limit", "0", "--json"], stateDirectory: state)
            let calls = try #require(try json.json() as? [[String: Any]], "\(json.stderr)")
            #expect(calls.count == 2500)
            #expect(calls.map { $0["number"] as? String } == (1...2500).reversed().map { "0121 \($0)" })
            #expect(try T9DialProcess.run(["history", "--limit", "1500"], stateDirectory: state).lines.count == 1500)
        }
    }

    /// --help says what --limit may be, 0 included.
    @Test func theLimitSaysItsRange() throws {
        let output = try T9DialProcess.run(["help", "history"])
        #expect(output.status == 0)
        let help = output.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("--limit <n> The most calls to list, newest first, from 1 to 1000000; 0 lists every call kept."), "\(output.stdout)")
    }

    @Test func theDataDirectoryIsNotOffered() throws {
        // The history reads no layouts: --data-dir would change nothing.
        let output = try T9DialProcess.run(["history", "--data-dir", "Config"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("Unknown option '--data-dir'"), "stderr: \(output.stderr)")
    }

    @Test(arguments: [["--limit=-3"], ["--limit", "-3"], ["--limit", "1000001"]])
    func aLimitOutOfRangeIsRefused(arguments: [String]) throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let output = try T9DialProcess.run(["history"] + arguments, stateDirectory: directory + "/state")
            #expect(output.status == 64)
            #expect(output.stdout == "")
            #expect(output.stderr.hasPrefix("error: --limit must be from 0 (every call kept) to 1000000; found "), "stderr: \(output.stderr)")
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

    /// Four `t9dial try` started at once on one new history (the service starting as the user
    /// tries something): each dial is recorded, none warns, nothing is moved aside. (Without
    /// the opening lock, a round in three or so moved another's new history aside and lost it.)
    @Test func dialsFromTriesStartedTogetherAreAllKept() throws {
        for round in 0..<8 {
            try T9DialProcess.withTemporaryDirectory { directory in
                let state = directory + "/state"
                let outputs = Mutex<[T9DialProcess.Output?]>(Array(repeating: nil, count: 4))
                DispatchQueue.concurrentPerform(iterations: 4) { index in
                    let output = try? T9DialProcess.run(["try", "--contacts", T9DialProcess.sampleContacts], stdin: "262#", stateDirectory: state)
                    outputs.withLock { $0[index] = output }
                }
                for output in outputs.withLock({ $0 }) {
                    #expect(output?.status == 0, "round \(round): \(output?.stderr ?? "")")
                    #expect(output?.stderr.contains("history") == false, "round \(round): \(output?.stderr ?? "")")
                }
                let listed = try T9DialProcess.run(["history", "--limit", "0"], stateDirectory: state)
                #expect(listed.lines.count == 4, "round \(round): \(listed.stdout)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.contains("corrupt") } == [], "round \(round)")
            }
        }
    }
}
