// SPDX-License-Identifier: Apache-2.0

import Foundation
public import DialerEngine

/// Every keymap in a `keymaps/` directory (next to `layouts/` in the data directory), so a user
/// supports a new keypad by dropping a file there. Ordered by id, so the result does not depend
/// on the file system.
public struct KeymapCatalog: Sendable, Hashable {
    /// The directory the keymaps were read from.
    public var directory: String
    /// The keymaps, by id.
    public var keymaps: [Keymap]

    public init(directory: String, keymaps: [Keymap]) {
        self.directory = directory
        self.keymaps = keymaps
    }

    /// The ids of the keymaps, in the catalog's order.
    public var ids: [String] { keymaps.map(\.id) }

    /// The name of the folder inside the data directory that holds the keymap files.
    public static let folderName = "keymaps"

    /// Reads every `*.toml` file in `directory` (hidden files aside). Any bad file is an error,
    /// and so is a directory without keymaps, since no key would mean anything.
    public static func load(directory: String) throws(ConfigError) -> KeymapCatalog {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw ConfigError(
                file: directory,
                message: "cannot list the keymaps directory; check that it exists and can be read, "
                    + "or point --data-dir at the folder that holds keymaps/ (the Config folder of the t9dial sources)"
            )
        }
        let files =
            names
            .filter { $0.hasSuffix("." + KeymapFile.fileExtension) && !$0.hasPrefix(".") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
        guard !files.isEmpty else {
            throw ConfigError(
                file: directory,
                message: "has no keymap files (*.\(KeymapFile.fileExtension)); copy usb-numpad.toml, "
                    + "phone-keypad.toml and top-row.toml from Config/keymaps of the t9dial sources into it"
            )
        }
        var keymaps: [Keymap] = []
        for file in files {
            keymaps.append(try KeymapFile.load(path: LayoutCatalog.join(directory, file)))
        }
        return KeymapCatalog(directory: directory, keymaps: keymaps)
    }

    /// Reads the `keymaps/` folder of a data directory (see `LayoutCatalog.findDataDirectory`).
    public static func load(dataDirectory: String) throws(ConfigError) -> KeymapCatalog {
        try load(directory: LayoutCatalog.join(dataDirectory, folderName))
    }

    /// The keymap with this id; an id without a file is an error listing the ids there are.
    public func keymap(id: String) throws(ConfigError) -> Keymap {
        if let keymap = keymaps.first(where: { $0.id == id }) { return keymap }
        var message = "unknown keymap \(TableReader.quoted(id))"
        if let suggestion = Suggestion.closest(to: id, in: ids) {
            message += " (did you mean \(TableReader.quoted(suggestion))?)"
        }
        message +=
            "; the keymaps in \(directory) are "
            + ids.map(TableReader.quoted).joined(separator: ", ")
            + "; add \(id).\(KeymapFile.fileExtension) there or use one of those"
        throw ConfigError(file: directory, message: message)
    }
}
