// SPDX-License-Identifier: Apache-2.0

public import DialerEngine

/// The keymaps a device is tried with, as `t9dial run` tries them.
extension KeymapCatalog {
    /// With `keymap = "auto"`, the keymaps tried for a device, in this order: a phone keypad's
    /// own codes first, then a numpad's, then the top row of a keyboard.
    public static let automaticOrder = ["phone-keypad", "usb-numpad", "top-row"]

    /// The keymaps to try for keymap `id`: that one alone, or for "auto" every keymap of this
    /// catalog in `automaticOrder` first, then the user's own by name.
    public func candidateKeymaps(id: String) throws(ConfigError) -> [Keymap] {
        guard id == KeypadSettings.automaticKeymap else { return [try keymap(id: id)] }
        let ordered = Self.automaticOrder.compactMap { id in keymaps.first { $0.id == id } }
        return ordered + keymaps.filter { !Self.automaticOrder.contains($0.id) }
    }

    /// The keymaps devices are classified with, as `t9dial run` would: keymap `id` (nil: the
    /// config's) from the data directory `dataDirectory` (nil: the config's, else found).
    public static func candidateKeymaps(
        id: String?, configuration: DialerConfiguration, dataDirectory: String?
    ) throws(ConfigError) -> [Keymap] {
        let directory = try LayoutCatalog.findDataDirectory(explicit: dataDirectory ?? configuration.search.dataDirectory)
        return try load(dataDirectory: directory).candidateKeymaps(id: id ?? configuration.keypad.keymap)
    }
}
