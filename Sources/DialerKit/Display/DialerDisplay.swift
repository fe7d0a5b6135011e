// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import DialerEngine
public import SystemCalls

/// Where the dialer's screens and dials go: a terminal, a program reading JSON, a framebuffer,
/// a test. Each implementation draws the same `ScreenState` its own way.
public protocol DialerDisplay {
    /// Draws `screen`, which replaces whatever was shown before.
    mutating func show(_ screen: ScreenState)
    /// Reports that `request` is being dialled.
    mutating func dial(_ request: DialRequest)
    /// Reports what came of dialling `request` (the screen that follows shows it too).
    mutating func dialFinished(_ request: DialRequest, _ outcome: DialOutcome)
    /// Reports that the user ended the call to `request`, or rejected it ringing here.
    mutating func hangUp(_ request: DialRequest)
    /// Reports that the user answered the call from `request` ringing here.
    mutating func answer(_ request: DialRequest)
    /// Reports keys sent as DTMF tones through the connected call.
    mutating func sendTones(_ tones: String)
    /// Reports that a followed call is over, how it went and how long it lasted.
    mutating func callEnded(_ record: CallRecord)
    /// How many results this display shows at once; nil when it shows every result. Only the
    /// results some display can show are highlighted (`DialerSession.shownRows`).
    var resultRows: Int? { get }
    /// The first write of this display that failed, when it writes to a stream (standard
    /// output); it writes nothing more after it. The run decides what it means: a replay or
    /// `t9dial try` ends, the service goes on with its other displays (`DialerService`).
    var writeFailure: WriteFailure? { get }
}

extension DialerDisplay {
    /// Most displays show a dial's outcome on the screen alone.
    public mutating func dialFinished(_ request: DialRequest, _ outcome: DialOutcome) {}
    public mutating func hangUp(_ request: DialRequest) {}
    public mutating func answer(_ request: DialRequest) {}
    public mutating func sendTones(_ tones: String) {}
    public mutating func callEnded(_ record: CallRecord) {}
    /// A display that does not say shows every result.
    public var resultRows: Int? { nil }
    /// A display that writes to no stream has no write to fail.
    public var writeFailure: WriteFailure? { nil }
}

/// A display that works out a screen before it shows it (text laid out, pixels painted), and
/// can do so without showing anything: a warm-up before the first key
/// (`DialerMachine.warmUpKeys`), so that the first screen the user asks for does not also
/// pay for code and data the process has not touched yet.
public protocol WarmingUpDisplay {
    /// Works out how `screen` would be shown, and shows nothing.
    func warmUp(_ screen: ScreenState)
}

extension DialerMachine {
    /// Shows the session's first screen on `display`, which from now on gets the highlights of
    /// as many results as it shows, and warms up the keys on it.
    public func showFirstScreen(on display: inout some DialerDisplay) {
        session.shownRows = display.resultRows
        display.show(session.screen)
        warmUpKeys(on: display)
    }

    /// Types each digit key, 0 to 9, into a scratch dialer on the session's book and settings,
    /// and has `display`, when it works screens out (`WarmingUpDisplay`), work out each screen
    /// it gives without showing it. Run on the loop's thread when a book comes in: whichever key
    /// the user types first then finds its search, the dialer and the display warm in this
    /// core's caches, and is no slower than the keys after it. About ten keys' work. The
    /// session, its query and what is shown do not change.
    public func warmUpKeys(on display: some DialerDisplay) {
        let warmingUp = display as? any WarmingUpDisplay
        guard !session.index.contacts.isEmpty else { return }
        for digit: UInt8 in 0...9 {
            guard let scratch = try? DialerSession(index: session.index, settings: session.settings) else { return }
            scratch.shownRows = session.shownRows
            for update in scratch.handle(TimedGesture(time: 0, gesture: .pressed(.digit(digit)))) {
                if case .screen(let screen) = update { warmingUp?.warmUp(screen) }
            }
        }
    }
}

extension DialerDisplay {
    /// Passes each update of `DialerSession.handle` or `advance` on, in order.
    public mutating func apply(_ updates: [DialerUpdate]) {
        for update in updates {
            switch update {
            case .screen(let screen): show(screen)
            case .dial(let request): dial(request)
            case .dialFinished(let request, let outcome): dialFinished(request, outcome)
            case .hangUp(let request): hangUp(request)
            case .answer(let request): answer(request)
            case .sendTones(let tones): sendTones(tones)
            case .callEnded(let record): callEnded(record)
            }
        }
    }
}
