// SPDX-License-Identifier: Apache-2.0

import DialerConfig

/// Where t9dial's own files are, to name them in doctor's fixes: those of the source checkout
/// when the program runs from a build tree (its data directory is the checkout's `Config`),
/// else the installed ones (the data directory, the man page).
struct ProgramFiles: Sendable, Hashable {
    /// The data directory found; nil when there is none.
    var dataDirectory: String?
    /// Whether the data directory is a source checkout's `Config` folder.
    var isSourceTree: Bool

    init(dataDirectory: String?) {
        self.dataDirectory = dataDirectory
        self.isSourceTree = dataDirectory.map { LayoutCatalog.isSourceTree(dataDirectory: $0) } ?? false
    }

    /// The data directory, or where packages put it when none was found.
    private var installedData: String { dataDirectory ?? "/usr/share/t9dial" }

    /// Where the config's keys are documented.
    var configReference: String {
        isSourceTree
            ? "Config/t9dial.toml documents every key"
            : "man t9dial.toml documents every key, and \(installedData)/t9dial.toml is the config t9dial ships"
    }

    /// How to install t9dial again: from the sources, or with the package manager when the
    /// data is where the package puts it.
    var reinstall: String {
        if isSourceTree || dataDirectory?.hasPrefix("/usr/local/") == true { return "sudo make install in its source folder" }
        return "sudo apt install --reinstall t9dial"
    }

    /// The guide to the keypad overlays.
    var overlaysGuide: String {
        isSourceTree ? "Config/overlays/README.md" : "\(installedData)/overlays/README.md"
    }

    /// Where baresip's example config is.
    var baresipExample: String {
        isSourceTree ? "baresip's config (Config/baresip/config)" : "baresip's config (~/.baresip/config)"
    }
}

extension Doctor {
    /// t9dial's own files, as this program finds them.
    var programFiles: ProgramFiles {
        ProgramFiles(dataDirectory: try? LayoutCatalog.findDataDirectory(explicit: dataDirectory))
    }
}
