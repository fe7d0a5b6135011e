// SPDX-License-Identifier: Apache-2.0

public import T9Search

/// The `[search]` table of t9dial.toml: how typed digits find contacts and which layouts they use.
public struct SearchSettings: Sendable, Hashable {
    /// Where in a name the digits may match.
    public var match: MatchMode
    /// The ISO 3166 region (uppercase, "GB") whose national number forms are understood, so
    /// "0121 496 0000" matches "+44 121 496 0000"; nil for none. The file may write it in either
    /// case; it must be one the core knows (`DialingRegion.known`).
    public var region: String?
    /// How many results are shown, at least 1.
    /// How many results a search may show: `limit` and `--limit` (a screen shows 3 to 14).
    public static let limits = 1...1000
    public var limit: Int
    /// The ids of the layouts to use, in this order; empty means every file in `layouts/`.
    public var layouts: [String]
    /// The folder that holds `layouts/`; nil to search the usual places.
    public var dataDirectory: String?

    public init(
        match: MatchMode = .smart,
        region: String? = nil,
        limit: Int = 20,
        layouts: [String] = [],
        dataDirectory: String? = nil
    ) {
        self.match = match
        self.region = region
        self.limit = limit
        self.layouts = layouts
        self.dataDirectory = dataDirectory
    }
}

extension SearchSettings {
    /// The table's name in the file.
    static let tableName = "search"
    static let keys = ["match", "region", "limit", "layouts", "data_dir"]

    /// Reads and checks `[search]`; keys not written keep their defaults.
    init(reading table: TableReader, home: String?) throws(ConfigError) {
        self.init()
        try table.rejectUnknownKeys(keys: Self.keys)

        if let text = try table.string("match", example: #"match = "smart""#) {
            guard let mode = MatchMode(rawValue: text) else {
                let allowed = MatchMode.allCases.map { TableReader.quoted($0.rawValue) }.joined(separator: " or ")
                throw table.error(
                    at: "match",
                    "\(table.subject("match")) must be \(allowed), not \(TableReader.quoted(text)): "
                        + #""smart" matches the starts of words (Android style), "anywhere" also inside words"#
                )
            }
            match = mode
        }

        if let text = try table.string("region", example: #"region = "GB""#) {
            let isTwoLetters =
                text.unicodeScalars.count == 2
                && text.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) }
            guard text.isEmpty || isTwoLetters else {
                throw table.error(
                    at: "region",
                    "\(table.subject("region")) must be a two-letter ISO 3166 region code such as \"GB\" or \"US\", "
                        + "or \"\" for none; found \(TableReader.quoted(text))"
                )
            }
            if !text.isEmpty {
                guard let known = DialingRegion(text) else {
                    throw table.error(
                        at: "region",
                        "\(table.subject("region")): t9dial does not know how numbers are dialled in "
                            + "\(TableReader.quoted(text.uppercased())); use one of "
                            + DialingRegion.known.keys.sorted().joined(separator: " ")
                            + ", or \"\" to match numbers only as written"
                    )
                }
                region = known.code
            }
        }

        if let number = try table.integer("limit", example: "limit = 20") {
            guard Self.limits.contains(number) else {
                throw table.error(
                    at: "limit",
                    "\(table.subject("limit")) is how many results are shown and must be from 1 to \(Self.limits.upperBound); found \(number)"
                )
            }
            limit = number
        }

        if let ids = try table.strings("layouts", example: #"layouts = ["latin", "greek"]"#) {
            var seen: Set<String> = []
            for id in ids {
                guard !id.isEmpty else {
                    throw table.error(
                        at: "layouts",
                        "\(table.subject("layouts")) has an empty name; list layout file names without .toml, "
                            + #"like layouts = ["latin", "greek"], or [] for all"#
                    )
                }
                guard seen.insert(id).inserted else {
                    throw table.error(at: "layouts", "\(table.subject("layouts")) lists \(TableReader.quoted(id)) twice; remove one")
                }
            }
            layouts = ids
        }

        if let path = try table.string("data_dir", example: #"data_dir = "/usr/share/t9dial""#), !path.isEmpty {
            dataDirectory = PathExpansion.expand(path, configFile: table.document.file, home: home)
        }
    }
}
