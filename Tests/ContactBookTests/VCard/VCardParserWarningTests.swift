// SPDX-License-Identifier: Apache-2.0

import Testing
@testable import ContactBook

/// Broken input: each problem is a warning naming file and line, the broken card or property is
/// skipped, and every good card is kept.
@Suite("vCard parser: bad input")
struct VCardParserWarningTests {
    private func parse(_ lines: [String]) -> ContactImport {
        ContactImporter.parse(vCard: Array(String.crlf(lines).utf8), file: "broken.vcf")
    }

    @Test(
        "each broken card or property is reported and skipped, the good ones kept",
        arguments: [
            (
                ["BEGIN:VCARD", "FN:No End", "TEL:111", "BEGIN:VCARD", "FN:Good", "END:VCARD"],
                ["broken.vcf:1: card has no END:VCARD before the next BEGIN:VCARD at line 4; card skipped"],
                ["Good"]
            ),
            (
                ["BEGIN:VCARD", "FN:Good", "END:VCARD", "BEGIN:VCARD", "FN:Unfinished", "TEL:1"],
                ["broken.vcf:4: card has no END:VCARD before the end of the file; card skipped"],
                ["Good"]
            ),
            (
                ["BEGIN:VCARD", "FN:Good", "this line has no colon", "TEL:222", "END:VCARD"],
                [#"broken.vcf:3: line is not a 'NAME:value' property ("this line has no colon"); line ignored, rest of the card kept"#],
                ["Good"]
            ),
            (
                ["BEGIN:VCARD", "FN;ENCODING=QUOTED-PRINTABLE:Bad=ZZName", "N:Name;Fallback", "END:VCARD"],
                [#"broken.vcf:2: FN: bad quoted-printable "=ZZ"; property dropped, rest of the card kept"#],
                ["Fallback Name"]
            ),
            (
                ["BEGIN:VCARD", "FN;ENCODING=X-UUENCODE:begin 644", "ORG:Uuencode Ltd", "END:VCARD"],
                [#"broken.vcf:2: FN: unknown ENCODING "X-UUENCODE"; property dropped, rest of the card kept"#],
                ["Uuencode Ltd"]
            ),
            (
                ["BEGIN:VCARD", "FN;ENCODING=b:Sm9obg==", "TEL:5", "END:VCARD"],
                ["broken.vcf:2: FN: base64-encoded text is not supported; property dropped, rest of the card kept"],
                ["5"]
            ),
            (
                ["BEGIN:VCARD", "FN;CHARSET=KOI8-R:Ivan", "END:VCARD"],
                [#"broken.vcf:2: FN: unsupported CHARSET "KOI8-R"; value read as UTF-8"#],
                ["Ivan"]
            ),
            (
                ["BEGIN:VCARD", "FN:Good", "END:VCARD", "END:VCARD"],
                ["broken.vcf:4: END:VCARD without a BEGIN:VCARD before it; ignored"],
                ["Good"]
            ),
            (
                ["hello", "world", "VERSION:3.0", "BEGIN:VCARD", "FN:Good", "END:VCARD", "trailing"],
                [
                    #"broken.vcf:1: text outside BEGIN:VCARD…END:VCARD ("hello"); ignored"#,
                    #"broken.vcf:7: text outside BEGIN:VCARD…END:VCARD ("trailing"); ignored"#,
                ],
                ["Good"]
            ),
            (
                ["BEGIN:VCARD", "VERSION:3.0", "NOTE:nothing to call", "END:VCARD", "BEGIN:VCARD", "FN:Good", "END:VCARD"],
                ["broken.vcf:1: card has no name, organization, number or email; card skipped"],
                ["Good"]
            ),
        ])
    func brokenInput(lines: [String], warnings: [String], names: [String]) {
        let book = parse(lines)
        #expect(book.warnings.map(\.description) == warnings)
        #expect(book.contacts.map(\.displayName) == names)
    }

    @Test("all the problems in one file: every good card survives")
    func everythingAtOnce() {
        let book = parse([
            "BEGIN:VCARD", "FN:No End",
            "BEGIN:VCARD", "FN:First", "garbage", "END:VCARD",
            "BEGIN:VCARD", "FN;QUOTED-PRINTABLE:=XX", "N:Second", "END:VCARD",
            "END:VCARD",
            "BEGIN:VCARD", "FN:Third", "END:VCARD",
            "BEGIN:VCARD", "FN:Never ends",
        ])
        #expect(book.contacts.map(\.displayName) == ["First", "Second", "Third"])
        #expect(book.warnings.map(\.location.line) == [1, 5, 8, 11, 15])
        #expect(book.warnings.allSatisfy { $0.location.file == "broken.vcf" })
    }

    @Test("invalid UTF-8 becomes U+FFFD and is reported with file and line")
    func invalidUTF8() throws {
        let bytes = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jo".utf8) + [0xFF, 0xC3] + Array("n\r\nTEL:1\r\nEND:VCARD\r\n".utf8)
        let book = ContactImporter.parse(vCard: bytes, file: "bad-utf8.vcf")
        #expect(book.contacts.map(\.displayName) == ["Jo\u{FFFD}\u{FFFD}n"])
        #expect(book.warnings.map(\.description) == ["bad-utf8.vcf:3: FN: invalid UTF-8 replaced with U+FFFD; value kept"])
    }

    @Test("a soft line break just before END:VCARD does not swallow it")
    func softBreakBeforeEnd() {
        let book = parse([
            "BEGIN:VCARD", "VERSION:2.1", "FN;ENCODING=QUOTED-PRINTABLE:Ann=", "END:VCARD", "BEGIN:VCARD", "FN:Bo", "END:VCARD",
        ])
        #expect(book.contacts.map(\.displayName) == ["Ann", "Bo"])
        #expect(book.warnings.isEmpty)
    }

    @Test("the warning's description is \"file:line: message\"")
    func warningDescription() {
        let warning = ImportWarning(
            location: SourceLocation(file: "contacts.vcf", line: 120),
            message: "card has no END:VCARD before the end of the file; card skipped"
        )
        #expect(warning.description == "contacts.vcf:120: card has no END:VCARD before the end of the file; card skipped")
    }

    @Test("empty and blank input gives no contacts and no warnings", arguments: ["", "\r\n\r\n", "  \n\t\n"])
    func emptyInput(text: String) {
        let book = ContactImporter.parse(vCard: Array(text.utf8), file: "empty.vcf")
        #expect(book.contacts.isEmpty)
        #expect(book.warnings.isEmpty)
    }
}
