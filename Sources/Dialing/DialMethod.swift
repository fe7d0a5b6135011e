// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
/// A way to place a call (the config's `[dial] method`): `ExecDialer` runs a program,
/// `PrintDialer` only says what it would dial. (Methods that follow their calls, baresip and AT
/// modems, are `CallLine`s in Telephony.)
///
/// `dial` blocks for at most the method's time-out (plus a short grace to end a program), so
/// the dialer's event loop calls it through `BackgroundDial`, never directly.
public protocol DialMethod: Sendable {
    /// Dials `number` (`name` is the contact's name, for programs that take it) and says what
    /// came of it. Never throws: every failure is an outcome.
    func dial(_ number: DialNumber, name: String) -> DialOutcome
}

/// The `print` method: dials nothing and reports the call as placed, for trying t9dial
/// without a phone. What to print is the caller's (the dial event already goes to the output).
public struct PrintDialer: DialMethod {
    public init() {}

    public func dial(_ number: DialNumber, name: String) -> DialOutcome {
        DialOutcome(.placed, via: "print", number: number.dialString)
    }
}
