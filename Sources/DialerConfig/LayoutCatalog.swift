// SPDX-License-Identifier: Apache-2.0

import Foundation
public import T9Search

/// Every keypad layout in a `layouts/` directory, so a user adds a script by dropping a file
/// there. Loaded with the ITU Latin layout first (multi-tap offers its letters first), then in
/// file name order, so the result does not depend on the file system.
public struct LayoutCatalog: Sendable, Hashable {
    /// The directory the layouts were read from.
    public var directory: String
    /// The layouts: `latin` first, then by id.
    public var layouts: [KeypadLayout]

    public init(directory: String, layouts: [KeypadLayout]) {
        self.directory = directory
        self.layouts = layouts
    }

    /// The ids of the layouts, in the catalog's order.
    public var ids: [String] { layouts.map(\.id) }

    /// The ITU E.161 layout, which comes first when every layout is used.
    static let latinFile = "latin." + LayoutFile.fileExtension

    /// The name of the folder inside the data directory that holds the layout files.
    public static let folderName = "layouts"

    /// Reads every `*.toml` file in `directory` (hidden files aside). Any bad file is an error,
    /// and so is a directory without layouts, since nothing could be typed.
    public static func load(directory: String) throws(ConfigError) -> LayoutCatalog {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw ConfigError(
                file: directory,
                message: "cannot list the layouts directory; check that it exists and can be read, "
                    + "or point --data-dir at the folder that holds layouts/"
            )
        }
        let files =
            names
            .filter { $0.hasSuffix("." + LayoutFile.fileExtension) && !$0.hasPrefix(".") }
            .sorted { first, second in
                if (first == latinFile) != (second == latinFile) { return first == latinFile }
                return Array(first.utf8).lexicographicallyPrecedes(second.utf8)
            }
        guard !files.isEmpty else {
            throw ConfigError(
                file: directory,
                message: "has no layout files (*.\(LayoutFile.fileExtension)); copy latin.toml, cyrillic.toml and "
                    + "greek.toml from Config/layouts of the t9dial sources into it"
            )
        }
        var layouts: [KeypadLayout] = []
        for file in files {
            layouts.append(try LayoutFile.load(path: join(directory, file)))
        }
        return LayoutCatalog(directory: directory, layouts: layouts)
    }

    /// Reads the `layouts/` folder of a data directory (see `findDataDirectory`).
    public static func load(dataDirectory: String) throws(ConfigError) -> LayoutCatalog {
        try load(directory: join(dataDirectory, folderName))
    }

    /// The layouts with these ids, in the order given; every layout when `ids` is empty. An id
    /// without a file is an error that lists the ids there are.
    public func layouts(ids: [String]) throws(ConfigError) -> [KeypadLayout] {
        guard !ids.isEmpty else { return layouts }
        var chosen: [KeypadLayout] = []
        for id in ids {
            guard let layout = layouts.first(where: { $0.id == id }) else {
                var message = "unknown layout \(TableReader.quoted(id))"
                if let suggestion = Suggestion.closest(to: id, in: self.ids) {
                    message += " (did you mean \(TableReader.quoted(suggestion))?)"
                }
                message +=
                    "; the layouts in \(directory) are "
                    + self.ids.map(TableReader.quoted).joined(separator: ", ")
                    + "; add \(id).\(LayoutFile.fileExtension) there or use one of those"
                throw ConfigError(file: directory, message: message)
            }
            chosen.append(layout)
        }
        return chosen
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
