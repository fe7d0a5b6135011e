// SPDX-License-Identifier: Apache-2.0

public import InputEvents

/// Whether a hook switch's handset is lifted, from its events, with the switch's bounce
/// dropped: a new state counts once it has held for `settle`, judged on the events' own times
/// like `KeyDebouncer`, so a recording gives what the live switch gave.
///
/// The state read from the device when it was opened (`start(lifted:)`) is taken as it is and
/// reported as no change: only a lift or a replacement seen happening answers or hangs up.
/// Before any state is known, the first state to settle is a change.
///
/// The caller calls `advance(to:)` when `nextDeadline` comes.
public struct HookDebouncer: Sendable, Hashable {
    public let hook: HookSwitch
    /// Whether the handset is lifted, as last settled; nil while unknown.
    public private(set) var isLifted: Bool?
    /// A state that differs from `isLifted`, and since when it has held.
    private var pending: Settling?

    private struct Settling: Sendable, Hashable {
        var lifted: Bool
        var since: Microseconds
    }

    /// A change of the settled state: lifted or replaced, at the moment it settled.
    public struct Change: Sendable, Hashable {
        public var lifted: Bool
        public var time: Microseconds

        public init(lifted: Bool, time: Microseconds) {
            self.lifted = lifted
            self.time = time
        }
    }

    public init(hook: HookSwitch) {
        self.hook = hook
    }

    /// Takes the state read from the device (when opened, or replugged) as the settled one,
    /// reporting nothing, and forgets any state still settling.
    public mutating func start(lifted: Bool) {
        isLifted = lifted
        pending = nil
    }

    /// When the state now settling settles; nil when none is.
    public var nextDeadline: Microseconds? {
        pending.map { $0.since.addingSaturated(hook.settle) }
    }

    /// What one event of the hook changes, after what settled by its time. Events of other
    /// switches or keys only move time on.
    public mutating func handle(_ event: InputEvent) -> [Change] {
        var changes = advance(to: event.time)
        guard hook.matches(event) else { return changes }
        let lifted = hook.isLifted(value: event.value)
        if lifted == isLifted {
            // Back where it was before it settled: bounce.
            pending = nil
        } else if pending?.lifted != lifted {
            pending = Settling(lifted: lifted, since: event.time)
        }
        changes += advance(to: event.time)
        return changes
    }

    /// The change whose state has held for `settle` by `time`, if any.
    public mutating func advance(to time: Microseconds) -> [Change] {
        guard let pending, let due = nextDeadline, due <= time else { return [] }
        self.pending = nil
        isLifted = pending.lifted
        return [Change(lifted: pending.lifted, time: due)]
    }
}
