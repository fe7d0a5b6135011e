// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Testing
@testable import Telephony

/// `callstat`'s answers as baresip 1.0.0 gave them (seen with SIPp calling and called).
@Suite("baresip's callstat, read")
struct BaresipCallStatusTests {
    static let incoming =
        "\n===== Call debug (INCOMING) =====\n local_uri:  <sip:t9dial@127.0.0.1:15060>\n peer_uri:  Sam Sipp <sip:+4412@127.0.0.1:15072>\n"
        + " af=AF_INET id=1-10567@127.0.0.1\n direction: Incoming\nSDP session\n  local attributes:\n    tool='baresip 1.0.0'\n"
    static let outgoing =
        "\n===== Call debug (ESTABLISHED) =====\n local_uri:  <sip:t9dial@127.0.0.1>\n peer_uri:   <sip:100@127.0.0.1:15074>\n"
        + " af=AF_INET id=e2694ca25fc1ec86\n direction: Outgoing\nSDP session\n"

    @Test(
        "a call's state, direction, far end and Call-ID; nothing when there is no call",
        arguments: [
            (
                incoming,
                BaresipCallStatus(state: "INCOMING", direction: .incoming, peerURI: "sip:+4412@127.0.0.1:15072", peerName: "Sam Sipp", id: "1-10567@127.0.0.1")
            ),
            (
                outgoing,
                BaresipCallStatus(state: "ESTABLISHED", direction: .outgoing, peerURI: "sip:100@127.0.0.1:15074", peerName: nil, id: "e2694ca25fc1ec86")
            ),
            ("\n(no active calls)\n", nil),
            (incoming.replacingOccurrences(of: " af=AF_INET id=1-10567@127.0.0.1\n", with: ""), nil),
            (
                incoming.replacingOccurrences(of: "Sam Sipp <", with: "\"Sam \\\"S\\\"\" <"),
                BaresipCallStatus(
                    state: "INCOMING", direction: .incoming, peerURI: "sip:+4412@127.0.0.1:15072", peerName: "Sam \\\"S\\\"", id: "1-10567@127.0.0.1")
            ),
        ] as [(String, BaresipCallStatus?)])
    func parse(text: String, status: BaresipCallStatus?) {
        #expect(BaresipCallStatus(parsing: text) == status)
    }
}
