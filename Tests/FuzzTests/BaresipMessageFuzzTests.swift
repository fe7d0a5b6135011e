// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import Testing
@testable import Telephony

@Suite("Fuzzing baresip's ctrl_tcp messages")
struct BaresipMessageFuzzTests {
    static let runner = FuzzRunner(
        target: "baresip",
        dictionary: [
            #""event":true"#, #""response":true"#, #""type":"CALL_CLOSED""#, #""param":"#, #""id":"#, #""ok":"#, #""data":"#,
            #""direction":"incoming""#, #""peerdisplayname":"#, "null", "true", "1e999", #"\u0000"#, #"\ud800"#, "[", "]", "{", "}",
        ],
        mutations: 1000
    )

    @Test func baresipMessage() {
        Self.runner.run { check, input in
            let parsed = BaresipMessage.parse(input)
            // The same bytes read the same way every time.
            check.expect(BaresipMessage.parse(input) == parsed, "two readings of the same message differ")
            switch parsed {
            case .success(.event(let event)):
                // Every field comes from the input: none can be longer than it.
                let fields = [event.type, event.param, event.peerURI, event.peerDisplayName, event.callID].compactMap { $0 }
                check.expect(fields.allSatisfy { $0.utf8.count <= input.count }, "a field longer than the message")
                // Whatever a CALL_CLOSED says, it is one of the ends, never a crash.
                _ = CallEnd(baresipClosedParam: event.param ?? "")
            case .success(.response(let response)):
                check.expect(response.data.utf8.count <= input.count, "data longer than the message")
            case .failure(let error):
                // The message an error shows is short, whatever came.
                check.expect(String(describing: error).utf8.count < 400, "an error of \(String(describing: error).utf8.count) bytes")
            }
        }
    }
}
