// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Foundation
import Glibc

/// The board's files in the soak's folder: the config, the contact file the hourly rewrite
/// replaces, the CardDAV password, and input/ as /dev/input. Its contacts are made up, the
/// same each time: `count` people with ASCII names and numbers of their own, and a marker
/// whose name says which rewrite the file is at.
struct SoakBoard {
    let directory: String
    var configFile: String { directory + "/t9dial.toml" }
    var bookFile: String { directory + "/book.vcf" }
    var passwordFile: String { directory + "/carddav-password" }
    var inputDirectory: String { directory + "/input" }
    var keypadPath: String { inputDirectory + "/event0" }
    /// The folder the synced cards are cached in.
    var syncedFolder: String { directory + "/carddav" }

    /// The people of the book file.
    let people: [Person]

    struct Person: Sendable {
        var uid: String
        var name: String
        var number: String
    }

    /// The marker contact's UID: its name is "Marker" and the rewrite's number.
    static let markerUID = "soak-marker"

    static let firstNames = [
        "Ada", "Alan", "Alice", "Amir", "Anna", "Bella", "Boris", "Carla", "Chen", "Clara", "Dan", "Dora", "Eli", "Emma",
        "Felix", "Fiona", "Gus", "Hana", "Ivan", "Jade", "Jon", "Kai", "Lara", "Leo", "Maya", "Nils", "Nora", "Omar", "Paul",
        "Quinn", "Rosa", "Sam", "Tara", "Theo", "Uma", "Vera", "Wade", "Xena", "Yuri", "Zoe",
    ]
    static let lastNames = [
        "Adams", "Baker", "Clark", "Davis", "Evans", "Fisher", "Green", "Hall", "Irwin", "Jones", "King", "Lewis", "Moore",
        "Nash", "Owens", "Price", "Quinn", "Reed", "Smith", "Turner", "Underwood", "Vance", "Walker", "Young", "Zimmer",
    ]

    init(directory: String, count: Int) {
        self.directory = directory
        people = (0..<count).map { index in
            let first = Self.firstNames[index % Self.firstNames.count]
            let last = Self.lastNames[(index / Self.firstNames.count + index) % Self.lastNames.count]
            return Person(uid: "person-\(index)", name: "\(first) \(last)", number: "+44 20 7946 \(String(format: "%04d", index))")
        }
    }

    /// Makes the folders and the password file (mode 0600, as the sync wants it).
    func create(password: String) throws {
        try FileManager.default.createDirectory(atPath: inputDirectory, withIntermediateDirectories: true)
        try (password + "\n").write(toFile: passwordFile, atomically: true, encoding: .utf8)
        chmod(passwordFile, 0o600)
    }

    /// Writes the config: the book file, baresip at `control`, the address book at `bookURL`
    /// synced every 15 minutes, and a history of the fewest calls allowed, so that it reaches
    /// its limit on day 2 and is pruned at every call from then on. `revision` goes in a
    /// comment: a new one is a changed file.
    /// `[history] keep_calls` in the soak's config.
    static let keptCalls = HistorySettings.keepCallsRange.lowerBound

    func writeConfig(control: String, bookURL: String, user: String, revision: Int) throws {
        let config = """
            # The soak's config, revision \(revision).
            contacts = ["\(bookFile)"]

            [dial]
            method = "baresip"
            control = "\(control)"

            [history]
            keep_calls = \(SoakBoard.keptCalls)

            [carddav]
            url = "\(bookURL)"
            user = "\(user)"
            password_file = "\(passwordFile)"
            interval_min = 15

            """
        try config.write(toFile: configFile, atomically: true, encoding: .utf8)
    }

    /// Writes the book file whole, as an editor or a script would (a new file renamed into
    /// place), with the marker named for `revision`.
    func writeBook(revision: Int) throws {
        var text = ""
        for person in people + [Person(uid: Self.markerUID, name: Self.markerName(revision), number: "+44 20 7946 9999")] {
            text += "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(person.uid)\r\nFN:\(person.name)\r\nTEL;TYPE=CELL:\(person.number)\r\nEND:VCARD\r\n"
        }
        try text.write(toFile: bookFile, atomically: true, encoding: .utf8)
    }

    static func markerName(_ revision: Int) -> String { "Marker \(revision)" }
}
