// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import DialerEngine
public import DialHistory
import Foundation
public import Logging

/// Records every dial in the dial history with what came of it, and what was typed to find
/// the contact dialled, so t9dial learns whom the user calls. It is fed the same updates as the
/// displays, and goes first among them: a dial's outcome is on disk before any screen shows
/// the call as placed.
public struct HistoryRecorder: DialerDisplay {
    public let history: DialHistory
    /// Where a history that cannot be written is reported (a full disk, a read-only folder).
    private let logger: Logger
    /// Called after each dial is recorded (to rank the book anew).
    private let recorded: () -> Void
    /// The query shown just before a dial: what the user typed to find the contact.
    private var lastQuery: (text: String, mode: String)?
    /// The query of the dial under way, learned when the dial is recorded.
    private var dialQuery: (request: DialRequest, text: String, mode: String)?

    public init(history: DialHistory, logger: Logger, recorded: @escaping () -> Void = {}) {
        self.history = history
        self.logger = logger
        self.recorded = recorded
    }

    /// It shows no results, only reads the queries.
    public var resultRows: Int? { 0 }

    public mutating func show(_ screen: ScreenState) {
        guard screen.calling == nil else { return }
        lastQuery = screen.query.isEmpty ? nil : (screen.query.text, screen.mode.kind)
    }

    public mutating func dial(_ request: DialRequest) {
        dialQuery = lastQuery.map { (request, $0.text, $0.mode) }
    }

    public mutating func dialFinished(_ request: DialRequest, _ outcome: DialOutcome) {
        let query = dialQuery.flatMap { $0.request == request ? ($0.text, $0.mode) : nil }
        dialQuery = nil
        do {
            _ = try history.record(Dial(uid: request.uid, number: request.number, time: Date(), status: outcome.isPlaced ? .placed : .failed))
            // The pick is learned whatever the outcome: the user chose this contact for the query.
            if let uid = request.uid, let query {
                try history.learn(query: query.0, mode: query.1, uid: uid)
            }
        } catch {
            logger.error("the dial to \(request.number) is not in the history: \(error.description)")
        }
        recorded()
    }
}
