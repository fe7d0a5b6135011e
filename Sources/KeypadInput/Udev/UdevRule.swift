// SPDX-License-Identifier: Apache-2.0

public import Evdev

/// The udev rule that makes one input device t9dial's keypad: `t9dial udev-rule` prints it, to
/// be saved as `/etc/udev/rules.d/69-t9dial-local.rules`. It sets `ENV{T9DIAL_KEYPAD}="1"` for
/// the device, and t9dial's own `70-t9dial.rules`, which sorts after it, does the rest (the
/// link /dev/input/t9dial-keypad, the group t9dial, the service).
///
/// The device is matched by its name and ids, which stay the same whatever port or event
/// number it gets. Pure: a function of the device's description, so it is tested on values.
public struct UdevRule: Sendable, Hashable {
    /// Where the rule goes: "69" sorts before t9dial's 70-t9dial.rules, which must see the
    /// variable this rule sets.
    public static let installPath = "/etc/udev/rules.d/69-t9dial-local.rules"

    /// The device, as read from its node.
    public var device: InputDeviceInfo
    /// The path the user named it by (a by-id link, say), for the header.
    public var requestedPath: String
    /// What the device is to t9dial, for the header's warnings.
    public var classification: DeviceClassification

    public init(device: InputDeviceInfo, requestedPath: String, classification: DeviceClassification) {
        self.device = device
        self.requestedPath = requestedPath
        self.classification = classification
    }

    /// The rule line itself. All three ATTRS are attributes of the same parent, the inputN
    /// device, as udev requires of the ATTRS keys of one rule.
    public var rule: String {
        "ACTION!=\"remove\", SUBSYSTEM==\"input\", KERNEL==\"event*\", ATTRS{name}==\"\(Self.matchValue(device.name))\", "
            + "ATTRS{id/vendor}==\"\(InputDeviceInfo.hex(device.vendor))\", "
            + "ATTRS{id/product}==\"\(InputDeviceInfo.hex(device.product))\", ENV{T9DIAL_KEYPAD}=\"1\""
    }

    /// What the user should know before installing the rule; also in the file's header.
    public var warnings: [String] {
        switch classification.kind {
        case .dedicatedKeypad:
            []
        case .fullKeyboard:
            [
                "this device is a full keyboard (it has letter keys): the rule gives all its keys to t9dial, grabbed, "
                    + "so no other program, the login console included, gets a key from it"
            ]
        case .doesNotQualify:
            ["t9dial cannot read this device as a keypad: \(classification.reason)"]
        }
    }

    /// The whole rules file: a header saying which device it is for and how to install it,
    /// then the rule.
    public var text: String {
        let path = Self.commentText(requestedPath)
        var lines = [
            "# t9dial: the device t9dial reads as its keypad, by its name and ids (made by t9dial udev-rule).",
            "#   device:         \(path)" + (device.path == requestedPath ? "" : " (now \(Self.commentText(device.path)))"),
            "#   name:           \"\(Self.commentText(device.name))\"",
            "#   bus:            \(device.busName)",
            "#   vendor:product  \(device.vendorProduct)",
            "#",
            "# Install it as \(Self.installPath), which sorts before t9dial's",
            "# 70-t9dial.rules (the rule that acts on T9DIAL_KEYPAD), and apply it:",
            "#   t9dial udev-rule --device \(path) | sudo tee \(Self.installPath)",
            "#   sudo udevadm control --reload",
            "#   sudo udevadm trigger --subsystem-match=input",
            "# Then /dev/input/t9dial-keypad leads to the device, and t9dial doctor checks the rest.",
        ]
        if Self.matchValue(device.name) != device.name {
            lines += [
                "#",
                "# The name holds characters a udev match string cannot hold as they are (\" \\ * ? [ | or control",
                "# characters): each is matched by ?, any one character; the ids make the match exact enough.",
            ]
        }
        for warning in warnings {
            lines += ["#", "# WARNING: " + Self.commentText(warning) + "."]
        }
        return (lines + ["", rule]).joined(separator: "\n") + "\n"
    }

    /// `name` as the value of a udev match, matching `name` itself.
    ///
    /// udev reads `\"` inside a value as a quote but keeps every other backslash; the value is
    /// then compared as it is, or as a glob (fnmatch, where `\` escapes) when it holds `*`, `?`
    /// or `[`; and `|` separates alternatives. Escaping with backslashes would mean different
    /// things in the two cases, so each such character (and any control character, which would
    /// end the line) becomes `?`, a glob of one character, which matches it in every case.
    /// It would match another character in that place too, which the ids of the same rule make
    /// harmless.
    static func matchValue(_ name: String) -> String {
        String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { scalar in
                    "\"\\*?[|".unicodeScalars.contains(scalar) || isControl(scalar) ? "?" : scalar
                }))
    }

    /// `text` for a comment line: a control character (a newline would end the comment) as `?`.
    static func commentText(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "?" : $0 }))
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }

    /// Why the device could not be read to make its rule, and what to do: reading a device's
    /// name and ids needs read access to its node, which before the rule only root and group
    /// input have.
    public static func openingProblem(_ error: EvdevError, requestedPath: String) -> String {
        guard error.kind == .permissionDenied else { return error.message }
        return "permission denied opening \(error.path) (\(error.errno.name)): reading the device's name and ids needs "
            + "root or group input; run it as root, sudo t9dial udev-rule --device \(requestedPath), or with group "
            + "input for this one command, sudo -g input t9dial udev-rule --device \(requestedPath)"
    }
}
