// SPDX-License-Identifier: Apache-2.0

public import T9Search

/// Loads contacts from vCard (.vcf, .vcard) and CSV (.csv) exports.
///
/// Problems that stop a whole file (missing, unreadable, not a contacts file) are thrown;
/// problems in single cards or rows become warnings next to the contacts that could be read.
/// Nothing here traps on bad input.
public enum ContactImporter {
    /// The formats a file can be read as.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case vCard
        case csv
    }

    /// Reads the file at `path`, or standard input for `-` (`StandardInputReader`). The format
    /// comes from the extension (`.vcf`/`.vcard` or `.csv`), else from the content. Messages
    /// name the file as `path` is written.
    public static func load(path: String) throws(ContactBookError) -> ContactImport {
        var contacts: [Contact] = []
        let warnings = try read(path: path) { contacts.append($0) }
        return ContactImport(contacts: contacts, warnings: warnings)
    }

    /// Told how many more bytes of a file have been parsed, to show how far a long load has
    /// got; called from the threads that parse, so it must be safe to call from any.
    public typealias Progress = @Sendable (_ moreBytes: Int) -> Void

    /// Reads the file at `path` like `load(path:)`, but hands each contact to `body` as soon as
    /// it is read, so that a large book never holds all its `Contact` values at once (the dialer
    /// keeps only what it searches). Returns the warnings. `progress` is told of the bytes
    /// parsed as they are (the whole file's by the time this returns, also when it throws).
    public static func read(
        path: String, progress: Progress? = nil, parallelism: Parallelism = .serial, each body: (Contact) -> Void
    ) throws(ContactBookError) -> [ImportWarning] {
        let (parts, warnings) = try read(
            path: path, progress: progress, parallelism: parallelism, makePart: HandedOnInOrder.init, add: { part, contact in part.add(contact, body) })
        for part in parts { part.handOnKept(body) }
        return warnings
    }

    /// Reads the file at `path` like `load(path:)`, into parts made by `makePart`: a large
    /// vCard file is parsed in two parts at once when `parallelism` has two threads, each
    /// part's contacts added to its own `Part` on the thread that parses it, so what the caller
    /// keeps of a contact is made on both threads too. The parts come back in the file's order (one for a small file
    /// or a CSV file). `makePart` and `add` may run on two threads at once: they must change
    /// nothing but the part they are given. Returns the warnings as `read(path:each:)` does.
    public static func read<Part>(
        path: String, progress: Progress? = nil, parallelism: Parallelism = .serial, parts makePart: () -> Part,
        add: (inout Part, Contact) -> Void
    ) throws(ContactBookError) -> (parts: [Part], warnings: [ImportWarning]) {
        try read(path: path, progress: progress, parallelism: parallelism, makePart: { _ in makePart() }, add: add)
    }

    private static func read<Part>(
        path: String, progress: Progress?, parallelism: Parallelism = .serial, makePart: (_ index: Int) -> Part,
        add: (inout Part, Contact) -> Void
    ) throws(ContactBookError) -> (parts: [Part], warnings: [ImportWarning]) {
        // Standard input ("-") is named so in messages; its format is told by its content.
        let fromStandardInput = StandardInputReader.isStandardInput(path)
        let bytes = try fromStandardInput ? StandardInputReader.readAll() : FileReader.readAll(path: path)
        let path = fromStandardInput ? StandardInputReader.name : path
        let format: Format
        if !fromStandardInput, let byExtension = self.format(ofPath: path) {
            format = byExtension
        } else {
            format = try sniffFormat(bytes, path: path)
        }
        switch format {
        case .vCard:
            let (parts, warnings, sawCard, hasText) = InputBytes.withParsableBytes(bytes) { buffer in
                // The text parsed may be shorter than the file (a UTF-16 export, converted):
                // progress counts the file's bytes.
                let scale = Double(bytes.count) / Double(max(buffer.count, 1))
                let fileProgress = progress.map { report in { @Sendable (parsed: Int) in report(Int((Double(parsed) * scale).rounded())) } }
                let (parts, warnings, sawCard) = VCardParser.parse(
                    buffer, file: path, progress: fileProgress, parallelism: parallelism, makePart: makePart, add: add)
                return (parts, warnings, sawCard, buffer.contains { !ASCII.isWhitespace($0) })
            }
            // An empty file is an empty book; text without any card is something else.
            if !sawCard, hasText { throw .notAVCard(path) }
            return (parts, warnings)
        case .csv:
            // A CSV export is a phone's or a mail client's: small, read in one part, and told of
            // in one piece.
            defer { progress?(bytes.count) }
            var part = makePart(0)
            let result = InputBytes.withParsableBytes(bytes) { buffer in
                Result { () throws(ContactBookError) in try CSVContactParser.parse(buffer, file: path) { add(&part, $0) } }
            }
            return ([part], try result.get())
        }
    }

    /// A part of a file whose contacts go to one `body` in the file's order: the first part's
    /// as they are read, a later part's kept until the parts before it have been handed on.
    struct HandedOnInOrder {
        private let atOnce: Bool
        private var kept: [Contact] = []

        init(index: Int) { atOnce = index == 0 }

        mutating func add(_ contact: Contact, _ body: (Contact) -> Void) {
            if atOnce { body(contact) } else { kept.append(contact) }
        }

        func handOnKept(_ body: (Contact) -> Void) { kept.forEach(body) }
    }

    /// Parses vCard data; `file` names the source in warnings and in made-up UIDs.
    public static func parse(vCard bytes: some Collection<UInt8>, file: String) -> ContactImport {
        InputBytes.withParsableBytes(bytes) { VCardParser.parse($0, file: file).result }
    }

    /// Parses a Google Contacts or Outlook CSV export; throws when the header row is neither.
    public static func parse(csv bytes: some Collection<UInt8>, file: String) throws(ContactBookError) -> ContactImport {
        let result = InputBytes.withParsableBytes(bytes) { buffer in
            Result { () throws(ContactBookError) in try CSVContactParser.parse(buffer, file: file) }
        }
        return try result.get()
    }

    /// The format an extension stands for, ignoring case; nil for other extensions.
    public static func format(ofPath path: String) -> Format? {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "vcf", "vcard": return .vCard
        case "csv": return .csv
        default: return nil
        }
    }

    /// Whether a file of this name in a folder of contacts is one to read: a `.vcf`, `.vcard` or
    /// `.csv` file that is not hidden. Editors' and syncs' temporary files (`.card.vcf.swp`,
    /// `.dat.nosync1a2b`, `card.vcf~`, `card.vcf.tmp`) are not.
    public static func isContactFileName(_ name: String) -> Bool {
        !name.hasPrefix(".") && !name.contains("/") && format(ofPath: name) != nil
    }

    /// The format the content looks like: vCard when the first non-blank line is BEGIN:VCARD,
    /// CSV when it has commas (the header row); otherwise the file is neither.
    static func sniffFormat(_ bytes: some Collection<UInt8>, path: String) throws(ContactBookError) -> Format {
        let format = InputBytes.withParsableBytes(bytes) { buffer -> Format? in
            guard let start = buffer.firstIndex(where: { !ASCII.isWhitespace($0) }) else { return nil }
            let rest = buffer[start...].rebased
            let lineEnd = rest.firstIndex(where: { $0 == ASCII.lineFeed || $0 == ASCII.carriageReturn }) ?? rest.count
            let firstLine = ASCII.trimmed(rest[..<lineEnd].rebased)
            if ASCII.equalsIgnoringCase(firstLine, "BEGIN:VCARD") { return .vCard }
            if firstLine.contains(ASCII.comma) { return .csv }
            return nil
        }
        guard let format else { throw .unknownFormat(path) }
        return format
    }
}
