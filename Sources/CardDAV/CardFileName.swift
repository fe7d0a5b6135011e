// SPDX-License-Identifier: Apache-2.0

/// Names a cached card's file after its href: the href's last path segment, every byte other
/// than ASCII letters, digits, `-`, `_` and `.` written as `%XX` (so no `/`, no control
/// character and no leading dot reach the file system), ending in `.vcf`. A name that would pass
/// `maxStemBytes` (a file name may have 255 bytes) keeps its start and ends in a hash of the
/// whole href, so an over-long href still syncs.
enum CardFileName {
    /// The most bytes of a name before `.vcf` and a counter: well under the 255 of a file name.
    static let maxStemBytes = 200
    /// The file name for `href`, different from every name in `taken` (a `-2`, `-3`... suffix
    /// keeps `a` and `a.vcf`, which would both become `a.vcf`, apart).
    static func make(href: String, taken: Set<String>) -> String {
        var segment = Substring(href)
        while segment.hasSuffix("/") { segment.removeLast() }
        if let slash = segment.lastIndex(of: "/") { segment = segment[segment.index(after: slash)...] }
        var stem = encoded(String(segment.removingPercentEncodingIfValid))
        if stem.lowercased().hasSuffix(".vcf") { stem.removeLast(4) }
        if stem.isEmpty { stem = "card" }
        if stem.utf8.count > maxStemBytes {
            // ASCII only (encoded), so cutting by characters cuts by bytes.
            stem = String(stem.prefix(maxStemBytes - 17)) + "-" + hash(href)
        }
        var name = stem + ".vcf"
        var counter = 2
        while taken.contains(name) {
            name = "\(stem)-\(counter).vcf"
            counter += 1
        }
        return name
    }

    /// FNV-1a, 64 bits, of `text`'s UTF-8, in 16 hex digits: stable from run to run and machine
    /// to machine (unlike Swift's `Hasher`), so a card keeps its file name.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// `text`'s UTF-8 bytes with the unsafe ones percent-encoded; a leading dot too, so the
    /// file is never hidden (hidden files are skipped when a folder of contacts is read).
    static func encoded(_ text: String) -> String {
        var result = ""
        for (offset, byte) in text.utf8.enumerated() {
            let safe =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F || (byte == 0x2E && offset > 0)
            if safe {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                result += "%"
                result.unicodeScalars.append(hex[Int(byte >> 4)])
                result.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }
}

extension Substring {
    /// The text with `%XX` escapes decoded when they form valid UTF-8, else unchanged.
    var removingPercentEncodingIfValid: String {
        var bytes: [UInt8] = []
        let utf8 = Array(self.utf8)
        var position = 0
        while position < utf8.count {
            if utf8[position] == 0x25, position + 2 < utf8.count,
                let value = UInt8(String(decoding: utf8[(position + 1)...(position + 2)], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                position += 3
            } else {
                bytes.append(utf8[position])
                position += 1
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? String(self)
    }
}
