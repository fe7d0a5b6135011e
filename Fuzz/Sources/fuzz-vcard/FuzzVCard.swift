// SPDX-License-Identifier: Apache-2.0

import ContactBook
import ContactFuzzChecks
import FuzzSupport

/// `ContactImporter.parse(vCard:)`: any bytes give contacts and warnings within the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVCard(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzInput(data, size)
    let book = ContactImporter.parse(vCard: input, file: "fuzz.vcf")
    checkContactImport(book, input: input, file: "fuzz.vcf")
    return 0
}
