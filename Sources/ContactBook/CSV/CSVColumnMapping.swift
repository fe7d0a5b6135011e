// SPDX-License-Identifier: Apache-2.0

import TerminalText

/// Which CSV column holds which part of a contact, chosen by the header names of the three
/// exports people have: Google Contacts' older format (`Name, Given Name, ..., Phone 1 - Type,
/// Phone 1 - Value`), its current one (`First Name, ..., Labels, ..., Phone 1 - Label, Phone 1 -
/// Value`), and Outlook's (`First Name, ..., Mobile Phone, Home Phone, Business Phone, ...`).
/// Header names are matched ignoring case and surrounding spaces.
struct CSVColumnMapping {
    enum Format: String {
        case googleLegacy = "Google Contacts (older format)"
        case google = "Google Contacts"
        case outlook = "Outlook"
    }

    /// One phone column, with the column of its label (Google) or fixed types (Outlook).
    struct PhoneColumn {
        var value: Int
        var label: Int?
        var types: [String] = []
    }

    var format: Format
    var formattedName: Int?
    var given: Int?
    var additional: Int?
    var family: Int?
    var prefix: Int?
    var suffix: Int?
    var nickname: Int?
    var phoneticGiven: Int?
    var phoneticMiddle: Int?
    var phoneticFamily: Int?
    /// Google's "Yomi Name": the whole reading in one column.
    var phoneticFull: Int?
    var organization: Int?
    var groups: Int?
    var emails: [Int] = []
    var phones: [PhoneColumn] = []
    /// How several values share one cell: Google's " ::: ", Outlook's ";" for categories.
    var groupSeparator: String

    /// The headers a user is told to look for when theirs are not recognised.
    static let expectedHeaders = """
        Google Contacts' "Name, Given Name, Additional Name, Family Name, ..., Phone 1 - Type, \
        Phone 1 - Value" or "First Name, Middle Name, Last Name, ..., Phone 1 - Label, Phone 1 - Value", \
        or Outlook's "First Name, Middle Name, Last Name, ..., Mobile Phone, Home Phone, Business Phone"
        """

    /// The mapping for a header row; nil when it is none of the known exports.
    init?(header: [String]) {
        let columns = Columns(header)
        let hasNumberedPhones = !columns.numbered("phone", "value").isEmpty
        if columns["given name"] != nil || columns["family name"] != nil
            || (columns["name"] != nil && (hasNumberedPhones || columns["group membership"] != nil))
        {
            self.init(googleLegacy: columns)
        } else if columns["first name"] != nil || columns["last name"] != nil {
            let outlookPhones = Self.outlookPhoneHeaders.compactMap { columns[$0] }
            if hasNumberedPhones || columns["labels"] != nil || columns["phonetic first name"] != nil {
                self.init(google: columns)
            } else if !outlookPhones.isEmpty || columns["company"] != nil {
                self.init(outlook: columns)
            } else {
                return nil
            }
        } else {
            return nil
        }
    }

    private init(googleLegacy columns: Columns) {
        format = .googleLegacy
        groupSeparator = " ::: "
        formattedName = columns["name"]
        given = columns["given name"]
        additional = columns["additional name"]
        family = columns["family name"]
        prefix = columns["name prefix"]
        suffix = columns["name suffix"]
        nickname = columns["nickname"]
        phoneticGiven = columns["given name yomi"]
        phoneticMiddle = columns["additional name yomi"]
        phoneticFamily = columns["family name yomi"]
        phoneticFull = columns["yomi name"]
        organization = columns["organization 1 - name"]
        groups = columns["group membership"]
        emails = columns.numbered("e-mail", "value").map(\.column)
        phones = Self.googlePhones(columns, labelSuffix: "type")
    }

    private init(google columns: Columns) {
        format = .google
        groupSeparator = " ::: "
        given = columns["first name"]
        additional = columns["middle name"]
        family = columns["last name"]
        prefix = columns["name prefix"]
        suffix = columns["name suffix"]
        nickname = columns["nickname"]
        phoneticGiven = columns["phonetic first name"]
        phoneticMiddle = columns["phonetic middle name"]
        phoneticFamily = columns["phonetic last name"]
        organization = columns["organization name"]
        groups = columns["labels"]
        emails = columns.numbered("e-mail", "value").map(\.column)
        phones = Self.googlePhones(columns, labelSuffix: "label")
    }

    private init(outlook columns: Columns) {
        format = .outlook
        groupSeparator = ";"
        prefix = columns["title"]
        given = columns["first name"]
        additional = columns["middle name"]
        family = columns["last name"]
        suffix = columns["suffix"]
        nickname = columns["nickname"]
        organization = columns["company"]
        groups = columns["categories"]
        emails = ["e-mail address", "e-mail 2 address", "e-mail 3 address"].compactMap { columns[$0] }
        phones = Self.outlookPhoneHeaders.compactMap { header in
            columns[header].map { PhoneColumn(value: $0, types: PhoneLabel.types(for: header)) }
        }.sorted { $0.value < $1.value }
    }

    /// Outlook's phone columns; the types come from the name ("Home Fax" is home and fax).
    private static let outlookPhoneHeaders = [
        "mobile phone", "home phone", "home phone 2", "business phone", "business phone 2",
        "company main phone", "primary phone", "other phone", "car phone", "pager", "radio phone",
        "assistant's phone", "callback", "isdn", "tty/tdd phone", "telex",
        "home fax", "business fax", "other fax",
    ]

    private static func googlePhones(_ columns: Columns, labelSuffix: String) -> [PhoneColumn] {
        columns.numbered("phone", "value").map { phone in
            PhoneColumn(value: phone.column, label: columns["phone \(phone.number) - \(labelSuffix)"])
        }
    }
}

/// Header names, lowercased and trimmed, to their column index (the first, if repeated).
private struct Columns {
    private var indices: [String: Int] = [:]

    init(_ header: [String]) {
        for (index, name) in header.enumerated() {
            let key = name.trimmingBlanks().lowercased()
            if indices[key] == nil { indices[key] = index }
        }
    }

    subscript(name: String) -> Int? { indices[name] }

    /// Columns named "<prefix> <n> - <suffix>" ("phone 2 - value"), ordered by n.
    func numbered(_ prefix: String, _ suffix: String) -> [(number: Int, column: Int)] {
        let head = prefix + " "
        let tail = " - " + suffix
        return indices.compactMap { name, column -> (Int, Int)? in
            guard name.hasPrefix(head), name.hasSuffix(tail) else { return nil }
            guard let number = Int(name.dropFirst(head.count).dropLast(tail.count)) else { return nil }
            return (number, column)
        }.sorted { $0.0 < $1.0 }
    }
}
