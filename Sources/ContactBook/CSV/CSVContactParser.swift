// SPDX-License-Identifier: Apache-2.0

import TerminalText

/// Reads a Google Contacts or Outlook CSV export into contacts.
///
/// The header row chooses the column mapping (an unknown header is an error that lists the
/// expected ones). Each later row is one contact; a cell may hold several values separated by
/// " ::: " (Google). Blank rows are skipped silently, rows with nothing to show a contact by and
/// rows broken by an unclosed quote are skipped with a warning.
struct CSVContactParser {
    private let file: String
    /// The file name without folders, for the UIDs ("contacts.csv#12").
    private let uidPrefix: String
    private var warnings: [ImportWarning] = []

    private init(file: String) {
        self.file = file
        uidPrefix = file.split(separator: "/").last.map(String.init) ?? file
    }

    /// Parses `bytes` (without a byte-order mark).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(ContactBookError) -> ContactImport {
        var contacts: [Contact] = []
        let warnings = try parse(bytes, file: file) { contacts.append($0) }
        return ContactImport(contacts: contacts, warnings: warnings)
    }

    /// Parses `bytes`, handing each contact to `emit` as soon as its row is read.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, emit: (Contact) -> Void
    ) throws(ContactBookError) -> [ImportWarning] {
        var parser = CSVContactParser(file: file)
        try parser.parse(bytes, emit: emit)
        return parser.warnings
    }

    private mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>, emit: (Contact) -> Void) throws(ContactBookError) {
        let charset = CSVCharset.guess(for: bytes)
        if charset != .utf8 {
            warn(1, "the file is not UTF-8; read as Windows-1252 (export it as UTF-8 if letters look wrong)")
        }
        var reader = CSVReader(bytes, charset: charset)
        var header: CSVReader.Record?
        while let record = reader.next() {
            if !record.isBlank {
                header = record
                break
            }
        }
        guard let header else { throw Self.headerError(file: file, found: nil) }
        guard let mapping = CSVColumnMapping(header: header.fields) else {
            throw Self.headerError(file: file, found: header)
        }

        while let record = reader.next() {
            if record.isBlank { continue }
            if record.hasUnclosedQuote {
                warn(
                    record.line,
                    "a quoted field on this row is never closed; the row is read to the end of its line, quotes and all, and the rows after it as rows")
            }
            if record.replacedInvalidBytes {
                warn(record.line, "invalid UTF-8 replaced with U+FFFD; row kept")
            }
            if record.fields.count != header.fields.count {
                let fix = record.fields.count > header.fields.count ? "extra fields ignored" : "missing fields read as empty"
                warn(record.line, "row has \(record.fields.count) fields but the header has \(header.fields.count); \(fix)")
            }
            if var contact = contact(from: record, mapping: mapping) {
                for note in ImportLimits.apply(to: &contact) { warn(record.line, note) }
                emit(contact)
            } else {
                warn(record.line, "row has no name, organization, number or email; row skipped")
            }
        }
    }

    private func contact(from record: CSVReader.Record, mapping: CSVColumnMapping) -> Contact? {
        func cell(_ column: Int?) -> String {
            guard let column, column < record.fields.count else { return "" }
            return record.fields[column].trimmingBlanks()
        }
        func values(_ column: Int?, separator: String = " ::: ") -> [String] {
            cell(column).split(separator: separator).map { String($0).trimmingBlanks() }.filter { !$0.isEmpty }
        }
        func optional(_ column: Int?) -> String? {
            let text = cell(column)
            return text.isEmpty ? nil : text
        }

        let structured = StructuredName(
            family: cell(mapping.family), given: cell(mapping.given), additional: cell(mapping.additional),
            prefix: cell(mapping.prefix), suffix: cell(mapping.suffix)
        )
        let name = structured.formatted.isEmpty ? nil : structured
        var numbers: [PhoneNumber] = []
        for phone in mapping.phones {
            let label = cell(phone.label)
            let types = phone.types + Self.types(forGoogleLabel: label)
            let custom = PhoneLabel.custom(label.hasPrefix("* ") ? String(label.dropFirst(2)) : label)
            for value in values(phone.value) {
                numbers.append(PhoneNumber(value, types: types, label: custom))
            }
        }
        let emails = mapping.emails.flatMap { values($0) }
        let organization = optional(mapping.organization)
        guard
            let displayName = DisplayNameFallback.displayName(
                formatted: optional(mapping.formattedName), name: name, organization: organization,
                numbers: numbers, emails: emails
            )
        else { return nil }

        var phoneticGiven = optional(mapping.phoneticGiven)
        let phoneticMiddle = optional(mapping.phoneticMiddle)
        let phoneticFamily = optional(mapping.phoneticFamily)
        if phoneticGiven == nil, phoneticMiddle == nil, phoneticFamily == nil {
            phoneticGiven = optional(mapping.phoneticFull)
        }
        return Contact(
            uid: "\(uidPrefix)#\(record.line)",
            displayName: displayName,
            name: name,
            nicknames: values(mapping.nickname),
            phoneticGivenName: phoneticGiven,
            phoneticMiddleName: phoneticMiddle,
            phoneticFamilyName: phoneticFamily,
            organization: organization,
            numbers: numbers,
            emails: emails,
            categories: Self.userGroups(values(mapping.groups, separator: mapping.groupSeparator)),
            source: SourceLocation(file: file, line: record.line)
        )
    }

    /// Types for a Google phone label: "Mobile" is cell; a leading "* " marks the primary number.
    private static func types(forGoogleLabel label: String) -> [String] {
        guard label.hasPrefix("* ") else { return PhoneLabel.types(for: label) }
        return PhoneLabel.types(for: String(label.dropFirst(2))) + ["pref"]
    }

    /// Group names without Google's system groups ("* myContacts", "* starred"), which every
    /// contact of an account has and which say nothing about the person.
    private static func userGroups(_ groups: [String]) -> [String] {
        var result: [String] = []
        for group in groups where !group.hasPrefix("* ") && !result.contains(group) {
            result.append(group)
        }
        return result
    }

    private mutating func warn(_ line: Int, _ message: String) {
        warnings.append(ImportWarning(location: SourceLocation(file: file, line: line), message: message))
    }

    private static func headerError(file: String, found header: CSVReader.Record?) -> ContactBookError {
        let remedy = "Expected \(CSVColumnMapping.expectedHeaders). Export the contacts again in one of these formats, or as vCard (.vcf)."
        guard let header else {
            return ContactBookError(
                kind: .unrecognizedCSVHeader, file: file, line: 1,
                problem: "the file is empty, with no header row of column names", remedy: remedy
            )
        }
        let shown = header.fields.prefix(6).map { "\"\($0)\"" }.joined(separator: ", ")
        let more = header.fields.count > 6 ? ", …" : ""
        return ContactBookError(
            kind: .unrecognizedCSVHeader, file: file, line: header.line,
            problem: "the header row (\(shown)\(more)) is not a Google Contacts or Outlook CSV export",
            remedy: remedy
        )
    }
}
