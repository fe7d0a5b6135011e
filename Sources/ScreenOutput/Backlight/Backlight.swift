// SPDX-License-Identifier: Apache-2.0

import Glibc
import SystemCalls

/// A backlight class device (`/sys/class/backlight/NAME`), switched off while the screen
/// sleeps and on again when it wakes: through its `bl_power` (4, powered down; 0, on) where
/// the driver has one, else its `brightness` (0, then the brightness it had). Owns the
/// attribute's descriptor, switches the light on and closes it when it goes, so a screen
/// never stays dark after t9dial.
///
/// A panel whose backlight is bound to its framebuffer goes dark with FBIOBLANK already (the
/// kernel tells the backlight); this is for a backlight the kernel does not tie to the
/// framebuffer, such as a GPIO or PWM backlight beside an SPI panel.
public struct Backlight: ~Copyable {
    /// The device's folder: `/sys/class/backlight/panel`.
    public let path: String
    /// Which attribute switches it.
    public let attribute: Attribute
    private let descriptor: Int32

    /// How the light is switched.
    public enum Attribute: Sendable, Hashable {
        /// `bl_power`: FB_BLANK_POWERDOWN (4) off, FB_BLANK_UNBLANK (0) on.
        case power
        /// `brightness`: 0 off, and back to the brightness read at open.
        case brightness(restore: Int)

        /// The attribute's file name.
        public var fileName: String {
            switch self {
            case .power: "bl_power"
            case .brightness: "brightness"
            }
        }

        /// What is written to switch the light on or off.
        func value(on: Bool) -> String {
            switch self {
            case .power: on ? "0\n" : "4\n"
            case .brightness(let restore): on ? "\(restore)\n" : "0\n"
            }
        }
    }

    /// Where backlight class devices are.
    public static let classFolder = "/sys/class/backlight"

    /// Opens the backlight `nameOrPath`: a NAME in `root`, or a path inside `root` (nothing
    /// outside it, so a config cannot make t9dial write into another sysfs file). Tests give a
    /// folder of their own as `root`.
    public init(_ nameOrPath: String, root: String = Backlight.classFolder) throws(BacklightError) {
        let path = try Self.resolve(nameOrPath, root: root)
        let attribute: Attribute
        if SystemCall.exists(path + "/bl_power") {
            attribute = .power
        } else {
            let text: [UInt8]
            do {
                text = try RegularFile.read(path + "/brightness", maxBytes: 4096)
            } catch {
                throw BacklightError(path: path, "no backlight there (\(error.reason))", fix: "list the backlights with `ls \(root)`")
            }
            let digits = String(decoding: text.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
            guard let brightness = Int(digits), brightness >= 0 else {
                throw BacklightError(path: path, "its brightness is not a number", fix: "name a backlight class device")
            }
            // A light already off at start comes back at full brightness rather than staying dark.
            attribute = .brightness(restore: brightness > 0 ? brightness : Self.maxBrightness(path) ?? 1)
        }
        switch SystemCall.open(path + "/" + attribute.fileName, O_WRONLY | O_CLOEXEC) {
        case .success(let opened): descriptor = opened
        case .failure(let error):
            let writable = error.rawValue == EACCES || error.rawValue == EPERM
            throw BacklightError(
                path: path, writable ? "permission denied writing its \(attribute.fileName)" : "its \(attribute.fileName) cannot be opened (\(error))",
                fix: "let the service's group write it with a udev rule (t9dial udev-rule), as for LEDs")
        }
        self.path = path
        self.attribute = attribute
    }

    deinit {
        _ = Syscalls.writeAtStart(descriptor, Array(attribute.value(on: true).utf8))
        SystemCall.close(descriptor)
    }

    /// Switches the light on or off.
    public func set(on: Bool) throws(BacklightError) {
        if case .failure(let error) = Syscalls.writeAtStart(descriptor, Array(attribute.value(on: on).utf8)) {
            throw BacklightError(path: path, "writing its \(attribute.fileName) failed (\(error))", fix: "check that the backlight is still there")
        }
    }

    /// The device's `max_brightness`, when it reads as a positive number.
    private static func maxBrightness(_ path: String) -> Int? {
        guard let text = try? RegularFile.read(path + "/max_brightness", maxBytes: 4096) else { return nil }
        return Int(String(decoding: text.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)).flatMap { $0 > 0 ? $0 : nil }
    }

    /// The device's folder for a NAME or a path, refusing anything outside `root`.
    static func resolve(_ nameOrPath: String, root: String) throws(BacklightError) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        let name: Substring
        if nameOrPath.hasPrefix("/") {
            guard nameOrPath.hasPrefix(prefix) else {
                throw BacklightError(path: nameOrPath, "it is not in \(root)", fix: "name a backlight class device: NAME or \(prefix)NAME")
            }
            name = nameOrPath.dropFirst(prefix.count)
        } else {
            name = nameOrPath[...]
        }
        let trimmed = name.hasSuffix("/") ? name.dropLast() : name
        guard !trimmed.isEmpty, !trimmed.contains("/"), trimmed != ".", trimmed != ".." else {
            throw BacklightError(path: nameOrPath, "it is not a backlight's name", fix: "name a backlight class device: NAME or \(prefix)NAME")
        }
        return prefix + trimmed
    }
}

/// Why a backlight cannot be switched: which, what is wrong, and what to do.
public struct BacklightError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The backlight's folder, or what the config named.
    public var path: String
    public var reason: String
    public var fix: String

    init(path: String, _ reason: String, fix: String) {
        self.path = path
        self.reason = reason
        self.fix = fix
    }

    public var description: String { "backlight \(path): \(reason); \(fix)" }
}
