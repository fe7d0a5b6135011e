// SPDX-License-Identifier: Apache-2.0

import DialerConfig

/// A first word that names no command (`t9dial serch`, `t9dial help serch`), told with the
/// command it was probably meant to be. swift-argument-parser would call it an unexpected
/// argument, and its `help` would show the top-level help and succeed.
struct UnknownCommand: Error, CustomStringConvertible {
    var word: String
    var commands: [String]

    /// The unknown command in `arguments` (the program's, without its own name): the first
    /// one when it is no option, or the one after `help`; nil when there is none.
    static func find(in arguments: [String], commands: [String]) -> UnknownCommand? {
        guard var word = arguments.first, !word.hasPrefix("-") else { return nil }
        if word == "help" {
            guard arguments.count > 1, !arguments[1].hasPrefix("-") else { return nil }
            word = arguments[1]
        }
        guard !commands.contains(word), word != "help" else { return nil }
        return UnknownCommand(word: word, commands: commands)
    }

    /// "unknown command 'serch'; did you mean 'search'?", else the list of the commands.
    var description: String {
        if let suggestion = Suggestion.closest(to: word, in: commands) {
            return "unknown command '\(word)'; did you mean '\(suggestion)'?"
        }
        return "unknown command '\(word)'; the commands are \(commands.joined(separator: ", ")) (see t9dial --help)"
    }
}
