public import ContactBook
public import DialerConfig
public import DialHistory
public import T9Search

/// A contact book ready to search, set up from the config file and the command line.
public struct Dialer: Sendable {
    /// What the command line says; each field left nil falls back to the config file.
    public struct Overrides: Sendable {
        public var configFile: String?
        public var contacts: [String]
        public var dataDirectory: String?
        public var region: String?
        public var match: MatchMode?
        public var limit: Int?

        public init(configFile: String? = nil, contacts: [String] = [], dataDirectory: String? = nil,
                    region: String? = nil, match: MatchMode? = nil, limit: Int? = nil) {
            self.configFile = configFile
            self.contacts = contacts
            self.dataDirectory = dataDirectory
            self.region = region
            self.match = match
            self.limit = limit
        }
    }

    public var configuration: DialerConfiguration
    /// The files read and the problems found in them; the contacts themselves are in `index`.
    public var sources: ContactSources
    public var index: SearchIndex
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
    public static func load(_ overrides: Overrides) throws(DialerError) -> Dialer {
        do {
            let configuration = try configuration(overrides)
            let settings = configuration.search
            let (dataDirectory, layouts) = try layouts(overrides, configuration)

            var region: DialingRegion? = nil
            if let code = overrides.region ?? settings.region, !code.isEmpty {
                guard let known = DialingRegion(code) else { throw DialerError.unknownRegion(code) }
                region = known
            }
            var table = ContactTable()
            var favourites = Favourites(configuration.history)
            let sources = try ContactSources.read(paths: try contactPaths(overrides, configuration)) { contact in
                favourites.consider(contact, at: table.count)
                table.append(contact.searchable)
            }
            table.shrink()
            let (history, historyProblem) = openHistory()
            let index = SearchIndex(
                table: table,
                alphabet: T9Alphabet(layouts: layouts),
                options: SearchOptions(mode: overrides.match ?? settings.match, region: region),
                affinity: favourites.affinity(from: history, contacts: table)
            )
            return Dialer(
                configuration: configuration, sources: sources, index: index, limit: overrides.limit ?? settings.limit,
                dataDirectory: dataDirectory, history: history, historyProblem: historyProblem
            )
        } catch {
            throw DialerError(error)
        }
    }

    /// Every contact of the book, as parsed, for `t9dial contacts`.
    public static func loadContacts(_ overrides: Overrides) throws(DialerError) -> ContactSources {
        do {
            return try ContactSources.load(paths: try contactPaths(overrides, configuration(overrides)))
        } catch {
            throw DialerError(error)
        }
    }

    /// The data directory (`--data-dir`, else the config's, else found) and the keypad layouts
    /// the config chooses from its `layouts/`.
    static func layouts(_ overrides: Overrides, _ configuration: DialerConfiguration) throws(ConfigError) -> (String, [KeypadLayout]) {
        let dataDirectory = try LayoutCatalog.findDataDirectory(explicit: overrides.dataDirectory ?? configuration.search.dataDirectory)
        return (dataDirectory, try configuration.layouts(from: LayoutCatalog.load(dataDirectory: dataDirectory)))
    }

    /// The dial history at its usual place, or why it can't be used: a warning ending with
    /// `withoutIt`, what the command misses.
    static func openHistory(withoutIt consequence: String = "dials are not remembered") -> (DialHistory?, String?) {
        do {
            let history = try DialHistory()
            return (history, history.movedAside.map { "warning: \($0)" })
        } catch {
            return (nil, "warning: \(error.description); \(consequence)")
        }
    }

    static func configuration(_ overrides: Overrides) throws(ConfigError) -> DialerConfiguration {
        try loadConfiguration(file: overrides.configFile)
    }

    /// The config file named, else the default one (`DialerConfiguration.loadDefault()`).
    public static func loadConfiguration(file: String?) throws(ConfigError) -> DialerConfiguration {
        if let file { return try DialerConfiguration.load(path: file) }
        return try DialerConfiguration.loadDefault()
    }

    static func contactPaths(_ overrides: Overrides, _ configuration: DialerConfiguration) throws(DialerError) -> [String] {
        guard overrides.contacts.isEmpty else { return overrides.contacts }
        // The synced address book joins the configured files; named files on the command line replace both.
        let paths = configuration.contacts + [SyncedContacts.cachedFolder(configuration.carddav)].compactMap { $0 }
        guard !paths.isEmpty else {
            throw .noContacts(configFile: configuration.file, awaitingSync: configuration.carddav.url != nil)
        }
        return paths
    }
}

/// Why t9dial could not start: what went wrong, where, and what to do.
public enum DialerError: Error, Sendable, CustomStringConvertible {
    case config(ConfigError)
    case contacts(ContactBookError)
    /// `awaitingSync`: a CardDAV address book is configured but nothing is synced yet.
    case noContacts(configFile: String?, awaitingSync: Bool)
    case unknownRegion(String)
    case other(String)

    init(_ error: any Error) {
        switch error {
        case let error as DialerError: self = error
        case let error as ConfigError: self = .config(error)
        case let error as ContactBookError: self = .contacts(error)
        default: self = .other(String(describing: error))
        }
    }

    public var description: String {
        switch self {
        case .config(let error): String(describing: error)
        case .contacts(let error): String(describing: error)
        case .noContacts(_, awaitingSync: true):
            "no contacts to search yet: the [carddav] address book has not been synced; run t9dial sync, or name a file with --contacts FILE"
        case .noContacts(let file, awaitingSync: false):
            "no contacts to search: name a .vcf or .csv file with --contacts FILE, or set contacts = [\"FILE\"] in "
                + (file ?? "the config file (~/.config/t9dial/t9dial.toml)")
        case .unknownRegion(let code):
            "unknown region \"\(code)\" for --region; use a two-letter ISO code such as "
                + DialingRegion.known.keys.sorted().prefix(12).map { "\"\($0)\"" }.joined(separator: ", ") + "..."
        case .other(let message): message
        }
    }
}
