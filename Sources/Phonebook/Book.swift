// SPDX-License-Identifier: Apache-2.0

public import BackgroundWork
import ContactBook
public import DialerConfig
public import DialHistory
public import T9Search
import Telephony

/// A contact book ready to search, set up from the config file and the command line.
public struct Book: Sendable {
    /// What the command line says; each field left nil falls back to the config file.
    public struct Overrides: Sendable {
        public var configFile: String?
        public var contacts: [String]
        public var dataDirectory: String?
        public var region: String?
        public var match: MatchMode?
        public var limit: Int?
        /// The synced address book's cache folder, when not this process's own
        /// (`SyncedContacts.folder`): `t9dial history` run by root over the service's history
        /// names its contacts from the service's cache.
        public var syncedFolder: String?

        public init(
            configFile: String? = nil, contacts: [String] = [], dataDirectory: String? = nil,
            region: String? = nil, match: MatchMode? = nil, limit: Int? = nil, syncedFolder: String? = nil
        ) {
            self.configFile = configFile
            self.contacts = contacts
            self.dataDirectory = dataDirectory
            self.region = region
            self.match = match
            self.limit = limit
            self.syncedFolder = syncedFolder
        }

        /// Whether the contacts come from standard input (`--contacts -`), which a command
        /// that reads its own input from there cannot also take.
        public var readsStandardInput: Bool { contacts.contains(where: StandardInputReader.isStandardInput) }
    }

    public var configuration: DialerConfiguration
    /// Where the contacts come from and how they are indexed, to read them again.
    public var loader: BookLoader
    /// The contacts as last loaded.
    public var loaded: LoadedBook
    /// The files read and the problems found in them; the contacts themselves are in `index`.
    public var sources: ContactSources { loaded.sources }
    public var index: SearchIndex { loaded.index }
    public var limit: Int
    /// The folder holding layouts/ and keymaps/.
    public var dataDirectory: String
    /// The dial history that ranks contacts and learns from dials; nil when it could not be
    /// opened (the reason is in `historyProblem`), and t9dial works on without it.
    public var history: DialHistory?
    /// Why there is no history, or that a bad file was moved aside.
    public var historyProblem: String?

    /// Reads the config, the layouts and the contacts, and indexes them. Contacts go straight
    /// into the index's compact table as they are read, so a large book is never held twice.
    /// `progress` is told each new percentage of the load, from the threads that load.
    ///
    /// A running dialer reloading passes the history it records into as `history`: the
    /// reloaded book learns from the same picks, and the file is not opened a second time.
    public static func load(
        _ overrides: Overrides, reusing history: DialHistory? = nil, progress: (@Sendable (_ percent: Int) -> Void)? = nil
    ) throws(BookError) -> Book {
        var prepared = try prepare(overrides)
        // The history is opened once the contacts are read, so a book that fails leaves no trace.
        let reading: BookReading
        do {
            reading = try prepared.loader.read(keeping: nil, progress: progress.map { prepared.loader.progress(onChange: $0) })
        } catch {
            throw .contacts(error)
        }
        if let history {
            history.limits = prepared.configuration.history.limits
            prepared.history = history
        } else {
            (prepared.history, prepared.historyProblem) = openHistory(prepared.configuration)
        }
        prepared.loaded = reading.indexed(history: prepared.history)
        ProcessMemory.returnFreedMemory()
        return prepared
    }

    /// For a service that must not stop, and shows its first screen before the book is loaded:
    /// the config's settings, the layouts, the sources to read and the history, with the book
    /// still empty (`loadBook(progress:)` reads it, on a thread of its own); or, when the
    /// config does not load or names no contacts, a book with no contacts and why, so the
    /// service runs on, says so on its screen and loads the book once it is fixed. The config's
    /// settings are used when the config itself loads, its defaults otherwise. Throws only
    /// when not even the layouts can be found.
    public static func prepareOrEmpty(_ overrides: Overrides) throws(BookError) -> (Book, problem: BookError?) {
        let problem: BookError
        do {
            return (try prepareToLoad(overrides), nil)
        } catch {
            problem = error
        }
        let configuration = (try? configuration(overrides)) ?? salvagedConfiguration(overrides)
        let (history, historyProblem) = openHistory(configuration)
        return (try empty(overrides, configuration, history: history, historyProblem: historyProblem), problem)
    }

