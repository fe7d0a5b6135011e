// SPDX-License-Identifier: Apache-2.0

/// A line of an evemu recording that cannot be read, said so that it can be fixed: the file, the
/// line and what is wrong with it.
///
/// Printed like a compiler message: `numpad.evemu:12: event time "0.5" ...`.
public struct EvemuRecordingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The recording as it was named to `EvemuRecording.parse`.
    public var file: String
    /// The 1-based line at fault.
    public var line: Int
    /// What is wrong and what the line should look like.
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message`.
    public var description: String { "\(file):\(line): \(message)" }
}
