// SPDX-License-Identifier: Apache-2.0

/// The contacts an index searches, stored compactly: every text of every contact in one UTF-8
/// buffer, with the offsets where each field ends; a UID that is a UUID is packed into 17
/// bytes (`PackedUID`). A number's label is four bits of its field's kind byte, and a label
/// of the source's own (`NumberLabel.custom`) a field after the numbers, so labels cost
/// nothing but for the rare custom one.
///
/// A hundred thousand contacts as Swift values cost several allocations each (strings, arrays);
/// here they are four arrays in all, a few bytes a field. A contact is made into a
/// `SearchableContact` only when one is asked for, as for the twenty results on screen.
public struct ContactTable: Sendable, RandomAccessCollection {
    /// What a field holds. Names keep the order of `NameField.Kind`.
    enum FieldKind: UInt8 {
        case uid = 0
        case displayName, nickname, phonetic, sortAs, organization
        case number
        /// The text of a number's custom label: after the numbers, one for each number whose
        /// label is `.custom`, in the numbers' order.
        case numberLabel

        init(_ kind: NameField.Kind) {
            switch kind {
            case .displayName: self = .displayName
            case .nickname: self = .nickname
            case .phonetic: self = .phonetic
            case .sortAs: self = .sortAs
            case .organization: self = .organization
            }
        }

        var nameKind: NameField.Kind? {
            switch self {
            case .displayName: .displayName
            case .nickname: .nickname
            case .phonetic: .phonetic
            case .sortAs: .sortAs
            case .organization: .organization
            case .uid, .number, .numberLabel: nil
            }
        }
    }

    /// A field's kind byte: the kind in the low three bits; for a number, whether it is the
    /// preferred one in bit 3 and its label's kind in the high four.
    private static func tag(_ kind: FieldKind, label: NumberLabel = NumberLabel()) -> UInt8 {
        kind.rawValue | (label.isPreferred ? 8 : 0) | label.kind.rawValue << 4
    }

    private var bytes: [UInt8] = []
    /// Where each field ends in `bytes`; a field starts where the one before it ends.
    private var fieldEnds: [UInt32] = []
    /// Each field's kind, and a number's label (`tag(_:label:)`).
    private var fieldTags: [UInt8] = []
    /// Contact `c` has fields `firstFields[c] ..< firstFields[c + 1]`: its UID, its names in
    /// order, then its numbers in order.
    private var firstFields: [UInt32] = [0]
    private var preferredNumbers: [UInt8] = []

    public init() {}

    public init(_ contacts: some Sequence<SearchableContact>) {
        for contact in contacts { append(contact) }
    }

    public mutating func append(_ contact: SearchableContact) {
        add(contact.uid, .uid)
        for name in contact.names { add(name.text, FieldKind(name.kind)) }
        for (position, number) in contact.numbers.enumerated() {
            add(number, .number, label: contact.label(ofNumber: position))
        }
        for position in contact.numbers.indices {
            if let custom = contact.label(ofNumber: position).custom { add(custom, .numberLabel) }
        }
        firstFields.append(UInt32(fieldEnds.count))
        preferredNumbers.append(UInt8(clamping: contact.preferredNumber))
    }

    /// Appends contacts `rows` of `other` as they are stored, without making them into
    /// `SearchableContact` values: a reloaded book keeps the contacts of a file that no longer
    /// loads this way. `rows` must be within `other.indices`.
    public mutating func append(rows: Range<Int>, of other: ContactTable) {
        guard !rows.isEmpty else { return }
        let fields = Int(other.firstFields[rows.lowerBound])..<Int(other.firstFields[rows.upperBound])
        let byteStart = fields.lowerBound == 0 ? 0 : Int(other.fieldEnds[fields.lowerBound - 1])
        let byteEnd = fields.isEmpty ? byteStart : Int(other.fieldEnds[fields.upperBound - 1])
        let byteShift = Int64(bytes.count) - Int64(byteStart)
        let fieldShift = Int64(fieldEnds.count) - Int64(fields.lowerBound)
        bytes.append(contentsOf: other.bytes[byteStart..<byteEnd])
        fieldEnds.append(contentsOf: other.fieldEnds[fields].lazy.map { UInt32(Int64($0) + byteShift) })
        fieldTags.append(contentsOf: other.fieldTags[fields])
        firstFields.append(contentsOf: other.firstFields[(rows.lowerBound + 1)...rows.upperBound].lazy.map { UInt32(Int64($0) + fieldShift) })
        preferredNumbers.append(contentsOf: other.preferredNumbers[rows])
    }

