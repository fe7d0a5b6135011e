// SPDX-License-Identifier: Apache-2.0

/// What a gesture asks the dialer to do. Digits and the dedicated keys act when pressed, `*`
/// and `#` when tapped or held, so no press of a key acts both going down and coming up.
enum DialerCommand: Sendable, Hashable {
    /// A digit went down: typed in T9, a letter cycled in multi-tap.
    case type(UInt8)
    /// A digit was held: `0` becomes `+` in T9; the digit itself in multi-tap.
    case holdDigit(UInt8)
    case nextResult
    case previousResult
    case deleteLast
    case clear
    case dial
    case switchMode
    /// Leave the calling screen, or clear the query when there is none.
    case hangUp

    /// The command of `gesture`, or nil when the gesture does nothing.
    init?(_ gesture: KeyGesture) {
        switch gesture {
        case .pressed(.digit(let digit)): self = .type(digit)
        case .held(.digit(let digit)): self = .holdDigit(digit)
        case .tapped(.star): self = .nextResult
        case .held(.star): self = .deleteLast
        case .heldLonger(.star): self = .clear
        case .tapped(.pound): self = .dial
        case .held(.pound): self = .switchMode
        case .pressed(.dial): self = .dial
        case .pressed(.delete): self = .deleteLast
        case .heldLonger(.delete): self = .clear
        case .pressed(.next): self = .nextResult
        case .pressed(.previous): self = .previousResult
        case .pressed(.switchMode): self = .switchMode
        case .pressed(.hangUp): self = .hangUp
        default: return nil
        }
    }
}
