// SPDX-License-Identifier: Apache-2.0

import FuzzSupport
import Telephony

/// `NetstringDecoder.feed` (baresip's ctrl_tcp framing): the stream cut into reads anywhere
/// decodes to the same messages and failure, each within the limit, and framed again they are
/// the start of the stream.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNetstring(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzInput(data, size)
    var whole = NetstringDecoder()
    let messages = whole.feed(input)
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
    fuzzExpect(cut == messages, "\(cut.count) messages read in pieces, \(messages.count) at once")
    fuzzExpect(
        pieces.failure == whole.failure,
        "failure \(String(describing: pieces.failure)) in pieces, \(String(describing: whole.failure)) at once")
    fuzzExpect(messages.allSatisfy { $0.count <= Netstring.maximumLength }, "a message over the limit")
    let framed = messages.flatMap(Netstring.encode)
    fuzzExpect(framed.count <= input.count && Array(input.prefix(framed.count)) == framed, "messages framed again are not the stream's start")
    return 0
}
