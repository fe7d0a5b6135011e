// SPDX-License-Identifier: Apache-2.0

import BackgroundWork
public import DialerEngine
public import DialHistory
import Foundation
public import struct SystemPackage.FileDescriptor

/// Records every dial in the dial history with what came of it, and what was typed to find
/// the contact dialled, so t9dial learns whom the user calls. The driver hands it every update
/// (`note`), as it hands them to the displays.
///
/// The writes are made on a thread of their own, one after another in the order the dials
/// ended, so the loop never waits for the disk: each commit is synced (`synchronous = FULL`),
/// and an fsync on an SD card can take tens of milliseconds or more, during which keys would
/// wait. The loop waits on `descriptor` with everything else and calls `collect()`; a write
/// that is over is when the book is ranked anew with it. A run that ends waits for the writes
/// still under way (`finishAll`), so no dial is lost by quitting right after it.
public final class HistoryRecorder {
    public let history: DialHistory
    /// The query shown just before a dial: what the user typed to find the contact.
    private var lastQuery: (text: String, mode: String)?
    /// The query of the dial under way, learned when the dial is recorded.
    private var dialQuery: (request: DialRequest, text: String, mode: String)?
    /// Dials ended and not yet written, oldest first.
    private var waiting: [Entry] = []
    /// The write under way, and whose.
    private var writing: BackgroundTask<WriteResult>?
    private var writingEntry: Entry?
    /// The descriptor of `writing`, kept beside it: a noncopyable optional's members cannot be
    /// read where the value is only borrowed.
    private var writingDescriptor: FileDescriptor?

    /// One write: a dial and the pick it teaches (the query typed to find it), or the mark
    /// that the missed calls so far have been seen.
    struct Entry: Sendable {
        var dial: Dial?
        var pick: (query: String, mode: String, uid: String)?
        var marksMissedSeen = false

        /// Whose write it is, for the log: the number, or "the missed calls".
        var subject: String { dial?.number ?? "the missed calls" }
    }

    /// A write that is over: whose (the number dialled, or "the missed calls" for a mark), why
    /// it is not in the history if it is not, and whether it was a missed call.
    public struct Written: Sendable {
        public var number: String
        public var failure: DialHistoryError?
        public var wasMissedCall = false
        /// The recent calls as the history holds them once this was written, newest first
        /// (for the call log); nil when they could not be read.
        public var recent: [Dial]? = nil
    }

    /// What one write on the history's thread gives back: whether it was written, and the
    /// recent calls read after it, in the same trip to the disk.
    struct WriteResult: Sendable {
        var result: Result<Void, DialHistoryError>
        var recent: [Dial]?
    }

    /// How many recent calls are read after each write, for the call log.
    public static var recentLimit: Int { CallLogScreen.maximumRows }

    public init(history: DialHistory) {
        self.history = history
    }

    /// Follows one update of the dialer: the queries shown, the dials started, and the dials
    /// ended, whose writes it starts.
    public func note(_ update: DialerUpdate) {
        switch update {
        case .screen(let screen):
            guard screen.calling == nil else { return }
            lastQuery = screen.query.isEmpty ? nil : (screen.query.text, screen.mode.kind)
        case .dial(let request):
            dialQuery = lastQuery.map { (request, $0.text, $0.mode) }
        case .dialFinished(let request, let outcome):
            let dial = Dial(uid: request.uid, number: request.number, time: Date(), status: outcome.isPlaced ? .placed : .failed)
            waiting.append(Entry(dial: dial, pick: pick(for: request)))
            startNextWrite()
        case .callEnded(let record):
            let connected = record.connectedTime.map { Duration.microseconds($0) }
            // The time a call is listed by is when it began: its end, less how long it lasted.
            let began = Date().addingTimeInterval(-Double(record.connectedTime ?? 0) / 1_000_000)
            let dial = Dial(
                uid: record.request.uid, number: record.request.number, time: began, status: Dial.Status(record.outcome),
                direction: record.direction, duration: connected, name: record.request.uid == nil ? record.networkName : nil)
            waiting.append(Entry(dial: dial, pick: record.direction == .outgoing ? pick(for: record.request) : nil))
            startNextWrite()
        case .hangUp, .answer, .sendTones, .callControl, .callWaiting:
            break
        }
    }

