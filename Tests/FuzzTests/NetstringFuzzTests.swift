// SPDX-License-Identifier: Apache-2.0

import Testing
@testable import Telephony

@Suite("Fuzzing baresip's netstring framing")
struct NetstringFuzzTests {
    static let runner = FuzzRunner(
        target: "netstring",
        dictionary: [
            "0:,", "1:", ":", ",", "9", "999999999:", "262144:", "262145:", "05:", #"{"event":true,"type":"CALL_RINGING"}"#,
            #"{"response":true,"ok":true,"data":"","token":"d1"}"#,
        ],
        mutations: 1000
    )

    @Test func netstring() {
        Self.runner.run { check, input in
            var whole = NetstringDecoder()
            let messages = whole.feed(input)
            // The same stream cut into reads anywhere decodes the same.
            var pieces = NetstringDecoder()
            var cut: [[UInt8]] = []
            var start = 0
            var step = 1
            while start < input.count {
                let end = min(input.count, start + step)
                cut += pieces.feed(input[start..<end])
                start = end
                step = step % 7 + 1
            }
            check.expect(cut == messages, "\(cut.count) messages read in pieces, \(messages.count) at once")
            check.expect(
                pieces.failure == whole.failure,
                "failure \(String(describing: pieces.failure)) in pieces, \(String(describing: whole.failure)) at once")
            // Every message is within the limit, and framed again it is what the stream held.
            check.expect(messages.allSatisfy { $0.count <= Netstring.maximumLength }, "a message over the limit")
            let framed = messages.flatMap(Netstring.encode)
            check.expect(framed.count <= input.count && Array(input.prefix(framed.count)) == framed, "messages framed again are not the stream's start")
        }
    }
}
