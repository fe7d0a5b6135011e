// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import DialerEngine
public import SystemCalls
import Presentation

/// Writes each screen and dial as one line of JSON, for a program that drives a display:
///
///     {"event":"screen","mode":"t9","layout":null,"label":"T9","query":"373","pending":null,
///      "selection":0,"results":[{"name":...,"selected":true}],"calling":null}
///     {"event":"dial","name":"Fred Smith","number":"+44 7700 900123","uid":"fred"}
///     {"event":"dialled","name":"Fred Smith",...,"placed":false,"message":"Busy"}
///     {"event":"hangup","name":"Fred Smith","number":"+44 7700 900123","uid":"fred"}
///
/// `calling` is null, or the call shown with its `state` ("dialling", "placed", "failed"
/// for a launched dial; "dialling", "ringing", "incoming", "connected", "ended" for a followed
/// call) and `message` (the screen's first line, such as "Ringing" or "Busy"; null while
/// dialling). A call's screen is written when the call changes, not every second
/// of its clock. A followed call that is over is one more line:
///
///     {"event":"callended","name":...,"direction":"out","outcome":"answered","duration":67}
///
/// with `duration` the seconds connected (null when never). Keys during a call are
/// `{"event":"answer",...}`, `{"event":"dtmf","tones":"5"}` and `{"event":"hangup",...}`.
///
/// `query` includes the pending multi-tap letter, which `pending` repeats (null when none);
/// `ranges` are Unicode scalar offsets into `text`, as in `t9dial search --json`. Each result
/// is a row: a contact found by name is a row for each of its numbers, each with its `label`
/// (`"mobile"`, `"home"`, null for a number without one).
///
/// When the screen sleeps, one line says so, `{"event":"sleep"}`, and when it wakes
/// `{"event":"wake"}`, so a program drawing its own screen can sleep too.
///
/// While the book loads at start, one line says so, `{"event":"loading"}`, and the screens
/// until it is in have `"loading":true` (false after); a screen is written when what it
/// shows changes (keys typed meanwhile), not for every percent loaded.
public struct JSONDisplay<Output: TextOutputStream>: DialerDisplay {
    public var output: Output
    /// The last screen written, without its loading percentage.
    var lastWritten: ScreenState?
    /// The last status line written (`JSONDisplay+Status.swift`).
    var lastStatus: StatusLine?

    /// The first write to standard output that failed (`StandardOutputStream.failure`).
    public var writeFailure: WriteFailure? { (output as? StandardOutputStream)?.failure }

    public init(output: Output) {
        self.output = output
    }

    public mutating func take(_ update: DialerUpdate) {
        switch update {
        case .screen(let screen): write(screen)
        case .dial(let request): output.write(Self.json(request) + "\n")
        case .dialFinished(let request, let outcome): dialFinished(request, outcome)
        case .hangUp(let request): writeCallee(request, event: "hangup")
        case .answer(let request): writeCallee(request, event: "answer")
        case .sendTones(let tones): sendTones(tones)
        case .callEnded(let record): callEnded(record)
        case .callControl(let control):
            var json = JSONWriter()
            json.object([("event", { $0.string("callcontrol") }), ("control", { $0.string(control.rawValue) })])
            output.write(json.output + "\n")
        case .callWaiting(let request): writeCallee(request, event: "callwaiting")
        }
    }

