// SPDX-License-Identifier: Apache-2.0

import Foundation

/// An error that ends a command with its message and exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension CommandFailure: LocalizedError {
    var errorDescription: String? { message }
}

extension CommandFailure {
    /// What `body` makes; its error ends the command with the error's message (its
    /// `description`).
    static func withMessage<Value: ~Copyable, Failure: Error>(_ body: () throws(Failure) -> Value) throws(CommandFailure) -> Value {
        do { return try body() } catch { throw CommandFailure(message: String(describing: error)) }
    }
}
