public import DialerEngine
public import DialHistory
import Foundation

/// Records every dial in the dial history, and what was typed to find the contact dialled, so
/// t9dial learns whom the user calls. It is fed the same updates as the displays.
public struct HistoryRecorder: DialerDisplay {
    public let history: DialHistory
    /// Where a history that cannot be written is reported (a full disk, a read-only folder).
    private let log: (String) -> Void
    /// The query shown just before a dial: what the user typed to find the contact.
    private var lastQuery: (text: String, mode: String)?

    public init(history: DialHistory, log: @escaping (String) -> Void) {
        self.history = history
        self.log = log
    }

    public mutating func show(_ screen: ScreenState) {
        guard screen.calling == nil else { return }
        lastQuery = screen.query.isEmpty ? nil : (screen.query.text, screen.mode.layoutID == nil ? "t9" : "multitap")
    }

    public mutating func dial(_ request: DialRequest) {
        do {
            _ = try history.record(Dial(uid: request.uid, number: request.number, time: Date(), outcome: .placed))
            if let uid = request.uid, let query = lastQuery {
                try history.learn(query: query.text, mode: query.mode, uid: uid)
            }
        } catch {
            log(error.description)
        }
    }
}