    /// The config's settings, the layouts, the sources to read and the history, with the book
    /// still empty, for `loadBook(progress:)` (`DialerDriver.loadInBackground`); throws what
    /// `load` throws before it reads any contact.
    public static func prepareToLoad(_ overrides: Overrides) throws(BookError) -> Book {
        var prepared = try prepare(overrides)
        (prepared.history, prepared.historyProblem) = openHistory(prepared.configuration)
        return prepared
    }

    /// Reads and indexes the contacts of `loader`, ranked with `history`, telling `progress`
    /// how far it has got: the contacts of a book from `prepareOrEmpty`, for `replaceLoaded(with:)`. Takes
    /// as long as `load` does: call it off the loop's thread.
    public func loadBook(progress: LoadProgress?) throws(BookError) -> LoadedBook {
        do {
            let book = try loader.load(history: history, progress: progress)
            ProcessMemory.returnFreedMemory()
            return book
        } catch {
            throw .contacts(error)
        }
    }

    /// The config's settings, the layouts and the sources, with an empty book and no history.
    private static func prepare(_ overrides: Overrides) throws(BookError) -> Book {
        let configuration = try configuration(overrides)
        let settings = configuration.search
        let (dataDirectory, layouts) = try layouts(overrides, configuration)

        var region: DialingRegion? = nil
        if let code = overrides.region ?? settings.region, !code.isEmpty {
            guard let known = DialingRegion(code) else { throw .unknownRegion(code) }
            region = known
        }
        let loader = BookLoader(
            sources: try contactSources(overrides, configuration),
            alphabet: T9Alphabet(layouts: layouts),
            options: SearchOptions(mode: overrides.match ?? settings.match, region: region),
            favourites: configuration.history
        )
        return Book(
            configuration: configuration, loader: loader, loaded: loader.emptyBook(),
            limit: overrides.limit ?? settings.limit, dataDirectory: dataDirectory, history: nil, historyProblem: nil
        )
    }

    /// The config's settings and layouts with no contacts and no history, for a command that
    /// needs the keys but no book (`t9dial monitor`): a config that does not load is an error,
    /// contacts that do not are not read at all.
    public static func loadWithoutContacts(_ overrides: Overrides) throws(BookError) -> Book {
        try empty(overrides, try configuration(overrides), history: nil, historyProblem: nil)
    }

    /// A book with `configuration`'s settings and no contacts.
    private static func empty(
        _ overrides: Overrides, _ configuration: DialerConfiguration, history: DialHistory?, historyProblem: String?
    ) throws(BookError) -> Book {
        let (dataDirectory, layouts) = try layouts(overrides, configuration)
        let loader = BookLoader(
            sources: [], alphabet: T9Alphabet(layouts: layouts), options: SearchOptions(), favourites: configuration.history
        )
        return Book(
            configuration: configuration, loader: loader, loaded: loader.emptyBook(),
            limit: overrides.limit ?? configuration.search.limit, dataDirectory: dataDirectory, history: history,
            historyProblem: historyProblem
        )
    }

    /// The config files a running dialer watches, to load again when one changes: the one
    /// named, else every place a default one is looked for (also those not made yet).
    public static func configFiles(_ overrides: Overrides) -> [String] {
        overrides.configFile.map { [$0] } ?? DialerConfiguration.defaultFiles()
    }

    /// Every contact of the book, as parsed, for `t9dial contacts`.
    public static func loadContacts(_ overrides: Overrides) throws(BookError) -> ContactSources {
        let paths = try contactPaths(overrides, configuration(overrides))
        do { return try ContactSources.load(paths: paths) } catch { throw .contacts(error) }
    }

