// SPDX-License-Identifier: Apache-2.0

/// A plan's speaker sound as samples, made a stretch at a time: the player writes short
/// periods and checks for a new cue between them, so nothing of a long ring is made ahead.
public struct AudioTrack: Sendable {
    public let synthesizer: Synthesizer
    /// Every frame of the sound, all cycles.
    public let totalFrames: Int
    private let cycleFrames: Int
    private let audio: SoundPlan.Audio
    /// The first frame of each tone segment in a cycle, and its length.
    private let segmentFrames: [(start: Int, count: Int)]

    public init(_ audio: SoundPlan.Audio, cycleMilliseconds: Int, cycles: Int, synthesizer: Synthesizer) {
        self.synthesizer = synthesizer
        self.audio = audio
        cycleFrames = synthesizer.frames(milliseconds: cycleMilliseconds)
        totalFrames = cycleFrames * max(0, cycles)
        var elapsed = 0
        var frames: [(Int, Int)] = []
        if case .tones(let segments) = audio {
            for segment in segments {
                // Each segment starts on the frame its time falls on, so cycles do not drift.
                let start = synthesizer.frames(milliseconds: elapsed)
                elapsed += segment.milliseconds
                frames.append((start, synthesizer.frames(milliseconds: elapsed) - start))
            }
        }
        segmentFrames = frames
    }

    /// The plan's speaker sound; nil when the speaker plays nothing.
    public init?(_ plan: SoundPlan, synthesizer: Synthesizer) {
        guard let audio = plan.audio else { return nil }
        self.init(audio, cycleMilliseconds: plan.cycleMilliseconds, cycles: plan.cycles, synthesizer: synthesizer)
    }

    /// Frames `range` of the sound (cut at its end).
    public func render(_ range: Range<Int>) -> [Int16] {
        let range = range.clamped(to: 0..<totalFrames)
        var samples: [Int16] = []
        samples.reserveCapacity(range.count)
        var frame = range.lowerBound
        while frame < range.upperBound {
            let inCycle = frame % cycleFrames
            let cycleEnd = frame - inCycle + cycleFrames
            let stop = min(range.upperBound, cycleEnd)
            samples += renderCycle(inCycle..<(inCycle + stop - frame))
            frame = stop
        }
        return samples
    }

    /// Frames of one cycle.
    private func renderCycle(_ range: Range<Int>) -> [Int16] {
        switch audio {
        case .clip(let clip):
            let length = min(clip.samples.count, cycleFrames)
            let sounding = range.clamped(to: 0..<length)
            let silence = [Int16](repeating: 0, count: range.count - sounding.count)
            return synthesizer.scale(clip.samples[...], frames: sounding, of: length) + silence
        case .tones(let segments):
            var samples: [Int16] = []
            for (segment, frames) in zip(segments, segmentFrames) {
                let part = range.clamped(to: frames.start..<(frames.start + frames.count))
                guard !part.isEmpty else { continue }
                let local = (part.lowerBound - frames.start)..<(part.upperBound - frames.start)
                samples += synthesizer.render(segment, frames: local, of: frames.count)
            }
            // Segments shorter than the cycle leave silence.
            samples += [Int16](repeating: 0, count: range.count - samples.count)
            return samples
        }
    }
}
