// SPDX-License-Identifier: Apache-2.0

import TOML
import Testing

/// The text must be UTF-8: anything else is an error at the first byte that is not, never
/// replaced; and keys are compared as written, not normalised.
@Suite("Encoding")
struct EncodingTests {
    @Test(
        "A byte that is not UTF-8 is an error at its line and column",
        arguments: [
            ([0x61, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0x22] as [UInt8], 1, 6),
            (Array("a = 1\n# é".utf8) + [0xC3], 2, 4),
            (Array("a = \"".utf8) + [0xED, 0xA0, 0x80, 0x22], 1, 6),  // a surrogate
            (Array("a = \"".utf8) + [0xC0, 0xAF, 0x22], 1, 6),  // an overlong '/'
            (Array("a = \"".utf8) + [0xF4, 0x90, 0x80, 0x80, 0x22], 1, 6),  // past U+10FFFF
        ])
    func notUTF8(bytes: [UInt8], line: Int, column: Int) {
        let error = #expect(throws: TOMLError.self) { try TOMLParser.parse(bytes) }
        #expect(error?.line == line)
        #expect(error?.column == column)
        #expect(error?.message.contains("is not UTF-8") == true)
    }

    @Test("A UTF-16 file is named as such")
    func utf16() {
        for bom: [UInt8] in [[0xFF, 0xFE], [0xFE, 0xFF]] {
            let error = #expect(throws: TOMLError.self) { try TOMLParser.parse(bom + [0x61, 0x00]) }
            #expect(error?.message.contains("UTF-16") == true)
            #expect(error?.position == TOMLPosition(line: 1, column: 1))
        }
        // Without a byte order mark, the NUL after the first letter is found.
        let error = #expect(throws: TOMLError.self) { try TOMLParser.parse([0x61, 0x00, 0x3D, 0x00]) }
        #expect(error?.position == TOMLPosition(line: 1, column: 2))
    }

    @Test("A file of NUL is refused")
    func nul() {
        let error = #expect(throws: TOMLError.self) { try TOMLParser.parse([0]) }
        #expect(error?.message.contains("U+0000") == true)
    }

    @Test("Keys that differ only in normalisation are two keys")
    func keysNotNormalised() throws {
        let table = try TOMLParser.parse("\"\u{E9}\" = 1\n\"e\u{301}\" = 2")
        #expect(table.count == 2)
        #expect(table.entries.map(\.value) == [.integer(1), .integer(2)])
    }
}
