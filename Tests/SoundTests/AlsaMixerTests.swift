// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls
import Testing

@testable import Sound

/// alsa-lib's simple mixer, for real: a card that is not there is an error that says which
/// and what to do. (A card's controls are changed for real in the VM's check, Tests/VM: the
/// host has no sound card, and alsa-lib has no mixer without one.)
@Suite struct AlsaMixerTests {
    @Test func aMissingCardSaysWhichAndHowToFindOne() {
        #expect {
            _ = try AlsaMixer(card: "hw:9")
        } throws: { error in
            (error as? SoundProblem)?.reason == "no such card"
        }
        let problem = AlsaMixer.problem("hw:9", opening: Errno(ENOENT))
        #expect(problem.description.hasPrefix("ALSA mixer hw:9: no such card; list the cards with `aplay -l` and set [sound] mixer"))
    }

    @Test func aCallMixerOnAMissingCardFailsEachKeyAndTheCheckAlike() {
        let mixer = AlsaCallMixer(card: "hw:9", volumeControl: "Master")
        #expect(throws: SoundProblem.self) { try mixer.volume() }
        #expect(throws: SoundProblem.self) { try mixer.setCapturing(false) }
        let found = mixer.check()
        guard case .failure(let volume) = found.volume, case .failure(let capture) = found.capture else {
            Issue.record("a missing card has no controls: \(found)")
            return
        }
        #expect(volume == capture && volume.reason == "no such card")
    }

    @Test func aNameThatIsNoControlDeviceIsRefused() {
        #expect(throws: SoundProblem.self) { _ = try AlsaMixer(card: "t9dial-no-such-ctl") }
    }
}
