// SPDX-License-Identifier: Apache-2.0

public import ContactBook
public import DialHistory
public import T9Search

/// The book as `t9dial history` names its calls from: each contact by UID, and, for a caller
/// the book did not know when the call rang (it rang while the book loaded, or was added
/// since), by number.
///
/// A call with a contact is shown with the contact's name and the number as the book writes it
/// (`07700 900456`, not the `+447700900456` the network sent), when one of the contact's
/// numbers is the same number (``SameNumber``, in the search's region); else as the call has
/// it. An outgoing call without a UID was a typed number, and stays as it was typed.
public struct HistoryBook: Sendable {
    private var byUID: [String: Contact] = [:]
    /// The UIDs whose contacts have a number with these digits, by its international digits
    /// and by its digits as written: the keys ``SameNumber`` compares by.
    private var byNumber: [[UInt8]: [String]] = [:]
    private var region: DialingRegion?

    /// No book: every call is shown as it was recorded.
    public init() {}

    /// The book of `contacts`, the first of each UID, with numbers compared in `region`.
    public init(contacts: [Contact], region: DialingRegion?) {
        self.region = region
        for contact in contacts where byUID[contact.uid] == nil {
            byUID[contact.uid] = contact
            for number in contact.numbers {
                for key in Set(keys(number.value)) { byNumber[key, default: []].append(contact.uid) }
            }
        }
    }

    /// The name and number to show for `dial`.
    public func whom(_ dial: Dial) -> (name: String?, number: String) {
        let contact = dial.uid.flatMap { byUID[$0] } ?? (dial.direction == .incoming ? contact(withNumber: dial.number) : nil)
        guard let contact else { return (dial.name.flatMap { $0.isEmpty ? nil : $0 }, dial.number) }
        let written = contact.numbers.first { SameNumber.matches($0.value, dial.number, region: region) }
        return (contact.displayName, written?.value ?? dial.number)
    }

    /// A contact with `number` among its numbers, nil when none has it.
    private func contact(withNumber number: String) -> Contact? {
        let candidates = keys(number).flatMap { byNumber[$0] ?? [] }
        return candidates.lazy.compactMap { byUID[$0] }.first { contact in
            contact.numbers.contains { SameNumber.matches($0.value, number, region: region) }
        }
    }

    /// The digits of `number` and, when they can be known, its international digits.
    private func keys(_ number: String) -> [[UInt8]] {
        let digits = SameNumber.digits(number)
        guard !digits.isEmpty else { return [] }
        return [digits] + (SameNumber.international(digits, written: number, region: region).map { [$0] } ?? [])
    }
}
