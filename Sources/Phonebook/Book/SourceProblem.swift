// SPDX-License-Identifier: Apache-2.0

public import ContactBook

/// A contact file or folder that did not load when the book was reloaded, and whether its last
/// good copy is kept.
public struct SourceProblem: Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, where, and what to do.
    public var error: ContactBookError
    /// How many contacts of the last good copy are kept; nil when there is none (the file never
    /// loaded, or the folder was emptied), so it adds nothing to the book.
    public var keptContacts: Int?

    public init(error: ContactBookError, keptContacts: Int?) {
        self.error = error
        self.keptContacts = keptContacts
    }

    /// "book.vcf:1: there is no BEGIN:VCARD line... Its last good copy (120 contacts) is kept
    /// until it loads again."
    public var description: String {
        let text = error.description
        let sentence = text.hasSuffix(".") ? text : text + "."
        switch keptContacts {
        case .some(let count):
            return sentence + " Its last good copy (\(count) contact\(count == 1 ? "" : "s")) is kept until it loads again."
        case .none:
            return sentence + " It adds no contacts until it loads."
        }
    }
}
