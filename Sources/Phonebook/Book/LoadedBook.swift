// SPDX-License-Identifier: Apache-2.0

import ContactBook
public import DialHistory
public import T9Search

/// The contact book as one load left it: the index to search, the files read, the problems,
/// and where each file's contacts are in the index's table, so the next reload can keep the
/// contacts of a file that no longer loads.
public struct LoadedBook: Sendable {
    /// The contacts, indexed and ranked.
    public let index: SearchIndex
    /// The files read this time and the problems found in single cards or rows (no contacts:
    /// they are in `index`).
    public let sources: ContactSources
    /// The files and folders that did not load this time, and what was kept of them.
    public let problems: [SourceProblem]
    /// Where each file's contacts are in `index.contacts`, in order.
    let files: [FileRows]
    /// Whether each named path was read as a file or a folder, decided at start.
    let shapes: [String: SourceShape]
    /// The UIDs of the favourites, for contacts kept without being read again.
    let favourites: Set<String>

    /// How many contacts the book has.
    public var contactCount: Int { index.contacts.count }

    /// What to tell the user about this book after `previous`: its problems and warnings that
    /// are new, and files that load again after a problem.
    public func messages(since previous: LoadedBook?) -> [LogLine] {
        let oldWarnings = Set(previous?.sources.warnings ?? [])
        let oldProblems = Set(previous?.problems ?? [])
        let stillFailing = Set(problems.map(\.error.file))
        let recovered = (previous?.problems ?? []).map(\.error.file).filter { file in
            !stillFailing.contains(file) && files.contains { ($0.file == file || $0.source == file) && !$0.isLastGoodCopy }
        }
        return problems.filter { !oldProblems.contains($0) }.map { .warning($0.description) }
            + sources.warnings.filter { !oldWarnings.contains($0) }.map { .warning($0.description) }
            + recovered.map { .info("\($0): loads again") }
    }

    /// The same contacts ranked anew from `history` (after a dial), with the multi-tap text
    /// index built, as a loaded book's is: for a thread of its own.
    public func reranked(history: DialHistory?) -> LoadedBook {
        let (affinity, numberCalls) = Favourites.ranking(favourites: favourites, from: history, contacts: index.contacts)
        let ranked = ProcessMemory.whileIndexing {
            let ranked = index.reranked(affinity: affinity, numberCalls: numberCalls)
            ranked.prepareTextSearch()
            return ranked
        }
        return LoadedBook(index: ranked, sources: sources, problems: problems, files: files, shapes: shapes, favourites: favourites)
    }

    /// The same book with one more problem.
    func adding(_ problem: SourceProblem) -> LoadedBook {
        LoadedBook(index: index, sources: sources, problems: problems + [problem], files: files, shapes: shapes, favourites: favourites)
    }
}

/// A file's contacts in a book's table.
struct FileRows: Sendable, Hashable {
    /// The source it came from, as named (the file itself, or its folder).
    var source: String
    var file: String
    var rows: Range<Int>
    /// Kept from the book before, because the file did not load this time.
    var isLastGoodCopy: Bool
}

/// How a named path is read.
enum SourceShape: Sendable, Hashable {
    case file, folder
}
