// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import FuzzSupport
import T9Search

/// `LayoutFile.parse`: a layout of keys 0 to 9 that makes an alphabet folding any text, or an
/// error naming the file and a line of it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzInput(data, size)
    do throws(ConfigError) {
        let layout = try LayoutFile.parse(text: input.text, file: "fuzz.toml")
        fuzzExpect(layout.keys.keys.allSatisfy { $0 <= 9 }, "keys \(layout.keys.keys.sorted())")
        let alphabet = T9Alphabet(layouts: [layout])
        _ = KeyedText(input.text, alphabet: alphabet)
    } catch {
        fuzzExpectPlace(file: error.file, line: error.line, of: input, named: "fuzz.toml", error)
        fuzzExpect(!error.message.isEmpty, "an empty message")
    }
    return 0
}
