// SPDX-License-Identifier: Apache-2.0

import Foundation
import TelephonyTestSupport
import Tones
import Testing

/// t9dial with `[dial] method = "baresip"`, end to end: the real baresip (from the shipped
/// Config/baresip), SIPp as the far end, `t9dial try` typed into key by key. What the user sees
/// (the text display's lines) and what the history keeps are checked, and what the peer got.
@Suite(
    "SIP calls through baresip, end to end", .enabled(if: LiveBaresip.isInstalled && LiveSIPp.isInstalled, "needs baresip-core and sip-tester"))
struct SIPCallTests {
    /// A book with Sam Sipp (726 in T9) at a bare number, which baresip completes with its
    /// account's domain (SIPp's address), and Nora Caller, whose number calls in.
    static let contacts = """
        BEGIN:VCARD
        VERSION:3.0
        UID:sam
        FN:Sam Sipp
        TEL;TYPE=CELL:5070
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        UID:nora
        FN:Nora Caller
        TEL;TYPE=CELL:+44 7700 900555
        END:VCARD

        """

    /// A config and book in `directory` for the baresip at `control`.
    static func files(in directory: String, control: String) throws -> (config: String, contacts: String) {
        let contacts = try T9DialProcess.write(Self.contacts, to: directory + "/contacts.vcf")
        let config = try T9DialProcess.write(
            "contacts = [\"\(contacts)\"]\n[dial]\nmethod = \"baresip\"\ncontrol = \"\(control)\"\n", to: directory + "/t9dial.toml")
        return (config, contacts)
    }

    static func start(_ baresip: LiveBaresip, in directory: String) throws -> InteractiveT9Dial {
        let (config, _) = try files(in: directory, control: baresip.control)
        let t9dial = try InteractiveT9Dial(["try", "--config", config], stateDirectory: directory + "/state")
        // Ready once the line has connected: the notice "SIP not connected" is gone or never came.
        _ = t9dial.wait(seconds: 10) { $0.stderr.contains("Keys: 0-9 type") }
        return t9dial
    }

    static func history(_ directory: String) throws -> [[String: Any]] {
        let output = try T9DialProcess.run(["history", "--json"], stateDirectory: directory + "/state")
        return try #require(try output.json() as? [[String: Any]], "history --json: \(output.stdout) \(output.stderr)")
    }

    /// A call to Sam Sipp (726#) at the SIPp peer playing `scenario`, through a baresip whose
    /// account sends bare numbers to that peer, from a `t9dial try` in `directory`.
    static func dialSam(_ scenario: String, keys: [String: String] = [:], in directory: String) throws -> (LiveSIPp, LiveBaresip, InteractiveT9Dial) {
        let sipp = try LiveSIPp(scenario: scenario, keys: keys)
        let baresip = try LiveBaresip(accountLine: "<sip:t9dial@127.0.0.1:\(sipp.port)>;regint=0")
        let t9dial = try start(baresip, in: directory)
        Thread.sleep(forTimeInterval: 0.5)
        t9dial.type("726#")
        return (sipp, baresip, t9dial)
    }

    /// A call from Nora Caller's number, from the SIPp peer playing `scenario`, to a `t9dial try`
    /// in `directory` ready for it.
    static func ringFromNora(_ scenario: String, in directory: String) throws -> (LiveSIPp, LiveBaresip, InteractiveT9Dial) {
        let baresip = try LiveBaresip()
        let t9dial = try start(baresip, in: directory)
        Thread.sleep(forTimeInterval: 1)
        return (try caller(scenario, to: baresip), baresip, t9dial)
    }

