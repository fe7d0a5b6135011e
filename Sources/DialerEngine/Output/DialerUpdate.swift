// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
/// What the dialer tells its displays after a key, a timer or a dial's outcome.
public enum DialerUpdate: Sendable, Hashable {
    /// The screen changed; this is all of it.
    case screen(ScreenState)
    /// A number is to be called.
    case dial(DialRequest)
    /// The dial of `request` is over; reported before the screen that shows it, so a call
    /// shown as placed is already recorded.
    case dialFinished(DialRequest, DialOutcome)
    /// The user ended the call shown (the hang-up key, or `#` held on the calling screen), or
    /// rejected the call ringing here.
    case hangUp(DialRequest)
    /// The user answered the call ringing here (the dial key, or `#`).
    case answer(DialRequest)
    /// Keys typed during a connected call, to send as DTMF tones: `0`-`9`, `*`, `#`.
    case sendTones(String)
    /// A call a line followed is over; reported before the screen that shows its end.
    case callEnded(CallRecord)
    /// The user asked for call waiting, hold, mute or volume (`CallControl`).
    case callControl(CallControl)
    /// A second call began to ring here during a call (call waiting): the waiting tone.
    case callWaiting(DialRequest)
}