    /// Appends every contact of `other`: a book read in parts joins them this way. Into an
    /// empty table, `other` is taken as it is, not copied.
    public mutating func append(contentsOf other: ContactTable) {
        if isEmpty {
            self = other
        } else {
            append(rows: other.indices, of: other)
        }
    }

    private mutating func add(_ text: String, _ kind: FieldKind, label: NumberLabel = NumberLabel()) {
        var text = text
        text.withUTF8 { utf8 in
            if kind != .uid || !PackedUID.pack(utf8, into: &bytes) { bytes.append(contentsOf: utf8) }
        }
        fieldEnds.append(UInt32(bytes.count))
        fieldTags.append(Self.tag(kind, label: label))
    }

    /// Gives back the spare capacity left by appending; call once the table is complete.
    public mutating func shrink() {
        bytes = bytes.withoutSpareCapacity()
        fieldEnds = fieldEnds.withoutSpareCapacity()
        fieldTags = fieldTags.withoutSpareCapacity()
        firstFields = firstFields.withoutSpareCapacity()
        preferredNumbers = preferredNumbers.withoutSpareCapacity()
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { preferredNumbers.count }

    /// The bytes its arrays hold: the texts, then a few bytes a field and a contact.
    public var storageBytes: Int {
        bytes.count + 4 * fieldEnds.count + fieldTags.count + 4 * firstFields.count + preferredNumbers.count
    }

    public subscript(position: Int) -> SearchableContact {
        var uid = ""
        var names: [NameField] = []
        var numbers: [String] = []
        var labels: [NumberLabel] = []
        for field in fields(of: position) {
            let text = self.text(of: field)
            switch kind(of: field) {
            case .uid: uid = text
            case .number: numbers.append(text)
            case .numberLabel: break
            case let kind: names.append(NameField(text, kind: kind.nameKind!))
            }
        }
        withTexts(of: position, unpackingUID: false) { texts in
            labels = (0..<texts.numberCount).map { texts.label(ofNumber: $0) }
        }
        return SearchableContact(
            names: names, numbers: numbers, numberLabels: labels, preferredNumber: Int(preferredNumbers[position]), uid: uid)
    }

    /// The UID of a contact, without making the rest of it.
    public func uid(of contact: Int) -> String { text(of: fields(of: contact).lowerBound) }

    /// A text of a contact, as `SearchableContact` numbers them: its UID, its names in order
    /// (the first is the display name), its numbers in order.
    public enum FieldText: Hashable, Sendable {
        case uid
        case name(Int)
        case number(Int)
    }

    /// Runs `body` with the texts of `contact` as UTF-8 bytes, read where they are stored (no
    /// String is made, and no contact): for output that copies them, twenty results a query.
    /// Not generic, so a caller in another module calls it without making type metadata.
    public func withTexts(of contact: Int, _ body: (ContactTexts) -> Void) {
        withTexts(of: contact, unpackingUID: true, body)
    }

    /// `withTexts(of:)`, leaving a packed UID as stored when `unpackingUID` is false: the
    /// highlighter reads only names and numbers.
    func withTexts(of contact: Int, unpackingUID: Bool, _ body: (ContactTexts) -> Void) {
        let fields = fields(of: contact)
        bytes.withUnsafeBufferPointer { bytes in
            fieldEnds.withUnsafeBufferPointer { fieldEnds in
                fieldTags.withUnsafeBufferPointer { fieldTags in
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: PackedUID.unpackedCapacity) { uidText in
                        let uid = Self.utf8(of: fields.lowerBound, bytes: bytes, fieldEnds: fieldEnds)
                        let uidBytes =
                            unpackingUID && PackedUID.isPacked(uid)
                            ? UnsafeBufferPointer(rebasing: uidText[0..<PackedUID.unpack(uid, into: uidText)]) : uid
                        // The UID, then the names, then the numbers, then any custom labels: the first
                        // number is found from the names, the end of the numbers from the last field.
                        var firstNumber = fields.lowerBound + 1
                        while firstNumber < fields.upperBound && fieldTags[firstNumber] & 7 != FieldKind.number.rawValue { firstNumber += 1 }
                        var numbersEnd = fields.upperBound
                        while numbersEnd > firstNumber && fieldTags[numbersEnd - 1] & 7 == FieldKind.numberLabel.rawValue { numbersEnd -= 1 }
                        body(
                            ContactTexts(
                                bytes: bytes, fieldEnds: fieldEnds, fieldTags: fieldTags, fields: fields, firstNumber: firstNumber,
                                numbersEnd: numbersEnd, uid: uidBytes))
                    }
                }
            }
        }
    }

