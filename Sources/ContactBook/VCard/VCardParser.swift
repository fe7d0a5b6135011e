// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import T9Search
import TerminalText

/// Reads vCard 2.1, 3.0 and 4.0 files as phones and services export them into contacts.
///
/// A broken card (no END:VCARD before the next BEGIN:VCARD or the end of the file) is skipped
/// with a warning; a broken property (a line that is not `NAME:value`, bad quoted-printable, an
/// unknown encoding) is dropped with a warning and the rest of its card kept. Every message
/// names the file and line and says which of the two happened.
struct VCardParser {
    private let file: String
    /// The file name without folders, for the UIDs of cards without one ("contacts.vcf#12").
    private let uidPrefix: String
    private let decoder = VCardValueDecoder()
    private var warnings: [ImportWarning] = []
    /// Whether any BEGIN:VCARD was seen, to tell a vCard file from something else.
    private(set) var sawCard = false

    init(file: String) {
        self.file = file
        uidPrefix = file.split(separator: "/").last.map(String.init) ?? file
    }

    /// Parses `bytes` (UTF-8 or ASCII-compatible, without a byte-order mark).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) -> (result: ContactImport, sawCard: Bool) {
        var contacts: [Contact] = []
        contacts.reserveCapacity(estimatedCardCount(bytes))
        let (warnings, sawCard) = parse(bytes, file: file) { contacts.append($0) }
        return (ContactImport(contacts: contacts, warnings: warnings), sawCard)
    }

    /// A file this large is parsed in two halves at once, given two threads: 4 MiB, about 15,000
    /// cards of a phone's export.
    static let parallelBytes = 4 << 20

    /// Parses `bytes`, handing each contact to `emit` in the order of the file: those of a
    /// large file's first part as they are read, those of its second once the first is done.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, parallelBytes: Int = parallelBytes,
        progress: ContactImporter.Progress? = nil, parallelism: Parallelism = .serial, emit: (Contact) -> Void
    ) -> (warnings: [ImportWarning], sawCard: Bool) {
        let (parts, warnings, sawCard) = parse(
            bytes, file: file, parallelBytes: parallelBytes, progress: progress, parallelism: parallelism, makePart: ContactImporter.HandedOnInOrder.init,
            add: { part, contact in part.add(contact, emit) })
        for part in parts { part.handOnKept(emit) }
        return (warnings, sawCard)
    }

    /// Parses `bytes` in parts, each part's contacts added to a `Part` of its own (made by
    /// `makePart(index)`) on the thread that parses it; the parts come back in the file's order.
    ///
    /// A file of `parallelBytes` or more is cut in two at a card boundary near its middle (a
    /// line `BEGIN:VCARD` right after a line `END:VCARD`), and the two are parsed at once when
    /// `parallelism` has two threads, so `makePart` and `add` must touch nothing the other part's calls touch. What
    /// comes out is what one pass gives: the same contacts, UIDs and warnings, at the same lines.
    ///
    /// `progress`, when given, is told how many more bytes have been parsed, every
    /// `progressStep` bytes or so, from whichever thread parses them.
    static func parse<Part>(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, parallelBytes: Int = parallelBytes,
        progress: ContactImporter.Progress? = nil, parallelism: Parallelism = .serial, makePart: (_ index: Int) -> Part,
        add: (inout Part, Contact) -> Void
    ) -> (parts: [Part], warnings: [ImportWarning], sawCard: Bool) {
        guard bytes.count >= parallelBytes, let cut = cardBoundary(near: bytes.count / 2, in: bytes) else {
            var parser = VCardParser(file: file)
            var part = makePart(0)
            parser.parse(bytes, firstLineNumber: 1, progress: progress) { add(&part, $0) }
            return ([part], parser.warnings, parser.sawCard)
        }
        let first = UnsafeBufferPointer(rebasing: bytes[..<cut])
        let second = UnsafeBufferPointer(rebasing: bytes[cut...])
        let secondLine = 1 + first.reduce(0) { $0 + ($1 == ASCII.lineFeed ? 1 : 0) }
        let halves = parallelism.map(2) { half in
            var parser = VCardParser(file: file)
            var part = makePart(half)
            parser.parse(half == 0 ? first : second, firstLineNumber: half == 0 ? 1 : secondLine, progress: progress) { add(&part, $0) }
            return (parser, part)
        }
        return (halves.map(\.1), halves.flatMap(\.0.warnings), halves.contains { $0.0.sawCard })
    }

    /// Where a part of `bytes` can start so that parsing the parts one after another reads
    /// exactly what one pass reads: a line that is exactly `BEGIN:VCARD` (as exporters write
    /// it) after one that is exactly `END:VCARD`, the first such from `middle` on. Nil for a
    /// file whose lines end in CR alone, or with no such place after `middle`.
    static func cardBoundary(near middle: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard VCardLineReader.terminator(of: bytes) == ASCII.lineFeed else { return nil }
        let begin = Array("BEGIN:VCARD".utf8), end = Array("END:VCARD".utf8)
        func line(at start: Int, is text: [UInt8]) -> Bool {
            var stop = start + text.count
            guard stop <= bytes.count, bytes[start..<stop].elementsEqual(text) else { return false }
            if stop < bytes.count, bytes[stop] == ASCII.carriageReturn { stop += 1 }
            return stop < bytes.count && bytes[stop] == ASCII.lineFeed
        }
        var position = middle
        while let newline = bytes[position...].firstIndex(of: ASCII.lineFeed) {
            let start = newline + 1
            if line(at: start, is: begin) {
                // The line before: END:VCARD, with or without a CR.
                var before = newline
                if before > 0, bytes[before - 1] == ASCII.carriageReturn { before -= 1 }
                let endStart = before - end.count
                if endStart >= 0, endStart == 0 || bytes[endStart - 1] == ASCII.lineFeed, line(at: endStart, is: end) {
                    return start
                }
            }
            position = start
        }
        return nil
    }

    /// How often `progress` is told: a few hundred cards' worth of bytes, so a large book
    /// reports about a hundred times a megabyte-ish and the counting costs nothing.
    static let progressStep = 64 << 10

    private mutating func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, firstLineNumber: Int, progress: ContactImporter.Progress?, emit: (Contact) -> Void
    ) {
        var reader = VCardLineReader(bytes, firstLineNumber: firstLineNumber)
        var reported = 0
        defer { if let progress, bytes.count > reported { progress(bytes.count - reported) } }
        // The card being read; kept in place (not optional) so its fields are never copied.
        var card = VCardCardBuilder(startLine: 0)
        var inCard = false
        // Text outside cards is reported once per stretch, not once per line.
        var reportedStrayText = false

        while let line = reader.next() {
            switch line {
            case .malformed(let lineNumber, let excerpt):
                if inCard {
                    warn(lineNumber, "line is not a 'NAME:value' property (\"\(excerpt)\"); line ignored, rest of the card kept")
                } else if !reportedStrayText {
                    warn(lineNumber, "text outside BEGIN:VCARD…END:VCARD (\"\(excerpt)\"); ignored")
                    reportedStrayText = true
                }

            case .property:
                let property = reader.current
                if property.name == .begin, Self.isVCard(property.value) {
                    if inCard {
                        warn(
                            card.startLine,
                            "card has no END:VCARD before the next BEGIN:VCARD at line \(property.lineNumber); card skipped"
                        )
                    }
                    card = VCardCardBuilder(startLine: property.lineNumber)
                    inCard = true
                    sawCard = true
                    reportedStrayText = false
                } else if property.name == .end, Self.isVCard(property.value) {
                    if inCard {
                        finish(card, emit: emit)
                        inCard = false
                        if let progress, reader.bytesRead - reported >= Self.progressStep {
                            progress(reader.bytesRead - reported)
                            reported = reader.bytesRead
                        }
                    } else {
                        warn(property.lineNumber, "END:VCARD without a BEGIN:VCARD before it; ignored")
                    }
                } else if inCard {
                    read(property, into: &card)
                } else if !reportedStrayText {
                    warn(property.lineNumber, "\(property.nameString) property outside BEGIN:VCARD…END:VCARD; ignored")
                    reportedStrayText = true
                }
            }
        }
        if inCard {
            warn(card.startLine, "card has no END:VCARD before the end of the file; card skipped")
        }
    }

    private mutating func finish(_ card: VCardCardBuilder, emit: (Contact) -> Void) {
        if var contact = card.build(file: file, uidPrefix: uidPrefix) {
            for note in ImportLimits.apply(to: &contact) { warn(card.startLine, note) }
            emit(contact)
        } else {
            warn(card.startLine, "card has no name, organization, number or email; card skipped")
        }
    }

    /// How many cards the file has, counting "BEGIN:VCARD" (as almost every exporter spells it),
    /// so the contacts array is allocated once instead of grown and copied.
    private static func estimatedCardCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let rest = Array("EGIN:VCARD".utf8)
        var count = 0
        var offset = 0
        while offset < bytes.count, let found = memchr(base + offset, Int32(UInt8(ascii: "B")), bytes.count - offset) {
            let index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) + 1
            if index + rest.count <= bytes.count, memcmp(base + index, rest, rest.count) == 0 {
                count += 1
            }
            offset = index
        }
        return count
    }

    private static func isVCard(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        ASCII.equalsIgnoringCase(ASCII.trimmed(value), "VCARD")
    }

    // MARK: - Properties

    private mutating func read(_ property: VCardContentLine, into card: inout VCardCardBuilder) {
        switch property.name {
        case .formattedName:
            if let text = text(of: property), !text.isEmpty, card.formattedName == nil {
                card.formattedName = text
            }
        case .name:
            if let parts = parts(of: property, separatedBy: ASCII.semicolon), card.name == nil {
                func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
                let name = StructuredName(
                    family: part(0), given: part(1), additional: part(2), prefix: part(3), suffix: part(4)
                )
                // "N:;;;;" (phones write it for cards that are only a company) is no name.
                if !name.isEmpty {
                    card.name = name
                    card.nameSortAs = Self.sortAs(property.parameters)
                }
            }
        case .organization:
            if let parts = parts(of: property, separatedBy: ASCII.semicolon), card.organization == nil,
                let first = parts.first, !first.isEmpty
            {
                card.organization = first
                card.organizationSortAs = Self.sortAs(property.parameters)
            }
        case .nickname:
            if let parts = parts(of: property, separatedBy: ASCII.comma) {
                Self.appendNew(parts, to: &card.nicknames)
            }
        case .categories:
            if let parts = parts(of: property, separatedBy: ASCII.comma) {
                Self.appendNew(parts, to: &card.categories)
            }
        case .uid:
            if let text = text(of: property), !text.isEmpty, card.uid == nil { card.uid = text }
        case .telephone:
            if let text = text(of: property) {
                let value = Self.phoneNumber(text)
                if !value.isEmpty {
                    let group = property.group.isEmpty ? nil : ASCII.lowercasedString(property.group)
                    card.addNumber(PhoneNumber(value, types: property.parameters.types), group: group)
                }
            }
        case .email:
            if let text = text(of: property), !text.isEmpty { card.emails.append(text) }
        case .phoneticGivenName:
            if let text = text(of: property), !text.isEmpty, card.phoneticGivenName == nil {
                card.phoneticGivenName = text
            }
        case .phoneticMiddleName:
            if let text = text(of: property), !text.isEmpty, card.phoneticMiddleName == nil {
                card.phoneticMiddleName = text
            }
        case .phoneticFamilyName:
            if let text = text(of: property), !text.isEmpty, card.phoneticFamilyName == nil {
                card.phoneticFamilyName = text
            }
        case .appleLabel:
            if !property.group.isEmpty, let text = text(of: property), !text.isEmpty {
                card.groupLabels[ASCII.lowercasedString(property.group)] = text
            }
        case .begin, .end, .version, .binary, .other:
            break
        }
    }

    /// The value as text, or nil (with a warning) when it cannot be read.
    private mutating func text(of property: VCardContentLine) -> String? {
        do {
            let decoded = try decoder.text(of: property)
            reportRepairs(property, replacedInvalidBytes: decoded.replacedInvalidBytes)
            return decoded.value
        } catch {
            report(error, property)
            return nil
        }
    }

    /// The value split at `separator`, or nil (with a warning) when it cannot be read.
    private mutating func parts(of property: VCardContentLine, separatedBy separator: UInt8) -> [String]? {
        do {
            let decoded = try decoder.parts(of: property, separatedBy: separator)
            reportRepairs(property, replacedInvalidBytes: decoded.replacedInvalidBytes)
            return decoded.value
        } catch {
            report(error, property)
            return nil
        }
    }

    private mutating func reportRepairs(_ property: VCardContentLine, replacedInvalidBytes: Bool) {
        if let charset = property.parameters.unsupportedCharset {
            warn(property.lineNumber, "\(property.nameString): unsupported CHARSET \"\(charset)\"; value read as UTF-8")
        }
        if replacedInvalidBytes {
            let what = property.parameters.charset == .utf8 ? "invalid UTF-8" : "bytes invalid in the declared CHARSET"
            warn(property.lineNumber, "\(property.nameString): \(what) replaced with U+FFFD; value kept")
        }
    }

    private mutating func report(_ problem: VCardValueDecoder.Problem, _ property: VCardContentLine) {
        let name = property.nameString
        switch problem {
        case .badQuotedPrintable(let excerpt):
            warn(property.lineNumber, "\(name): bad quoted-printable \"\(excerpt)\"; property dropped, rest of the card kept")
        case .unknownEncoding(let encoding):
            warn(property.lineNumber, "\(name): unknown ENCODING \"\(encoding)\"; property dropped, rest of the card kept")
        case .base64Text:
            warn(property.lineNumber, "\(name): base64-encoded text is not supported; property dropped, rest of the card kept")
        }
    }

    private mutating func warn(_ line: Int, _ message: String) {
        warnings.append(ImportWarning(location: SourceLocation(file: file, line: line), message: message))
    }

    // MARK: - Values

    /// A TEL value as a dialable text: vCard 4.0's `tel:` URI prefix removed, and of its
    /// parameters only the extension kept ("tel:+1-555-0100;ext=12" is "+1-555-0100 ext. 12").
    static func phoneNumber(_ text: String) -> String {
        guard let first = text.utf8.first, ASCII.lowercased(first) == UInt8(ascii: "t"),
            text.lowercased().hasPrefix("tel:")
        else { return text }
        let parts = text.dropFirst(4).split(separator: ";", omittingEmptySubsequences: true)
        guard let number = parts.first else { return "" }
        let extensionPrefix = "ext="
        if let ext = parts.dropFirst().first(where: { $0.lowercased().hasPrefix(extensionPrefix) }) {
            return "\(number) ext. \(ext.dropFirst(extensionPrefix.count))"
        }
        return String(number)
    }

    /// The SORT-AS components joined with spaces ("Doe,John" is "Doe John"), or nil.
    private static func sortAs(_ parameters: VCardParameters) -> String? {
        let text = parameters.sortAs.map { $0.trimmingBlanks() }.filter { !$0.isEmpty }.joined(separator: " ")
        return text.isEmpty ? nil : text
    }

    private static func appendNew(_ items: [String], to list: inout [String]) {
        for item in items where !item.isEmpty && !list.contains(item) {
            list.append(item)
        }
    }
}
