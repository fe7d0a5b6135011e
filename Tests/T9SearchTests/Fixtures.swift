// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import T9Search

/// The shipped layouts (Config/layouts), loaded once for all tests.
enum Fixtures {
    static let repository: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    static let alphabet: T9Alphabet = {
        do {
            return T9Alphabet(layouts: try LayoutCatalog.load(directory: repository + "/Config/layouts").layouts)
        } catch {
            fatalError("the shipped layouts must load: \(error)")
        }
    }()

    /// Keys for a string of digits written in a test ("37337").
    static func keys(_ digits: String) -> [UInt8] { digits.unicodeScalars.map { UInt8($0.value - 48) } }

    static func contact(_ name: String, _ numbers: [String] = ["555 0100"], uid: String? = nil, nickname: String? = nil, phonetic: String? = nil)
        -> SearchableContact
    {
        var names = [NameField(name, kind: .displayName)]
        if let nickname { names.append(NameField(nickname, kind: .nickname)) }
        if let phonetic { names.append(NameField(phonetic, kind: .phonetic)) }
        return SearchableContact(names: names, numbers: numbers, uid: uid ?? name)
    }

    static func index(_ contacts: [SearchableContact], options: SearchOptions = SearchOptions(), affinity: [Double] = []) -> SearchIndex {
        SearchIndex(contacts: contacts, alphabet: alphabet, options: options, affinity: affinity)
    }
}
