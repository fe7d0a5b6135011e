// SPDX-License-Identifier: Apache-2.0

/// Reads CSV records as RFC 4180 defines them: fields separated by commas, records by CRLF or
/// LF (or CR); a field in double quotes may hold commas, line breaks and doubled quotes (`""`).
/// Line breaks inside quoted fields come out as LF.
///
/// It is lenient where exporters are sloppy: text after a closing quote is kept, and a quote in
/// the middle of an unquoted field is an ordinary character. A quote that is never closed (or
/// runs over `maxQuotedBytes` or `maxQuotedLines`, far past any real address or note) would
/// swallow every later row: that record is read again up to the end of its line with its quotes
/// as ordinary characters, and the rows after it are read as rows.
struct CSVReader {
    /// The most a quoted field may hold before its quote is taken as never closed.
    static let maxQuotedBytes = 64 * 1024
    static let maxQuotedLines = 500

    struct Record {
        var fields: [String]
        /// The 1-based line the record starts on.
        var line: Int
        /// Whether bytes invalid in the charset were replaced with U+FFFD.
        var replacedInvalidBytes = false
        /// Whether a quoted field was never closed, so the record was read to its line's end
        /// with the quotes as ordinary characters.
        var hasUnclosedQuote = false

        /// Whether every field is empty (a blank line).
        var isBlank: Bool { fields.allSatisfy { $0.allSatisfy(\.isWhitespace) } }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let charset: TextCharset
    private var position = 0
    private var line = 1
    private let field = ByteBuffer()

    init(_ bytes: UnsafeBufferPointer<UInt8>, charset: TextCharset) {
        self.bytes = bytes
        self.charset = charset
    }

    /// The next record; nil at the end of the input.
    mutating func next() -> Record? {
        guard position < bytes.count else { return nil }
        let start = (position: position, line: line)
        var record = Record(fields: [], line: line)
        var quotesAreText = false
        while true {
            field.reset()
            if !quotesAreText, position < bytes.count, bytes[position] == ASCII.quote, !readQuotedField() {
                // Again from the record's start, to its line's end, quotes and all.
                (position, line) = start
                record = Record(fields: [], line: line, hasUnclosedQuote: true)
                quotesAreText = true
                continue
            }
            readUnquotedText()
            let (text, replaced) = charset.decode(field.bytes)
            record.fields.append(text)
            record.replacedInvalidBytes = record.replacedInvalidBytes || replaced

            guard position < bytes.count else { return record }
            let separator = bytes[position]
            position += 1
            if separator == ASCII.comma { continue }
            // A line break: CRLF, LF or CR.
            if separator == ASCII.carriageReturn, position < bytes.count, bytes[position] == ASCII.lineFeed {
                position += 1
            }
            line += 1
            return record
        }
    }

    /// Reads a quoted field's content after the opening quote into `field`; returns whether the
    /// closing quote was found within the limits.
    private mutating func readQuotedField() -> Bool {
        position += 1
        let startLine = line
        while position < bytes.count {
            if field.count > Self.maxQuotedBytes || line - startLine > Self.maxQuotedLines { return false }
            let byte = bytes[position]
            position += 1
            switch byte {
            case ASCII.quote:
                guard position < bytes.count, bytes[position] == ASCII.quote else { return true }
                field.append(ASCII.quote)
                position += 1
            case ASCII.carriageReturn:
                if position < bytes.count, bytes[position] == ASCII.lineFeed { position += 1 }
                field.append(ASCII.lineFeed)
                line += 1
            case ASCII.lineFeed:
                field.append(ASCII.lineFeed)
                line += 1
            default:
                field.append(byte)
            }
        }
        return false
    }

    /// Reads up to the next comma or line break into `field`.
    private mutating func readUnquotedText() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == ASCII.comma || byte == ASCII.lineFeed || byte == ASCII.carriageReturn { return }
            field.append(byte)
            position += 1
        }
    }
}
