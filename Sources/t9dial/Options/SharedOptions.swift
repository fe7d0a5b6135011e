// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerConfig
import Foundation

/// The help of the options several commands declare alike, so that each reads the same in
/// every command's --help.
enum SharedHelp {
    static let contacts = ArgumentHelp(
        "A contact file (.vcf, .csv) or a folder of them; - reads them from standard input. Once per file: --contacts a.vcf --contacts b.csv.",
        valueName: "file")

    static let config = ArgumentHelp(
        "The config file (default: $T9DIAL_CONFIG, ~/.config/t9dial/t9dial.toml, /etc/t9dial/t9dial.toml).", valueName: "file")

    /// `--limit`'s help: the most `things` ("results to show"), from 1 to 1000, and what it
    /// is without it (nil for an option with a default value, which the help shows itself).
    static func limit(_ things: String, byDefault: String? = nil) -> ArgumentHelp {
        let range = "from 1 to \(Limit.range.upperBound)"
        return ArgumentHelp(
            "The most \(things), \(range)" + (byDefault.map { " (default: \($0))." } ?? "."), valueName: "n")
    }
}

/// `--limit N`: the most results, matches or calls a command shows, with one range everywhere.
enum Limit {
    static let range = SearchSettings.limits

    /// Refuses a value out of `range`, as a mistake in the arguments (exit status 64).
    static func check(_ limit: Int?) throws {
        if let limit, !range.contains(limit) {
            throw ValidationError("--limit must be from 1 to \(range.upperBound); found \(limit)")
        }
    }
}

/// What a shell completes after each kind of option (`--generate-completion-script`).
enum ShellCompletion {
    /// `--output`'s values; `fb:` and `png:` take a path after them.
    static let outputs = CompletionKind.list(["text", "json", "fb", "fb:/dev/fb0", "png:"])

    /// `--keymap`'s values: auto, and the ids of the keymaps in the data directory's keymaps/
    /// (the one `--data-dir` on the line names, else the one t9dial would find).
    static let keymaps = CompletionKind.custom { words, _, _ in
        var explicit: String?
        if let index = words.firstIndex(of: "--data-dir"), index + 1 < words.count { explicit = words[index + 1] }
        let ids =
            (try? LayoutCatalog.findDataDirectory(explicit: explicit))
            .flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0 + "/" + KeymapCatalog.folderName) }?
            .filter { $0.hasSuffix(".toml") && !$0.hasPrefix(".") }
            .map { String($0.dropLast(".toml".count)) }
            .sorted() ?? []
        return ["auto"] + ids
    }
}
