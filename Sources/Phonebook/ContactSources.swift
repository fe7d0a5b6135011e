// SPDX-License-Identifier: Apache-2.0

public import ContactBook
import Foundation

/// The contact book of a run: every contact of the files and folders the user named.
public struct ContactSources: Sendable {
    public var contacts: [Contact]
    /// Problems in single cards or rows; the rest of each file was kept.
    public var warnings: [ImportWarning]
    /// The files read, in order.
    public var files: [String]

    /// Reads each path: a `.vcf`/`.vcard`/`.csv` file, a folder whose such files are read in
    /// name order, or `-` for standard input. A missing path, an unreadable file or a folder without contact files is an
    /// error; a bad card inside a file is a warning.
    public static func load(paths: [String]) throws(ContactBookError) -> ContactSources {
        var contacts: [Contact] = []
        var sources = try read(paths: paths) { contacts.append($0) }
        sources.contacts = contacts
        return sources
    }

    /// Reads the paths like `load(paths:)`, handing each contact to `body` as it is read instead
    /// of keeping it: the returned value has the warnings and files, and no contacts.
    public static func read(paths: [String], each body: (Contact) -> Void) throws(ContactBookError) -> ContactSources {
        var sources = ContactSources(contacts: [], warnings: [], files: [])
        for path in paths {
            let files = try files(at: path)
            guard files != [path] else {
                sources.warnings += try ContactImporter.read(path: path, each: body)
                sources.files.append(path)
                continue
            }
            sources.warnings += try readEach(files, ofFolder: path) { file throws(ContactBookError) in
                sources.warnings += try ContactImporter.read(path: file, each: body)
                sources.files.append(file)
            }
        }
        return sources
    }

    /// Reads each file of a folder with `read`: one that does not load becomes a warning and
    /// the others are read; only a folder where no file loads is an error (the first file's).
    static func readEach(
        _ files: [String], ofFolder folder: String, _ read: (String) throws(ContactBookError) -> Void
    ) throws(ContactBookError) -> [ImportWarning] {
        var failures: [ContactBookError] = []
        for file in files {
            do { try read(file) } catch { failures.append(error) }
        }
        if failures.count == files.count, let first = failures.first { throw first }
        return failures.map { error in
            ImportWarning(
                location: SourceLocation(file: error.file, line: error.line ?? 0),
                message: "\(error.problem); file skipped, the other files of \(folder) are read. \(error.remedy)"
            )
        }
    }

    /// The files a path stands for: a folder's contact files (an error when it has none), else
    /// the path itself, a file or missing (the importer says which).
    static func files(at path: String) throws(ContactBookError) -> [String] {
        guard !StandardInputReader.isStandardInput(path), isFolder(path) else { return [path] }
        let files = try contactFiles(inFolder: path)
        guard !files.isEmpty else { throw emptyFolder(path) }
        return files
    }

    /// Whether a folder, or a link to one, is at `path`.
    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The contact files of the folder at `path`, in name order; none when it has none.
    static func contactFiles(inFolder path: String) throws(ContactBookError) -> [String] {
        guard isFolder(path) else {
            throw ContactBookError(
                kind: .fileNotFound, file: path, problem: "the folder is gone or is no longer a folder",
                remedy: "Put the folder of contacts back, or name another with --contacts.")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw ContactBookError(
                kind: .permissionDenied, file: path, problem: "the folder cannot be listed",
                remedy: "check its permissions (ls -ld \(path))")
        }
        let folder = path.hasSuffix("/") ? path : path + "/"
        // Contact files only: not hidden files, and not folders whose names happen to end in .vcf.
        return names.filter { name in
            var isFolder: ObjCBool = false
            return ContactImporter.isContactFileName(name)
                && FileManager.default.fileExists(atPath: folder + name, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted().map { folder + $0 }
    }

    static func emptyFolder(_ path: String) -> ContactBookError {
        ContactBookError(
            kind: .unknownFormat, file: path, problem: "the folder has no .vcf, .vcard or .csv files",
            remedy: "export your contacts into it, or name the file itself with --contacts")
    }
}
