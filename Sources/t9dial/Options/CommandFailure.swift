import ArgumentParser
import Foundation

/// An error that ends a command with its message and exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension CommandFailure: LocalizedError {
    var errorDescription: String? { message }
}

/// Standard error, for warnings that must not mix with results on standard output.
enum StandardError {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// Standard output written line by line without buffering, so a program driving t9dial through
/// a pipe gets each answer as soon as it is ready.
enum StandardOutput {
    static func writeLine(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
