// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import FuzzSupport
import Telephony

/// `BaresipMessage.parse` (a ctrl_tcp message's JSON) and `CallEnd(baresipClosedParam:)`: the
/// same bytes read the same way twice, no field longer than the message, short errors.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBaresip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzInput(data, size)
    let parsed = BaresipMessage.parse(input)
    fuzzExpect(BaresipMessage.parse(input) == parsed, "two readings of the same message differ")
    switch parsed {
    case .success(.event(let event)):
        let fields = [event.type, event.param, event.peerURI, event.peerDisplayName, event.callID].compactMap { $0 }
        fuzzExpect(fields.allSatisfy { $0.utf8.count <= input.count }, "a field longer than the message")
        // Whatever a CALL_CLOSED says, it is one of the ends, never a crash.
        _ = CallEnd(baresipClosedParam: event.param ?? "")
    case .success(.response(let response)):
        fuzzExpect(response.data.utf8.count <= input.count, "data longer than the message")
    case .failure(let error):
        fuzzExpect(String(describing: error).utf8.count < 400, "an error of \(String(describing: error).utf8.count) bytes")
    }
    return 0
}
