// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import T9Search
import Testing

@Suite("Layout files")
struct LayoutFileTests {
    // MARK: The shipped layouts

    static let shippedIDs = ["latin", "cyrillic", "greek"]

    static func shipped(_ id: String) throws -> KeypadLayout {
        try LayoutFile.load(path: "\(TestFiles.layoutsDirectory)/\(id).toml")
    }

    @Test("The shipped layouts load", arguments: shippedIDs)
    func shippedLayoutLoads(id: String) throws {
        let layout = try Self.shipped(id)
        #expect(layout.id == id)
        #expect(!layout.name.isEmpty)
        #expect(Set(layout.keys.keys) == Set(2...9))
    }

    @Test(
        "Letters are on the keys phones print them on",
        arguments: [
            ("latin", "a", 2), ("latin", "c", 2), ("latin", "f", 3), ("latin", "i", 4), ("latin", "l", 5),
            ("latin", "o", 6), ("latin", "s", 7), ("latin", "v", 8), ("latin", "w", 9), ("latin", "z", 9),
            ("cyrillic", "а", 2), ("cyrillic", "г", 2), ("cyrillic", "ґ", 2), ("cyrillic", "ѓ", 2),
            ("cyrillic", "д", 3), ("cyrillic", "ђ", 3), ("cyrillic", "ё", 3), ("cyrillic", "є", 3),
            ("cyrillic", "з", 3), ("cyrillic", "ѕ", 3),
            ("cyrillic", "и", 4), ("cyrillic", "і", 4), ("cyrillic", "ї", 4), ("cyrillic", "й", 4),
            ("cyrillic", "ј", 4), ("cyrillic", "ќ", 4), ("cyrillic", "љ", 4),
            ("cyrillic", "м", 5), ("cyrillic", "њ", 5), ("cyrillic", "п", 5),
            ("cyrillic", "р", 6), ("cyrillic", "ћ", 6), ("cyrillic", "у", 6), ("cyrillic", "ў", 6),
            ("cyrillic", "ф", 7), ("cyrillic", "ч", 7), ("cyrillic", "џ", 7),
            ("cyrillic", "ш", 8), ("cyrillic", "ъ", 8), ("cyrillic", "ы", 8),
            ("cyrillic", "ь", 9), ("cyrillic", "э", 9), ("cyrillic", "я", 9),
            ("greek", "α", 2), ("greek", "ζ", 3), ("greek", "θ", 4), ("greek", "μ", 5), ("greek", "ξ", 6),
            ("greek", "σ", 7), ("greek", "ς", 7), ("greek", "φ", 8), ("greek", "ψ", 9), ("greek", "ω", 9),
        ] as [(String, Unicode.Scalar, UInt8)]
    )
    func letterIsOnKey(id: String, letter: Unicode.Scalar, digit: UInt8) throws {
        let layout = try Self.shipped(id)
        let keys = layout.keys.filter { $0.value.contains(letter) }.map(\.key)
        #expect(keys == [digit])
    }

    @Test("Multi-tap order is the printed order")
    func multiTapOrder() throws {
        let letters = { (id: String, digit: UInt8) in try String(String.UnicodeScalarView(Self.shipped(id).keys[digit] ?? [])) }
        #expect(try letters("latin", 7) == "pqrs")
        #expect(try letters("latin", 9) == "wxyz")
        #expect(try letters("cyrillic", 3).hasPrefix("дђеё"))
        #expect(try letters("greek", 7) == "πρσς")
    }

    @Test(
        "Latin expansions spell letters with Latin letters",
        arguments: [("ß", "ss"), ("æ", "ae"), ("œ", "oe"), ("þ", "th"), ("ĳ", "ij")] as [(Unicode.Scalar, String)]
    )
    func latinExpansion(letter: Unicode.Scalar, spelling: String) throws {
        let layout = try Self.shipped("latin")
        #expect(layout.expansions[letter] == Array(spelling.unicodeScalars))
    }

    @Test("Accented letters are left to the core's folding")
    func noAccentedLetters() throws {
        for id in Self.shippedIDs {
            let letters = try Self.shipped(id).keys.values.joined()
            #expect(!letters.contains("é"))
            #expect(!letters.contains("ά"))
            #expect(!letters.contains("ѝ"))
        }
    }

    // MARK: Parsing

    @Test(
        "The id is the file name without .toml",
        arguments: [
            ("layouts/hebrew.toml", "hebrew"), ("/a/b/latin-alt.toml", "latin-alt"), ("greek", "greek"),
        ])
    func idOfFile(file: String, id: String) {
        #expect(LayoutFile.id(ofFile: file) == id)
    }

