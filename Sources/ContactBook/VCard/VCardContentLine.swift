// SPDX-License-Identifier: Apache-2.0

/// One logical vCard line, `group.NAME;parameters:value`, after unfolding.
///
/// The byte views point into the input or into the reader's scratch buffer, so they are valid
/// only until the reader reads the next line.
struct VCardContentLine {
    /// The 1-based number of the physical line it starts on.
    var lineNumber: Int
    var name: VCardPropertyName
    /// The name as written, for messages.
    var nameText: UnsafeBufferPointer<UInt8>
    /// The group before the dot (`item1` of `item1.TEL`); empty when there is none.
    var group: UnsafeBufferPointer<UInt8>
    var parameters: VCardParameters
    /// The value with folds and quoted-printable soft line breaks joined, still encoded and
    /// escaped. Empty for properties the importer does not read, whose values are skipped.
    var value: UnsafeBufferPointer<UInt8>

    /// The property name as written ("TEL", "item1.X-ABLabel" gives "X-ABLabel").
    var nameString: String { String(decoding: nameText, as: UTF8.self) }

    /// A placeholder before the first line is read.
    static var none: VCardContentLine {
        VCardContentLine(
            lineNumber: 0, name: .other, nameText: .init(start: nil, count: 0), group: .init(start: nil, count: 0),
            parameters: VCardParameters(), value: .init(start: nil, count: 0)
        )
    }
}

/// What the line reader found at one place in the input. For a property, the line itself is
/// the reader's `current`, read in place rather than copied out.
enum VCardLine {
    case property
    /// A line with no `:`; `excerpt` is its start, for the message.
    case malformed(lineNumber: Int, excerpt: String)
}
