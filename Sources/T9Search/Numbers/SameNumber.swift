// SPDX-License-Identifier: Apache-2.0

/// Whether two phone numbers written differently reach the same line: the question an incoming
/// call asks of the book ("+44 121 496 0000" calling, "0121 496 0000" saved).
///
/// Each number is brought to its international digits when that can be known: written with
/// `+` or the region's international prefix (00, 011), or written nationally in a known region
/// (the trunk prefix dropped, the calling code put before). Numbers with international forms
/// are the same when those are; otherwise only the same digits are. Partial forms (the number
/// after its country code alone, a 7-digit local form) are not used: two countries' numbers
/// can share them.
public enum SameNumber {
    /// Whether `first` and `second` are the same number in `region` (nil: no national forms).
    public static func matches(_ first: String, _ second: String, region: DialingRegion?) -> Bool {
        let (a, b) = (digits(first), digits(second))
        guard !a.isEmpty, !b.isEmpty else { return false }
        if let x = international(a, written: first, region: region), let y = international(b, written: second, region: region) {
            return x == y
        }
        return a == b
    }

    /// The digits of `number` as keys, every other character dropped.
    package static func digits(_ number: String) -> [UInt8] {
        var text = KeyedText()
        text.reset(number: number)
        return text.keys
    }

    /// The number's country code and national number, when they can be known.
    package static func international(_ keys: [UInt8], written: String, region: DialingRegion?) -> [UInt8]? {
        if NumberForms.startsWithPlus(written) { return keys }
        guard let region else { return nil }
        for prefix in region.internationalPrefixes where keys.starts(with: prefix) && keys.count > prefix.count + 4 {
            return Array(keys.dropFirst(prefix.count))
        }
        var national = keys[...]
        if region.isNANP {
            if keys.count == 11, keys.first == 1 { national = keys.dropFirst() }
            guard national.count == 10 else { return nil }
        } else if !region.trunkPrefix.isEmpty {
            guard keys.starts(with: region.trunkPrefix) else { return nil }
            national = keys.dropFirst(region.trunkPrefix.count)
        }
        guard national.count >= 4 else { return nil }
        return region.callingCode + national
    }
}

extension SearchIndex {
    /// The contact with `number` among its numbers (`SameNumber`, in the search's region), the
    /// best ranked when several have it; nil when none has. Looked for with the search itself,
    /// among the best 200 contacts whose numbers hold those digits, so a caller is found as fast
    /// as a query is.
    public func contact(withNumber number: String) -> Int? {
        contactAndNumber(withNumber: number)?.contact
    }

    /// The contact whose number is `number` (as `contact(withNumber:)` finds it), and that
    /// number as the book writes it: a caller is shown as the user saved them.
    public func contactAndNumber(withNumber number: String) -> (contact: Int, number: String)? {
        let keys = SameNumber.digits(number)
        guard keys.count >= 3 else { return nil }
        // A national number saved abroad is found by its digits after the trunk prefix, with the
        // calling code in front; the digits as they came find the rest.
        var queries = [keys]
        if let region = options.region, let international = SameNumber.international(keys, written: number, region: region),
            international != keys
        {
            queries.append(international)
        }
        for query in queries {
            for result in search(query, limit: 200) {
                guard case .number(let position) = result.field else { continue }
                let numbers = contacts[result.contact].numbers
                if numbers.indices.contains(position), SameNumber.matches(numbers[position], number, region: options.region) {
                    return (result.contact, numbers[position])
                }
            }
        }
        return nil
    }
}
