// SPDX-License-Identifier: Apache-2.0

/// What the dialer asks to be heard (or seen, on a lamp): the one word the dialer's loop says
/// to the sound player, which plays it off the loop's thread. Sounds that last (a ring, the
/// dial tone, the call-waiting tone) play until another cue replaces them or `quiet` stops them; the others play
/// once.
public enum SoundCue: Sendable, Hashable {
    /// A call coming in rings, through every ringer configured (ALSA, beeper, lamps), with the
    /// ring's cadence, until another cue.
    case ring
    /// A key pressed: its DTMF pair (ITU-T Q.23), a click, or nothing, as the settings say.
    /// The key is one of `0`–`9`, `*`, `#`, `A`–`D`.
    case key(Character)
    /// The handset is off the hook and nothing is typed: the country's dial tone, until
    /// another cue.
    case dialTone
    /// A call ended: a short tone.
    case callEnded
    /// A second call rings during a call (call waiting): the country's call-waiting tone, again
    /// every few seconds, until another cue.
    case callWaiting
    /// The far end is busy: the country's busy tone, a few cycles.
    case busy
    /// A dial failed: the error (congestion) tone, a few cycles.
    case failed
    /// Stop whatever plays: a ring silenced without rejecting the call, a call answered, a key
    /// typed over the dial tone.
    case quiet
}

/// Whoever plays the cues: the sound player, or a recorder in tests. `cue(_:)` never blocks:
/// it hands the cue over and returns.
public protocol SoundCueing: AnyObject {
    func cue(_ cue: SoundCue)
}
