// SPDX-License-Identifier: Apache-2.0

import Foundation
import TelephonyTestSupport
import Testing

/// `t9dial try --json` through real calls (baresip, SIPp as the far end): every event the
/// docs promise reaches the JSON display as `try` builds it, in a group with the others.
@Suite(
    "SIP calls through baresip, as JSON", .enabled(if: LiveBaresip.isInstalled && LiveSIPp.isInstalled, "needs baresip-core and sip-tester"))
struct SIPCallJSONTests {
    /// The JSON objects t9dial wrote so far, one a line.
    static func events(_ t9dial: InteractiveT9Dial) -> [[String: Any]] {
        t9dial.lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    static func waitFor(_ event: String, in t9dial: InteractiveT9Dial) -> [String: Any]? {
        _ = t9dial.wait(seconds: 15) { t9dial in Self.events(t9dial).contains { $0["event"] as? String == event } }
        return Self.events(t9dial).first { $0["event"] as? String == event }
    }

    /// Waits for a screen whose call is in `state`; whether one came.
    static func waitForCall(_ state: String, in t9dial: InteractiveT9Dial) -> Bool {
        t9dial.wait(seconds: 15) { t9dial in
            Self.events(t9dial).contains { ($0["calling"] as? [String: Any])?["state"] as? String == state }
        }
    }

    static func start(_ baresip: LiveBaresip, in directory: String) throws -> InteractiveT9Dial {
        let (config, _) = try SIPCallTests.files(in: directory, control: baresip.control)
        let t9dial = try InteractiveT9Dial(["try", "--json", "--config", config], stateDirectory: directory + "/state")
        _ = t9dial.wait(seconds: 10) { $0.stderr.contains("Keys: 0-9 type") }
        return t9dial
    }

    @Test("an outgoing call: dial, dtmf, hangup and callended, with direction, outcome and whole seconds")
    func outgoing() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let sipp = try LiveSIPp(scenario: "uas-answer-wait-bye.xml", keys: ["rtpport": String(FreePorts.udp())])
            let baresip = try LiveBaresip(accountLine: "<sip:t9dial@127.0.0.1:\(sipp.port)>;regint=0")
            let t9dial = try Self.start(baresip, in: directory)
            Thread.sleep(forTimeInterval: 0.5)
            t9dial.type("726#")
            #expect(Self.waitForCall("connected", in: t9dial), "\(t9dial.report)\n\(sipp.report)")
            t9dial.type("5")
            let dtmf = try #require(Self.waitFor("dtmf", in: t9dial), "\(t9dial.report)")
            #expect(dtmf["tones"] as? String == "5")
            Thread.sleep(forTimeInterval: 1.2)
            t9dial.type("h")
            let hangup = try #require(Self.waitFor("hangup", in: t9dial), "\(t9dial.report)")
            #expect(hangup["name"] as? String == "Sam Sipp")
            let ended = try #require(Self.waitFor("callended", in: t9dial), "\(t9dial.report)\n\(sipp.report)")
            #expect(ended["name"] as? String == "Sam Sipp")
            #expect(ended["direction"] as? String == "out")
            #expect(ended["outcome"] as? String == "answered")
            #expect((ended["duration"] as? Int).map { $0 >= 1 } == true, "whole seconds: \(ended)")
            #expect(sipp.wait(upTo: 10) == 0, "\(sipp.report)")
            #expect(t9dial.quit() == 0, "\(t9dial.report)\nbaresip:\n\(baresip.output)")
        }
    }

    @Test("an incoming call: answer and callended")
    func incoming() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let baresip = try LiveBaresip()
            let t9dial = try Self.start(baresip, in: directory)
            Thread.sleep(forTimeInterval: 1)
            let sipp = try SIPCallTests.caller("uac-call.xml", to: baresip)
            #expect(Self.waitForCall("incoming", in: t9dial), "\(t9dial.report)\n\(sipp.report)")
            t9dial.type("\r")
            let answer = try #require(Self.waitFor("answer", in: t9dial), "\(t9dial.report)")
            #expect(answer["name"] as? String == "Nora Caller")
            Thread.sleep(forTimeInterval: 1.2)
            t9dial.type("h")
            let ended = try #require(Self.waitFor("callended", in: t9dial), "\(t9dial.report)\n\(sipp.report)")
            #expect(ended["direction"] as? String == "in")
            #expect(ended["outcome"] as? String == "answered")
            #expect(ended["duration"] is Int, "whole seconds: \(ended)")
            _ = sipp.wait(upTo: 10)
            #expect(t9dial.quit() == 0, "\(t9dial.report)\nbaresip:\n\(baresip.output)")
        }
    }
}
