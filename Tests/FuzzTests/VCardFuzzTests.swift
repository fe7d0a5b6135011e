// SPDX-License-Identifier: Apache-2.0

import ContactBook
import Testing

@Suite("Fuzzing the vCard parser")
struct VCardFuzzTests {
    static let runner = FuzzRunner(
        target: "vcard",
        dictionary: [
            "BEGIN:VCARD\r\n", "END:VCARD\r\n", "VERSION:3.0\r\n", "VERSION:4.0\r\n", "FN:", "N:", "TEL:", "TEL;TYPE=CELL:",
            "NICKNAME:", "ORG:", "EMAIL:", "CATEGORIES:", "SORT-AS=", "X-PHONETIC-FIRST-NAME:", "ENCODING=QUOTED-PRINTABLE",
            "CHARSET=ISO-8859-1", "=\r\n", "=C3=A9", "\r\n ", "\r\n\t", ";", ":", ",", "\\n", "\\,", "\\;", "\u{0}", "\u{1B}[31m",
            "\u{07}", "item1.", "UID:", "+1 555 0100", "5555555555", "\u{FEFF}",
        ],
        mutations: 1500
    )

    @Test func vcard() {
        Self.runner.run { check, input in
            let book = ContactImporter.parse(vCard: input, file: "fuzz.vcf")
            ContactFuzzChecks.check(book, input: input, file: "fuzz.vcf", &check)
        }
    }
}
