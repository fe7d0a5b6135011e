// SPDX-License-Identifier: Apache-2.0

import Foundation
import Glibc
import ModemTestSupport
import Tones
import Testing

/// `t9dial try` with `[dial] method = "modem"` on the fake modem (a pty), when the modem does
/// not do as it should: silent after `ATD`, or the port taken by another t9dial. The hang-up
/// key, `q` and SIGTERM must not wait for the minute `ATD` may take.
@Suite("AT modem calls that hold up, end to end")
struct ModemCallTests {
    /// A `t9dial try` on `modem` in `directory`, with the sample book.
    static func start(on modem: FakeModem, in directory: String, name: String = "t9dial") throws -> InteractiveT9Dial {
        let config = try T9DialProcess.write("[dial]\nmethod = \"modem\"\ndevice = \"\(modem.device)\"\n", to: directory + "/\(name).toml")
        return try InteractiveT9Dial(
            ["try", "--contacts", T9DialProcess.sampleContacts, "--config", config], stateDirectory: directory + "/state-\(name)")
    }

    /// Fred Smith dialled on a modem that says nothing to `ATD`, nor to the abort.
    static func dialFredOnASilentModem(in directory: String) throws -> (FakeModem, InteractiveT9Dial) {
        let modem = try FakeModem.scripted()
        let t9dial = try start(on: modem, in: directory)
        #expect(t9dial.wait(seconds: 10) { _ in modem.commands.contains("AT+CLIP=1") }, "\(t9dial.report)")
        modem.reply(to: "ATD", with: [])
        modem.reply(to: "", with: [])
        t9dial.type("37337#")
        #expect(t9dial.waitForLine(containing: "dialling Fred Smith"), "\(t9dial.report)")
        #expect(t9dial.wait(seconds: 10) { _ in modem.commands.contains("ATD+447700900123;") }, "\(modem.commands)")
        return (modem, t9dial)
    }

    /// Seconds since `start`.
    static func seconds(since start: Date) -> Double { Date().timeIntervalSince(start) }

