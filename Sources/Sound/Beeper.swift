// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls

/// A kernel beeper: an input device that takes `EV_SND` (`pcspkr`, `pwm-beeper`,
/// `gpio-beeper`). It sounds one frequency until told another or 0; the ring plays its
/// cadence on it and the tones their higher frequency. Owns the event node's descriptor,
/// silences the beeper and closes it when it goes.
public struct Beeper: ~Copyable {
    /// The event node: `/dev/input/by-path/platform-pcspkr-event-spkr`, `/dev/input/event3`.
    public let path: String
    private let descriptor: Int32

    /// `EV_SND` and `SND_TONE` of <linux/input-event-codes.h>.
    static let soundEvents: UInt16 = 0x12
    static let tone: UInt16 = 0x02

    /// Opens the event node for writing. With `checking` (always, but for tests that write
    /// into a pipe or a file) the device must say it takes `EV_SND` tones.
    public init(path: String, checking: Bool = true) throws(SoundProblem) {
        let descriptor: Int32
        switch SystemCall.open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw Self.problem(path, opening: error)
        }
        if checking, let problem = Self.capabilityProblem(path, descriptor) {
            SystemCall.close(descriptor)
            throw problem
        }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        _ = writeTone(0)
        SystemCall.close(descriptor)
    }

    /// Sounds `hertz`, or stops for 0.
    public func sound(hertz: Int) throws(SoundProblem) {
        if case .failure(let error) = writeTone(hertz) {
            throw SoundProblem(.beeper(path), reason: "writing a tone failed (\(error))", remedy: "check that the beeper is still there", errno: error)
        }
    }

    private func writeTone(_ hertz: Int) -> Result<Void, Errno> {
        SystemCall.writeAll(descriptor, Self.event(type: Self.soundEvents, code: Self.tone, value: Int32(clamping: hertz)))
    }

    /// A `struct input_event` as the kernel reads it: two C longs of time (left at 0, the
    /// kernel stamps it), the type, the code and the value, in the machine's byte order.
    static func event(type: UInt16, code: UInt16, value: Int32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 2 * MemoryLayout<Int>.size)
        withUnsafeBytes(of: type) { bytes += $0 }
        withUnsafeBytes(of: code) { bytes += $0 }
        withUnsafeBytes(of: value) { bytes += $0 }
        return bytes
    }

    /// The size of one event on this machine.
    static var eventSize: Int { 2 * MemoryLayout<Int>.size + 8 }

    /// Why the device is no beeper, or nil when it takes `EV_SND` tones.
    private static func capabilityProblem(_ path: String, _ descriptor: Int32) -> SoundProblem? {
        let notBeeper = "find the beeper with `grep -l snd /sys/class/input/*/capabilities/snd` (pcspkr, pwm-beeper or gpio-beeper loaded)"
        switch Syscalls.eventBits(descriptor, type: 0, bytes: 4) {
        case .failure(let error):
            return SoundProblem(.beeper(path), reason: "it is not an input device (\(error))", remedy: notBeeper, errno: error)
        case .success(let types) where types[Int(soundEvents) / 8] & (1 << (soundEvents % 8)) == 0:
            return SoundProblem(.beeper(path), reason: "it is an input device that makes no sound (no EV_SND): not a beeper", remedy: notBeeper)
        case .success: break
        }
        switch Syscalls.eventBits(descriptor, type: Int(soundEvents), bytes: 1) {
        case .success(let codes) where codes[0] & (1 << tone) != 0: return nil
        case .success:
            return SoundProblem(.beeper(path), reason: "it takes EV_SND but no tones (SND_TONE): a bell only", remedy: notBeeper)
        case .failure(let error):
            return SoundProblem(.beeper(path), reason: "its sound events cannot be read (\(error))", remedy: notBeeper, errno: error)
        }
    }

    static func problem(_ path: String, opening error: Errno) -> SoundProblem {
        switch error.rawValue {
        case EACCES, EPERM:
            SoundProblem(
                .beeper(path), reason: "permission denied",
                remedy: "let the service's group write it with a udev rule (t9dial udev-rule), or add the user to the input group", errno: error)
        default:
            SoundProblem(.beeper(path), reason: "it cannot be opened (\(error))", remedy: "check the path (ls /dev/input/by-path/)", errno: error)
        }
    }
}
