// SPDX-License-Identifier: Apache-2.0

/// A `--screen` value that cannot be read, with the text given and the form it should take.
public struct ScreenOptionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The value as given.
    public var text: String
    /// What is wrong with it and what a good value looks like.
    public var message: String

    public init(text: String, message: String) {
        self.text = text
        self.message = message
    }

    /// `--screen "320x240": ...`.
    public var description: String { "--screen \"\(text)\": \(message)" }
}
