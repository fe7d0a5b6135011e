// SPDX-License-Identifier: Apache-2.0

import Testing
@testable import ContactBook

@Suite("vCard parameters")
struct VCardParametersTests {
    private func parse(_ text: String, collectTypes: Bool = true) -> VCardParameters {
        Array(text.utf8).withUnsafeBufferPointer { VCardParameters(parsing: $0, collectTypes: collectTypes) }
    }

    @Test(
        "encodings, named or bare, in any case",
        arguments: [
            ("ENCODING=QUOTED-PRINTABLE", VCardEncoding.quotedPrintable),
            ("CHARSET=UTF-8;QUOTED-PRINTABLE", .quotedPrintable),
            ("encoding=b", .base64),
            ("ENCODING=BASE64;TYPE=JPEG", .base64),
            ("BASE64", .base64),
            ("ENCODING=8BIT", .plain),
            ("TYPE=CELL", .plain),
            ("ENCODING=X-UUENCODE", .unknown("X-UUENCODE")),
        ])
    func encodings(text: String, encoding: VCardEncoding) {
        #expect(parse(text).encoding == encoding)
    }

    @Test("charsets; an unsupported one is named")
    func charsets() {
        #expect(parse("CHARSET=ISO-8859-1").charset == .windows1252)
        #expect(parse("CHARSET=\"utf-8\"").charset == .utf8)
        let unsupported = parse("CHARSET=KOI8-R")
        #expect(unsupported.charset == .utf8)
        #expect(unsupported.unsupportedCharset == "KOI8-R")
    }

    @Test("quoted values may hold ; and :")
    func quoting() {
        let parameters = parse(#"X-FOO="a;b:c";TYPE="home,work";SORT-AS="Doe,John""#)
        #expect(parameters.types == ["home", "work"])
        #expect(parameters.sortAs == ["Doe", "John"])
    }

    @Test("VALUE=uri, PREF=1, and types only when asked for")
    func valueAndPref() {
        let parameters = parse("VALUE=uri;PREF=1;TYPE=cell")
        #expect(parameters.isURI)
        #expect(parameters.types == ["pref", "cell"])
        #expect(parse("TYPE=cell;CELL", collectTypes: false).types.isEmpty)
        #expect(parse("TYPE=cell;CELL;type=CELL").types == ["cell"])
    }
}
