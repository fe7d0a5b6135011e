// SPDX-License-Identifier: Apache-2.0

/// The ways a phone number can be typed from its start, besides matching in its middle.
///
/// A number matches from the first digit as written, from after its country code (+65 9177...
/// by 9177), and, with a dialing region, in the form people of that region dial: with the trunk
/// prefix (0121... for +44 121...), with the country code for a number saved nationally, and the
/// 10- and 7-digit local forms in North America.
public struct NumberForms: Sendable, Hashable {
    /// A way to type the number: `head` keys not written in the number (a trunk prefix or
    /// a country code), then the number's own keys from `start` on.
    public struct Anchor: Sendable, Hashable {
        public var head: T9Alphabet.KeySequence
        public var start: Int
    }

    /// The number's digits, with scalar positions.
    public let text: KeyedText
    public let anchors: [Anchor]

    public init(_ number: String, region: DialingRegion?) {
        var text = KeyedText()
        text.reset(number: number)
        self.init(text: text, isInternational: Self.startsWithPlus(number), region: region)
    }

    /// The forms of a number already read into `text`.
    public init(text: KeyedText, isInternational: Bool, region: DialingRegion?) {
        self.text = text
        self.anchors = text.keys.withUnsafeBufferPointer { Self.anchors(keys: $0, isInternational: isInternational, region: region) }
    }

    /// Whether the number typed from `anchor`, its head first, starts with `query`.
    public func matches(_ query: [UInt8], from anchor: Anchor) -> Bool {
        query.withUnsafeBufferPointer { query in text.withView { Self.matches(query, from: anchor, keys: $0.keys) } }
    }

    /// Whether the number whose keys are `keys`, typed from `anchor`, starts with `query`.
    static func matches(_ query: UnsafeBufferPointer<UInt8>, from anchor: Anchor, keys: UnsafeBufferPointer<UInt8>) -> Bool {
        let headCount = Int(anchor.head.count)
        for position in 0..<min(headCount, query.count) where anchor.head[position] != query[position] { return false }
        guard query.count > headCount else { return true }
        return FieldMatcher.runMatches(UnsafeBufferPointer(rebasing: query[headCount...]), keys: keys, at: anchor.start)
    }

    public static func startsWithPlus(_ number: String) -> Bool {
        var number = number
        return number.withUTF8(startsWithPlus(utf8:))
    }

    /// Whether a `+` (or a fullwidth one) comes before the first digit.
    public static func startsWithPlus(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let (scalar, length) = UTF8Scalars.decode(bytes, at: index)
            if scalar == "+" || scalar == "\u{FF0B}" { return true }
            if KeyedText.decimalDigit(scalar) != nil { return false }
            index += length
        }
        return false
    }

    /// The anchors of the number whose digits are `keys`.
    static func anchors(keys: UnsafeBufferPointer<UInt8>, isInternational: Bool, region: DialingRegion?) -> [Anchor] {
        withAnchors(keys: keys, isInternational: isInternational, region: region) { Array($0) }
    }

    /// The most anchors a number has: as written, from its country code, its national number,
    /// that with the trunk prefix, and the local form.
    static let maxAnchors = 6

    /// Runs `body` with the anchors of the number whose digits are `keys`, in memory lent for
    /// the call: the highlighter works them out for a few numbers every keystroke, and an
    /// array a number was an allocation each.
    static func withAnchors<Result>(
        keys: UnsafeBufferPointer<UInt8>, isInternational: Bool, region: DialingRegion?, _ body: (UnsafeBufferPointer<Anchor>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: Anchor.self, capacity: maxAnchors) { storage in
            var count = 0
            func add(_ head: [UInt8], _ start: Int) {
                guard start < keys.count || !head.isEmpty, start <= keys.count else { return }
                let anchor = Anchor(head: T9Alphabet.KeySequence(head), start: start)
                guard !storage[..<count].contains(anchor), count < maxAnchors else { return }
                (storage.baseAddress! + count).initialize(to: anchor)
                count += 1
            }
            (storage.baseAddress!).initialize(to: Anchor(head: T9Alphabet.KeySequence([]), start: 0))
            count = 1
            addForms(keys: keys, isInternational: isInternational, region: region, add: add)
            return body(UnsafeBufferPointer(rebasing: storage[..<count]))
        }
    }

    /// Adds the anchors past the first (the number as written) with `add`.
    private static func addForms(
        keys: UnsafeBufferPointer<UInt8>, isInternational: Bool, region: DialingRegion?, add: (_ head: [UInt8], _ start: Int) -> Void
    ) {
        // Where the country code starts, if the number is written internationally.
        var countryCodeStart: Int? = isInternational ? 0 : nil
        if countryCodeStart == nil, let region {
            for prefix in region.internationalPrefixes where keys.starts(with: prefix) && keys.count > prefix.count + 4 {
                countryCodeStart = prefix.count
                break
            }
        }
        if let start = countryCodeStart, let length = CallingCode.length(in: keys[start...]) {
            let national = start + length
            add([], start)
            add([], national)
            if let region, keys[start..<min(national, keys.count)].elementsEqual(region.callingCode) {
                if !region.trunkPrefix.isEmpty { add(region.trunkPrefix, national) }
                if region.isNANP, keys.count - national == 10 { add([], national + 3) }
            }
        } else if let region {
            // Written nationally: with or without the trunk prefix, or with the country code.
            var national = 0
            if region.isNANP {
                if keys.count == 11, keys.first == 1 { national = 1 }
                if keys.count - national == 10 { add([], national + 3) }
            } else if !region.trunkPrefix.isEmpty, keys.starts(with: region.trunkPrefix) {
                national = region.trunkPrefix.count
            }
            if national < keys.count, keys.count - national >= 4 {
                add([], national)
                add(region.callingCode, national)
            }
        }
    }
}
