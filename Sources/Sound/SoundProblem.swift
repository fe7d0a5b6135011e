// SPDX-License-Identifier: Apache-2.0

public import SystemCalls

/// Why an output cannot play: which one, what is wrong, and what to do. The player reports it
/// as a notice; a call never fails for it.
public struct SoundProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The output that failed.
    public enum Output: Sendable, Hashable, CustomStringConvertible {
        /// An ALSA PCM, by name.
        case alsa(String)
        /// A kernel beeper's event node.
        case beeper(String)
        /// An LED class device's folder.
        case lamp(String)
        /// The ringtone file.
        case ringtone(String)
        /// The ring's cadence, as configured.
        case cadence
        /// An ALSA mixer (a card's controls), by its control device's name.
        case mixer(String)

        public var description: String {
            switch self {
            case .alsa(let name): "ALSA device \(name)"
            case .beeper(let path): "beeper \(path)"
            case .lamp(let path): "LED \(path)"
            case .ringtone(let path): "ringtone \(path)"
            case .cadence: "ring cadence"
            case .mixer(let card): "ALSA mixer \(card)"
            }
        }
    }

    public var output: Output
    /// What is wrong: "it is busy: another program has it open".
    public var reason: String
    /// What to do about it.
    public var remedy: String
    /// The system's error, when there was one.
    public var errno: Errno?

    public init(_ output: Output, reason: String, remedy: String, errno: Errno? = nil) {
        self.output = output
        self.reason = reason
        self.remedy = remedy
        self.errno = errno
    }

    /// `ALSA device plughw:1,0: it is busy…; remedy`.
    public var description: String { "\(output): \(reason); \(remedy)" }
}
