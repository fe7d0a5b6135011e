// SPDX-License-Identifier: Apache-2.0

public import ProcessLoop
import SystemCalls

/// What a t9dial command sets up in its process and how it ends it: SIGPIPE and the signals
/// its loop reads, so that the command line reaches no lower module for them.
public enum CommandProcess {
    /// Ignores SIGPIPE, so that output that cannot be written is an error (`WriteFailure`).
    public static func reportBrokenPipesAsErrors() { BrokenPipe.reportAsErrors() }

    /// The message of output that could not be written, nil for another error; a reader gone
    /// (`t9dial contacts | head -1`) ends the process quietly by SIGPIPE instead, as for `head`.
    public static func writeFailureMessage(_ error: any Error) -> String? {
        guard let failure = error as? WriteFailure else { return nil }
        if failure.readerLeft { BrokenPipe.end() }
        return failure.description
    }

    /// Blocks the signals a run's loop reads (`SignalSource`): before anything starts a thread.
    public static func blockSignals() { SignalSource.block() }
    /// The signals a run's loop reads, once blocked.
    public static func signals() throws(DialerError) -> SignalSource {
        do { return try SignalSource() } catch { throw .loop(error) }
    }
    /// Ends the process by the signal that stopped its run, as that signal would have.
    public static func end(by signal: Int32) -> Never { SignalSource.end(by: signal) }
}
