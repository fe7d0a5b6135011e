// SPDX-License-Identifier: Apache-2.0

import BackgroundWork
#if CardDAV
import CardDAV
#endif
import ContactBook
import DialHistory
import T9Search

/// A book being read: the table filled file by file, with where each file's contacts are, the
/// favourites found, the warnings and the problems. Without a previous book (at start) a source
/// that does not load is thrown; with one, it keeps its last good copy from it.
struct BookReading {
    let loader: BookLoader
    let previous: LoadedBook?
    /// Told of the bytes read and the indexing done, for a load that shows how far it has got.
    let progress: LoadProgress?
    private var table = ContactTable()
    private var favourites: Favourites
    private var files: [FileRows] = []
    private var shapes: [String: SourceShape] = [:]
    private var read: [String] = []
    private var warnings: [ImportWarning] = []
    private var problems: [SourceProblem] = []

    init(loader: BookLoader, previous: LoadedBook?, progress: LoadProgress? = nil) {
        self.loader = loader
        self.previous = previous
        self.progress = progress
        favourites = Favourites(loader.favourites)
    }

    mutating func add(_ source: BookLoader.Source) throws(ContactBookError) {
        switch source {
        case .named(let path):
            let isFolder = !StandardInputReader.isStandardInput(path) && ContactSources.isFolder(path)
            let shape = previous?.shapes[path] ?? (isFolder ? .folder : .file)
            shapes[path] = shape
            switch shape {
            case .file: try readFile(path, of: path)
            case .folder: try readFolder(path)
            }
        case .synced(let folder):
            #if CardDAV
            // A state file that cannot be read would look like nothing synced: after a good
            // load, the cards keep their last good copy instead.
            if previous != nil, case .failure(let error) = Result(catching: { () throws(CardDAVError) in try CardDAVCache(folder: folder).state() }) {
                return keep(
                    source: folder, file: nil,
                    because: ContactBookError(
                        kind: .readFailed, file: folder, problem: "the synced address book's state cannot be read (\(error))",
                        remedy: "Run t9dial sync again."))
            }
            #endif
            guard source.pathToRead != nil else { return }  // nothing synced yet, or nothing left
            try readFolder(folder)
        }
    }

    private mutating func readFolder(_ path: String) throws(ContactBookError) {
        let names: [String]
        do {
            names = try ContactSources.contactFiles(inFolder: path)
        } catch {
            guard previous != nil else { throw error }
            return keep(source: path, file: nil, because: error)
        }
        guard !names.isEmpty else {
            guard previous != nil else { throw ContactSources.emptyFolder(path) }
            // Every file deleted, on purpose like any one of them: said, and nothing kept.
            problems.append(SourceProblem(error: ContactSources.emptyFolder(path), keptContacts: nil))
            return
        }
        guard previous == nil else {
            for file in names { try readFile(file, of: path) }
            return
        }
        // At start, one file that does not load is said and the folder's others are read; only
        // a folder where no file loads stops the start. (On reload, `keep` keeps its last copy.)
        warnings += try ContactSources.readEach(names, ofFolder: path) { file throws(ContactBookError) in try readFile(file, of: path) }
    }

    private mutating func readFile(_ file: String, of source: String) throws(ContactBookError) {
        let start = table.count
        do {
            // The importer finds what stops a whole file before it hands out any contact. A
            // large file is read in two parts at once: each part's contacts go into a table of
            // their own, on the core that parses them, and the tables are joined in order.
            let rule = favourites.isFavourite
            let (parts, fileWarnings) = try ContactImporter.read(
                path: file, progress: progress?.reading, parallelism: .cores, parts: { ReadPart() },
                add: { part, contact in
                    if rule.includes(contact) { part.favourites.append(contact.uid) }
                    part.table.append(contact.searchable)
                })
            for part in parts {
                table.append(contentsOf: part.table)
                favourites.add(part.favourites)
            }
            warnings += fileWarnings
        } catch {
            guard previous != nil else { throw error }
            return keep(source: source, file: file, because: error)
        }
        files.append(FileRows(source: source, file: file, rows: start..<table.count, isLastGoodCopy: false))
        read.append(file)
    }

    /// A part of a file as it is read: its contacts' table and the UIDs of its favourites.
    private struct ReadPart {
        var table = ContactTable()
        var favourites: [String] = []
    }

    /// Copies the previous book's contacts of `file` (every file of `source` when nil) and
    /// reports `error`.
    private mutating func keep(source: String, file: String?, because error: ContactBookError) {
        guard let previous else { return }
        let kept = previous.files.filter { $0.source == source && (file == nil || $0.file == file) }
        for copy in kept {
            let start = table.count
            table.append(rows: copy.rows, of: previous.index.contacts)
            for row in start..<table.count { favourites.keep(table.uid(of: row), from: previous.favourites) }
            files.append(FileRows(source: source, file: copy.file, rows: start..<table.count, isLastGoodCopy: true))
        }
        problems.append(SourceProblem(error: error, keptContacts: kept.isEmpty ? nil : kept.reduce(0) { $0 + $1.rows.count }))
    }

    /// The book, indexed and ranked with `history`.
    consuming func indexed(history: DialHistory?) -> LoadedBook {
        table.shrink()
        let (affinity, numberCalls) = favourites.ranking(from: history, contacts: table)
        let index = ProcessMemory.whileIndexing {
            SearchIndex(
                table: table, alphabet: loader.alphabet, options: loader.options, affinity: affinity, numberCalls: numberCalls,
                progress: progress?.indexing,
                parallelism: .cores)
        }
        return LoadedBook(
            index: index, sources: ContactSources(contacts: [], warnings: warnings, files: read), problems: problems,
            files: files, shapes: shapes, favourites: favourites.uids
        )
    }
}