    /// The stored bytes of `field`.
    @inline(__always)
    private static func utf8(of field: Int, bytes: UnsafeBufferPointer<UInt8>, fieldEnds: UnsafeBufferPointer<UInt32>) -> UnsafeBufferPointer<UInt8> {
        let start = field == 0 ? 0 : Int(fieldEnds[field - 1])
        return UnsafeBufferPointer(rebasing: bytes[start..<Int(fieldEnds[field])])
    }

    /// The texts of one contact, as `withTexts(of:)` lends them: valid only inside its body.
    public struct ContactTexts {
        fileprivate let bytes: UnsafeBufferPointer<UInt8>
        fileprivate let fieldEnds: UnsafeBufferPointer<UInt32>
        fileprivate let fieldTags: UnsafeBufferPointer<UInt8>
        fileprivate let fields: Range<Int>
        fileprivate let firstNumber: Int
        fileprivate let numbersEnd: Int
        /// The UID, unpacked if it was stored packed.
        public let uid: UnsafeBufferPointer<UInt8>

        /// How many names the contact has: `.name(0) ..< .name(nameCount)`.
        public var nameCount: Int { firstNumber - fields.lowerBound - 1 }
        /// How many numbers the contact has.
        public var numberCount: Int { numbersEnd - firstNumber }

        /// The label of number `position`; none for a number the contact does not have.
        public func label(ofNumber position: Int) -> NumberLabel {
            guard position >= 0, firstNumber + position < numbersEnd else { return NumberLabel() }
            let tag = fieldTags[firstNumber + position]
            let kind = NumberLabel.Kind(rawValue: tag >> 4) ?? .none
            let isPreferred = tag & 8 != 0
            guard kind == .custom else { return NumberLabel(kind, isPreferred: isPreferred) }
            // The custom labels follow the numbers, one for each custom-labelled number.
            let before = (firstNumber..<firstNumber + position).count { fieldTags[$0] >> 4 == NumberLabel.Kind.custom.rawValue }
            let field = numbersEnd + before
            guard field < fields.upperBound else { return NumberLabel(isPreferred: isPreferred) }
            let text = String(decoding: ContactTable.utf8(of: field, bytes: bytes, fieldEnds: fieldEnds), as: UTF8.self)
            return NumberLabel(custom: text, isPreferred: isPreferred)
        }

        /// The UTF-8 of a text; a name or number the contact does not have is empty.
        public subscript(text: FieldText) -> UnsafeBufferPointer<UInt8> {
            let field: Int
            switch text {
            case .uid:
                return uid
            case .name(let position):
                field = fields.lowerBound + 1 + position
                guard position >= 0, field < firstNumber else { return UnsafeBufferPointer(start: nil, count: 0) }
            case .number(let position):
                field = firstNumber + position
                guard position >= 0, field < numbersEnd else { return UnsafeBufferPointer(start: nil, count: 0) }
            }
            return ContactTable.utf8(of: field, bytes: bytes, fieldEnds: fieldEnds)
        }
    }

    // MARK: Fields without making strings, for building the index and highlighting.

