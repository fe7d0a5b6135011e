// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import FuzzSupport
import T9Search
import Telephony

/// `DialerConfiguration.parse`, its `[dial]` read by the dial methods (Telephony): a
/// configuration whose limit is within bounds, or an error naming the file and a line of it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzInput(data, size)
    do throws(ConfigError) {
        let configuration = try DialerConfiguration.parse(text: input.text, file: "fuzz.toml", environment: ["HOME": "/home/fuzz"])
        fuzzExpect(SearchSettings.limits.contains(configuration.search.limit), "limit \(configuration.search.limit)")
        fuzzExpect(configuration.file == "fuzz.toml", "the file is \(configuration.file ?? "none")")
    } catch {
        fuzzExpectPlace(file: error.file, line: error.line, of: input, named: "fuzz.toml", error)
        fuzzExpect(!error.message.isEmpty, "an empty message")
    }
    return 0
}
