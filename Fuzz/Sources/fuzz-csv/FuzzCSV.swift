// SPDX-License-Identifier: Apache-2.0

import ContactBook
import ContactFuzzChecks
import FuzzSupport

/// `ContactImporter.parse(csv:)`: contacts within the file, or an error naming a line of it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzInput(data, size)
    do throws(ContactBookError) {
        let book = try ContactImporter.parse(csv: input, file: "fuzz.csv")
        checkContactImport(book, input: input, file: "fuzz.csv")
    } catch {
        fuzzExpectPlace(file: error.file, line: error.line, of: input, named: "fuzz.csv", error)
    }
    return 0
}
