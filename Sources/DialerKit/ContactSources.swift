public import ContactBook
import Foundation

/// The contact book of a run: every contact of the files and folders the user named.
public struct ContactSources: Sendable {
    public var contacts: [Contact]
    /// Problems in single cards or rows; the rest of each file was kept.
    public var warnings: [ImportWarning]
    /// The files read, in order.
    public var files: [String]

    /// Reads each path: a `.vcf`/`.vcard`/`.csv` file, or a folder whose such files are read in
    /// name order. A missing path, an unreadable file or a folder without contact files is an
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
            for file in try files(at: path) {
                sources.warnings += try ContactImporter.read(path: file, each: body)
                sources.files.append(file)
            }
        }
        return sources
    }

    private static func files(at path: String) throws(ContactBookError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [path]  // a file, or missing: the importer says which
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw ContactBookError(kind: .permissionDenied, file: path, problem: "the folder cannot be listed",
                                   remedy: "check its permissions (ls -ld \(path))")
        }
        // Contact files only: not hidden files, and not folders whose names happen to end in .vcf.
        let files = names.filter { name in
            var isFolder: ObjCBool = false
            let path = path.hasSuffix("/") ? path + name : path + "/" + name
            return !name.hasPrefix(".") && ContactImporter.format(ofPath: name) != nil
                && FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
        guard !files.isEmpty else {
            throw ContactBookError(kind: .unknownFormat, file: path, problem: "the folder has no .vcf, .vcard or .csv files",
                                   remedy: "export your contacts into it, or name the file itself with --contacts")
        }
        return files.map { path.hasSuffix("/") ? path + $0 : path + "/" + $0 }
    }
}
