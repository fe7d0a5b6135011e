// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import InputEvents
public import struct SystemPackage.FileDescriptor

/// A dial method at work (the config's `[dial] method`, `DialMethod`): every method is a
/// line, one folder of this module each. Those that follow their calls are baresip over
/// `ctrl_tcp` (Baresip/), an AT modem (Modem/) and ModemManager over D-Bus (ModemManager/);
/// those that launch a call and know nothing after are `print` (Print/) and a program run
/// for it (Exec/). Each line is one more source of the dialer's one loop: the loop polls
/// `descriptors` for input, sleeps until `nextDeadline` at the latest, and hands the line what
/// woke it. A line never blocks the loop: its writes are short and non-blocking, a program
/// runs on a thread of its own, and what it waits for comes back as events.
///
/// A line follows one call at a time, the current one, and says what happens to it as
/// `LineEvent`s: `.launched` once for a call it only launches, `.ringing`, `.connected` and
/// `.ended` for one it follows. A line that can follow a second call (call waiting) says so
/// with `.waiting`, and then names each call in `.call` (its `LineCallID`): an id the dialer
/// does not know as its waiting or held call is the current call's. A third call, or a second
/// one on a line that cannot follow two, is the line's to turn away (busy), and never reaches
/// the dialer.
public protocol CallLine: AnyObject {
    /// The method's name in the config: "print", "exec", "baresip", "modem", "modemmanager".
    var methodName: String { get }
    /// Whether the line follows its calls (they ring, connect and end, and calls come in), or
    /// only launches them (`.launched`: placed or failed, and nothing more is known).
    var followsCalls: Bool { get }
    /// Whether a program the line launched (to dial or hang up) still runs: a run that ends
    /// waits for it, as its outcome is still to come. A followed call is the dialer's to wait
    /// for, not this.
    var isWorking: Bool { get }
    /// Whether the back-end is still being told to end a call the dialer is done with
    /// (ModemManager: the call a `CreateCall` hung up before it answered made, to delete; a
    /// `Hangup` or `DeleteCall` unanswered). A run that stops gives it a few seconds
    /// (`DialerDriver.settleGrace`), so the back-end keeps no call of t9dial's.
    var isEnding: Bool { get }
    /// The descriptors to poll for input; they change as the line connects and reconnects.
    var descriptors: [FileDescriptor] { get }
    /// When the line must next be woken (a reconnection's backoff, the next `AT+CLCC`); nil
    /// when it waits only for input. A line with nothing under way has no deadline: idle
    /// means asleep.
    var nextDeadline: Microseconds? { get }
    /// What stops the line from placing calls now ("SIP not connected", "not registered"),
    /// for the screen's notice; nil when it is ready.
    var problem: String? { get }

    /// Starts the line (connects, opens the port); what it finds comes as events.
    func start(at now: Microseconds) -> [LineEvent]
    /// Reads what `readable` (some of `descriptors`) has, and runs what is due by `now`.
    func wake(readable: [FileDescriptor], at now: Microseconds) -> [LineEvent]

    /// Dials `number`, prepared for every method alike (`DialNumber`: letters as their keys,
    /// only what a phone dials), for the contact `name` when there is one (a program may take
    /// it). A bare number is completed by the back-end. Progress comes as events; a dial that
    /// cannot start ends at once (`.ended(.failed)`, or `.launched` with a failed outcome).
    func dial(_ number: DialNumber, name: String?, at now: Microseconds) -> [LineEvent]
    /// Answers the incoming call ringing.
    func answer(at now: Microseconds) -> [LineEvent]
    /// Ends the current call: hangs up a call under way, rejects one ringing here; for a line
    /// that only launches calls, runs what ends one if it has it (`hangup_command`).
    func hangUp(at now: Microseconds) -> [LineEvent]
    /// Sends `tones` (digits, `*`, `#`, `A`–`D`) as DTMF through the connected call, in order.
    func sendTones(_ tones: String, at now: Microseconds) -> [LineEvent]
    /// Does `control` to the calls under way (call waiting, hold, mute, volume); what it comes
    /// to is reported as `.call` events, and a control this line cannot do as
    /// `.notOnThisLine`.
    func control(_ control: CallControl, at now: Microseconds) -> [LineEvent]
    /// Lets go of everything: hangs up nothing, closes the connection or port.
    func stop()
    /// Asks the back-end how the line is (a modem's signal and network), for the status line,
    /// which is read once a minute while the screen is awake; the answer comes as
    /// `.lineState`. A line that reports its state by itself (baresip's registration) or has
    /// none asks nothing.
    func askLineState(at now: Microseconds) -> [LineEvent]
}

extension CallLine {
    /// A line whose calls end with its connection or its port has nothing to finish.
    public var isEnding: Bool { false }

    /// A line whose state comes by itself, or that has none, asks nothing.
    public func askLineState(at now: Microseconds) -> [LineEvent] { [] }
}

/// What a line tells the dialer.
public enum LineEvent: Sendable, Hashable {
    /// The call was handed on (printed, or to a program) and this is all that will be known of
    /// it: placed, or failed and why. Only lines that do not follow their calls say it.
    case launched(DialOutcome)
    /// The far end of the call dialled here rings.
    case ringing
    /// The call is connected: the far end answered, or the call ringing here was answered.
    case connected
    /// The current call is over, and why.
    case ended(CallEnd)
    /// A call rings here, from `number` (as the network gave it; empty when withheld), with
    /// the name the network gave, if any (a SIP display name).
    case incoming(number: String, name: String?)
    /// A second call rings here while the current one goes on (call waiting), from `number`,
    /// with the name the network gave, if any; `id` names it in later `.call` events.
    case waiting(LineCallID, number: String, name: String?)
    /// What happened to the call the line calls `id`: for a line that follows two calls.
    case call(LineCallID, LineCallChange)
    /// The line cannot do `control` (print, exec; a back-end without it).
    case notOnThisLine(CallControl)
    /// The sound of the calls is now at `percent` of its range (after a volume key).
    case volume(percent: Int)
    /// The line's `problem` changed (nil: it is ready again).
    case problem(String?)
    /// A line for the log, at its level.
    case log(LineLogLevel, String)
    /// Whether the line can place calls changed (registered, signal), for the status line.
    case lineState(LineState)
}

/// How much a line's log line matters.
public enum LineLogLevel: Sendable, Hashable {
    case debug, info, notice, warning, error
}

/// What a line says happened to one of its calls, named by its `LineCallID`.
public enum LineCallChange: Sendable, Hashable {
    /// The far end of the call dialled here rings.
    case ringing
    /// Connected: answered here (a waiting call too) or there.
    case connected
    /// Held here (its far end hears nothing, or the network's music).
    case held
    /// Taken off hold: the current call again.
    case resumed
    /// This end's sound is muted (true) or sent again.
    case muted(Bool)
    /// Over, and why.
    case ended(CallEnd)
}
