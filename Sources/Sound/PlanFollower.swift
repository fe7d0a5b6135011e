// SPDX-License-Identifier: Apache-2.0

import Tones
import struct SystemPackage.FileDescriptor

/// Plays one plan on the outputs, on the player's thread: the beeper and lamps switched at the
/// plan's edges, the speaker fed a short period at a time, never more than `leadMilliseconds`
/// ahead of the clock, and between any two periods a check for a new cue, which stops it.
struct PlanFollower {
    let outputs: SoundOutputs
    let clock: any PlayerClock
    /// What wakes the thread when a cue comes.
    let wake: FileDescriptor

    /// How far ahead of the clock the speaker is fed, within the device's buffer: a busy
    /// board's thread may wake this late without a gap in the sound (an emulated board on a
    /// busy host showed gaps at a shorter lead). A stop is heard at once all the same, as it
    /// drops what is queued.
    static let leadMilliseconds = 250
    /// The samples written at once, in milliseconds.
    static let periodMilliseconds = 20

    /// Plays `plan` to its end (true) or until `interrupted` says a cue came (false), when
    /// every output is silenced at once.
    func play(_ plan: SoundPlan, volume: Double, interrupted: () -> Bool) -> Bool {
        outputs.open(for: plan)
        let synthesizer = Synthesizer(rate: outputs.rate, volume: volume)
        let track = outputs.hasSpeaker ? AudioTrack(plan, synthesizer: synthesizer) : nil
        let period = synthesizer.frames(milliseconds: Self.periodMilliseconds)
        let start = clock.now()
        let end = start + Int64(plan.totalMilliseconds) * 1000
        var written = 0
        var hertz: Int?
        var lit: Bool?
        while true {
            if interrupted() {
                outputs.silence()
                return false
            }
            let elapsed = Int((clock.now() - start) / 1000)
            var deadline = end
            if let beeps = plan.beeps {
                let (segment, next) = Self.segment(beeps, of: plan, at: elapsed)
                let now = segment.flatMap { $0.frequencies.first.map { Int($0.rounded()) } } ?? 0
                if now != hertz { outputs.beep(now) }
                hertz = now
                deadline = min(deadline, start + Int64(next) * 1000)
            }
            if let lamps = plan.lamps {
                let (segment, next) = Self.segment(lamps, of: plan, at: elapsed)
                let on = segment.map { !$0.isSilent } ?? false
                if on != lit { outputs.light(on) }
                lit = on
                deadline = min(deadline, start + Int64(next) * 1000)
            }
            if let track, outputs.hasSpeaker {
                let target = min(track.totalFrames, synthesizer.frames(milliseconds: elapsed + Self.leadMilliseconds))
                while written < target {
                    if interrupted() {
                        outputs.silence()
                        return false
                    }
                    let count = min(period, target - written)
                    outputs.play(track.render(written..<(written + count)))
                    written += count
                }
                // Played from now, not once the device's buffer is full.
                outputs.startSpeaker()
                if written < track.totalFrames {
                    let writtenMilliseconds = written * 1000 / outputs.rate
                    let more = writtenMilliseconds - Self.leadMilliseconds + Self.periodMilliseconds
                    deadline = min(deadline, start + Int64(more) * 1000)
                }
            }
            let speakerDone = track.map { written >= $0.totalFrames || !outputs.hasSpeaker } ?? true
            if elapsed >= plan.totalMilliseconds, speakerDone {
                outputs.beep(0)
                outputs.light(false)
                return true
            }
            clock.sleep(until: max(deadline, clock.now()), wake: wake)
        }
    }

    /// The segment sounding at `elapsed` (nil in silence past the segments or past the end),
    /// and when it ends.
    static func segment(_ segments: [ToneSegment], of plan: SoundPlan, at elapsed: Int) -> (ToneSegment?, Int) {
        if let found = plan.segment(of: segments, at: elapsed) { return (segments[found.index], found.endsAt) }
        let cycle = max(1, plan.cycleMilliseconds)
        return (nil, min(plan.totalMilliseconds, (elapsed / cycle + 1) * cycle))
    }
}
