public import ContactBook
public import DialerConfig
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
    public var sources: ContactSources
    public var index: SearchIndex
    public var limit: Int

    /// Reads the config, the layouts and the contacts, and indexes them.
    public static func load(_ overrides: Overrides) throws(DialerError) -> Dialer {
        do {
            let configuration = try overrides.configFile.map { path throws(ConfigError) in try DialerConfiguration.load(path: path) }
                ?? DialerConfiguration.loadDefault()
            let settings = configuration.search
            let dataDirectory = try LayoutCatalog.findDataDirectory(explicit: overrides.dataDirectory ?? settings.dataDirectory)
            let layouts = try configuration.layouts(from: LayoutCatalog.load(dataDirectory: dataDirectory))

            var region: DialingRegion? = nil
            if let code = overrides.region ?? settings.region, !code.isEmpty {
                guard let known = DialingRegion(code) else { throw DialerError.unknownRegion(code) }
                region = known
            }
            let paths = overrides.contacts.isEmpty ? configuration.contacts : overrides.contacts
            guard !paths.isEmpty else { throw DialerError.noContacts(configFile: configuration.file) }
            let sources = try ContactSources.load(paths: paths)
            let index = SearchIndex(
                contacts: sources.contacts.map(\.searchable),
                alphabet: T9Alphabet(layouts: layouts),
                options: SearchOptions(mode: overrides.match ?? settings.match, region: region)
            )
            return Dialer(configuration: configuration, sources: sources, index: index, limit: overrides.limit ?? settings.limit)
        } catch let error as DialerError {
            throw error
        } catch let error as ConfigError {
            throw .config(error)
        } catch let error as ContactBookError {
            throw .contacts(error)
        } catch {
            throw .other(String(describing: error))
        }
    }
}

/// Why t9dial could not start: what went wrong, where, and what to do.
public enum DialerError: Error, Sendable, CustomStringConvertible {
    case config(ConfigError)
    case contacts(ContactBookError)
    case noContacts(configFile: String?)
    case unknownRegion(String)
    case other(String)

    public var description: String {
        switch self {
        case .config(let error): String(describing: error)
        case .contacts(let error): String(describing: error)
        case .noContacts(let file):
            "no contacts to search: name a .vcf or .csv file with --contacts FILE, or set contacts = [\"FILE\"] in "
                + (file ?? "the config file (~/.config/t9dial/t9dial.toml)")
        case .unknownRegion(let code):
            "unknown region \"\(code)\" for --region; use a two-letter ISO code such as "
                + DialingRegion.known.keys.sorted().prefix(12).map { "\"\($0)\"" }.joined(separator: ", ") + "..."
        case .other(let message): message
        }
    }
}
