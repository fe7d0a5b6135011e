// SPDX-License-Identifier: Apache-2.0

import Foundation
import ModemTestSupport
import Testing

/// `t9dial try` and the call log: the call key on an empty query lists the recent calls from
/// the history, and pressed again calls the one selected.
@Suite("t9dial try: redial and the call log")
struct TryCommandCallLogTests {
    @Test func twoPressesOfTheCallKeyRedialTheLastNumber() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let state = directory + "/state"
            let contacts = ["try", "--contacts", T9DialProcess.sampleContacts]
            // 7462426: Siobhán, dialled by the print method and kept in the history.
            let first = try T9DialProcess.run(contacts, stdin: "7462426#", stateDirectory: state)
            #expect(first.lines.contains("dial: Siobhán O'Brien  +353 1 234 5678"), "stdout: \(first.stdout)")
            // The next run: # lists the calls, # again calls the newest.
            let again = try T9DialProcess.run(contacts, stdin: "##", stateDirectory: state)
            #expect(again.status == 0, "stderr: \(again.stderr)")
            let log = try #require(again.lines.firstIndex(of: "Calls (1):"), "stdout: \(again.stdout)")
            #expect(again.lines[log + 1].hasPrefix("> Siobhán O'Brien  +353 1 234 5678  out placed  "))
            #expect(again.lines.contains("dial: Siobhán O'Brien  +353 1 234 5678"), "stdout: \(again.stdout)")
            let history = try T9DialProcess.run(["history"], stateDirectory: state)
            #expect(history.lines.count == 2)
        }
    }

    @Test func theJSONScreenCarriesTheLog() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let state = directory + "/state"
            _ = try T9DialProcess.run(["try", "--contacts", T9DialProcess.sampleContacts], stdin: "7462426#", stateDirectory: state)
            let output = try T9DialProcess.run(["try", "--json", "--contacts", T9DialProcess.sampleContacts], stdin: "\r", stateDirectory: state)
            let screens = try output.lines.compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            let log = try #require(screens.last?["calllog"] as? [String: Any], "stdout: \(output.stdout)")
            #expect(log["missed"] as? Bool == false)
            #expect(log["selection"] as? Int == 0)
            let rows = try #require(log["rows"] as? [[String: Any]])
            #expect(rows.count == 1)
            #expect(rows.first?["name"] as? String == "Siobhán O'Brien")
            #expect(rows.first?["number"] as? String == "+353 1 234 5678")
            #expect(rows.first?["direction"] as? String == "out")
            #expect(rows.first?["outcome"] as? String == "placed")
        }
    }

    /// A followed call on the pty modem: answered, hung up by the far end, then redialled
    /// with two presses of the call key, which the modem sees as a second ATD.
    @Test func aModemCallIsRedialledWithTwoPresses() throws {
        let modem = try FakeModem.scripted()
        defer { modem.stop() }
        try T9DialProcess.withTemporaryDirectory { directory in
            let state = directory + "/state"
            let config = try T9DialProcess.write("[dial]\nmethod = \"modem\"\ndevice = \"\(modem.device)\"\n", to: directory + "/t9dial.toml")
            let t9dial = try InteractiveT9Dial(["try", "--contacts", T9DialProcess.sampleContacts, "--config", config], stateDirectory: state)
            modem.setCalls([#"+CLCC: 1,0,0,0,0,"+447700900123",145"#])
            t9dial.type("37337#")
            #expect(t9dial.waitForLine(containing: "Connected: Fred Smith"), "\(t9dial.report)")
            modem.setCalls([])
            modem.send("NO CARRIER")
            #expect(t9dial.waitForLine(containing: "Call ended"), "\(t9dial.report)")
            // Once the call is in the history, the call key lists it and calls it again.
            let recorded = t9dial.wait(seconds: 30) { _ in
                ((try? T9DialProcess.run(["history"], stateDirectory: state))?.lines.count ?? 0) == 1
            }
            #expect(recorded)
            modem.setCalls([#"+CLCC: 1,0,3,0,0,"+447700900123",145"#])
            t9dial.type("\r")
            #expect(t9dial.waitForLine(containing: "> Fred Smith  +44 7700 900123  out answered"), "\(t9dial.report)")
            t9dial.type("\r")
            #expect(t9dial.wait(seconds: 15) { _ in modem.commands.filter { $0 == "ATD+447700900123;" }.count == 2 }, "\(modem.commands)")
            #expect(t9dial.waitForLine(containing: "Ringing: Fred Smith"), "\(t9dial.report)")
            #expect(t9dial.quit() == 0, "\(t9dial.report)")
        }
    }
}
