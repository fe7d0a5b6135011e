// SPDX-License-Identifier: Apache-2.0

import BackgroundWork
public import DialerConfig
import ProcessLoop
import Synchronization
public import SystemCalls
public import Tones

/// Plays the cues the dialer asks for, on a thread of its own, on every output the `[sound]`
/// settings name: an ALSA device (the ring, or a ringtone, and the tones), a kernel beeper,
/// LED class devices (lamps, a bell relay).
///
/// `cue(_:)` never blocks: it leaves the cue for the player's thread and wakes it. A new cue
/// replaces the one playing at once (a ring stops when `quiet` or another cue comes). When
/// nothing plays the thread sleeps with no deadline; it opens the ALSA device when a sound
/// starts and closes it after `idleCloseMilliseconds`, so that baresip can have the card
/// between calls.
///
/// **Problems** (a device missing or busy, a beeper gone, a ringtone that cannot be read) are
/// handed to `onProblem` on the player's thread, each once until its output works again. The
/// closure must not block: the service's side hands the problem to its loop (a queue and a
/// wake-up) to show and log as a notice. A call never fails for a sound.
public final class SoundPlayer: SoundCueing {
    /// Samples a second of everything played: what dmix and most cards run at, so alsa-lib
    /// rarely resamples.
    public static let rate = 48_000
    /// How long the outputs stay open after a sound, in milliseconds.
    public static let idleCloseMilliseconds = 1_000

    private let mailbox: Mailbox
    private let thread: BackgroundTask<Void>

    /// A player for `settings`; `device` overrides `[sound] device` as `--sound` does: `none`
    /// for no ALSA device, or a PCM's name. Problems with the settings (a ringtone that cannot
    /// be read, a cadence out of limits) are reported through `onProblem` first, and the
    /// player plays without them (tones for the ring, the US cadence). `onRecovery` is called
    /// once every device that failed plays again. Fails only when no thread or descriptor can
    /// be had.
    public convenience init(
        settings: SoundSettings, device: String? = nil, onProblem: @escaping @Sendable (SoundProblem) -> Void,
        onRecovery: @escaping @Sendable () -> Void = {}
    ) throws(Errno) {
        let (setup, problems) = Self.setup(settings, device: device)
        try self.init(setup: setup, settingsProblems: problems, clock: MonotonicClock(), onProblem: onProblem, onRecovery: onRecovery)
    }

    init(
        setup: Setup, settingsProblems: [SoundProblem] = [], clock: any PlayerClock, onProblem: @escaping @Sendable (SoundProblem) -> Void,
        onRecovery: @escaping @Sendable () -> Void = {}
    ) throws(Errno) {
        let mailbox: Mailbox
        do { mailbox = try Mailbox() } catch { throw error.errno }
        self.mailbox = mailbox
        thread = try BackgroundTask(name: "t9dial-sound") {
            // A tone is made just after the key that asked for it: at a lower priority the
            // loop's thread, rendering that key's screen, keeps its core.
            Syscalls.lowerThreadPriority(to: Self.threadNice)
            for problem in settingsProblems { onProblem(problem) }
            let outputs = SoundOutputs(setup.places, rate: Self.rate, report: onProblem, recovered: onRecovery)
            PlayerThread(mailbox: mailbox, setup: setup, outputs: outputs, clock: clock).run()
        }
    }

    deinit {
        mailbox.post(.shutDown)
    }

    /// The player thread's nice value: below the loop's (0) and the keypad reader's (-10).
    static let threadNice: Int32 = 5

    /// Plays `cue`, replacing what plays; `quiet` stops it. Never blocks.
    public func cue(_ cue: SoundCue) {
        mailbox.post(.cue(cue))
    }

    /// Stops every sound, switches the beeper and lamps off, closes the devices and waits for
    /// the player's thread to end: when the service stops. Cues after it play nothing.
    public func shutDown() {
        mailbox.post(.shutDown)
        thread.waitForResult()
    }

