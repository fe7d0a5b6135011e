// SPDX-License-Identifier: Apache-2.0

/// The contacts an index searches, stored compactly: every text of every contact in one UTF-8
/// buffer, with the offsets where each field ends; a UID that is a UUID is packed into 17
/// bytes (`PackedUID`).
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
            case .uid, .number: nil
            }
        }
    }

    private var bytes: [UInt8] = []
    /// Where each field ends in `bytes`; a field starts where the one before it ends.
    private var fieldEnds: [UInt32] = []
    private var fieldKinds: [FieldKind] = []
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
        for number in contact.numbers { add(number, .number) }
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
        fieldKinds.append(contentsOf: other.fieldKinds[fields])
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

    private mutating func add(_ text: String, _ kind: FieldKind) {
        var text = text
        text.withUTF8 { utf8 in
            if kind != .uid || !PackedUID.pack(utf8, into: &bytes) { bytes.append(contentsOf: utf8) }
        }
        fieldEnds.append(UInt32(bytes.count))
        fieldKinds.append(kind)
    }

    /// Gives back the spare capacity left by appending; call once the table is complete.
    public mutating func shrink() {
        bytes = bytes.withoutSpareCapacity()
        fieldEnds = fieldEnds.withoutSpareCapacity()
        fieldKinds = fieldKinds.withoutSpareCapacity()
        firstFields = firstFields.withoutSpareCapacity()
        preferredNumbers = preferredNumbers.withoutSpareCapacity()
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { preferredNumbers.count }

    /// The bytes its arrays hold: the texts, then a few bytes a field and a contact.
    public var storageBytes: Int {
        bytes.count + 4 * fieldEnds.count + fieldKinds.count + 4 * firstFields.count + preferredNumbers.count
    }

    public subscript(position: Int) -> SearchableContact {
        var uid = ""
        var names: [NameField] = []
        var numbers: [String] = []
        for field in fields(of: position) {
            let text = self.text(of: field)
            switch fieldKinds[field] {
            case .uid: uid = text
            case .number: numbers.append(text)
            case let kind: names.append(NameField(text, kind: kind.nameKind!))
            }
        }
        return SearchableContact(names: names, numbers: numbers, preferredNumber: Int(preferredNumbers[position]), uid: uid)
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
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: PackedUID.unpackedCapacity) { uidText in
                    let uid = Self.utf8(of: fields.lowerBound, bytes: bytes, fieldEnds: fieldEnds)
                    let uidBytes =
                        unpackingUID && PackedUID.isPacked(uid)
                        ? UnsafeBufferPointer(rebasing: uidText[0..<PackedUID.unpack(uid, into: uidText)]) : uid
                    // The UID, then the names, then the numbers: the first number is found from the names.
                    var firstNumber = fields.lowerBound + 1
                    while firstNumber < fields.upperBound && fieldKinds[firstNumber] != .number { firstNumber += 1 }
                    body(ContactTexts(bytes: bytes, fieldEnds: fieldEnds, fields: fields, firstNumber: firstNumber, uid: uidBytes))
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
        fileprivate let fields: Range<Int>
        fileprivate let firstNumber: Int
        /// The UID, unpacked if it was stored packed.
        public let uid: UnsafeBufferPointer<UInt8>

        /// How many names the contact has: `.name(0) ..< .name(nameCount)`.
        public var nameCount: Int { firstNumber - fields.lowerBound - 1 }
        /// How many numbers the contact has.
        public var numberCount: Int { fields.upperBound - firstNumber }

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
                guard position >= 0, field < fields.upperBound else { return UnsafeBufferPointer(start: nil, count: 0) }
            }
            return ContactTable.utf8(of: field, bytes: bytes, fieldEnds: fieldEnds)
        }
    }

    // MARK: Fields without making strings, for building the index and highlighting.

    /// The fields of a contact, as indices for `kind(of:)`, `text(of:)` and `withUTF8(of:)`.
    func fields(of contact: Int) -> Range<Int> { Int(firstFields[contact])..<Int(firstFields[contact + 1]) }

    func kind(of field: Int) -> FieldKind { fieldKinds[field] }

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
                fieldKinds.withUnsafeBufferPointer { fieldKinds in
                    for contact in contacts {
                        let field = Int(firstFields[contact])
                        sum &+= fieldEnds[Swift.max(field - 1, 0)] &+ UInt32(fieldKinds[field].rawValue)
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

    /// Whether the contact has a number to dial.
    func hasNumbers(_ contact: Int) -> Bool { fieldKinds[Int(firstFields[contact + 1]) - 1] == .number }

    /// The preferred number's position among the contact's numbers.
    func preferredNumber(of contact: Int) -> Int { Int(preferredNumbers[contact]) }
}
