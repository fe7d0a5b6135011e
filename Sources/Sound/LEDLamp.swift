// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls

/// An LED class device (`/sys/class/leds/NAME`), which is how a device tree makes a GPIO line
/// into a bell relay, a buzzer or a lamp (`gpio-leds`): switched fully on and off with the
/// ring's cadence. Owns the `brightness` attribute's descriptor, switches it off and closes
/// it when it goes.
public struct LEDLamp: ~Copyable {
    /// The device's folder: `/sys/class/leds/bell`.
    public let path: String
    /// What "on" writes: the device's `max_brightness`.
    public let maxBrightness: Int
    private let descriptor: Int32

    /// Where LED class devices are.
    public static let classFolder = "/sys/class/leds"

    /// Opens the LED `nameOrPath`: a NAME in `root`, or a path inside `root` (nothing outside
    /// it, so a config cannot make t9dial write into another sysfs file). Tests give a
    /// folder of their own as `root`.
    public init(_ nameOrPath: String, root: String = LEDLamp.classFolder) throws(SoundProblem) {
        let path = try Self.resolve(nameOrPath, root: root)
        let fix = "let the service's group write it with a udev rule (t9dial udev-rule)"
        let text: [UInt8]
        do {
            text = try RegularFile.read(path + "/max_brightness", maxBytes: 4096)
        } catch {
            throw SoundProblem(
                .lamp(path), reason: "no LED there (\(error.reason))", remedy: "list the LEDs with `ls \(root)` and name one in [sound] leds",
                errno: { if case .system(let errno) = error.problem { errno } else { nil } }())
        }
        let digits = String(decoding: text.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        guard let maxBrightness = Int(digits), maxBrightness > 0 else {
            throw SoundProblem(.lamp(path), reason: "its max_brightness is not a positive number", remedy: "name an LED class device")
        }
        switch SystemCall.open(path + "/brightness", O_WRONLY | O_CLOEXEC) {
        case .success(let opened): descriptor = opened
        case .failure(let error) where error.rawValue == EACCES || error.rawValue == EPERM:
            throw SoundProblem(.lamp(path), reason: "permission denied writing its brightness", remedy: fix, errno: error)
        case .failure(let error):
            throw SoundProblem(.lamp(path), reason: "its brightness cannot be opened (\(error))", remedy: fix, errno: error)
        }
        self.path = path
        self.maxBrightness = maxBrightness
    }

    deinit {
        _ = Syscalls.writeAtStart(descriptor, Array("0\n".utf8))
        SystemCall.close(descriptor)
    }

    /// Switches the LED fully on or off.
    public func set(on: Bool) throws(SoundProblem) {
        if case .failure(let error) = Syscalls.writeAtStart(descriptor, Array("\(on ? maxBrightness : 0)\n".utf8)) {
            throw SoundProblem(.lamp(path), reason: "writing its brightness failed (\(error))", remedy: "check that the LED is still there", errno: error)
        }
    }

    /// The device's folder for a NAME or a path, refusing anything outside `root`.
    static func resolve(_ nameOrPath: String, root: String) throws(SoundProblem) -> String {
        let name: Substring
        if nameOrPath.hasPrefix("/") {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            guard nameOrPath.hasPrefix(prefix) else {
                throw SoundProblem(.lamp(nameOrPath), reason: "it is not in \(root)", remedy: "name an LED class device: NAME or \(prefix)NAME")
            }
            name = nameOrPath.dropFirst(prefix.count)
        } else {
            name = nameOrPath[...]
        }
        let trimmed = name.hasSuffix("/") ? name.dropLast() : name
        guard !trimmed.isEmpty, !trimmed.contains("/"), trimmed != ".", trimmed != ".." else {
            throw SoundProblem(.lamp(nameOrPath), reason: "it is not an LED's name", remedy: "name an LED class device: NAME or \(root)/NAME")
        }
        return (root.hasSuffix("/") ? root : root + "/") + trimmed
    }
}
