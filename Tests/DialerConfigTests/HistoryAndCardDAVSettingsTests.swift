// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Telephony
import Testing

@Suite("[history] and [carddav] settings")
struct HistoryAndCardDAVSettingsTests {
    static func parse(_ text: String) throws -> DialerConfiguration {
        try DialerConfiguration.parse(text: text, file: "t9dial.toml", environment: ["HOME": "/home/ann"])
    }

    @Test func defaults() throws {
        let configuration = try Self.parse("")
        #expect(configuration.history == HistorySettings(favouriteCategory: "Favorites", favourites: []))
        #expect(configuration.carddav == CardDAVSettings(url: nil, user: nil, passwordFile: nil, intervalMinutes: 15))
    }

    @Test func everyKeyIsRead() throws {
        let configuration = try Self.parse(
            """
            [history]
            favourite_category = ""
            favourites = ["Mum", "uid-1"]
            keep_calls = 2500
            [carddav]
            url = "https://dav.example.org/ann/contacts/"
            user = "ann"
            password_file = "~/.config/t9dial/carddav-password"
            interval_min = 60
            """
        )
        #expect(configuration.history == HistorySettings(favouriteCategory: nil, favourites: ["Mum", "uid-1"], keepCalls: 2500))
        #expect(configuration.carddav.passwordFile == "/home/ann/.config/t9dial/carddav-password")
        #expect(configuration.carddav.intervalMinutes == 60)
    }

    @Test(
        "A bad value names the line and key and says what is allowed",
        arguments: [
            ("[carddav]\nurl = \"dav.example.org\"\n", 2, "carddav.url", "must be an http:// or https:// address"),
            ("[carddav]\nurl = \"https://dav.example.org/\"\n", 2, "carddav.url", "needs user ="),
            // A password in the URL would be printed wherever the URL is, and is not quoted back.
            ("[carddav]\nuser = \"ann\"\nurl = \"https://ann:s3cret@dav.example.org/\"\n", 3, "carddav.url", "holds a user or password"),
            ("[history]\nfavourites = \"Mum\"\n", 2, "history.favourites", "must be a list of strings"),
            ("[history]\nkeep_calls = 99\n", 2, "history.keep_calls", "must be from 100 to 1000000"),
            ("[history]\nkeep_calls = \"all\"\n", 2, "history.keep_calls", "must be a whole number"),
        ]
    )
    func badValue(text: String, line: Int, key: String, message: String) {
        #expect {
            try Self.parse(text)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == line && error.key == key && error.description.contains(message)
        }
    }
}