    /// Starts reading the contacts again on a thread of their own, keeping the last good copy
    /// of what no longer loads (`BookLoader.reload(keeping:history:)`). Poll the task's
    /// `readinessDescriptor`; its `result()` is the new book, for `replaceLoaded(with:)`.
    public func reloadInBackground() throws(BookError) -> BackgroundTask<LoadedBook> {
        do {
            return try loader.reloadInBackground(keeping: loaded, history: history)
        } catch {
            throw .threadNotStarted(error, for: "reload the contacts")
        }
    }

    /// Makes `book` (from a reload) the one searched from now on.
    public mutating func replaceLoaded(with book: LoadedBook) {
        loaded = book
    }

    /// The data directory (`--data-dir`, else the config's, else found) and the keypad layouts
    /// the config chooses from its `layouts/`.
    static func layouts(_ overrides: Overrides, _ configuration: DialerConfiguration) throws(BookError) -> (String, [KeypadLayout]) {
        do {
            let dataDirectory = try LayoutCatalog.findDataDirectory(explicit: overrides.dataDirectory ?? configuration.search.dataDirectory)
            return (dataDirectory, try configuration.layouts(from: LayoutCatalog.load(dataDirectory: dataDirectory)))
        } catch {
            throw .config(error)
        }
    }

    /// The dial history at its usual place, kept within `configuration`'s limits, or why it
    /// can't be used: a warning (without a "warning: " prefix) ending with `withoutIt`, what
    /// the command misses.
    static func openHistory(
        _ configuration: DialerConfiguration, withoutIt consequence: String = "dials are not remembered"
    ) -> (DialHistory?, String?) {
        do {
            let history = try DialHistory(limits: configuration.history.limits)
            return (history, history.movedAside.map { "\($0)" })
        } catch {
            return (nil, "\(error.description); \(consequence)")
        }
    }

    static func configuration(_ overrides: Overrides) throws(BookError) -> DialerConfiguration {
        do { return try loadConfiguration(file: overrides.configFile) } catch { throw .config(error) }
    }

    /// The config file named, else the default one (`DialerConfiguration.loadDefault()`).
    public static func loadConfiguration(file: String?) throws(ConfigError) -> DialerConfiguration {
        if let file { return try DialerConfiguration.load(path: file) }
        return try DialerConfiguration.loadDefault()
    }

    /// The paths to read now for a one-off command: those of `contactSources` that hold contacts.
    static func contactPaths(_ overrides: Overrides, _ configuration: DialerConfiguration) throws(BookError) -> [String] {
        try contactSources(overrides, configuration).compactMap(\.pathToRead)
    }

    /// The files and folders named on the command line, else those of the config and the
    /// synced address book's cache (which may not hold anything yet: it is watched for the
    /// first sync). Some must have contacts to read now.
    private static func contactSources(_ overrides: Overrides, _ configuration: DialerConfiguration) throws(BookError) -> [BookLoader.Source] {
        guard overrides.contacts.isEmpty else { return overrides.contacts.map(BookLoader.Source.named) }
        // The synced address book joins the configured files; named files on the command line replace both.
        // A build without the CardDAV trait has no synced address book to add.
        let syncs = configuration.carddav.url != nil && SyncedContacts.isBuiltIn
        let synced = syncs ? overrides.syncedFolder ?? (try? SyncedContacts.folder()) : nil
        let sources = configuration.contacts.map(BookLoader.Source.named) + [synced.map { .synced(folder: $0) }].compactMap { $0 }
        guard sources.contains(where: { $0.pathToRead != nil }) else {
            throw .noContacts(configFile: configuration.file, awaitingSync: syncs)
        }
        return sources
    }
}

extension HistorySettings {
    /// What the dial history keeps under these settings.
    var limits: HistoryLimits { HistoryLimits(calls: keepCalls) }
}