    @Test("The name defaults to the id")
    func nameDefaultsToID() throws {
        let layout = try LayoutFile.parse(text: "[keys]\n2 = \"abc\"\n", file: "mini.toml")
        #expect(layout.name == "mini")
        #expect(layout.keys == [2: ["a", "b", "c"]])
        #expect(layout.expansions.isEmpty)
    }

    @Test("Letters written decomposed are read as one letter")
    func decomposedLetters() throws {
        let layout = try LayoutFile.parse(text: "[keys]\n3 = \"de\u{301}f\"\n", file: "x.toml")
        #expect(layout.keys[3] == ["d", "é", "f"])
    }

    @Test(
        "A bad layout file names the line and key and says how to fix it",
        arguments: [
            ("[keys]\n2 = \"abc\"\n12 = \"def\"\n", 3, "keys.12", "keys are the single digits 0 to 9"),
            ("[keys]\nx = \"abc\"\n", 2, "keys.x", "is not a key of the keypad"),
            ("[keys]\n2 = \"aBc\"\n", 2, "keys.2", #""B" (U+0042) on key 2 is uppercase; write letters in lowercase ("b")"#),
            ("[keys]\n2 = \"a b\"\n", 2, "keys.2", "is a space; write the letters together"),
            ("[keys]\n2 = \"a1\"\n", 2, "keys.2", "is a digit"),
            ("[keys]\n2 = \"\u{301}a\"\n", 2, "keys.2", "is a combining mark"),
            ("[keys]\n2 = \"abc\"\n\n3 = \"dea\"\n", 4, "keys.3", #""a" (U+0061) is on key 2 and on key 3; a letter can be on one key only"#),
            ("[keys]\n2 = \"aab\"\n", 2, "keys.2", "is listed twice on key 2"),
            ("[keys]\n2 = \"\"\n", 2, "keys.2", "has no letters"),
            ("[keys]\n2 = 5\n", 2, "keys.2", #"must be a string, like 2 = "abc"; found the whole number 5"#),
            ("name = \"X\"\n[key]\n2 = \"abc\"\n", 2, "key", "unknown table [key]; did you mean [keys]?"),
            ("nmae = \"X\"\n[keys]\n2 = \"abc\"\n", 1, "nmae", #"unknown key "nmae" at the top level; did you mean "name"?"#),
            ("name = \"\"\n[keys]\n2 = \"abc\"\n", 1, "name", #""name" is empty"#),
            ("keys = \"abc\"\n", 1, "keys", "must be a table: write [keys] on a line of its own"),
            (
                "[keys]\n2 = \"abc\"\n3 = \"s\"\n[expansions]\n\"ß\" = \"sz\"\n", 5, #"expansions."ß""#,
                #""z" (U+007A), which is on no key of this layout"#
            ),
            ("[keys]\n2 = \"abc\"\n[expansions]\n\"ab\" = \"ab\"\n", 4, #"expansions.ab"#, "must be a single letter"),
            ("[keys]\n2 = \"abc\"\n[expansions]\n\"a\" = \"bc\"\n", 4, "expansions.a", "is on key 2 and also expanded"),
            ("[keys]\n2 = \"abc\"\n[expansions]\n\"Æ\" = \"ab\"\n", 4, #"expansions."Æ""#, "is uppercase"),
            ("[keys]\n2 = \"abc\"\n[expansions]\n\"æ\" = \"\"\n", 4, #"expansions."æ""#, "is spelled as nothing"),
            ("[keys]\n2 = \"abc\"\n[expansions]\n\"æ\" = [\"a\"]\n", 4, #"expansions."æ""#, "must be a string"),
            ("[keys\n2 = \"abc\"\n", 1, nil, "not valid TOML"),
        ] as [(String, Int, String?, String)]
    )
    func badLayout(text: String, line: Int, key: String?, fragment: String) {
        #expect {
            try LayoutFile.parse(text: text, file: "layouts/bad.toml")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.file == "layouts/bad.toml" && error.line == line && error.key == key
                && error.description.hasPrefix("layouts/bad.toml:\(line): ") && error.message.contains(fragment)
        }
    }

    @Test("A file without [keys] says to add it")
    func missingKeys() {
        #expect(
            throws: ConfigError(
                file: "x.toml",
                message: #"has no [keys] table; add one with a line per digit key, like [keys] and then 2 = "abc""#
            )
        ) {
            try LayoutFile.parse(text: "name = \"X\"\n", file: "x.toml")
        }
    }

    @Test("A missing file is an error naming it")
    func missingFile() {
        #expect(throws: ConfigError(file: "/nonexistent/x.toml", message: "no such file; check the path")) {
            try LayoutFile.load(path: "/nonexistent/x.toml")
        }
    }
}
