// SPDX-License-Identifier: Apache-2.0

import Foundation
import ModemTestSupport
import Tones
import Testing

/// `t9dial try`, driven through its standard input as a script would.
@Suite("t9dial try")
struct TryCommandTests {
    @Test func typedKeysFindAndDialAContact() throws {
        let output = try T9DialProcess.run(["try", "--contacts", T9DialProcess.sampleContacts], stdin: "5764\r")
        #expect(output.status == 0)
        #expect(output.lines.contains("> William [J]ohn [Smi]th  +1 201-555-0123  work"))
        #expect(output.lines.contains("dial: William John Smith  +1 201-555-0123"))
        #expect(output.stderr.contains("Keys: 0-9 type"))
    }

    /// Issue 42's proof in `try`: 3733 shows each of Fred Smith's numbers as a row with its
    /// label, `*` moves to the home number and `#` dials that number, which the history keeps;
    /// next time the number called comes first.
    @Test func everyNumberOfFredSmithIsARowAndADialCallsTheRowChosen() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let state = directory + "/state"
            let config = try T9DialProcess.write("[dial]\nmethod = \"print\"\n", to: directory + "/t9dial.toml")
            let output = try T9DialProcess.run(
                ["try", "--contacts", T9DialProcess.sampleContacts], stdin: "3733*#", config: config, stateDirectory: state)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.lines.contains("> [Fred] Smith  +44 7700 900123  mobile"))
            #expect(output.lines.contains("  [Fred] Smith  +44 121 496 0000  home"))
            #expect(output.lines.contains("> [Fred] Smith  +44 121 496 0000  home"))
            #expect(output.lines.contains("dial: Fred Smith  +44 121 496 0000"))
            let history = try T9DialProcess.run(["history"], stateDirectory: state)
            #expect(history.lines.first?.contains("+44 121 496 0000") == true)
            let again = try T9DialProcess.run(["search", "3733", "--contacts", T9DialProcess.sampleContacts], stateDirectory: state)
            #expect(again.lines == ["1. [Fred] Smith  +44 121 496 0000  home", "2. [Fred] Smith  +44 7700 900123  mobile"])
        }
    }

    @Test func multiTapLettersSettleAtTheEndOfInput() throws {
        let output = try T9DialProcess.run(["try", "--json", "--mode", "multitap", "--contacts", T9DialProcess.sampleContacts], stdin: "4555666")
        let last = try #require(output.lines.last)
        let screen = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(screen["query"] as? String == "glo")
        #expect((screen["results"] as? [[String: Any]])?.first?["name"] as? String == "Telemaco Palombi")
    }

    /// A config whose `[dial]` runs `script` (shell lines) with the number and name, and the
    /// file where the script writes its arguments. The script is run by /bin/sh, not executed:
    /// a file just written may still be open in a child another test forked meanwhile, and
    /// executing it then fails with ETXTBSY.
    func execConfig(in directory: String, _ script: String) throws -> (config: String, arguments: String) {
        let program = try T9DialProcess.write(
            "for a in \"$@\"; do printf '%s\\n' \"$a\"; done >> \"\(directory)/args.txt\"\n\(script)\n", to: directory + "/dial.sh")
        let config = try T9DialProcess.write(
            "[dial]\nmethod = \"exec\"\ncommand = [\"/bin/sh\", \"\(program)\", \"{number}\", \"{name}\"]\n", to: directory + "/t9dial.toml")
        return (config, directory + "/args.txt")
    }

    @Test func poundRunsTheDialProgramAndTheHistoryKeepsTheCall() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let (config, arguments) = try execConfig(in: directory, "exit 0")
            let state = directory + "/state"
            // 7462426: Siobhan; # dials her, and the program gets her name as one argument.
            let output = try T9DialProcess.run(
                ["try", "--contacts", T9DialProcess.sampleContacts], stdin: "7462426#", config: config, stateDirectory: state)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.lines.contains("dialling Siobhán O'Brien  +353 1 234 5678"))
            #expect(output.lines.last == "calling Siobhán O'Brien  +353 1 234 5678")
            #expect(try String(contentsOfFile: arguments, encoding: .utf8) == "+35312345678\nSiobhán O'Brien\n")
            #expect(output.stderr.contains("dial +35312345678 via /bin/sh: placed"))
            let history = try T9DialProcess.run(["history"], stateDirectory: state)
            #expect(history.lines.count == 1)
            #expect(history.lines.first?.contains("placed  +353 1 234 5678") == true)
        }
    }

    @Test func aFailedDialShowsWhyKeepsTheQueryAndIsRecordedAsFailed() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let (config, _) = try execConfig(in: directory, "echo 'no modem found' >&2\nexit 3")
            let state = directory + "/state"
            // After the failure, * leaves the calling screen onto the query kept.
            let output = try T9DialProcess.run(
                ["try", "--json", "--contacts", T9DialProcess.sampleContacts], stdin: "7462426#", config: config, stateDirectory: state)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.stderr.contains("failed: exited with status 3; it said: no modem found"))
            let events = try output.lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            let dialled = try #require(events.first { $0["event"] as? String == "dialled" })
            #expect(dialled["placed"] as? Bool == false)
            #expect(dialled["message"] as? String == "Failed: exit 3: no modem found")
            let last = try #require(events.last)
            #expect(last["query"] as? String == "7462426")
            #expect((last["calling"] as? [String: Any])?["state"] as? String == "failed")
            let history = try T9DialProcess.run(["history"], stateDirectory: state)
            #expect(history.lines.first?.contains("failed  +353 1 234 5678") == true)
        }
    }

    /// The modem follows the call: it rings (+CLCC alerting), is answered (+CLCC active), a
    /// digit goes out as AT+VTS, and the far end hangs up (NO CARRIER).
    @Test func aModemOnASerialPortFollowsTheCall() throws {
        let modem = try FakeModem.scripted()
        defer { modem.stop() }
        try T9DialProcess.withTemporaryDirectory { directory in
            let config = try T9DialProcess.write(
                "[dial]\nmethod = \"modem\"\ndevice = \"\(modem.device)\"\n", to: directory + "/t9dial.toml")
            let t9dial = try InteractiveT9Dial(
                ["try", "--contacts", T9DialProcess.sampleContacts, "--config", config], stateDirectory: directory + "/state")
            modem.setCalls([#"+CLCC: 1,0,3,0,0,"+447700900123",145"#])
            t9dial.type("37337#")
            #expect(t9dial.waitForLine(containing: "Ringing: Fred Smith  +44 7700 900123"), "\(t9dial.report)")
            modem.setCalls([#"+CLCC: 1,0,0,0,0,"+447700900123",145"#])
            #expect(t9dial.waitForLine(containing: "Connected: Fred Smith"), "\(t9dial.report)")
            t9dial.type("5")
            #expect(t9dial.wait(seconds: 10) { _ in modem.commands.contains("AT+VTS=5") }, "\(modem.commands)")
            modem.setCalls([])
            modem.send("NO CARRIER")
            #expect(t9dial.waitForLine(containing: "Call ended 0:0"), "\(t9dial.report)")
            #expect(t9dial.quit() == 0, "\(t9dial.report)")
            #expect(modem.commands.contains("ATD+447700900123;"), "\(modem.commands)")
            let history = try T9DialProcess.run(["history", "--json"], stateDirectory: directory + "/state")
            let calls = try #require(try history.json() as? [[String: Any]])
            #expect(calls.first?["outcome"] as? String == "answered", "\(calls)")
        }
    }

    @Test func theContactPickedForAQueryRanksFirstForItNextTime() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let state = directory + "/state"
            let contacts = ["try", "--json", "--contacts", T9DialProcess.sampleContacts]
            func firstResult(_ keys: String) throws -> String? {
                let output = try T9DialProcess.run(contacts, stdin: keys, stateDirectory: state)
                let screens = try output.lines.compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                    .filter { $0["event"] as? String == "screen" && $0["calling"] is NSNull }
                return (screens.last?["results"] as? [[String: Any]])?.first?["name"] as? String
            }
            // 2 finds several contacts; Bob Baker is not the first of them.
            let first = try #require(try firstResult("2"))
            #expect(first != "Bob Baker")
            // 22537 is bak..r: Ann and Bob Baker. Picking Bob (the second) for 22537 and calling him...
            let picked = try T9DialProcess.run(contacts, stdin: "22537*#", stateDirectory: state)
            #expect(picked.stdout.contains(#""event":"dial","name":"Bob Baker""#), "stdout: \(picked.stdout)")
            // ...ranks him first for 22537 and for 2 next time.
            #expect(try firstResult("22537") == "Bob Baker")
            #expect(try firstResult("2") == "Bob Baker")
        }
    }
}

/// `t9dial try --sound`: a key typed is heard, through the real alsa-lib into ALSA's file
/// plugin, and the recording is analysed.
@Suite("t9dial try --sound")
struct TryCommandSoundTests {
    @Test func aKeyTypedPlaysItsDTMFPair() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let (alsa, wav) = try T9DialProcess.recordingALSA(in: directory, wav: "keys.wav")
            let output = try T9DialProcess.run(
                ["try", "--sound", "t9dialtest", "--contacts", T9DialProcess.sampleContacts], stdin: "5",
                environment: alsa)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            let clip = try WAVFile.decode(Array(try Data(contentsOf: URL(fileURLWithPath: wav))))
            // 5 is 770 Hz and 1336 Hz (ITU-T Q.23), each found within 1.5%.
            let row = Goertzel.strongest(in: 650...1000, samples: clip.samples, rate: clip.rate)
            let column = Goertzel.strongest(in: 1150...1700, samples: clip.samples, rate: clip.rate)
            #expect(abs(row - 770) / 770 < 0.015, "row \(row) Hz")
            #expect(abs(column - 1336) / 1336 < 0.015, "column \(column) Hz")
            let sounding = ToneAnalysis.runs(clip.samples, rate: clip.rate).filter(\.sounding)
            #expect(sounding.count == 1, "\(sounding)")
        }
    }
}
