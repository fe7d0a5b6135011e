// SPDX-License-Identifier: Apache-2.0

/// Turns a raw vCard value into text: undoes quoted-printable, splits structured (`N`, `ORG`)
/// and list (`NICKNAME`, `CATEGORIES`) values at unescaped separators, undoes the backslash
/// escapes `\,` `\;` `\:` `\\` `\n` `\N`, decodes the declared CHARSET and trims each part.
///
/// Splitting and unescaping work on bytes before the charset is decoded; that is safe because
/// the separators and `\` are ASCII and no supported charset uses those bytes inside a letter.
struct VCardValueDecoder {
    /// Why a value could not be read at all; the property is dropped with a warning.
    enum Problem: Error, Equatable {
        case badQuotedPrintable(String)
        case unknownEncoding(String)
        case base64Text
    }

    /// Decoded texts, and whether bytes invalid in the charset were replaced with U+FFFD.
    struct Decoded<Value> {
        var value: Value
        var replacedInvalidBytes: Bool
    }

    private let transferDecoded = ByteBuffer()
    private let unescaped = ByteBuffer()

    /// The whole value as one text.
    func text(of line: VCardContentLine) throws(Problem) -> Decoded<String> {
        let bytes = try transferDecode(line)
        let charset = line.parameters.charset
        if bytes.firstIndex(of: ASCII.backslash) == nil {
            let (text, replaced) = charset.decode(ASCII.trimmed(bytes))
            return Decoded(value: text, replacedInvalidBytes: replaced)
        }
        unescaped.reset()
        _ = unescape(bytes, upTo: nil, into: unescaped)
        let (text, replaced) = charset.decode(ASCII.trimmed(unescaped.bytes))
        return Decoded(value: text, replacedInvalidBytes: replaced)
    }

    /// The value split at each `separator` that is not escaped with a backslash.
    func parts(of line: VCardContentLine, separatedBy separator: UInt8) throws(Problem) -> Decoded<[String]> {
        let bytes = try transferDecode(line)
        let charset = line.parameters.charset
        var parts: [String] = []
        parts.reserveCapacity(bytes.reduce(1) { $1 == separator ? $0 + 1 : $0 })
        var replacedAny = false
        var start = 0
        while true {
            unescaped.reset()
            let end = unescape(bytes[start...].rebased, upTo: separator, into: unescaped) + start
            let (text, replaced) = charset.decode(ASCII.trimmed(unescaped.bytes))
            parts.append(text)
            replacedAny = replacedAny || replaced
            if end >= bytes.count { break }
            start = end + 1
        }
        return Decoded(value: parts, replacedInvalidBytes: replacedAny)
    }

    /// Copies `bytes` into `output` with escapes undone, stopping before the first unescaped
    /// `separator`; returns the index it stopped at (`bytes.count` at the end).
    private func unescape(_ bytes: UnsafeBufferPointer<UInt8>, upTo separator: UInt8?, into output: ByteBuffer) -> Int {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == separator { return index }
            if byte == ASCII.backslash, index + 1 < bytes.count {
                let escaped = bytes[index + 1]
                switch escaped {
                case UInt8(ascii: "n"), UInt8(ascii: "N"):
                    output.append(ASCII.lineFeed)
                case ASCII.backslash, ASCII.comma, ASCII.semicolon, ASCII.colon:
                    output.append(escaped)
                default:
                    // Not an escape vCard defines (a Windows path, say): keep it as written.
                    output.append(byte)
                    output.append(escaped)
                }
                index += 2
            } else {
                output.append(byte)
                index += 1
            }
        }
        return bytes.count
    }

    /// The value with its transfer encoding undone.
    private func transferDecode(_ line: VCardContentLine) throws(Problem) -> UnsafeBufferPointer<UInt8> {
        switch line.parameters.encoding {
        case .plain:
            return line.value
        case .quotedPrintable:
            try decodeQuotedPrintable(line.value)
            return transferDecoded.bytes
        case .base64:
            throw .base64Text
        case .unknown(let name):
            throw .unknownEncoding(name)
        }
    }

    /// Decodes `=XX` hex escapes into `transferDecoded`. Soft line breaks were already joined by
    /// the line reader; a lone `=` left at the very end (a soft break before the end of the card)
    /// is ignored.
    private func decodeQuotedPrintable(_ value: UnsafeBufferPointer<UInt8>) throws(Problem) {
        transferDecoded.reset()
        var index = 0
        while index < value.count {
            let byte = value[index]
            guard byte == ASCII.equals else {
                transferDecoded.append(byte)
                index += 1
                continue
            }
            if index + 2 < value.count, let high = ASCII.hexValue(value[index + 1]),
                let low = ASCII.hexValue(value[index + 2])
            {
                transferDecoded.append(high << 4 | low)
                index += 3
            } else if value[(index + 1)...].allSatisfy(ASCII.isBlank) {
                return
            } else {
                throw .badQuotedPrintable(ASCII.excerpt(value[index..<min(index + 3, value.count)].rebased))
            }
        }
    }
}
