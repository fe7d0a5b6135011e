// SPDX-License-Identifier: Apache-2.0

import Foundation

/// A character set that text bytes are decoded from (vCard `CHARSET=`, or a CSV file's guess).
enum TextCharset: Sendable, Hashable {
    case utf8
    /// ISO-8859-1 and Windows-1252. Both are decoded with the Windows-1252 table, as browsers do:
    /// files labelled Latin-1 put Windows-1252 letters (€, Š, curly quotes) in 0x80–0x9F, where
    /// Latin-1 itself has only unprintable control codes.
    case windows1252
    /// A legacy character set that Foundation decodes (Shift_JIS, Windows-1251, ...).
    case foundation(String.Encoding)

    /// The character set for an IANA name such as `UTF-8`, `ISO-8859-1` or `windows-1252`,
    /// ignoring case; nil when it is not supported.
    init?(name: UnsafeBufferPointer<UInt8>) {
        let key = ASCII.lowercasedString(ASCII.trimmed(name)).filter { $0 != "-" && $0 != "_" }
        switch key {
        case "utf8", "usascii", "ascii", "ansix3.41968", "us", "7bit":
            self = .utf8
        case "iso88591", "latin1", "l1", "iso885915", "windows1252", "cp1252", "xcp1252", "ibm819", "cp819":
            self = .windows1252
        case "shiftjis", "sjis", "xsjis", "windows31j", "cp932", "mskanji":
            self = .foundation(.shiftJIS)
        case "windows1251", "cp1251":
            self = .foundation(.windowsCP1251)
        case "windows1250", "cp1250":
            self = .foundation(.windowsCP1250)
        case "iso88592", "latin2", "l2":
            self = .foundation(.isoLatin2)
        case "utf16", "utf16be":
            self = .foundation(.utf16BigEndian)
        case "utf16le":
            self = .foundation(.utf16LittleEndian)
        default:
            return nil
        }
    }

    /// Decodes `bytes`; bytes that are invalid in the character set become U+FFFD and
    /// `replacedInvalidBytes` says so.
    func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> (text: String, replacedInvalidBytes: Bool) {
        switch self {
        case .utf8:
            return (String(decoding: bytes, as: UTF8.self), !UTF8Validation.isValid(bytes))
        case .windows1252:
            return (Self.decodeWindows1252(bytes), false)
        case .foundation(let encoding):
            if let text = String(bytes: bytes, encoding: encoding) { return (text, false) }
            return (String(decoding: bytes, as: UTF8.self), true)
        }
    }

    private static func decodeWindows1252(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            if byte >= 0x80, byte < 0xA0 {
                scalars.append(Unicode.Scalar(windows1252HighControls[Int(byte - 0x80)]) ?? "\u{FFFD}")
            } else {
                scalars.append(Unicode.Scalar(byte))
            }
        }
        return String(scalars)
    }

    /// Windows-1252's letters for 0x80–0x9F; the five unassigned bytes keep their Latin-1 code.
    private static let windows1252HighControls: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]
}
