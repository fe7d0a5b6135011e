// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import FuzzSupport

/// `KeymapFile.parse`: a keymap, or an error naming the file and a line of it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeymap(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzInput(data, size)
    do throws(ConfigError) {
        _ = try KeymapFile.parse(text: input.text, file: "fuzz.toml")
    } catch {
        fuzzExpectPlace(file: error.file, line: error.line, of: input, named: "fuzz.toml", error)
        fuzzExpect(!error.message.isEmpty, "an empty message")
    }
    return 0
}
