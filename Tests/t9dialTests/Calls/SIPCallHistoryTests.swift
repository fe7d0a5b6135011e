// SPDX-License-Identifier: Apache-2.0

import Foundation
import TelephonyTestSupport
import Testing

/// What the history and the text display keep of calls that never connected, through the real
/// baresip and SIPp (as ``SIPCallTests``): a dial hung up before the far end rang, and a caller
/// who gives up.
@Suite(
    "SIP calls in the history, end to end", .enabled(if: LiveBaresip.isInstalled && LiveSIPp.isInstalled, "needs baresip-core and sip-tester"))
struct SIPCallHistoryTests {
    @Test("a dial hung up before the far end rang is cancelled, not unanswered")
    func cancelledBeforeItRang() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let (sipp, baresip, t9dial) = try SIPCallTests.dialSam("uas-never-rings.xml", in: directory)
            #expect(t9dial.waitForLine(containing: "dialling Sam Sipp  5070"), "\(t9dial.report)\n\(sipp.report)")
            // The INVITE reaches SIPp, which says Trying and no more.
            _ = t9dial.wait(seconds: 10) { _ in sipp.messages.contains("100 Trying") }
            t9dial.type("h")
            #expect(t9dial.waitForLine(containing: "Call ended: Sam Sipp  5070"), "\(t9dial.report)\n\(sipp.report)")
            #expect(sipp.wait(upTo: 10) == 0, "\(sipp.report)")
            #expect(!t9dial.lines.contains { $0.hasPrefix("Ringing") }, "\(t9dial.report)")
            #expect(t9dial.quit() == 0, "\(t9dial.report)\nbaresip:\n\(baresip.output)")
            let call = try #require(try SIPCallTests.history(directory).first)
            #expect(call["outcome"] as? String == "cancelled", "\(call)")
            #expect(call["direction"] as? String == "out")
            #expect(call["duration"] is NSNull)
        }
    }

    @Test("a caller who gives up is one missed call: one line on the screen, listed by the book's name and number")
    func aCallerWhoGivesUpIsMissedOnce() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let baresip = try LiveBaresip()
            let t9dial = try SIPCallTests.start(baresip, in: directory)
            Thread.sleep(forTimeInterval: 1)
            let sipp = try LiveSIPp(
                scenario: "uac-gives-up.xml", remote: baresip.sipAddress, service: "t9dial",
                keys: ["callername": "Someone", "callernumber": "+447700900555", "rtpport": String(FreePorts.udp())])
            #expect(t9dial.waitForLine(containing: "Incoming call: Nora Caller  +44 7700 900555"), "\(t9dial.report)\n\(sipp.report)")
            #expect(t9dial.waitForLine(containing: "Missed call: Nora Caller  +44 7700 900555"), "\(t9dial.report)\n\(sipp.report)")
            #expect(sipp.wait(upTo: 10) == 0, "\(sipp.report)")
            // Once the history has it, the idle screen counts it.
            #expect(t9dial.waitForLine(containing: "! 1 missed"), "\(t9dial.report)")
            #expect(t9dial.quit() == 0, "\(t9dial.report)\nbaresip:\n\(baresip.output)")
            // The text display writes the whole screen again when its notice changes, so the
            // call's line came twice: once ended, once more with "! 1 missed" under it. The fix
            // is TextDisplay's (the lead's, with this test); remove the known issue with it.
            #expect(t9dial.lines.filter { $0.contains("Missed call") }.count == 1, "\(t9dial.report)")

            let (config, _) = try SIPCallTests.files(in: directory, control: baresip.control)
            let listed = try T9DialProcess.run(["history", "--config", config], stateDirectory: directory + "/state")
            #expect(listed.lines.count == 1, "\(listed.stdout)\(listed.stderr)")
            #expect(listed.lines.first?.hasSuffix("  in  missed  +44 7700 900555  Nora Caller") == true, "\(listed.stdout)")
        }
    }
}
