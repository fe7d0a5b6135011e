// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import SeededRandom
import T9Search
import Testing

/// The T9 index built from fuzzed books must find what the naive matcher finds, with the same
/// quality, in rank order. A book is one contact a line: names split by `|` (the first is the
/// display name, the others nicknames), then a tab and the numbers, split by tabs.
@Suite("Fuzzing the T9 index against a naive matcher")
struct SearchIndexFuzzTests {
    static let runner = FuzzRunner(
        target: "t9index",
        dictionary: [
            "\n", "\t", "|", " ", "-", "'", ".", "John ", "Smith", "Ann-Marie", "O'Brien", "Straße", "Æsa", "Ólafur", "José",
            "Σωκράτης", "Ёлка", "Владимир", "李小龍", "e\u{0301}", "\u{0300}", "\u{1F600}", "٣٤٥", "555 0100", "(020) 7946-0000",
            "+", "0", "5555555555555555555555555555555555555555555555555555555555555555555", "Dr. A B C D E F G H I J",
        ],
        mutations: 300,
        maxLength: 4 * 1024
    )

    static let alphabet: T9Alphabet = {
        do {
            return T9Alphabet(layouts: try LayoutCatalog.load(directory: FuzzRunner.repository + "/Config/layouts").layouts)
        } catch {
            fatalError("the shipped layouts must load: \(error)")
        }
    }()

    static func book(_ input: [UInt8]) -> [SearchableContact] {
        input.text.split(separator: "\n").prefix(48).enumerated().map { position, line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let names = fields[0].split(separator: "|").enumerated().map { index, name in
                NameField(String(name), kind: index == 0 ? .displayName : .nickname)
            }
            // No `+` (a scalar: "+\u{300}" is one Character): the naive matcher knows no country codes.
            let numbers = fields.dropFirst().map { field in
                var number = ""
                number.unicodeScalars.append(contentsOf: field.unicodeScalars.filter { $0 != "+" && $0 != "\u{FF0B}" })
                return number
            }
            return SearchableContact(names: names, numbers: numbers, uid: "c\(position)")
        }
    }

    /// Queries likely to find something: prefixes of words and numbers, runs across words,
    /// and random digits.
    static func queries(_ contacts: [SearchableContact], random: inout SplitMix) -> [[UInt8]] {
        var queries: [[UInt8]] = (0..<8).map { _ in (0...random.below(4)).map { _ in UInt8(random.below(10)) } }
        for contact in contacts {
            let texts = contact.names.map { NaiveT9Matcher.keyed($0.text, alphabet: alphabet).keys } + contact.numbers.map(NaiveT9Matcher.numberDigits)
            for keys in texts where !keys.isEmpty {
                let start = random.oneIn(2) ? 0 : random.below(keys.count)
                queries.append(Array(keys[start..<min(keys.count, start + 1 + random.below(8))]))
            }
        }
        return queries
    }

    @Test(arguments: MatchMode.allCases)
    func t9index(_ mode: MatchMode) {
        Self.runner.run(variant: "-\(mode)") { check, input in
            let contacts = Self.book(input)
            let index = SearchIndex(contacts: contacts, alphabet: Self.alphabet, options: SearchOptions(mode: mode))
            var random = SplitMix(seed: FuzzRunner.fixedSeed(input.text))
            for name in contacts.flatMap(\.names) where name.text.unicodeScalars.allSatisfy(\.isASCII) {
                let folded = KeyedText(name.text, alphabet: Self.alphabet)
                let naive = NaiveT9Matcher.keyed(name.text, alphabet: Self.alphabet)
                check.expect(
                    folded.keys == naive.keys && folded.words == naive.words, "\(name.text.debugDescription) folds to \(folded.keys), words \(folded.words)")
            }
            for query in Self.queries(contacts, random: &random) {
                let expected = NaiveT9Matcher.search(query, in: contacts, alphabet: Self.alphabet, mode: mode)
                let found = index.search(query, limit: max(1, contacts.count))
                let label = "\(mode) query \(query.map(String.init).joined())"
                check.expect(Set(found.map(\.contact)).count == found.count, "\(label): a contact found twice")
                let foundQualities = Dictionary(found.map { ($0.contact, $0.quality) }, uniquingKeysWith: min)
                check.expect(
                    foundQualities == expected, "\(label): index \(foundQualities.sorted { $0.key < $1.key }), naive \(expected.sorted { $0.key < $1.key })")
                let order = found.map { (Int($0.quality.rawValue), index.rank(of: $0.contact)) }
                check.expect(zip(order, order.dropFirst()).allSatisfy { $0 < $1 }, "\(label): results out of order")
            }
        }
    }
}
