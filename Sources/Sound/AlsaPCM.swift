// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls

/// An ALSA playback PCM, open: 16-bit mono samples at one rate, converted by alsa-lib's plug
/// layer to what the device takes. Owns the `snd_pcm_t` and closes it when it goes.
///
/// Opened without waiting, so a device another program holds is an error at once, not a
/// wait; writes then block until the device has room, which paces the player's thread.
public struct AlsaPCM: ~Copyable {
    /// The PCM's name: `default`, `plughw:1,0`, a `dmix`.
    public let name: String
    /// Samples a second.
    public let rate: Int
    private let handle: OpaquePointer
    /// Kept alive while the PCM is open: alsa-lib reads it then.
    private let configuration: AlsaConfiguration?

    /// The buffer asked of the device, in microseconds: room for the player's lead
    /// (`PlanFollower.leadMilliseconds`) and a period more. Its length never delays a stop,
    /// which drops what is queued, nor a start, which plays what was written at once.
    public static let latencyMicroseconds = 300_000

    /// Opens `name` for playback at `rate`; through `configuration` instead of the system's
    /// when given.
    public init(name: String, rate: Int, configuration: AlsaConfiguration? = nil) throws(SoundProblem) {
        Alsa.quietErrors()
        let handle: OpaquePointer
        switch Alsa.openPlayback(name, configuration: configuration?.handle) {
        case .success(let opened): handle = opened
        case .failure(let error): throw Self.problem(name, opening: error)
        }
        let set = Alsa.setBlocking(handle).flatMap { _ in Alsa.setParameters(handle, rate: rate, latency: Self.latencyMicroseconds) }
        if case .failure(let error) = set {
            Alsa.close(handle)
            throw SoundProblem(
                .alsa(name), reason: "it does not take 16-bit mono sound at \(rate) Hz (\(error))",
                remedy: "use a plug device (plughw:CARD,DEV or default) so that ALSA converts", errno: error)
        }
        self.name = name
        self.rate = rate
        self.handle = handle
        self.configuration = configuration
    }

    deinit { Alsa.close(handle) }

    /// Writes every sample, waiting for room; an underrun (the board was too slow) is
    /// recovered from and the write goes on.
    public func write(_ samples: [Int16]) throws(SoundProblem) {
        var offset = 0
        while offset < samples.count {
            let result = samples.withUnsafeBufferPointer { Alsa.write(handle, UnsafeBufferPointer(rebasing: $0[offset...])) }
            switch result {
            case .success(let count): offset += count
            case .failure(let error):
                if case .failure(let unrecovered) = Alsa.recover(handle, from: error) {
                    throw SoundProblem(
                        .alsa(name), reason: "writing to it failed (\(unrecovered))", remedy: "check the device (aplay -D \(name) FILE.wav)",
                        errno: unrecovered)
                }
            }
        }
    }

    /// Stops at once, dropping what is queued, and readies the stream for the next sound.
    public func stop() {
        Alsa.drop(handle)
        _ = Alsa.prepare(handle)
    }

    /// Plays what was written now: a stream starts by itself only once its buffer is full,
    /// which a sound shorter than the buffer (a key's tone) never fills.
    public func start() {
        Alsa.startIfPrepared(handle)
    }

    /// Waits until what was written has played.
    public func drain() {
        Alsa.drain(handle)
    }

    /// What went wrong opening a device, and what to do.
    static func problem(_ name: String, opening error: Errno) -> SoundProblem {
        let listing = "list the devices with `aplay -L` and set [sound] device (or --sound)"
        return switch error.rawValue {
        case ENOENT, ENODEV, ENXIO:
            SoundProblem(.alsa(name), reason: "no such device", remedy: listing, errno: error)
        case EBUSY:
            SoundProblem(
                .alsa(name), reason: "it is busy: another program (baresip?) has it open",
                remedy: "let both share the card through a dmix device (device = \"dmix\", and baresip's audio_player the same)", errno: error)
        case EACCES, EPERM:
            SoundProblem(
                .alsa(name), reason: "permission denied",
                remedy: "add the user to the audio group (the service unit has SupplementaryGroups=audio)", errno: error)
        default:
            SoundProblem(.alsa(name), reason: "it cannot be opened (\(error))", remedy: listing, errno: error)
        }
    }
}
