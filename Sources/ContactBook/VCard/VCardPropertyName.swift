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
        func matches(_ word: StaticString) -> Bool { ASCII.equalsIgnoringCase(bytes, word) }
        switch bytes.count {
        case 1: self = matches("N") ? .name : .other
        case 2: self = matches("FN") ? .formattedName : .other
        case 3:
            if matches("TEL") { self = .telephone }
            else if matches("END") { self = .end }
            else if matches("UID") { self = .uid }
            else if matches("ORG") { self = .organization }
            else if matches("KEY") { self = .binary }
            else { self = .other }
        case 4: self = matches("LOGO") ? .binary : .other
        case 5:
            if matches("BEGIN") { self = .begin }
            else if matches("EMAIL") { self = .email }
            else if matches("PHOTO") || matches("SOUND") { self = .binary }
            else { self = .other }
        case 7: self = matches("VERSION") ? .version : .other
        case 8: self = matches("NICKNAME") ? .nickname : .other
        case 10:
            if matches("CATEGORIES") { self = .categories }
            else if matches("X-ABLABEL") { self = .appleLabel }
            else { self = .other }
        case 20: self = matches("X-PHONETIC-LAST-NAME") ? .phoneticFamilyName : .other
        case 21: self = matches("X-PHONETIC-FIRST-NAME") ? .phoneticGivenName : .other
        case 22: self = matches("X-PHONETIC-MIDDLE-NAME") ? .phoneticMiddleName : .other
        default: self = .other
        }
    }

    /// Whether the importer decodes this property's value.
    var isRead: Bool {
        switch self {
        case .other, .binary: false
        default: true
        }
    }
}
