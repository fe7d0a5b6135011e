// SPDX-License-Identifier: Apache-2.0

/// Why a contacts file could not be loaded at all: it is missing, unreadable, or in no format
/// the importer knows. Problems inside a file that still loads are `ImportWarning`s instead.
public struct ContactBookError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        case fileNotFound
        case permissionDenied
        /// The path names a directory or a device, not a file.
        case notAFile
        /// The operating system reported an error while opening or reading the file.
        case readFailed
        /// A `.vcf` file with no `BEGIN:VCARD` in it.
        case notAVCard
        /// A CSV file whose header row is not a Google Contacts or Outlook export.
        case unrecognizedCSVHeader
        /// A file of another extension whose content is neither vCard nor CSV.
        case unknownFormat
    }

    public var kind: Kind
    /// The file as the caller named it.
    public var file: String
    /// The line the problem is on, when it is about the content.
    public var line: Int?
    /// What is wrong.
    public var problem: String
    /// What to do about it.
    public var remedy: String

    public init(kind: Kind, file: String, line: Int? = nil, problem: String, remedy: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.problem = problem
        self.remedy = remedy
    }

    /// "book.csv:1: the header row is not ... . Export the contacts again ..."
    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        return "\(place): \(problem). \(remedy)"
    }
}

extension ContactBookError {
    static func fileNotFound(_ path: String) -> Self {
        Self(
            kind: .fileNotFound, file: path, problem: "no such file",
            remedy: "Check the path; the contacts file must be a vCard (.vcf) or CSV (.csv) export."
        )
    }

    static func permissionDenied(_ path: String) -> Self {
        Self(
            kind: .permissionDenied, file: path, problem: "permission denied: this user may not read the file",
            remedy: "Make it readable (chmod a+r '\(path)') or run as a user who can read it."
        )
    }

    static func notAFile(_ path: String) -> Self {
        Self(
            kind: .notAFile, file: path, problem: "this is a directory, device or FIFO, not a contacts file",
            remedy: "Give the path of a .vcf or .csv file; to read the contacts from a pipe or standard input, give - (--contacts -)."
        )
    }

    static func tooLarge(_ path: String, limit: Int) -> Self {
        Self(
            kind: .readFailed, file: path, problem: "the file is larger than \(limit >> 20) MiB, the most t9dial reads",
            remedy: "Check that this is your contacts export; split a larger one into several files in a folder."
        )
    }

    static func readFailed(_ path: String, reason: String) -> Self {
        Self(
            kind: .readFailed, file: path, problem: "the file cannot be read (\(reason))",
            remedy: "Check that the file and its disk are intact, then try again."
        )
    }

    static func notAVCard(_ path: String) -> Self {
        Self(
            kind: .notAVCard, file: path, line: 1, problem: "there is no BEGIN:VCARD line, so this is not a vCard file",
            remedy: "If it is a CSV export, give it a .csv extension; otherwise export the contacts again as vCard."
        )
    }

    static func unknownFormat(_ path: String) -> Self {
        Self(
            kind: .unknownFormat, file: path, line: 1,
            problem: "this is neither a vCard (no BEGIN:VCARD) nor a CSV export (no header row of column names)",
            remedy: "Export the contacts as vCard (.vcf) or as Google or Outlook CSV (.csv)."
        )
    }
}
