// SPDX-License-Identifier: Apache-2.0

import Foundation
import TelephonyTestSupport
import Testing

/// Call waiting through `t9dial try` and the real baresip, end to end, from the keys: a second
/// SIP call during one is answered, swapped, and the first comes back; the history has both.
@Suite(
    "SIP call waiting through baresip, end to end",
    .enabled(if: LiveBaresip.isInstalled && LiveSIPp.isInstalled, "needs baresip-core and sip-tester"))
struct SIPCallWaitingTests {
    static func caller(_ name: String, _ number: String, to baresip: LiveBaresip) throws -> LiveSIPp {
        try LiveSIPp(
            scenario: "uac-held.xml", remote: baresip.sipAddress, service: "t9dial",
            keys: ["callername": name, "callernumber": number, "rtpport": String(FreePorts.udp())])
    }

    /// How many lines of the text display are `line`.
    static func count(_ line: String, in t9dial: InteractiveT9Dial) -> Int {
        t9dial.lines.filter { $0 == line }.count
    }

    @Test("a second call waits, is answered with Enter (the first held), swapped with s, and the first comes back")
    func answeredSwappedAndBack() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let baresip = try LiveBaresip()
            let t9dial = try SIPCallTests.start(baresip, in: directory)
            Thread.sleep(forTimeInterval: 1)
            let nora = try Self.caller("Someone", "+447700900555", to: baresip)
            let context = { "\(t9dial.report)\nbaresip:\n\(baresip.output)\n\(nora.report)" }
            #expect(t9dial.waitForLine(containing: "Incoming call: Nora Caller"), "\(context())")
            t9dial.type("\r")
            #expect(t9dial.waitForLine(containing: "Connected: Nora Caller"), "\(context())")

            // Sam calls during it: waiting, named from the book, with the keys to answer.
            let sam = try Self.caller("Sam", "5070", to: baresip)
            #expect(t9dial.waitForLine(containing: "  Waiting: Sam Sipp"), "\(context())\n\(sam.report)")
            #expect(t9dial.lines.contains("  keys: Enter answer  r reject  h end"), "\(context())")

            // Enter answers Sam; Nora is held, and her far end hears a=sendonly.
            t9dial.type("\r")
            #expect(t9dial.waitForLine(containing: "Connected: Sam Sipp  5070"), "\(context())\n\(sam.report)")
            #expect(t9dial.waitForLine(containing: "  On hold: Nora Caller"), "\(context())")
            #expect(nora.messages.contains("a=sendonly"), "\(nora.report)")

            // s swaps: Nora back, Sam held.
            t9dial.type("s")
            #expect(t9dial.wait(seconds: 15) { Self.count("Connected: Nora Caller  +44 7700 900555", in: $0) >= 2 }, "\(context())")
            #expect(t9dial.waitForLine(containing: "  On hold: Sam Sipp"), "\(context())\n\(sam.report)")

            // h ends Nora's call; Sam comes back, resumed.
            t9dial.type("h")
            #expect(nora.wait(upTo: 10) == 0, "\(nora.report)")
            #expect(t9dial.wait(seconds: 15) { Self.count("Connected: Sam Sipp  5070", in: $0) >= 2 }, "\(context())\n\(sam.report)")
            t9dial.type("h")
            #expect(sam.wait(upTo: 10) == 0, "\(sam.report)")
            #expect(t9dial.waitForLine(containing: "Call ended"), "\(context())")
            #expect(t9dial.quit() == 0, "\(context())")

            let calls = try SIPCallTests.history(directory)
            #expect(calls.count == 2, "\(calls)")
            #expect(Set(calls.compactMap { $0["uid"] as? String }) == ["nora", "sam"], "\(calls)")
            #expect(calls.allSatisfy { $0["outcome"] as? String == "answered" && $0["direction"] as? String == "in" }, "\(calls)")
        }
    }
}
