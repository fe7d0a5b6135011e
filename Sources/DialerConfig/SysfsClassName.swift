// SPDX-License-Identifier: Apache-2.0

/// A device of a `/sys/class` folder as the config names it: its name there (`10-0045`), or its
/// path in the folder (`/sys/class/backlight/10-0045`). Backlights and LEDs are named so.
enum SysfsClassName {
    /// Whether `name` names one entry of `folder` (written with its slash), and nothing else:
    /// not the folder itself, not a path elsewhere, not `.` or `..`.
    static func isValid(_ name: String, in folder: String) -> Bool {
        let leaf = name.hasPrefix(folder) ? String(name.dropFirst(folder.count)) : name
        return !leaf.isEmpty && !leaf.contains("/") && leaf != "." && leaf != ".."
    }
}
