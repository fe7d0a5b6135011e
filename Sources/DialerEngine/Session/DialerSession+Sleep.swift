// SPDX-License-Identifier: Apache-2.0

public import InputEvents

/// Whether the screen sleeps, and since when nothing has happened.
struct ScreenSleepState {
    /// The last time something happened that the user did or should see: a key, the hook, a
    /// call's news, a notice. Nil until the run starts the idle time (`wake(at:)`), so a
    /// dialer nobody started the clock of never sleeps.
    var lastActivity: Microseconds?
    var asleep = false
    /// The key whose press woke the screen: its tap or hold does nothing either, until the
    /// next key goes down.
    var wakingKey: KeyRole?
    /// Something happened whose time the session was not told (a notice, a dial's outcome):
    /// the idle time starts at the next time it is told, since its own may be long past.
    var untimedActivity = false
}

/// The screen's sleep: after `DialerSettings.sleepAfter` with nothing happening, the screen
/// says it is asleep (`ScreenState.asleep`), which blanks a panel and its backlight, so a
/// small OLED does not burn in and a backlight is not on all night. A key, the hook, a call
/// coming in or changing, or a new notice wakes it; the key that wakes it does nothing else,
/// as on a phone, since the user could not see what it would type.
///
/// The sleep is one more deadline of the session while awake; asleep, it has none, so a
/// sleeping dialer with nothing else to do sleeps in its loop too. No sleep comes while a
/// followed call goes on: its screen is what the user looks at.
extension DialerSession {
    /// Whether the screen sleeps now.
    public var isAsleep: Bool { sleep.asleep }

    /// Wakes the screen at `time` (when it sleeps) and starts the idle time anew: for the
    /// run's start, and for what the session is not told of itself.
    @discardableResult
    public func wake(at time: Microseconds) -> [DialerUpdate] {
        var updates = advance(to: time)
        noteActivity(at: time)
        publish(into: &updates)
        return updates
    }

    /// Something happened at `time`: the screen wakes, and the idle time starts anew.
    func noteActivity(at time: Microseconds) {
        sleep.lastActivity = max(sleep.lastActivity ?? time, time)
        sleep.asleep = false
    }

    /// Something happened now, at a time the session is not told: the screen wakes, and the
    /// idle time starts at the next `advance(to:)`.
    func noteUntimedActivity() {
        sleep.asleep = false
        sleep.untimedActivity = true
    }

    /// Starts the idle time of an untimed activity at `time`.
    func settleActivity(at time: Microseconds) {
        guard sleep.untimedActivity else { return }
        sleep.untimedActivity = false
        noteActivity(at: time)
    }

    /// When the screen falls asleep: `sleepAfter` after the last activity, while awake and no
    /// followed call goes on; nil otherwise.
    var sleepDeadline: Microseconds? {
        guard let after = settings.sleepAfter, !sleep.asleep, !sleep.untimedActivity, !hasLiveCall, let last = sleep.lastActivity
        else { return nil }
        return last + after
    }

    func fallAsleep() {
        sleep.asleep = true
        sleep.wakingKey = nil
    }

    /// Whether `gesture` goes to the session only to wake the screen: a key going down while
    /// it sleeps, or the rest of the key that woke it. Such a key is not held back while the
    /// book loads, since it dials nothing.
    func onlyWakes(_ gesture: KeyGesture) -> Bool {
        if case .pressed = gesture { return sleep.asleep }
        return sleep.wakingKey == gesture.role
    }

    /// Takes `gesture` as activity; true when it only woke the screen (`onlyWakes`) and must
    /// do nothing else.
    func takeForSleep(_ gesture: TimedGesture) -> Bool {
        let swallowed = onlyWakes(gesture.gesture)
        if case .pressed(let role) = gesture.gesture { sleep.wakingKey = swallowed ? role : nil }
        noteActivity(at: gesture.time)
        return swallowed
    }
}
