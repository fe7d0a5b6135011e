// SPDX-License-Identifier: Apache-2.0

/// A number to call: a contact's number, or a number typed on the keypad.
public struct DialRequest: Sendable, Hashable {
    /// The contact's display name; nil for a typed number.
    public var name: String?
    /// The number as written in the contact or as typed (a typed `+` kept).
    public var number: String
    /// The contact's position in the index's contacts; nil for a typed number.
    public var contact: Int?
    /// The contact's UID, which stays the same when the book is reloaded; nil for a typed number.
    public var uid: String?

    public init(name: String? = nil, number: String, contact: Int? = nil, uid: String? = nil) {
        self.name = name
        self.number = number
        self.contact = contact
        self.uid = uid
    }
}
