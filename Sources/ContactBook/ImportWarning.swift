// SPDX-License-Identifier: Apache-2.0

/// A problem in an input file that did not stop the import: a card or row was skipped, or one
/// property of it was dropped or repaired. The message says which.
public struct ImportWarning: Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    /// "contacts.vcf:120: card has no END:VCARD before the end of the file; skipped"
    public var description: String { "\(location): \(message)" }
}
