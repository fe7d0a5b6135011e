// SPDX-License-Identifier: Apache-2.0

public import BackgroundWork
#if CardDAV
import CardDAV
#endif
public import ContactBook
public import DialerConfig
public import DialHistory
public import SystemCalls
public import T9Search

/// Reads the contact sources into a `LoadedBook`: once when t9dial starts (`load`), and again
/// whenever a source changes (`reload(keeping:history:)`), so the loading is written once.
///
/// At start any source that does not load stops t9dial, as before. A reload never fails as a
/// whole: what does not load keeps its last good copy, with the problem reported
/// (`LoadedBook.problems`):
/// - a file that no longer loads (unreadable, not a vCard, half-written, replaced by a folder,
///   deleted) keeps the contacts it had the last time it loaded. A file named directly (with
///   `--contacts` or in the config) that is deleted is taken for a mistake or a file being
///   replaced, so it keeps its last good copy too, with an error, until it is back.
/// - a file gone from a source folder was deleted on purpose (a contact export pruned, a card
///   deleted on the server): its contacts go, with no message. A folder emptied of every contact
///   file is reported, and nothing is kept.
/// - a source folder that is gone or cannot be listed keeps every file's last good copy.
/// - the CardDAV cache adds nothing, and no error, until a sync has cached cards in it.
/// Whether a named path is a file or a folder is decided when t9dial starts: a file later
/// replaced by a folder is a file that does not load.
///
/// The contacts kept are copied from the old book's compact table (`ContactTable.append(rows:of:)`),
/// not read again, so a book is never held twice as `Contact` values.
public struct BookLoader: Sendable {
    /// Where contacts come from.
    public enum Source: Sendable, Hashable {
        /// A file or a folder of `.vcf`/`.vcard`/`.csv` files, named with `--contacts` or in the config.
        case named(String)
        /// The folder of the `[carddav]` address book's cache (`SyncedContacts`), read once a
        /// sync has cached cards in it; it may not exist yet.
        case synced(folder: String)

        public var path: String {
            switch self {
            case .named(let path), .synced(folder: let path): path
            }
        }

        /// The path to read now: a named one always; the cache once it holds synced cards.
        var pathToRead: String? {
            switch self {
            case .named(let path): path
            case .synced(let folder): Self.holdsSyncedCards(folder) ? folder : nil
            }
        }

        /// Whether a sync has cached cards in `folder`; never in a build without the CardDAV
        /// trait, which makes no `.synced` source.
        private static func holdsSyncedCards(_ folder: String) -> Bool {
            #if CardDAV
            return !CardDAVCache(folder: folder).cachedCards().isEmpty
            #else
            return false
            #endif
        }
    }

    public var sources: [Source]
    public var alphabet: T9Alphabet
    public var options: SearchOptions
    /// Which contacts are favourites (`[history]`), found as the contacts are read.
    public var favourites: HistorySettings

    public init(sources: [Source], alphabet: T9Alphabet, options: SearchOptions, favourites: HistorySettings) {
        self.sources = sources
        self.alphabet = alphabet
        self.options = options
        self.favourites = favourites
    }

    /// The paths to watch for changes (`ContactSourceWatcher`): every source, also the cache
    /// folder before it exists, but standard input (`-`), which is read once and kept.
    public var watchedPaths: [String] { sources.map(\.path).filter { !StandardInputReader.isStandardInput($0) } }

    /// Reads every source, ranking with `history`; throws at the first source that does not
    /// load. `progress` is told how far the reading and indexing have got.
    public func load(history: DialHistory?, progress: LoadProgress? = nil) throws(ContactBookError) -> LoadedBook {
        try read(keeping: nil, progress: progress).indexed(history: history)
    }

    /// A book with no contacts, with this loader's alphabet and options: what a dialer
    /// searches before its book is read.
    public func emptyBook() -> LoadedBook {
        BookReading(loader: self, previous: nil).indexed(history: nil)
    }

    /// A progress over the files this loader reads now, for `load(history:progress:)`.
    public func progress(onChange: (@Sendable (_ percent: Int) -> Void)? = nil) -> LoadProgress {
        LoadProgress(reading: sources.compactMap(\.pathToRead), onChange: onChange)
    }

    /// Reads every source again; what no longer loads keeps its copy in `previous` (see above).
    /// Call it off the loop's thread (`reloadInBackground`): it reads every file and builds a
    /// new index, while `previous` may go on being searched.
    public func reload(keeping previous: LoadedBook, history: DialHistory?) -> LoadedBook {
        do {
            return try read(keeping: previous).indexed(history: history)
        } catch {
            // Not reached: with a previous book every failure is kept as a problem instead.
            return previous.adding(SourceProblem(error: error, keptContacts: previous.contactCount))
        }
    }

    /// Starts `reload(keeping:history:)` on a thread of its own; poll the task's
    /// `readinessDescriptor` and take its `result()`. The new index's text search (multi-tap)
    /// is built there too, as `KeypadSetup.makeMachine` does at start, so no keystroke waits
    /// for it. Fails only when no descriptor is left.
    public func reloadInBackground(keeping previous: LoadedBook, history: DialHistory?) throws(Errno) -> BackgroundTask<LoadedBook> {
        try BackgroundTask(name: "t9dial-reload") { [self] in
            let book = reload(keeping: previous, history: history)
            ProcessMemory.whileIndexing { book.index.prepareTextSearch() }
            return book
        }
    }

    /// The sources read into a table, not yet indexed; with no previous book (at start), the
    /// first source that does not load is thrown.
    func read(keeping previous: LoadedBook?, progress: LoadProgress? = nil) throws(ContactBookError) -> BookReading {
        var reading = BookReading(loader: self, previous: previous, progress: progress)
        for source in sources { try reading.add(source) }
        return reading
    }
}
