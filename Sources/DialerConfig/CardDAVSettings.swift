// SPDX-License-Identifier: Apache-2.0

/// The `[carddav]` table of t9dial.toml: an address book the daemon keeps in sync.
public struct CardDAVSettings: Sendable, Hashable {
    /// The address book's URL; nil when none is synced.
    public var url: String?
    public var user: String?
    /// A file holding the password alone (mode 0600), so it is not in the config.
    public var passwordFile: String?
    /// Minutes between syncs.
    public var intervalMinutes: Int

    public init(url: String? = nil, user: String? = nil, passwordFile: String? = nil, intervalMinutes: Int = 15) {
        self.url = url
        self.user = user
        self.passwordFile = passwordFile
        self.intervalMinutes = intervalMinutes
    }
}

extension CardDAVSettings {
    static let tableName = "carddav"
    static let keys = ["url", "user", "password_file", "interval_min"]

    init(reading table: TableReader, home: String?) throws(ConfigError) {
        self.init()
        try table.rejectUnknownKeys(keys: Self.keys)
        if let text = try table.string("url", example: #"url = "https://dav.example.org/ann/contacts/""#), !text.isEmpty {
            guard text.hasPrefix("https://") || text.hasPrefix("http://") else {
                throw table.error(at: "url", "\(table.subject("url")) must be an http:// or https:// address; found \(TableReader.quoted(text))")
            }
            // A password in the URL would be printed wherever the URL is: refused, and not
            // quoted back.
            let authority = text.drop(while: { $0 != "/" }).dropFirst(2).prefix(while: { $0 != "/" })
            guard !authority.contains("@") else {
                throw table.error(
                    at: "url",
                    "\(table.subject("url")) holds a user or password (user:password@); write the address without it, "
                        + "the user in user = \"NAME\" and the password in the file password_file names"
                )
            }
            url = text
        }
        if let name = try table.string("user", example: #"user = "ann""#), !name.isEmpty { user = name }
        if let path = try table.string("password_file", example: #"password_file = "~/.config/t9dial/carddav-password""#), !path.isEmpty {
            passwordFile = PathExpansion.expand(path, configFile: table.document.file, home: home)
        }
        intervalMinutes = try table.integer("interval_min", in: 1...1440, example: "interval_min = 15", meaning: "the minutes between syncs") ?? intervalMinutes
        if url != nil, user == nil || passwordFile == nil {
            throw table.error(at: "url", "a CardDAV address book needs user = \"NAME\" and password_file = \"PATH\" too")
        }
    }
}