    @Test("a call rings, connects, sends a digit as DTMF, is hung up from the keypad; the history has it")
    func outgoingCall() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let rtp = try RTPEventListener()
            let (sipp, baresip, t9dial) = try Self.dialSam("uas-answer-wait-bye.xml", keys: ["rtpport": String(rtp.port)], in: directory)
            #expect(t9dial.waitForLine(containing: "Connected: Sam Sipp  5070"), "\(t9dial.report)\n\(sipp.report)")
            #expect(t9dial.lines.contains("dialling Sam Sipp  5070"), "\(t9dial.report)")
            #expect(t9dial.lines.contains("Ringing: Sam Sipp  5070"), "\(t9dial.report)")
            // A digit typed during the call reaches the peer as an RTP telephone-event.
            t9dial.type("5")
            let tones = rtp.receive(for: 5) { $0.events.contains(5) }
            #expect(tones.events.contains(5), "RTP events: \(tones.events)\n\(t9dial.report)")
            Thread.sleep(forTimeInterval: 1.2)
            t9dial.type("h")
            #expect(t9dial.waitForLine(containing: "Call ended 0:0"), "\(t9dial.report)\n\(sipp.report)")
            // The peer got BYE and answered it: its scenario ends well.
            #expect(sipp.wait(upTo: 10) == 0, "\(sipp.report)")
            #expect(t9dial.quit() == 0, "\(t9dial.report)\nbaresip:\n\(baresip.output)")
            let calls = try Self.history(directory)
            #expect(calls.count == 1, "\(calls)")
            #expect(calls.first?["direction"] as? String == "out")
            #expect(calls.first?["outcome"] as? String == "answered")
            #expect(((calls.first?["duration"] as? Double) ?? 0) >= 1, "\(calls)")
            #expect(calls.first?["uid"] as? String == "sam")
        }
    }

    @Test("a busy peer shows Busy, and the history says busy")
    func busy() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let (sipp, baresip, t9dial) = try Self.dialSam("uas-busy.xml", in: directory)
            #expect(t9dial.waitForLine(containing: "Busy: Sam Sipp  5070"), "\(t9dial.report)\n\(sipp.report)")
            #expect(sipp.wait(upTo: 10) == 0, "\(sipp.report)")
            #expect(t9dial.quit() == 0, "\(t9dial.report)\nbaresip:\n\(baresip.output)")
            #expect(try Self.history(directory).first?["outcome"] as? String == "busy")
        }
    }

    @Test("the far end hangs up: the call ends with its time")
    func farEndHangsUp() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let (sipp, baresip, t9dial) = try Self.dialSam("uas-answer-then-bye.xml", keys: ["rtpport": String(FreePorts.udp())], in: directory)
            #expect(t9dial.waitForLine(containing: "Call ended 0:0"), "\(t9dial.report)\n\(sipp.report)")
            #expect(sipp.wait(upTo: 10) == 0, "\(sipp.report)")
            #expect(t9dial.quit() == 0, "\(t9dial.report)\nbaresip:\n\(baresip.output)")
            #expect(try Self.history(directory).first?["outcome"] as? String == "answered")
        }
    }

    static func caller(_ scenario: String, to baresip: LiveBaresip) throws -> LiveSIPp {
        try LiveSIPp(
            scenario: scenario, remote: baresip.sipAddress, service: "t9dial",
            keys: ["callername": "Someone", "callernumber": "+447700900555", "rtpport": String(FreePorts.udp())])
    }

    @Test("an incoming call from the book shows the contact's name and is answered with the dial key")
    func incomingAnswered() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let (sipp, baresip, t9dial) = try Self.ringFromNora("uac-call.xml", in: directory)
            #expect(t9dial.waitForLine(containing: "Incoming call: Nora Caller  +44 7700 900555"), "\(t9dial.report)\n\(sipp.report)")
            t9dial.type("\r")
            #expect(t9dial.waitForLine(containing: "Connected: Nora Caller"), "\(t9dial.report)\n\(sipp.report)")
            Thread.sleep(forTimeInterval: 1.2)
            t9dial.type("h")
            #expect(sipp.wait(upTo: 10) == 0, "\(sipp.report)")
            #expect(t9dial.waitForLine(containing: "Call ended 0:0"), "\(t9dial.report)")
            #expect(t9dial.quit() == 0, "\(t9dial.report)\nbaresip:\n\(baresip.output)")
            let call = try #require(try Self.history(directory).first)
            #expect(call["direction"] as? String == "in")
            #expect(call["outcome"] as? String == "answered")
            #expect(call["uid"] as? String == "nora")
        }
    }

    @Test("an incoming call rejected with the hang-up key")
    func incomingRejected() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let (sipp, baresip, t9dial) = try Self.ringFromNora("uac-rejected.xml", in: directory)
            #expect(t9dial.waitForLine(containing: "Incoming call: Nora Caller"), "\(t9dial.report)\n\(sipp.report)")
            t9dial.type("h")
            #expect(t9dial.waitForLine(containing: "Rejected: Nora Caller"), "\(t9dial.report)\n\(sipp.report)")
            #expect(sipp.wait(upTo: 10) == 0, "\(sipp.report)")
            #expect(t9dial.quit() == 0, "\(t9dial.report)\nbaresip:\n\(baresip.output)")
            #expect(try Self.history(directory).first?["outcome"] as? String == "rejected")
        }
    }

    @Test("baresip restarted while t9dial is idle: t9dial reconnects and says so meanwhile")
    func baresipRestarts() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let baresip = try LiveBaresip()
            let t9dial = try Self.start(baresip, in: directory)
            Thread.sleep(forTimeInterval: 1)
            baresip.stop()
            #expect(t9dial.waitForLine(containing: "! SIP not connected"), "\(t9dial.report)")
            try baresip.start()
            // Reconnected within the backoff (at most 30 s), the notice gone: a call in now rings here.
            let reconnected = t9dial.wait(seconds: 40) { $0.stderr.components(separatedBy: "connected to baresip's ctrl_tcp").count == 3 }
            #expect(reconnected, "\(t9dial.report)")
            // The screen without the notice comes after the log line says it reconnected (on
            // another stream, so a busy machine can show the log first).
            #expect(t9dial.wait(seconds: 15) { $0.lines.last == "T9:" }, "\(t9dial.report)")
            let sipp = try Self.caller("uac-call.xml", to: baresip)
            #expect(t9dial.waitForLine(containing: "Incoming call: Nora Caller", seconds: 30), "\(t9dial.report)\n\(sipp.report)")
            t9dial.type("h")
            _ = sipp.wait(upTo: 10)
            #expect(t9dial.quit() == 0, "\(t9dial.report)\nbaresip:\n\(baresip.output)")
        }
    }
}

