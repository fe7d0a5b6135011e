// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerEngine
import Tones

/// Which cues the dialer's events make: what a phone sounds like, with the sound that lasts
/// (a ring, the dial tone) as its state, so that a cue is said once when it starts and `quiet`
/// once when it stops. Pure: the driver feeds it on the loop's thread and hands what it says
/// to the player.
///
/// - A call ringing here rings until it is answered, rejected, ended or missed (`quiet`). A
///   key that neither answers nor rejects it (a digit, `*`, next, previous, delete, mode)
///   silences the ring, and the call rings on on the line until it is answered or ends.
/// - A key going down plays its tone (`0`–`9`, `*`, `#`), unless key tones are off or a
///   call rings here.
/// - The handset lifted with nothing typed and no call plays the dial tone; a key or the
///   handset replaced stops it.
/// - A second call ringing during a call plays the call-waiting tone, again every few
///   seconds, until it is answered, rejected or gone, or a key is pressed.
/// - A call that ends plays the call-ended tone; busy, the busy tone; a dial that fails, the
///   error tone. An incoming call missed or rejected only stops ringing.
struct SoundCues: Sendable {
    /// What plays until it is stopped.
    enum Lasting: Sendable, Hashable {
        case nothing
        case ring
        /// A call still rings here, but a key silenced it.
        case silencedRing
        case dialTone
        /// A second call waits during a call.
        case waitingTone
    }

    private(set) var lasting: Lasting = .nothing
    /// Whether keys play their tones (`[sound] key_tones` is not "off").
    var keyTones: Bool
    /// Whether a handset is off its hook, as last told.
    private(set) var handsetLifted = false

    init(keyTones: Bool) {
        self.keyTones = keyTones
    }

    /// The keys that answer or reject a call ringing here (`DialerSession`): they leave the
    /// ring to the call's change.
    private static let answersOrRejects: Set<KeyRole> = [.dial, .hangUp, .pound, .ignore]

    /// A key went down (`DialerMachine.keyWentDown`).
    mutating func keyWentDown(_ role: KeyRole) -> [SoundCue] {
        switch lasting {
        case .ring:
            guard !Self.answersOrRejects.contains(role) else { return [] }
            lasting = .silencedRing
            return [.quiet]
        case .silencedRing:
            return []
        case .dialTone, .waitingTone:
            guard role != .ignore else { return [] }
            lasting = .nothing
            return [.quiet] + tone(of: role)
        case .nothing:
            return tone(of: role)
        }
    }

    private func tone(of role: KeyRole) -> [SoundCue] {
        guard keyTones else { return [] }
        switch role {
        case .digit(let digit) where digit <= 9: return [.key(Character(Unicode.Scalar(48 + digit)))]
        case .star: return [.key("*")]
        case .pound: return [.key("#")]
        default: return []
        }
    }

    /// The handset is `lifted` or not, as the hook switches say now; `idle` when nothing is
    /// typed and no call goes on. Only a change of the handset makes a cue.
    mutating func handset(lifted: Bool, idle: Bool) -> [SoundCue] {
        guard lifted != handsetLifted else { return [] }
        handsetLifted = lifted
        switch (lifted, lasting) {
        case (true, .nothing) where idle:
            lasting = .dialTone
            return [.dialTone]
        case (false, .dialTone):
            lasting = .nothing
            return [.quiet]
        default:
            return []
        }
    }

    /// What an update of the dialer sounds like.
    mutating func take(_ update: DialerUpdate) -> [SoundCue] {
        let ringing = lasting == .ring || lasting == .silencedRing
        // A silenced ring is quiet already: its call's end says nothing more.
        let stopRinging: [SoundCue] = lasting == .ring ? [.quiet] : []
        switch update {
        case .screen(let screen):
            let ringsHere = screen.callProgress == .incoming
            if ringsHere, !ringing {
                lasting = .ring
                return [.ring]
            }
            if !ringsHere, ringing {
                lasting = .nothing
                return stopRinging
            }
            if lasting == .waitingTone, screen.otherCall?.state != .waiting {
                // Answered (the first call is held now), rejected, or gone.
                lasting = .nothing
                return [.quiet]
            }
            return []
        case .callEnded(let record):
            if ringing {
                lasting = .nothing
                return stopRinging
            }
            // A cue of the call's end replaces the waiting tone; none stops it.
            let stopWaitingTone: [SoundCue] = lasting == .waitingTone ? [.quiet] : []
            lasting = .nothing
            switch record.outcome {
            case .busy: return [.busy]
            case .failed: return [.failed]
            case .missed, .rejected: return stopWaitingTone
            case .answered, .placed, .noAnswer, .cancelled: return [.callEnded]
            }
        case .dialFinished(_, let outcome):
            return outcome.isPlaced ? [] : [.failed]
        case .callWaiting:
            // A call ringing here rings already; the waiting tone is for a call under way.
            guard !ringing else { return [] }
            lasting = .waitingTone
            return [.callWaiting]
        case .dial, .hangUp, .answer, .sendTones, .callControl:
            return []
        }
    }
}
