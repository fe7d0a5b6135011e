// SPDX-License-Identifier: Apache-2.0

public import SystemCalls

/// Standard output as a `TextOutputStream` for the displays, written at once on every call, so
/// a program reading the JSON lines through a pipe gets each as it happens.
///
/// `TextOutputStream.write` cannot throw: the first write that fails is kept in `failure`, and
/// nothing more is written after it (a full disk or a reader gone stays so, and one screen cut
/// in half is enough). The run reading it decides what the failure means
/// (`DialerDisplay.writeFailure`).
public struct StandardOutputStream: TextOutputStream, Sendable {
    /// The first write that failed; nil while every write went through.
    public private(set) var failure: WriteFailure?
    private let stream: StandardStream

    public init(_ stream: StandardStream = .output) {
        self.stream = stream
    }

    public mutating func write(_ string: String) {
        guard failure == nil else { return }
        do { try stream.write(string) } catch { failure = error }
    }
}