    /// The fields of a contact, as indices for `kind(of:)`, `text(of:)` and `withUTF8(of:)`.
    func fields(of contact: Int) -> Range<Int> { Int(firstFields[contact])..<Int(firstFields[contact + 1]) }

    func kind(of field: Int) -> FieldKind { FieldKind(rawValue: fieldTags[field] & 7) ?? .uid }

    func text(of field: Int) -> String {
        withUTF8(of: field) { String(decoding: $0, as: UTF8.self) }
    }

    func withUTF8<Result>(of field: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            fieldEnds.withUnsafeBufferPointer { fieldEnds in
                let stored = Self.utf8(of: field, bytes: bytes, fieldEnds: fieldEnds)
                // Only a UID can be packed: no text of UTF-8 starts as a packed one does.
                return PackedUID.isPacked(stored) ? PackedUID.withUnpacked(stored, body) : body(stored)
            }
        }
    }

    /// Reads a little of each contact's rows, all contacts at once, so the memory that
    /// highlighting and printing them will read is brought into the cache together: a found
    /// contact lies anywhere in a large table, and read one after another each of its arrays
    /// (where its fields start, their kinds and ends, their texts) waited in turn for memory.
    /// Returns a value made of what it read, for the caller to keep, so no read can be skipped.
    func prefetch(_ contacts: some Collection<Int>) -> UInt32 {
        var sum: UInt32 = 0
        // Which number a name's result shows.
        preferredNumbers.withUnsafeBufferPointer { preferredNumbers in
            for contact in contacts { sum &+= UInt32(preferredNumbers[contact]) }
        }
        firstFields.withUnsafeBufferPointer { firstFields in
            for contact in contacts { sum &+= firstFields[contact] }
            fieldEnds.withUnsafeBufferPointer { fieldEnds in
                fieldTags.withUnsafeBufferPointer { fieldTags in
                    for contact in contacts {
                        let field = Int(firstFields[contact])
                        sum &+= fieldEnds[Swift.max(field - 1, 0)] &+ UInt32(fieldTags[field])
                    }
                }
                bytes.withUnsafeBufferPointer { bytes in
                    // The texts: the UID, the names, then the numbers.
                    for contact in contacts {
                        let firstField = Int(firstFields[contact])
                        let first = firstField == 0 ? 0 : Int(fieldEnds[firstField - 1])
                        let end = Int(fieldEnds[Int(firstFields[contact + 1]) - 1])
                        // Every cache line the texts touch, the last one too when they
                        // start partway into their first.
                        var line = first & ~63
                        while line < end {
                            sum &+= UInt32(bytes[Swift.max(line, first)])
                            line += 64
                        }
                    }
                }
            }
        }
        return sum
    }

    /// Whether the contact has a number to dial: its last field is a number, or a number's
    /// custom label, which only follows numbers.
    func hasNumbers(_ contact: Int) -> Bool {
        let last = kind(of: Int(firstFields[contact + 1]) - 1)
        return last == .number || last == .numberLabel
    }

    /// The fields of the contact's numbers: after its names, before any custom label's text.
    func numberFields(of contact: Int) -> Range<Int> {
        let fields = fields(of: contact)
        var end = fields.upperBound
        while end > fields.lowerBound && fieldTags[end - 1] & 7 == FieldKind.numberLabel.rawValue { end -= 1 }
        var start = end
        while start > fields.lowerBound && fieldTags[start - 1] & 7 == FieldKind.number.rawValue { start -= 1 }
        return start..<end
    }

    /// The label of a number's field as far as the order of a contact's numbers needs it: its
    /// kind and whether it is preferred, a custom label's text not read.
    func orderLabel(ofNumberField field: Int) -> NumberLabel {
        let tag = fieldTags[field]
        let kind = NumberLabel.Kind(rawValue: tag >> 4) ?? .none
        return NumberLabel(kind == .custom ? .none : kind, isPreferred: tag & 8 != 0)
    }

    /// The preferred number's position among the contact's numbers.
    func preferredNumber(of contact: Int) -> Int { Int(preferredNumbers[contact]) }
}
