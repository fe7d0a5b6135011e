// SPDX-License-Identifier: Apache-2.0

public import DialerConfig
public import DialerEngine
import Sound
public import Tones

/// What the dialer sounds like: the cues of its events (`SoundCues`) handed to a player on the
/// loop's thread, and the player's problems shown and logged.
extension DialerDriver {
    /// Plays the dialer's cues through a `SoundPlayer` of `settings`, on its own thread;
    /// `device` overrides `[sound] device` as `--sound` does ("none": no ALSA device). Nothing
    /// to ring (no device, beeper or LED) starts no player. The player's problems are shown
    /// and logged by the loop (`LoopSource.sound`). A player that cannot start (no thread, no
    /// descriptor) is a warning: the dialer works on, silent. Returns the screen's updates of
    /// a change of mixer during a muted call (`useMixer`).
    @discardableResult
    public func startSound(_ settings: SoundSettings, device: String? = nil) -> [DialerUpdate] {
        stopSound()
        let settings = settings.overriding(device: device)
        let updates = useMixer(of: settings)
        guard settings.hasRinger else { return updates }
        do {
            let reports = try SoundReports()
            let player = try SoundPlayer(settings: settings, onProblem: reports.report, onRecovery: reports.recovered)
            soundReports = reports
            self.player = player
            play(on: player, keyTones: settings.keyTones != .off)
        } catch {
            logger.warning("sound: the player could not start (\(error)); the dialer works on without sound")
        }
        return updates
    }

    /// Stops the player `startSound` made, if any: its sound stops, its devices close.
    public func stopSound() {
        player?.shutDown()
        player = nil
        soundReports = nil
        sound = nil
        machine.keyWentDown = nil
    }

    /// Shows and logs what the player reported (`LoopSource.sound`): the last problem stays
    /// on the screen until every device plays again.
    func takeSoundReports(display: inout some DialerDisplay) {
        guard let news = soundReports?.take(), let last = news.last else { return }
        for case let problem? in news.dropLast() { logger.warning("sound: \(problem)") }
        soundProblem(last.map { "sound: \($0)" }, display: &display)
    }

    /// Plays what the dialer does on `player` from now on: the ring, the keys' tones (unless
    /// `keyTones` is false), the dial tone while a handset is lifted and nothing is typed, and
    /// the tones of a call that ends, is busy or fails. Only `cue(_:)` is called, on the
    /// loop's thread, and it does not block.
    ///
    /// A player that replaces another (a reload) takes up what lasts: a call ringing here
    /// rings on it, the dial tone and the call-waiting tone play on.
    public func play(on player: any SoundCueing, keyTones: Bool) {
        sound = player
        cues.keyTones = keyTones
        machine.keyWentDown = { [unowned self] role in self.cue(self.cues.keyWentDown(role)) }
        switch cues.lasting {
        case .ring: cue([.ring])
        case .dialTone: cue([.dialTone])
        case .waitingTone: cue([.callWaiting])
        case .nothing, .silencedRing: break
        }
    }

    func cue(_ cues: [SoundCue]) {
        guard let sound else { return }
        cues.forEach(sound.cue)
    }

    /// Plays or stops the dial tone when a handset has come off or gone back on its hook:
    /// after each update, and when a keypad's hook is read (`handsetRead`).
    func cueHandset() {
        let machine = self.machine
        let lifted = machine.devices.contains { machine.isHandsetLifted(on: $0) == true }
        let idle = !machine.session.hasLiveCall && machine.session.screen.query.isEmpty
        cue(cues.handset(lifted: lifted, idle: idle))
    }

    /// A keypad's hook switch was read as it is (at start, or the keypad replugged): a handset
    /// found lifted with nothing typed plays the dial tone, as one lifted now would.
    public func handsetRead() {
        if sound != nil { cueHandset() }
    }

    /// The player says a ringer cannot play (`problem`), or that all play again (nil): a
    /// notice on the screen, and a line in the journal. Never a failed call: the call goes on
    /// without the sound.
    public func soundProblem(_ problem: String?, display: inout some DialerDisplay) {
        if let problem, problem != soundNotice {
            logger.warning("\(problem)")
        } else if problem == nil, let old = soundNotice {
            logger.notice("sound plays again (it was: \(old))")
        }
        post(problem, about: .sound, to: &display)
    }
}
