// SPDX-License-Identifier: Apache-2.0

public import InputEvents

/// What the screen's help line calls a keymap's keys.
extension Keymap {
    /// A short name for the key of each role ("Enter", "/", "Bksp"): of several keys with one
    /// role, the shortest name, then the lowest code.
    public var roleLabels: [KeyRole: String] {
        var labels: [KeyRole: (label: String, code: UInt16)] = [:]
        for (code, role) in roles {
            guard let name = EventCodes.keyName(of: code) else { continue }
            let label = Self.label(ofKey: name)
            if let known = labels[role], (known.label.count, known.code) <= (label.count, code) { continue }
            labels[role] = (label, code)
        }
        return labels.mapValues(\.label)
    }

    /// "KEY_KPENTER" → "Enter", "KEY_KPSLASH" → "/", "KEY_BACKSPACE" → "Bksp",
    /// "KEY_VOLUMEUP" → "Vol+", "KEY_DOWN" → "Down".
    static func label(ofKey name: String) -> String {
        var key = Substring(name)
        if key.hasPrefix("KEY_") { key = key.dropFirst(4) }
        if key.hasPrefix("NUMERIC_") { key = key.dropFirst(8) }
        if key.hasPrefix("KP"), key.count > 2 { key = key.dropFirst(2) }
        if let symbol = symbols[String(key)] { return symbol }
        return key.prefix(1) + key.dropFirst().lowercased()
    }

    private static let symbols: [String: String] = [
        "SLASH": "/", "ASTERISK": "*", "STAR": "*", "POUND": "#", "PLUS": "+", "MINUS": "-", "DOT": ".",
        "COMMA": ",", "EQUAL": "=", "BACKSPACE": "Bksp", "DELETE": "Del", "ESC": "Esc", "VOLUMEUP": "Vol+",
        "VOLUMEDOWN": "Vol-", "PAGEUP": "PgUp", "PAGEDOWN": "PgDn",
    ]
}
