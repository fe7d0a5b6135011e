// SPDX-License-Identifier: Apache-2.0

public import InputEvents

/// The hook switch of a keypad built into a phone: lifting the handset answers, replacing it
/// hangs up.
extension DialerSession {
    /// The handset was lifted (`lifted`) or replaced at `time`, as the hook switch settled
    /// (`HookDebouncer`); the state read when a keypad is opened never comes here.
    ///
    /// - Lifted while a call rings here: `.answer`, as the dial key.
    /// - Replaced while a followed call goes on (dialled, ringing there, connected): `.hangUp`,
    ///   as the hang-up key.
    /// - Replaced while a call rings here: nothing, since a handset on its hook is how a phone
    ///   waits for calls; the hang-up key rejects.
    /// - Anything else (no call, a call ended, lifted during a call): nothing. Lifting the
    ///   handset on the idle dialer does not clear or dial anything, and the screen does not
    ///   change: the line says what the call does next.
    public func hookChanged(lifted: Bool, at time: Microseconds) -> [DialerUpdate] {
        var updates = advance(to: time)
        // The hook wakes the screen, and acts as well: a handset lifted is no key typed.
        noteActivity(at: time)
        publish(into: &updates)
        guard let call = followed, call.isLive else { return updates }
        switch (lifted, call.phase) {
        case (true, .incoming):
            updates.append(.answer(call.request))
        case (false, .dialling), (false, .ringing), (false, .connected):
            updates.append(.hangUp(call.request))
        default:
            break
        }
        return updates
    }
}
