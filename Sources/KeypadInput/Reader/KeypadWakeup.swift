// SPDX-License-Identifier: Apache-2.0

public import InputEvents

/// What one wait of the keypad reader brought: the events, and the moment the loop woke.
///
/// Every event a keypad stamped before `time` is among `events`, so once they are handled the
/// caller's timers may be advanced to `time`, and no further: a timer run to a later "now"
/// could let a key's held-back release through while the chatter that cancels it is still
/// unread (see `EventLoop.wait`).
public struct KeypadWakeup: Sendable, Hashable {
    public var time: Microseconds
    public var events: [KeypadEvent]

    public init(time: Microseconds, events: [KeypadEvent]) {
        self.time = time
        self.events = events
    }
}