    @Test("the hang-up key ends a dial the modem never answers, and the keypad types again")
    func hangUpKey() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let (modem, t9dial) = try Self.dialFredOnASilentModem(in: directory)
            defer { modem.stop() }
            let start = Date()
            t9dial.type("h")
            // ATD may take a minute; the hang-up does not wait for it.
            #expect(t9dial.waitForLine(containing: "Call ended: Fred Smith", seconds: 20), "\(t9dial.report)")
            let took = Self.seconds(since: start)
            #expect(took < 20, "took \(took) s")
            #expect(modem.commands.contains(""), "a CR aborted the dial: \(modem.commands)")
            // The call's screen left, the query kept: typing goes on.
            t9dial.type("h2")
            #expect(t9dial.waitForLine(containing: "T9: 373372"), "\(t9dial.report)")
            #expect(t9dial.quit() == 0, "\(t9dial.report)")
        }
    }

    @Test("q during a dial the modem never answers: t9dial ends the call and exits")
    func quitKey() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let (modem, t9dial) = try Self.dialFredOnASilentModem(in: directory)
            defer { modem.stop() }
            #expect(t9dial.quit(seconds: 20) == 0, "\(t9dial.report)")
            let history = try T9DialProcess.run(["history", "--json"], stateDirectory: directory + "/state-t9dial")
            let calls = try #require(try history.json() as? [[String: Any]])
            #expect(calls.count == 1, "the call is in the history: \(calls)")
        }
    }

    @Test("SIGTERM during a dial the modem never answers: t9dial ends the call and exits")
    func sigterm() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let (modem, t9dial) = try Self.dialFredOnASilentModem(in: directory)
            defer { modem.stop() }
            let start = Date()
            t9dial.send(SIGTERM)
            #expect(t9dial.waitForExit(seconds: 20) == -SIGTERM, "\(t9dial.report)")
            let took = Self.seconds(since: start)
            #expect(took < 20, "took \(took) s")
        }
    }

    /// SIGTERM after the keys ended with a dial (`t9dial try` then waits for the call): the
    /// wait watches the signals.
    @Test("SIGTERM while try waits for the call its piped keys made")
    func sigtermAfterTheKeysEnd() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let modem = try FakeModem.scripted()
            defer { modem.stop() }
            modem.setCalls([#"+CLCC: 1,0,0,0,0,"+447700900123",145"#])
            let t9dial = try Self.start(on: modem, in: directory)
            t9dial.type("37337#")
            #expect(t9dial.waitForLine(containing: "Connected: Fred Smith"), "\(t9dial.report)")
            t9dial.endInput()
            Thread.sleep(forTimeInterval: 0.5)
            t9dial.send(SIGTERM)
            #expect(t9dial.waitForExit(seconds: 20) == -SIGTERM, "\(t9dial.report)")
            #expect(modem.commands.contains("AT+CHUP"), "the call was hung up: \(modem.commands)")
        }
    }

    @Test("a second t9dial on the port says who has it, and sends nothing to the modem")
    func twoOnOnePort() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let modem = try FakeModem.scripted()
            defer { modem.stop() }
            let first = try Self.start(on: modem, in: directory, name: "first")
            #expect(first.wait(seconds: 10) { _ in modem.commands.contains("AT+CCWA=1") }, "\(first.report)")
            let second = try Self.start(on: modem, in: directory, name: "second")
            #expect(second.waitForLine(containing: "is in use: t9dial (pid \(first.pid)) has it open"), "\(second.report)")
            #expect(second.stderr.contains("\(modem.device) is in use"), "\(second.report)")
            #expect(second.quit() == 0, "\(second.report)")
            // The first asks the modem's signal and network for its status line, once.
            let calls = modem.commands.filter { $0 != "AT+CSQ" && $0 != "AT+COPS?" }
            #expect(calls == ["AT+CLIP=1", "AT+CCWA=1"], "the second sent nothing: \(modem.commands)")
            #expect(modem.commands.filter { $0 == "AT+CSQ" }.count <= 1, "\(modem.commands)")
            #expect(first.quit() == 0, "\(first.report)")
        }
    }
}

/// What is heard of a call coming in on an AT modem: t9dial rings on its ALSA device (ALSA's
/// file plugin, through the real alsa-lib) with the cadence, until the caller gives up.
extension ModemCallTests {
    @Test("a call coming in on the modem rings 2 s on, then stops when the caller gives up")
    func incomingCallRings() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let (alsa, wav) = try T9DialProcess.recordingALSA(in: directory)
            let modem = try FakeModem.scripted()
            defer { modem.stop() }
            let config = try T9DialProcess.write(
                "[dial]\nmethod = \"modem\"\ndevice = \"\(modem.device)\"\n[sound]\ndevice = \"t9dialtest\"\n", to: directory + "/t9dial.toml")
            let t9dial = try InteractiveT9Dial(
                ["try", "--contacts", T9DialProcess.sampleContacts, "--config", config], stateDirectory: directory + "/state",
                environment: alsa)
            #expect(t9dial.wait(seconds: 10) { _ in modem.commands.contains("AT+CLIP=1") }, "\(t9dial.report)")
            modem.setCalls(["+CLCC: 1,1,4,0,0,\"+447700900123\",145"])
            modem.send("RING", "+CLIP: \"+447700900123\",145,,,,0")
            #expect(t9dial.waitForLine(containing: "Incoming call: Fred Smith"), "\(t9dial.report)")
            Thread.sleep(forTimeInterval: 3.5)
            modem.setCalls([])
            #expect(t9dial.waitForLine(containing: "Missed call"), "\(t9dial.report)")
            #expect(t9dial.quit() == 0, "\(t9dial.report)")

            let runs = try T9DialProcess.recordedRuns(wav: wav)
            let sounding = runs.filter(\.sounding)
            #expect(sounding.count == 1, "\(runs)")
            #expect(abs((sounding.first?.milliseconds ?? 0) - 2000) <= 50, "\(runs)")
        }
    }
}
