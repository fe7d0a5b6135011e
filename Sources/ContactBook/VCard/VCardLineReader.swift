// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits vCard bytes into content lines, the way real exports need:
///
/// - lines end in LF, CRLF, or CR CR LF (iPhone); a file with no LF at all uses CR;
/// - a line starting with a space or tab continues the previous one (folding); the newline and
///   that one space are removed;
/// - a quoted-printable value ending in `=` continues on the next line even when it is not
///   indented (vCard 2.1 soft line breaks), except that a `BEGIN:VCARD`/`END:VCARD` line is never
///   taken as a continuation;
/// - base64 values and properties the importer does not read are stepped over, continuation lines
///   included (also vCard 2.1's unindented base64 lines), without copying or decoding them.
///
/// Values of unfolded lines point into the input; only folded lines are copied, into one reused
/// scratch buffer.
struct VCardLineReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let terminator: UInt8
    /// The property line that `next()` found last; valid until the next call.
    private(set) var current = VCardContentLine.none
    private var position = 0
    /// How many bytes have been read so far, for progress.
    var bytesRead: Int { position }
    private var lineNumber = 1
    private let joined = ByteBuffer(capacity: 1024)
    /// Parameters parsed recently, by their text: exports repeat the same few (`TYPE=CELL`), and
    /// a copy of a cached value shares its arrays instead of allocating new ones.
    private var parameterCache: [(text: [UInt8], collectsTypes: Bool, parameters: VCardParameters)] = []
    private static let parameterCacheSize = 16

    /// A reader of `bytes`, whose first line is line `firstLineNumber` of the file (a part
    /// of a file read on its own starts further in).
    init(_ bytes: UnsafeBufferPointer<UInt8>, firstLineNumber: Int = 1) {
        self.bytes = bytes
        lineNumber = firstLineNumber
        terminator = Self.terminator(of: bytes)
    }

    /// What ends the lines of `bytes`: LF, or CR alone in a file with no LF (old Mac exports).
    static func terminator(of bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let hasLineFeed = bytes.contains(ASCII.lineFeed)
        return !hasLineFeed && bytes.contains(ASCII.carriageReturn) ? ASCII.carriageReturn : ASCII.lineFeed
    }

    /// Reads the next content line (into `current`) or malformed line; nil at the end of the input.
    /// Blank lines are skipped.
    mutating func next() -> VCardLine? {
        while position < bytes.count {
            let number = lineNumber
            var line = readPhysicalLine()
            while let first = line.first, ASCII.isBlank(first) { line = line[1...].rebased }
            if line.isEmpty { continue }

            if let colon = Self.headerEnd(line) {
                readProperty(line, colon: colon, lineNumber: number, lineIsJoined: false)
                return .property
            }
            // The header itself may be folded: join the continuation lines and look again.
            guard nextLineIsFold else {
                return .malformed(lineNumber: number, excerpt: ASCII.excerpt(line))
            }
            joined.reset()
            joined.append(line)
            appendContinuations(quotedPrintable: false)
            guard let colon = Self.headerEnd(joined.bytes) else {
                return .malformed(lineNumber: number, excerpt: ASCII.excerpt(joined.bytes))
            }
            readProperty(joined.bytes, colon: colon, lineNumber: number, lineIsJoined: true)
            return .property
        }
        return nil
    }

    // MARK: - Properties

    /// Parses the content line starting with `line` into `current`, reading its continuation lines.
    private mutating func readProperty(_ line: UnsafeBufferPointer<UInt8>, colon: Int, lineNumber: Int, lineIsJoined: Bool) {
        let header = line[..<colon].rebased
        let nameEnd = header.firstIndex(of: ASCII.semicolon) ?? colon
        let dot = header[..<nameEnd].lastIndex(of: ASCII.period)
        let nameStart = dot.map { $0 + 1 } ?? 0
        let name = VCardPropertyName(ASCII.trimmed(header[nameStart..<nameEnd].rebased))
        let parameters = nameEnd < colon ? parameters(header[(nameEnd + 1)...].rebased, of: name) : VCardParameters()
        let quotedPrintable = parameters.encoding == .quotedPrintable

        var line = line
        var value = line[(colon + 1)...].rebased
        if name == .binary || parameters.encoding == .base64 {
            skipContinuations(base64: parameters.encoding == .base64)
            value = UnsafeBufferPointer(start: nil, count: 0)
        } else if !name.isRead {
            skipContinuations(quotedPrintable: quotedPrintable, lastLine: value)
            value = UnsafeBufferPointer(start: nil, count: 0)
        } else if nextLineIsFold || (quotedPrintable && Self.endsWithSoftBreak(value)) {
            if !lineIsJoined {
                joined.reset()
                joined.append(line)
            }
            appendContinuations(quotedPrintable: quotedPrintable)
            line = joined.bytes
            value = line[(colon + 1)...].rebased
        }
        // The header again, from the buffer the value ended up in (the input or `joined`).
        let finalHeader = line[..<colon].rebased
        current = VCardContentLine(
            lineNumber: lineNumber,
            name: name,
            nameText: ASCII.trimmed(finalHeader[nameStart..<nameEnd].rebased),
            group: dot.map { ASCII.trimmed(finalHeader[..<$0].rebased) } ?? UnsafeBufferPointer(start: nil, count: 0),
            parameters: parameters,
            value: value
        )
    }

    private mutating func parameters(_ text: UnsafeBufferPointer<UInt8>, of name: VCardPropertyName) -> VCardParameters {
        // Types are only collected for TEL, so the same text can parse differently for another name.
        let collectTypes = name == .telephone
        for entry in parameterCache where entry.collectsTypes == collectTypes && entry.text.count == text.count {
            let same = entry.text.withUnsafeBufferPointer { cached in
                text.isEmpty || memcmp(cached.baseAddress!, text.baseAddress!, text.count) == 0
            }
            if same { return entry.parameters }
        }
        let parameters = VCardParameters(parsing: text, collectTypes: collectTypes)
        if parameterCache.count < Self.parameterCacheSize {
            parameterCache.append((Array(text), collectTypes, parameters))
        }
        return parameters
    }

    /// The index of the colon that ends `group.NAME;parameters`: the first one outside double
    /// quotes (a quoted parameter value may hold a colon), else simply the first one.
    private static func headerEnd(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        var inQuotes = false
        for index in line.indices {
            switch line[index] {
            case ASCII.quote: inQuotes.toggle()
            case ASCII.colon where !inQuotes: return index
            default: continue
            }
        }
        return inQuotes ? line.firstIndex(of: ASCII.colon) : nil
    }

    // MARK: - Continuation lines

    private var nextLineIsFold: Bool {
        position < bytes.count && ASCII.isBlank(bytes[position])
    }

    /// Appends to `joined` the lines that continue it: folded lines without their leading
    /// space, and for quoted-printable values the lines after a soft line break, verbatim.
    private mutating func appendContinuations(quotedPrintable: Bool) {
        while position < bytes.count {
            if quotedPrintable, Self.endsWithSoftBreak(joined.bytes) {
                if isCardBoundary(at: position) { return }
                while let last = joined.last, ASCII.isBlank(last) { joined.removeLast() }
                joined.removeLast()  // the "="
                joined.append(readPhysicalLine())
            } else if nextLineIsFold {
                joined.append(readPhysicalLine()[1...].rebased)
            } else {
                return
            }
        }
    }

    /// Steps over the continuation lines of a value that is not read, without copying them.
    private mutating func skipContinuations(quotedPrintable: Bool, lastLine: UnsafeBufferPointer<UInt8>) {
        var lastLine = lastLine
        while position < bytes.count {
            if quotedPrintable, Self.endsWithSoftBreak(lastLine) {
                if isCardBoundary(at: position) { return }
                lastLine = readPhysicalLine()
            } else if nextLineIsFold {
                lastLine = readPhysicalLine()
            } else {
                return
            }
        }
    }

    /// Steps over the rest of a binary value: folded lines, and for base64 also the unindented
    /// lines of base64 letters that some vCard 2.1 exporters write (no property line is one: a
    /// property line always has a colon).
    private mutating func skipContinuations(base64: Bool) {
        while position < bytes.count {
            if nextLineIsFold {
                _ = readPhysicalLine()
            } else if base64, isBase64Line(at: position) {
                _ = readPhysicalLine()
            } else {
                return
            }
        }
    }

    private static func endsWithSoftBreak(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = value.count
        while end > 0, ASCII.isBlank(value[end - 1]) { end -= 1 }
        return end > 0 && value[end - 1] == ASCII.equals
    }

    private func isCardBoundary(at start: Int) -> Bool {
        let line = ASCII.trimmed(bytes[start..<lineBounds(from: start).end].rebased)
        return ASCII.equalsIgnoringCase(line, "END:VCARD") || ASCII.equalsIgnoringCase(line, "BEGIN:VCARD")
    }

    private func isBase64Line(at start: Int) -> Bool {
        let line = bytes[start..<lineBounds(from: start).end]
        return !line.isEmpty
            && line.allSatisfy { byte in
                switch byte {
                case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2B, 0x2F, ASCII.equals: true
                default: false
                }
            }
    }

    // MARK: - Physical lines

    /// Reads the physical line at the current position (without its line break) and moves past it.
    private mutating func readPhysicalLine() -> UnsafeBufferPointer<UInt8> {
        let start = position
        let (end, next) = lineBounds(from: start)
        position = next
        lineNumber += 1
        return bytes[start..<end].rebased
    }

    /// Where the line starting at `start` ends (before its CRs) and where the next one starts.
    private func lineBounds(from start: Int) -> (end: Int, next: Int) {
        guard let base = bytes.baseAddress, start < bytes.count else { return (start, start) }
        var end = bytes.count
        var next = bytes.count
        if let found = memchr(base + start, Int32(terminator), bytes.count - start) {
            end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            next = end + 1
        }
        while end > start, bytes[end - 1] == ASCII.carriageReturn { end -= 1 }
        return (end, next)
    }
}
