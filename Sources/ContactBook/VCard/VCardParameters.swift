// SPDX-License-Identifier: Apache-2.0

/// How a vCard value is transfer-encoded (`ENCODING=`).
enum VCardEncoding: Sendable, Hashable {
    case plain
    case quotedPrintable
    /// `BASE64` (2.1) or `b` (3.0): binary data, skipped unread.
    case base64
    /// An encoding the importer does not know; the value cannot be read.
    case unknown(String)
}

/// The parameters of one vCard property that the importer uses, parsed from the text between
/// the property name and the colon, in any spelling real exporters use:
/// `TEL;CELL;PREF`, `TEL;TYPE=CELL`, `TEL;TYPE=cell,voice`, `TEL;TYPE="cell,voice"`,
/// `TEL;type=CELL;type=pref`, `TEL;PREF=1`, `N;SORT-AS="Doe,John"`.
struct VCardParameters: Sendable, Hashable {
    var encoding = VCardEncoding.plain
    var charset = TextCharset.utf8
    /// The CHARSET name when it is not one `TextCharset` supports; the value is read as UTF-8.
    var unsupportedCharset: String?
    /// `VALUE=uri` (vCard 4.0 `TEL;VALUE=uri:tel:+1...`).
    var isURI = false
    /// The `SORT-AS` components, in order.
    var sortAs: [String] = []
    /// Lowercased `TYPE` values, and "pref" for `PREF=n`; collected only when asked for.
    var types: [String] = []

    init() {}

    /// Parses `text`, the parameters without the leading `;`; `collectTypes` is false for
    /// properties whose types are not used, to save the work.
    init(parsing text: UnsafeBufferPointer<UInt8>, collectTypes: Bool) {
        var start = 0
        var inQuotes = false
        for index in 0...text.count {
            if index < text.count {
                let byte = text[index]
                if byte == ASCII.quote { inQuotes.toggle() }
                if byte != ASCII.semicolon || inQuotes { continue }
            }
            read(text[start..<index].rebased, collectTypes: collectTypes)
            start = index + 1
        }
    }

    private mutating func read(_ parameter: UnsafeBufferPointer<UInt8>, collectTypes: Bool) {
        guard let equals = parameter.firstIndex(of: ASCII.equals) else {
            readBare(ASCII.trimmed(parameter), collectTypes: collectTypes)
            return
        }
        let name = ASCII.trimmed(parameter[..<equals].rebased)
        let value = ASCII.trimmed(parameter[(equals + 1)...].rebased)
        if ASCII.equalsIgnoringCase(name, "TYPE") {
            if collectTypes { addTypes(value) }
        } else if ASCII.equalsIgnoringCase(name, "ENCODING") {
            encoding = Self.encoding(named: Self.unquoted(value))
        } else if ASCII.equalsIgnoringCase(name, "CHARSET") {
            let charsetName = Self.unquoted(value)
            if let charset = TextCharset(name: charsetName) {
                self.charset = charset
            } else {
                unsupportedCharset = String(decoding: charsetName, as: UTF8.self)
            }
        } else if ASCII.equalsIgnoringCase(name, "VALUE") {
            isURI = ASCII.equalsIgnoringCase(Self.unquoted(value), "URI")
        } else if ASCII.equalsIgnoringCase(name, "SORT-AS") {
            sortAs = Self.list(value).map { String(decoding: $0, as: UTF8.self) }
        } else if ASCII.equalsIgnoringCase(name, "PREF") {
            if collectTypes { addType("pref") }
        }
    }

    /// A vCard 2.1 parameter without a name: an encoding (`QUOTED-PRINTABLE`) or a type (`CELL`).
    private mutating func readBare(_ value: UnsafeBufferPointer<UInt8>, collectTypes: Bool) {
        if value.isEmpty { return }
        if ASCII.equalsIgnoringCase(value, "QUOTED-PRINTABLE") {
            encoding = .quotedPrintable
        } else if ASCII.equalsIgnoringCase(value, "BASE64") {
            encoding = .base64
        } else if ASCII.equalsIgnoringCase(value, "8BIT") || ASCII.equalsIgnoringCase(value, "7BIT") {
            encoding = .plain
        } else if collectTypes {
            addTypes(value)
        }
    }

    private mutating func addTypes(_ value: UnsafeBufferPointer<UInt8>) {
        for type in Self.list(value) where !type.isEmpty {
            addType(ASCII.lowercasedString(type))
        }
    }

    private mutating func addType(_ type: String) {
        if !types.contains(type) { types.append(type) }
    }

    private static func encoding(named name: UnsafeBufferPointer<UInt8>) -> VCardEncoding {
        if ASCII.equalsIgnoringCase(name, "QUOTED-PRINTABLE") { return .quotedPrintable }
        if ASCII.equalsIgnoringCase(name, "BASE64") || ASCII.equalsIgnoringCase(name, "B") { return .base64 }
        if name.isEmpty || ASCII.equalsIgnoringCase(name, "8BIT") || ASCII.equalsIgnoringCase(name, "7BIT") {
            return .plain
        }
        return .unknown(String(decoding: name, as: UTF8.self))
    }

    /// `value` without surrounding double quotes.
    private static func unquoted(_ value: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = value.count
        if start < end, value[start] == ASCII.quote { start += 1 }
        if end > start, value[end - 1] == ASCII.quote { end -= 1 }
        return ASCII.trimmed(value[start..<end].rebased)
    }

    /// The items of a comma list, quoted (`"cell,voice"`) or not (`cell,voice`), trimmed.
    private static func list(_ value: UnsafeBufferPointer<UInt8>) -> [UnsafeBufferPointer<UInt8>] {
        var items: [UnsafeBufferPointer<UInt8>] = []
        var start = 0
        for index in 0...value.count where index == value.count || value[index] == ASCII.comma {
            items.append(unquoted(value[start..<index].rebased))
            start = index + 1
        }
        return items
    }
}
