// SPDX-License-Identifier: Apache-2.0

public import InputEvents

/// What the dialer does with its call when the run stops (`q`, SIGTERM), as a phone that is
/// switched off does.
extension DialerSession {
    /// Whether a followed call dialled here or connected goes on: the call a stop ends.
    public var hasCallInProgress: Bool {
        guard let call = followed, call.isLive else { return false }
        return call.phase != .incoming
    }

    /// The run stops at `time`: a call dialled here or connected is hung up (`.hangUp`); a
    /// call ringing here is left to ring, so the caller reaches voicemail rather than busy. A
    /// call held behind it is hung up in its turn, once it comes back as the current one.
    public func stopping(at time: Microseconds) -> [DialerUpdate] {
        var updates = advance(to: time)
        // A held call comes back as the current one when this one ends: it is hung up then.
        hangingUpAll = true
        if hasCallInProgress, let call = followed { updates.append(.hangUp(call.request)) }
        return updates
    }
}
