// SPDX-License-Identifier: Apache-2.0

import Tones

/// The player's thread: takes cues, follows their plans, and sleeps when idle.
struct PlayerThread {
    let mailbox: Mailbox
    let setup: SoundPlayer.Setup
    let outputs: SoundOutputs
    let clock: any PlayerClock

    func run() {
        let follower = PlanFollower(outputs: outputs, clock: clock, wake: mailbox.signal.descriptor)
        var idleSince: Int64?
        while true {
            switch mailbox.take() {
            case .shutDown:
                outputs.silence()
                outputs.close()
                return
            case .cue(let cue):
                if let plan = SoundPlan(cue: cue, choices: setup.choices) {
                    let volume = cue == .ring ? setup.ringVolume : setup.toneVolume
                    _ = follower.play(plan, volume: volume) {
                        mailbox.signal.reset()
                        return mailbox.hasMessage
                    }
                } else {
                    outputs.silence()
                }
                idleSince = clock.now()
            case nil:
                guard outputs.isOpen, let since = idleSince else {
                    clock.sleep(until: nil, wake: mailbox.signal.descriptor)
                    continue
                }
                let closeAt = since + Int64(SoundPlayer.idleCloseMilliseconds) * 1000
                if clock.now() >= closeAt {
                    outputs.closeAfterPlaying()
                    idleSince = nil
                } else {
                    clock.sleep(until: closeAt, wake: mailbox.signal.descriptor)
                }
            }
        }
    }
}
