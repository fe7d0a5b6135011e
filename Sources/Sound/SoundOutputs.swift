// SPDX-License-Identifier: Apache-2.0

import Tones

/// Where the player's outputs are, and how tests reach them: a recording ALSA configuration,
/// a folder standing for /sys/class/leds, a beeper that is a plain file.
struct OutputPlaces: Sendable {
    /// The ALSA PCM's name; nil plays nothing through ALSA.
    var alsaDevice: String?
    /// Opens the PCM through this configuration instead of the system's (tests).
    var alsaConfiguration: AlsaConfiguration?
    var beeper: String?
    /// What the beeper takes, nil to ask it (always, but for tests' plain files).
    var beeperKind: Beeper.Kind?
    var lamps: [String] = []
    var lampRoot = LEDLamp.classFolder
}

/// The devices the player plays on, opened when a sound starts and closed when the player
/// has been idle a while, so that baresip can have the sound card between calls. Lives on the
/// player's thread. A device that fails is reported once, until it works again, and the
/// others play on.
final class SoundOutputs {
    let places: OutputPlaces
    let rate: Int
    private let report: @Sendable (SoundProblem) -> Void
    /// Called once every output that failed works again, so the notice can go.
    private let recovered: @Sendable () -> Void
    private var pcm: AlsaPCM?
    private var beeper: Beeper?
    private var lamps: [LampHolder] = []
    /// The outputs whose problem was reported and has not cleared since.
    private var failing: Set<SoundProblem.Output> = []

    /// An open LED (arrays hold copyable values only).
    private final class LampHolder {
        let lamp: LEDLamp
        init(_ lamp: consuming LEDLamp) { self.lamp = lamp }
    }

    init(
        _ places: OutputPlaces, rate: Int, report: @escaping @Sendable (SoundProblem) -> Void, recovered: @escaping @Sendable () -> Void = {}
    ) {
        self.places = places
        self.rate = rate
        self.report = report
        self.recovered = recovered
    }

    /// Whether anything is open.
    var isOpen: Bool { pcm != nil || beeper != nil || !lamps.isEmpty }

    /// Opens what a plan plays on and is not open yet; true when the speaker is open.
    @discardableResult
    func open(for plan: SoundPlan) -> Bool {
        if plan.audio != nil, pcm == nil, let name = places.alsaDevice {
            pcm = outcome(.alsa(name)) { () throws(SoundProblem) in try AlsaPCM(name: name, rate: rate, configuration: places.alsaConfiguration) }
        }
        if plan.beeps != nil, beeper == nil, let path = places.beeper {
            beeper = outcome(.beeper(path)) { () throws(SoundProblem) in try Beeper(path: path, assuming: places.beeperKind) }
        }
        if plan.lamps != nil, lamps.isEmpty {
            for name in places.lamps {
                let problemKey = SoundProblem.Output.lamp(name)
                if let lamp = outcome(problemKey, { () throws(SoundProblem) in try LEDLamp(name, root: places.lampRoot) }) {
                    lamps.append(LampHolder(lamp))
                }
            }
        }
        return pcm != nil
    }

    /// Writes samples to the speaker; on failure it is reported and closed for this sound.
    func play(_ samples: [Int16]) {
        do throws(SoundProblem) {
            try pcm?.write(samples)
        } catch {
            pcm = nil
            fail(error.output, error)
        }
    }

    var hasSpeaker: Bool { pcm != nil }

    /// Starts the speaker on what it was given, when the sound ends before filling its buffer.
    func startSpeaker() {
        pcm?.start()
    }

    /// Sounds the beeper at `hertz` (0: silent).
    func beep(_ hertz: Int) {
        do throws(SoundProblem) {
            try beeper?.sound(hertz: hertz)
        } catch {
            beeper = nil
            fail(error.output, error)
        }
    }

    /// Switches every lamp on or off.
    func light(_ on: Bool) {
        for holder in lamps {
            do throws(SoundProblem) { try holder.lamp.set(on: on) } catch { fail(error.output, error) }
        }
    }

    /// Stops every sound at once: the speaker's queue dropped, the beeper and lamps off.
    func silence() {
        pcm?.stop()
        beep(0)
        light(false)
    }

    /// Lets the speaker play what it was given, then closes everything.
    func closeAfterPlaying() {
        pcm?.drain()
        close()
    }

    /// Closes every device (each silences itself as it goes).
    func close() {
        pcm = nil
        beeper = nil
        lamps = []
    }

    /// The device `make` opens, or nil with its problem reported unless it was already.
    private func outcome<Device: ~Copyable>(_ output: SoundProblem.Output, _ make: () throws(SoundProblem) -> Device) -> Device? {
        do throws(SoundProblem) {
            let device = try make()
            if failing.remove(output) != nil, failing.isEmpty { recovered() }
            return device
        } catch {
            fail(output, error)
            return nil
        }
    }

    private func fail(_ output: SoundProblem.Output, _ problem: SoundProblem) {
        if failing.insert(output).inserted { report(problem) }
    }
}