    private mutating func write(_ screen: ScreenState) {
        writeStatusChange(screen.status)
        let screen = screen.withoutLoadingPercent.withoutCallClock.withoutStatus
        guard screen != lastWritten else { return }
        if writeSleepChange(screen) {
            lastWritten = screen
            return
        }
        if screen.loading != nil, lastWritten?.loading == nil { output.write(#"{"event":"loading"}"# + "\n") }
        lastWritten = screen
        output.write(Self.json(screen) + "\n")
    }

    private mutating func dialFinished(_ request: DialRequest, _ outcome: DialOutcome) {
        var json = JSONWriter()
        Self.writeCallee(
            request, to: &json, event: "dialled",
            extra: [
                ("placed", { $0.raw(outcome.isPlaced ? "true" : "false") }),
                ("message", { $0.string(outcome.screenMessage) }),
            ])
        output.write(json.output + "\n")
    }

    /// `{"event":EVENT,"name":...,"number":...,"uid":...}`.
    private mutating func writeCallee(_ request: DialRequest, event: String) {
        var json = JSONWriter()
        Self.writeCallee(request, to: &json, event: event)
        output.write(json.output + "\n")
    }

    public static func json(_ screen: ScreenState) -> String {
        var json = JSONWriter()
        json.object([
            ("event", { $0.string("screen") }),
            ("mode", { $0.string(screen.mode.kind) }),
            ("layout", { json in json.optionalString(screen.mode.layoutID) }),
            ("label", { $0.string(screen.modeLabel) }),
            ("query", { $0.string(screen.query.text) }),
            ("pending", { json in json.optionalString(screen.query.pending.map { String($0) }) }),
            ("selection", { json in json.raw(screen.selection.map { String($0) } ?? "null") }),
            (
                "results",
                { json in
                    json.array(Array(screen.results.enumerated())) { json, item in
                        writeResult(ResultPresentation(item.element), selected: item.offset == screen.selection, to: &json)
                    }
                }
            ),
            (
                "calling",
                { json in
                    guard let call = screen.calling else { return json.raw("null") }
                    writeCallee(call, to: &json, event: nil, extra: callState(screen.callProgress) + callDetails(screen))
                }
            ),
            ("notice", { json in json.optionalString(screen.notice) }),
            ("loading", { $0.raw(screen.loading == nil ? "false" : "true") }),
            ("calllog", { json in writeCallLog(screen.callLog, to: &json) }),
        ])
        return json.output
    }

    public static func json(_ request: DialRequest) -> String {
        var json = JSONWriter()
        writeCallee(request, to: &json, event: "dial")
        return json.output
    }

    /// The members of `ResultPresentation.writeJSON`, and whether the result is selected.
    private static func writeResult(_ result: ResultPresentation, selected: Bool, to json: inout JSONWriter) {
        json.object([
            ("name", { $0.string(result.name) }),
            ("number", { $0.string(result.number) }),
            ("label", { $0.optionalString(result.label) }),
            ("field", { $0.string(result.field) }),
            ("ranges", { $0.array(result.ranges) { json, range in json.raw("[\(range.lowerBound),\(range.upperBound)]") } }),
            ("uid", { $0.string(result.uid) }),
            ("text", { $0.string(result.text) }),
            ("quality", { $0.string(result.quality.description) }),
            ("selected", { $0.raw(selected ? "true" : "false") }),
        ])
    }

    /// `"state"` and `"message"` of the call shown.
    private static func callState(_ progress: CallProgress?) -> [(String, (inout JSONWriter) -> Void)] {
        let state = progress?.state ?? "placed"
        let message: String? =
            switch progress {
            case .dialling, nil: nil
            case .finished(let outcome): outcome.screenMessage
            case let progress?: progress.headline
            }
        return [("state", { $0.string(state) }), ("message", { json in json.optionalString(message) })]
    }

    /// `"other"` (the waiting or held call, with its `"state"`), `"muted"`, `"note"` and
    /// `"keys"` of a followed call under way (one with keys to act on it); none for others.
    private static func callDetails(_ screen: ScreenState) -> [(String, (inout JSONWriter) -> Void)] {
        guard screen.callKeys != nil else { return [] }
        return [
            (
                "other",
                { json in
                    guard let other = screen.otherCall else { return json.raw("null") }
                    writeCallee(other.request, to: &json, event: nil, extra: [("state", { $0.string(other.state.rawValue) })])
                }
            ),
            ("muted", { $0.raw(screen.muted ? "true" : "false") }),
            ("note", { json in json.optionalString(screen.callNote) }),
            ("keys", { json in json.optionalString(screen.callKeys) }),
        ]
    }

    private mutating func sendTones(_ tones: String) {
        var json = JSONWriter()
        json.object([("event", { $0.string("dtmf") }), ("tones", { $0.string(tones) })])
        output.write(json.output + "\n")
    }

    private mutating func callEnded(_ record: CallRecord) {
        var json = JSONWriter()
        Self.writeCallee(
            record.request, to: &json, event: "callended",
            extra: [
                ("direction", { $0.string(record.direction.rawValue) }),
                ("outcome", { $0.string(record.outcome.rawValue) }),
                ("duration", { json in json.raw(record.connectedTime.map { String($0 / 1_000_000) } ?? "null") }),
            ])
        output.write(json.output + "\n")
    }

    /// `{"name":...,"number":...,"uid":...}`, led by `"event"` when one is given and followed
    /// by `extra`.
    private static func writeCallee(
        _ request: DialRequest, to json: inout JSONWriter, event: String?,
        extra: [(String, (inout JSONWriter) -> Void)] = []
    ) {
        var members: [(String, (inout JSONWriter) -> Void)] = []
        if let event { members.append(("event", { $0.string(event) })) }
        members += [
            ("name", { $0.optionalString(request.name) }),
            ("number", { $0.string(request.number) }),
            ("uid", { $0.optionalString(request.uid) }),
        ]
        json.object(members + extra)
    }
}

extension JSONDisplay: WarmingUpDisplay {
    public func warmUp(_ screen: ScreenState) {
        _ = Self.json(screen)
    }
}
