// SPDX-License-Identifier: Apache-2.0

import InputEvents

/// A method call to send (`SystemdBus.call`).
struct BusCall: Sendable, Hashable {
    var destination: String
    var path: String
    var interface: String
    var member: String
    var arguments: [DBusValue] = []
    /// How long ModemManager has to answer before sd-bus gives up on it and delivers a
    /// `NoReply` error instead; nil for sd-bus's default (25 s).
    var timeout: Microseconds? = nil
}

/// A message the bus delivered: the reply to a call, or a signal a match asked for; read whole
/// while sd-bus held it, so it outlives `SystemdBus.process`.
struct BusMessage: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// The reply to the call whose cookie `SystemdBus.call` returned.
        case reply(to: UInt64)
        /// The error the call got instead: a D-Bus error name and its text (sd-bus makes one
        /// up for a call that timed out or whose connection closed).
        case error(to: UInt64, name: String, message: String)
        case signal
    }

    var kind: Kind
    var path: String
    var interface: String
    var member: String
    var body: [DBusValue]

    /// The call this answers, if it is an answer.
    var replyCookie: UInt64? {
        switch kind {
        case .reply(let cookie), .error(let cookie, _, _): cookie
        case .signal: nil
        }
    }

    /// Whether this is the signal `interface`.`member`.
    func isSignal(_ interface: String, _ member: String) -> Bool {
        kind == .signal && self.interface == interface && self.member == member
    }
}