    /// Rings one cadence cycle on every ringer of `settings` and returns when it has been
    /// heard, with the problems met: `t9dial ring`, to test the wiring. Blocks (a command,
    /// never the service's loop).
    public static func ringOnce(settings: SoundSettings, device: String? = nil) -> [SoundProblem] {
        let (setup, problems) = setup(settings, device: device)
        return problems + ringOnce(setup: setup, clock: MonotonicClock())
    }

    /// What is wrong with `settings` and the outputs they name, each output opened once and
    /// closed: for `config check` and `doctor`. Blocks while the devices open (a command's
    /// work); switches the beeper and the lamps off.
    public static func check(settings: SoundSettings, device: String? = nil) -> [SoundProblem] {
        let (setup, problems) = setup(settings, device: device)
        return problems + check(setup.places)
    }

    static func check(_ places: OutputPlaces) -> [SoundProblem] {
        var problems: [SoundProblem] = []
        if let name = places.alsaDevice {
            do throws(SoundProblem) { _ = try AlsaPCM(name: name, rate: rate, configuration: places.alsaConfiguration) } catch {
                problems.append(error)
            }
        }
        if let path = places.beeper {
            do throws(SoundProblem) { _ = try Beeper(path: path, assuming: places.beeperKind) } catch { problems.append(error) }
        }
        for name in places.lamps {
            do throws(SoundProblem) { _ = try LEDLamp(name, root: places.lampRoot) } catch { problems.append(error) }
        }
        return problems
    }

    static func ringOnce(setup: Setup, clock: any PlayerClock) -> [SoundProblem] {
        let found = Mutex<[SoundProblem]>([])
        let outputs = SoundOutputs(setup.places, rate: rate) { problem in found.withLock { $0.append(problem) } }
        guard var plan = SoundPlan(cue: .ring, choices: setup.choices) else { return [] }
        plan.cycles = 1
        let wake: WakeSignal
        do { wake = try WakeSignal() } catch { return [SoundProblem(.cadence, reason: "no descriptor for the ring (\(error))", remedy: "retry")] }
        _ = PlanFollower(outputs: outputs, clock: clock, wake: wake.descriptor).play(plan, volume: setup.ringVolume) { false }
        outputs.closeAfterPlaying()
        return found.withLock { $0 }
    }

    /// What the player plays and where.
    struct Setup: Sendable {
        var places: OutputPlaces
        var choices: SoundChoices
        var ringVolume: Double
        var toneVolume: Double
    }

    /// The setup for settings and a `--sound` override, with the settings' problems.
    static func setup(_ settings: SoundSettings, device: String?) -> (Setup, [SoundProblem]) {
        var problems: [SoundProblem] = []
        let alsaDevice = device.map { $0 == "none" ? nil : $0 } ?? settings.alsaDevice
        var places = OutputPlaces(alsaDevice: alsaDevice)
        places.beeper = settings.beeper
        places.lamps = settings.leds
        var cadence = Cadence.us
        switch settings.ringCadence {
        case .us: cadence = .us
        case .uk: cadence = .uk
        case .custom(let lengths):
            do throws(Cadence.Problem) { cadence = try Cadence(milliseconds: lengths) } catch {
                problems.append(SoundProblem(.cadence, reason: error.description, remedy: "fix [sound] ring_cadence; ringing with the US cadence"))
            }
        }
        var ringtone: PCMClip?
        if let path = settings.ringtone, alsaDevice != nil {
            switch Ringtone.read(path, rate: rate) {
            case .success(let clip): ringtone = clip
            case .failure(let problem): problems.append(problem)
            }
        }
        let choices = SoundChoices(
            speaker: alsaDevice != nil, beeper: settings.beeper != nil, lamps: !settings.leds.isEmpty, cadence: cadence,
            ringtone: ringtone,
            keyTone: {
                switch settings.keyTones {
                case .dtmf: .dtmf;
                case .click: .click;
                case .off: .off
                }
            }(),
            country: {
                switch settings.country {
                case .us: .us;
                case .uk: .uk;
                case .europe: .europe
                }
            }())
        return (Setup(places: places, choices: choices, ringVolume: settings.ringVolume, toneVolume: settings.toneVolume), problems)
    }
}
