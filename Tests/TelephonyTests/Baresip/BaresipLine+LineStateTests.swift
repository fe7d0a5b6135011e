// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Testing

@testable import Telephony

/// What the baresip line says of its registration, for the status line: once when it changes.
@Suite("baresip line: the registration on the status line")
struct BaresipLineStateTests {
    static func states(_ events: [LineEvent]) -> [LineState] {
        events.compactMap { if case .lineState(let state) = $0 { state } else { nil } }
    }

    @Test func registeredOrNotIsSaidWhenItChanges() throws {
        let baresip = try ScriptedBaresip()
        let line = try BaresipLineTests.connectedLine(baresip)
        let aor = BaresipLineTests.aor
        // Connected, its reginfo said the account is registered; a failure says it once.
        baresip.send(#"{"event":true,"type":"REGISTER_FAIL","class":"register",\#(aor),"param":"401 Unauthorized"}"#)
        #expect(Self.states(pump(line, at: 10)) == [LineState(registered: false)])
        baresip.send(#"{"event":true,"type":"REGISTER_FAIL","class":"register",\#(aor),"param":"401 Unauthorized"}"#)
        #expect(Self.states(pump(line, at: 15)).isEmpty)
        baresip.send(#"{"event":true,"type":"REGISTER_OK","class":"register",\#(aor),"param":"200 OK"}"#)
        #expect(Self.states(pump(line, at: 20)) == [LineState(registered: true)])
        #expect(LineState(registered: false).text == "no SIP")
        #expect(LineState(registered: true).text == "SIP")
    }

    @Test func reginfosERRIsNotRegistered() throws {
        let other = try ScriptedBaresip()
        let line = try BaresipLine(control: other.control)
        _ = line.start(at: 0)
        try other.accept()
        let token = try other.commands(atLeast: 2)[0]["token"] ?? ""
        other.send(
            BaresipLineTests.response(
                token, data: "\\n--- User Agents (1) ---\\n> sip:t9dial@example.com     \\u001B[31mERR\\u001B[;m  Expires 0s\\n\\n"))
        #expect(Self.states(pump(line, at: 1)) == [LineState(registered: false)])
    }
}
