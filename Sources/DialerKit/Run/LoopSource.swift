// SPDX-License-Identifier: Apache-2.0

import ProcessLoop
public import struct SystemPackage.FileDescriptor

/// What the dialer's one loop waits on (`EventLoop`), each tagged with its owner, so whatever
/// woke the loop goes straight to the one who acts on it.
public enum LoopSource: Hashable, Sendable {
    /// The keypads' input thread has queued events, or device changes (`ThreadedKeypadReader`).
    case keypads
    /// The dial method's line has input: baresip's socket, a modem's port, D-Bus, or a program
    /// it runs for a dial or a hang-up that is over.
    case line(FileDescriptor)
    /// A dial's write into the history is over: the `HistoryRecorder`'s.
    case history
    /// The history's files were written while missed calls are shown (`MissedCallsWatch`).
    case missedCalls
    /// The book read at start on a thread of its own is loaded, or could not be read (`StartupLoad`).
    case startupLoad
    /// The live book: its files changed, or a reload, new ranking or sync is over (`LiveBook`).
    case book(FileDescriptor)
    /// SIGTERM, SIGINT or SIGHUP came (`SignalSource`).
    case signals
    /// The service's config file changed.
    case config
    /// The service's reload, read on a thread of its own, is over (`DialerService`).
    case serviceReload
    /// `t9dial try`'s terminal has keys.
    case terminal
    /// The sound player met a problem (`SoundReports`).
    case sound
}
