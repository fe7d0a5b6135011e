// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls

/// A kernel beeper: an input device that takes `EV_SND` (`pcspkr`, `pwm-beeper`,
/// `gpio-beeper`). One that takes tones (`SND_TONE`) sounds one frequency until told another
/// or 0; one that only rings a bell (`SND_BELL`) is switched on and off. The ring plays its
/// cadence on it and the tones their higher frequency. Owns the event node's descriptor,
/// silences the beeper and closes it when it goes.
public struct Beeper: ~Copyable {
    /// What the device takes.
    public enum Kind: Sendable, Hashable {
        /// `SND_TONE`: a frequency in hertz.
        case tone
        /// `SND_BELL`: on or off.
        case bell
    }

    /// The event node: `/dev/input/by-path/platform-pcspkr-event-spkr`, `/dev/input/event3`.
    public let path: String
    public let kind: Kind
    private let descriptor: Int32

    /// `EV_SND`, `SND_BELL` and `SND_TONE` of <linux/input-event-codes.h>.
    static let soundEvents: UInt16 = 0x12
    static let bellCode: UInt16 = 0x01
    static let toneCode: UInt16 = 0x02

    /// Opens the event node for writing; the device must say it takes `EV_SND` tones or a
    /// bell.
    public init(path: String) throws(SoundProblem) {
        try self.init(path: path, assuming: nil)
    }

    /// Opens the event node, taking it for `kind` without asking the device when given (tests
    /// write into a plain file).
    init(path: String, assuming kind: Kind?) throws(SoundProblem) {
        let descriptor: Int32
        switch SystemCall.open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw Self.problem(path, opening: error)
        }
        switch kind.map({ Result<Kind, SoundProblem>.success($0) }) ?? Self.kind(path, descriptor) {
        case .success(let found): self.kind = found
        case .failure(let problem):
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

    /// Sounds `hertz`, or stops for 0 (a bell rings for any frequency).
    public func sound(hertz: Int) throws(SoundProblem) {
        if case .failure(let error) = writeTone(hertz) {
            throw SoundProblem(.beeper(path), reason: "writing a tone failed (\(error))", remedy: "check that the beeper is still there", errno: error)
        }
    }

    private func writeTone(_ hertz: Int) -> Result<Void, Errno> {
        let event =
            switch kind {
            case .tone: Self.event(type: Self.soundEvents, code: Self.toneCode, value: Int32(clamping: max(0, hertz)))
            case .bell: Self.event(type: Self.soundEvents, code: Self.bellCode, value: hertz > 0 ? 1 : 0)
            }
        return SystemCall.writeAll(descriptor, event)
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

    /// What the device takes, tones before a bell, or why it is no beeper.
    private static func kind(_ path: String, _ descriptor: Int32) -> Result<Kind, SoundProblem> {
        let notBeeper = "find the beeper with `grep -Lx 0 /sys/class/input/input*/capabilities/snd` (pcspkr, pwm-beeper or gpio-beeper loaded)"
        switch Syscalls.eventBits(descriptor, type: 0, bytes: 4) {
        case .failure(let error):
            return .failure(SoundProblem(.beeper(path), reason: "it is not an input device (\(error))", remedy: notBeeper, errno: error))
        case .success(let types) where types[Int(soundEvents) / 8] & (1 << (soundEvents % 8)) == 0:
            return .failure(SoundProblem(.beeper(path), reason: "it is an input device that makes no sound (no EV_SND): not a beeper", remedy: notBeeper))
        case .success: break
        }
        switch Syscalls.eventBits(descriptor, type: Int(soundEvents), bytes: 1) {
        case .success(let codes) where codes[0] & (1 << toneCode) != 0: return .success(.tone)
        case .success(let codes) where codes[0] & (1 << bellCode) != 0: return .success(.bell)
        case .success:
            return .failure(SoundProblem(.beeper(path), reason: "it takes EV_SND but neither tones nor a bell", remedy: notBeeper))
        case .failure(let error):
            return .failure(SoundProblem(.beeper(path), reason: "its sound events cannot be read (\(error))", remedy: notBeeper, errno: error))
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
