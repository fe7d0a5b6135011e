// SPDX-License-Identifier: Apache-2.0

/// The vCard properties the importer reads; every other property is stepped over unread.
enum VCardPropertyName: Sendable, Hashable {
    case begin, end, version
    case formattedName, name, nickname, organization, categories, uid
    case telephone, email
    case phoneticGivenName, phoneticMiddleName, phoneticFamilyName
    /// Apple's `X-ABLabel`: the custom label of the other properties in its group.
    case appleLabel
    /// PHOTO, LOGO, SOUND and KEY: binary data, often kilobytes of base64, never decoded.
    case binary
    case other

    /// Recognises a property name, ignoring case (`tel`, `TEL`, `Tel` are the same).
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        for (word, name) in Self.names where ASCII.equalsIgnoringCase(bytes, word) {
            self = name
            return
        }
        self = .other
    }

    /// The names read, most frequent first (the comparison stops at a different length at once).
    private static let names: [(StaticString, VCardPropertyName)] = [
        ("TEL", .telephone), ("FN", .formattedName), ("N", .name), ("BEGIN", .begin), ("END", .end),
        ("VERSION", .version), ("UID", .uid), ("EMAIL", .email), ("ORG", .organization),
        ("NICKNAME", .nickname), ("CATEGORIES", .categories), ("X-ABLABEL", .appleLabel),
        ("X-PHONETIC-FIRST-NAME", .phoneticGivenName), ("X-PHONETIC-MIDDLE-NAME", .phoneticMiddleName),
        ("X-PHONETIC-LAST-NAME", .phoneticFamilyName),
        ("PHOTO", .binary), ("LOGO", .binary), ("SOUND", .binary), ("KEY", .binary),
    ]

    /// Whether the importer decodes this property's value.
    var isRead: Bool {
        switch self {
        case .other, .binary: false
        default: true
        }
    }
}
