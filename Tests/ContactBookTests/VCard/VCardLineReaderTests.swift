// SPDX-License-Identifier: Apache-2.0

import Testing
@testable import ContactBook

@Suite("vCard line reader")
struct VCardLineReaderTests {
    /// Each content line as "line: group.NAME=value" (value empty when skipped), or "line: !excerpt".
    private func lines(_ text: String) -> [String] {
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            var reader = VCardLineReader(buffer)
            var result: [String] = []
            while let kind = reader.next() {
                switch kind {
                case .malformed(let number, let excerpt):
                    result.append("\(number): !\(excerpt)")
                case .property:
                    let line = reader.current
                    let group = line.group.isEmpty ? "" : String(decoding: line.group, as: UTF8.self) + "."
                    result.append("\(line.lineNumber): \(group)\(line.nameString)=\(String(decoding: line.value, as: UTF8.self))")
                }
            }
            return result
        }
    }

    @Test("folds are joined without their first space; line numbers are where a line starts")
    func folds() {
        #expect(lines("FN:Jo\r\n hn\r\n\t Smith\r\nTEL:1\r\n") == ["1: FN=John Smith", "4: TEL=1"])
    }

    @Test("quoted-printable soft breaks take the next line verbatim, but never END:VCARD")
    func softBreaks() {
        let text =
            "NOTE;ENCODING=QUOTED-PRINTABLE:a=\r\nb=\r\n\r\nN;ENCODING=QUOTED-PRINTABLE:x=\r\n  y\r\n"
            + "FN;ENCODING=QUOTED-PRINTABLE:z=\r\nEND:VCARD\r\n"
        #expect(
            lines(text) == [
                "1: NOTE=",  // not read: stepped over, continuation lines included
                "4: N=x  y",
                "6: FN=z=",
                "7: END=VCARD",
            ])
    }

    @Test("binary values are stepped over with their continuations, indented or not")
    func binary() {
        let text = "PHOTO;ENCODING=BASE64:AAAA\r\nBBBB==\r\n CCCC\r\n\r\nKEY:x\r\n y\r\nitem1.TEL:5\r\n"
        #expect(lines(text) == ["1: PHOTO=", "5: KEY=", "7: item1.TEL=5"])
    }

    @Test("blank lines are skipped; a line without a colon is reported")
    func malformed() {
        #expect(lines("\r\n  \r\nno colon here\r\nFN:A") == ["3: !no colon here", "4: FN=A"])
    }
}
