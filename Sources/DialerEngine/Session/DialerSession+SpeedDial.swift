// SPDX-License-Identifier: Apache-2.0

import T9Search

/// Speed dial on the keypad, as on a phone's idle screen: on an empty query in T9 (the
/// dialer's number mode) a long press of 2 to 9 calls what the key is assigned, and of 1 the
/// voicemail number, and the digit the press typed is taken back. A long press of 0 still
/// gives `+`, and in multi-tap a long press still types its digit. A key with nothing
/// assigned, or a contact no longer in the book, says so on the notice line until the next
/// key, and the digit stays typed.
extension DialerSession {
    /// The speed-dial keys and the voicemail number, handed in by the caller (the config's and
    /// the history's); none by default.
    public var speedDials: SpeedDials {
        get { speedDial.dials }
        set { speedDial.dials = newValue }
    }

    /// Whether the key `digit` held is a speed dial: 1 to 9, held in T9 on an otherwise empty
    /// query (the press typed it).
    func isSpeedDialPress(_ digit: UInt8) -> Bool {
        guard (1...9).contains(digit) else { return false }
        return currentMultiTapKeys == nil && t9.typed == String(digit)
    }

    /// The dial of the key `digit` held, or nil with the reason on the notice line.
    func speedDialRequest(_ digit: UInt8) -> DialRequest? {
        if digit == 1 {
            guard let voicemail = speedDial.dials.voicemail else {
                speedDial.hint = "no voicemail number: set voicemail in [dial]"
                return nil
            }
            return DialRequest(name: "Voicemail", number: voicemail)
        }
        switch speedDial.dials.targets[digit] {
        case nil:
            speedDial.hint = "no speed dial on \(digit): t9dial speed-dial set \(digit) ..."
            return nil
        case .number(let number):
            return DialRequest(number: number)
        case .contact(let name, let number):
            let resolved = Self.resolve(contact: name, number: number, in: index.contacts)
            switch resolved {
            case .success(let request): return request
            case .failure(let problem):
                speedDial.hint = "speed dial \(digit): \(problem.text)"
                return nil
            }
        }
    }

    /// Why a speed dial's contact cannot be called.
    struct SpeedDialProblem: Error {
        var text: String
    }

    /// The contact named `name` (as shown, case aside, or its UID) and its number `number`
    /// (as written, compared by its digits; nil: the one a name match dials).
    static func resolve(contact name: String, number: String?, in contacts: ContactTable) -> Result<DialRequest, SpeedDialProblem> {
        let folded = name.lowercased()
        guard
            let position = contacts.indices.first(where: { contacts.uid(of: $0) == name })
                ?? contacts.indices.first(where: { contacts[$0].displayName.lowercased() == folded })
        else { return .failure(SpeedDialProblem(text: "no contact \"\(name)\"")) }
        let contact = contacts[position]
        let chosen: String
        if let number {
            let digits = number.filter(\.isNumber)
            guard !digits.isEmpty, let found = contact.numbers.first(where: { $0.filter(\.isNumber) == digits }) else {
                return .failure(SpeedDialProblem(text: "\(contact.displayName) has no number \"\(number)\""))
            }
            chosen = found
        } else {
            guard contact.numbers.indices.contains(contact.preferredNumber) else {
                return .failure(SpeedDialProblem(text: "\(contact.displayName) has no number"))
            }
            chosen = contact.numbers[contact.preferredNumber]
        }
        return .success(DialRequest(name: contact.displayName, number: chosen, contact: position, uid: contact.uid))
    }
}

/// The session's speed dials, and what the last long press found wrong (shown until the next key).
struct SpeedDialState {
    var dials = SpeedDials()
    var hint: String?
}
