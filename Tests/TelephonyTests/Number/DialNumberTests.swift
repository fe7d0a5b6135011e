// SPDX-License-Identifier: Apache-2.0

import Telephony
import Testing

@Suite struct DialNumberTests {
    @Test(
        arguments: [
            ("+44 (121) 496-0000", "+441214960000", nil),
            ("+44 (121) 496-0000 ext. 5", "+441214960000", "5"),
            ("0121 496 0000 x12", "01214960000", "12"),
            ("0121 496 0000 X 12", "01214960000", "12"),
            ("0121 496 0000 extension 7", "01214960000", "7"),
            ("+1 555 0100;ext=9", "+15550100", "9"),
            ("+1 555 0100;phone-context=example.com", "+15550100", nil),
            ("+1 555 0100,,123#", "+15550100", ",123#"),
            ("555 0100 p 42", "5550100", "42"),
            ("tel:+33-1-23-45-67-89", "+33123456789", nil),
            ("*#06#", "*#06#", nil),
            ("#31# 0121", "#31#0121", nil),
            ("０１２１ ４９６", "0121496", nil),
            ("٠١٢٣", "0123", nil),
            // Vanity letters after a digit are dialled as their keys (ITU E.161), as phones do.
            ("1-800-FLOWERS", "18003569377", nil),
            ("1 800 flowers", "18003569377", nil),
            ("Tel. 0121 496 0000", "01214960000", nil),
            ("TEL: 555", "555", nil),
            ("555\u{2013}0100", "5550100", nil),
        ] as [(String, String, String?)])
    func reducesToDialledCharacters(written: String, dialled: String, extensionPart: String?) throws {
        let number = try DialNumber(written)
        #expect(number.dialString == dialled)
        #expect(number.extensionPart == extensionPart)
    }

    @Test(arguments: ["", "   ", "+", "ext. 5", "(---)", "x 123"])
    func refusesNothingToDial(written: String) {
        #expect(throws: DialNumberError.nothingToDial(written)) { try DialNumber(written) }
    }

    @Test func refusesAPasteThatIsNotANumber() {
        let written = String(repeating: "1234567890", count: 7)
        #expect(throws: DialNumberError.tooLong(written, length: 70)) { try DialNumber(written) }
    }

    /// Digits inside text were dialled: "+1 555 $(touch x) 0001" dialled +15550001, and
    /// "+1555;0003" dialled +1555. Anything no phone dials now refuses the whole number.
    @Test(arguments: [
        ("+44 $(reboot) 121`id` && rm -rf /", "$"),
        ("+1 555 $(touch x) 0001", "$"),
        ("+1555;0003", ";"),
        ("+44 +121", "+"),
        ("555²", "²"),
        ("n/a", "n"),
        ("call me 555", "call"),
        ("555 0100 | sh", "|"),
    ])
    func anythingNoPhoneDialsRefusesTheNumber(written: String, found: String) {
        #expect(throws: DialNumberError.notDialable(written, found: found)) { try DialNumber(written) }
    }
}