/// What is heard of a call coming in through the real baresip: t9dial rings on its ALSA device
/// (ALSA's file plugin, through the real alsa-lib), with the US cadence, until the call is
/// rejected; the recording is analysed.
extension SIPCallTests {
    @Test("an incoming call rings with the US cadence, 440 and 480 Hz, until it is rejected")
    func incomingCallRings() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let (alsa, wav) = try T9DialProcess.recordingALSA(in: directory)
            let baresip = try LiveBaresip()
            let (config, _) = try Self.files(in: directory, control: baresip.control)
            try (try String(contentsOfFile: config, encoding: .utf8) + "[sound]\ndevice = \"t9dialtest\"\n")
                .write(toFile: config, atomically: true, encoding: .utf8)
            let t9dial = try InteractiveT9Dial(
                ["try", "--config", config], stateDirectory: directory + "/state", environment: alsa)
            _ = t9dial.wait(seconds: 10) { $0.stderr.contains("Keys: 0-9 type") }
            Thread.sleep(forTimeInterval: 1)
            let sipp = try Self.caller("uac-rejected.xml", to: baresip)
            #expect(t9dial.waitForLine(containing: "Incoming call: Nora Caller"), "\(t9dial.report)\n\(sipp.report)")
            // One cycle and a little of the next: 2 s on, 4 s off, on again.
            Thread.sleep(forTimeInterval: 7)
            t9dial.type("h")
            #expect(t9dial.waitForLine(containing: "Rejected: Nora Caller"), "\(t9dial.report)\n\(sipp.report)")
            #expect(sipp.wait(upTo: 10) == 0, "\(sipp.report)")
            #expect(t9dial.quit() == 0, "\(t9dial.report)\nbaresip:\n\(baresip.output)")

            let clip = try WAVFile.decode(Array(try Data(contentsOf: URL(fileURLWithPath: wav))))
            let runs = ToneAnalysis.runs(clip.samples, rate: clip.rate)
            let first = try #require(runs.first { $0.sounding }, "\(runs)")
            let pause = try #require(runs.first { !$0.sounding && $0.startMilliseconds > first.startMilliseconds }, "\(runs)")
            #expect(abs(first.milliseconds - 2000) <= 50, "\(runs)")
            #expect(abs(pause.milliseconds - 4000) <= 50, "\(runs)")
            let on = clip.samples.dropFirst(first.startMilliseconds * clip.rate / 1000).prefix(first.milliseconds * clip.rate / 1000)
            for hertz in [440.0, 480.0] {
                let found = Goertzel.strongest(in: (hertz - 15)...(hertz + 15), step: 1, samples: on, rate: clip.rate)
                #expect(abs(found - hertz) / hertz < 0.015, "\(hertz) Hz: found \(found)")
            }
        }
    }
}