    /// What the dial of `request` teaches: the query typed to find its contact. Learned whatever
    /// the outcome: the user chose this contact for the query.
    private func pick(for request: DialRequest) -> (query: String, mode: String, uid: String)? {
        let query = dialQuery.flatMap { $0.request == request ? ($0.text, $0.mode) : nil }
        dialQuery = nil
        return request.uid.flatMap { uid in query.map { (query: $0.0, mode: $0.1, uid: uid) } }
    }

    /// Marks the missed calls recorded so far as seen (a key was pressed), after the writes
    /// waiting, on the history's thread.
    public func markMissedSeen() {
        waiting.append(Entry(dial: nil, pick: nil, marksMissedSeen: true))
        startNextWrite()
    }

    /// How many missed calls are not seen yet (read on the caller's thread: a small query);
    /// nil when it cannot be read.
    public func unseenMissedCount() -> Int? {
        try? history.unseenMissedCount()
    }

    /// The descriptor to poll for POLLIN while a write is under way; nil when none is.
    public var descriptor: FileDescriptor? { writingDescriptor }

    /// The writes that are over, and starts the next; does not block.
    public func collect() -> [Written] {
        guard let result = writing?.result(), let entry = writingEntry else { return [] }
        writing = nil
        writingEntry = nil
        writingDescriptor = nil
        var written = [Self.written(entry, result)]
        written += startNextWrite()
        return written
    }

    /// Waits for every write under way or waiting, for a run that ends.
    public func finishAll() -> [Written] {
        var written: [Written] = []
        while let task = writing.take(), let entry = writingEntry {
            let result = task.waitForResult()
            writingEntry = nil
            writingDescriptor = nil
            written.append(Self.written(entry, result))
            written += startNextWrite()
        }
        return written
    }

    /// Starts writing the oldest dial waiting, unless a write is under way. When no thread can
    /// be started, writes it here and now (the loop waits, but the dial is kept), and returns it.
    @discardableResult
    private func startNextWrite() -> [Written] {
        guard writingDescriptor == nil, !waiting.isEmpty else { return [] }
        let entry = waiting.removeFirst()
        let history = history
        do {
            let task = try BackgroundTask(name: "t9dial-history") { Self.write(entry, to: history) }
            writingDescriptor = task.readinessDescriptor
            writingEntry = entry
            writing = consume task
            return []
        } catch {
            return [Self.written(entry, Self.write(entry, to: history))] + startNextWrite()
        }
    }

    private static func written(_ entry: Entry, _ result: WriteResult) -> Written {
        Written(number: entry.subject, failure: result.result.failure, wasMissedCall: entry.dial?.status == .missed, recent: result.recent)
    }

    /// The recent calls for the call log, newest first, read on the caller's thread (a small
    /// read of the newest rows, by the index on their time): at start, before the first
    /// screen; nil when they cannot be read.
    public func recentCalls() -> [Dial]? {
        try? history.recent(limit: Self.recentLimit)
    }

    /// Writes one dial and its pick; each is committed and synced before this returns. A dial
    /// written is followed by a read of the recent calls, which the call log lists.
    private static func write(_ entry: Entry, to history: DialHistory) -> WriteResult {
        do throws(DialHistoryError) {
            if let dial = entry.dial { try history.record(dial) }
            if entry.marksMissedSeen { try history.markMissedSeen() }
            if let pick = entry.pick { try history.learn(query: pick.query, mode: pick.mode, uid: pick.uid) }
        } catch {
            return WriteResult(result: .failure(error), recent: nil)
        }
        let recent = entry.dial == nil ? nil : try? history.recent(limit: recentLimit)
        return WriteResult(result: .success(()), recent: recent)
    }
}

extension Result where Success == Void {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
