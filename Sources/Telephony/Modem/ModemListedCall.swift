// SPDX-License-Identifier: Apache-2.0

import TerminalText

/// One call of the modem's list, as a `+CLCC:` line gives it (3GPP TS 27.007 §7.18):
/// `+CLCC: <idx>,<dir>,<stat>,<mode>,<mpty>[,<number>,<type>[,<alpha>]]`.
struct ModemListedCall: Sendable, Hashable {
    /// How the modem's list calls a call's state (`<stat>`).
    enum State: Int, Sendable, Hashable {
        case active = 0, held, dialing, alerting, incoming, waiting
    }

    /// The call's number in the modem's list (`<idx>`), the same for the call's whole life.
    var index: Int
    /// `<dir>` 1: the call rang here.
    var isIncoming: Bool
    /// Nil for a state 27.007 does not define (some modems list a call being cleared as 6).
    var state: State?
    /// As the modem gave it, quotes removed; empty when withheld or not given.
    var number: String

    /// The call a `+CLCC:` line lists; nil for a line that is not one.
    init?(line: String) {
        guard line.uppercased().hasPrefix("+CLCC:") else { return nil }
        let fields = ModemListedCall.fields(of: line.dropFirst(6))
        guard fields.count >= 5, let index = Int(fields[0]), let direction = Int(fields[1]), let state = Int(fields[2]) else { return nil }
        guard direction == 0 || direction == 1 else { return nil }
        self.init(index: index, isIncoming: direction == 1, state: State(rawValue: state), number: fields.count > 5 ? fields[5] : "")
    }

    init(index: Int, isIncoming: Bool, state: State?, number: String) {
        self.index = index
        self.isIncoming = isIncoming
        self.state = state
        self.number = number
    }

    /// The fields of a result's parameters: split at commas outside quotes, trimmed, quotes
    /// removed.
    static func fields(of parameters: Substring) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        for character in parameters {
            switch character {
            case "\"": quoted.toggle()
            case "," where !quoted:
                fields.append(field.trimmingBlanks())
                field = ""
            default: field.append(character)
            }
        }
        fields.append(field.trimmingBlanks())
        return fields
    }
}
