// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import InputEvents
public import struct SystemPackage.FileDescriptor

/// A telephony back-end that follows its calls: baresip over `ctrl_tcp`, an AT modem, or
/// ModemManager over D-Bus. Each is one more source of the dialer's one loop: the loop polls
/// `descriptors` for input, sleeps until `nextDeadline` at the latest, and hands the line
/// what woke it. A line never blocks the loop for long: its writes are short and non-blocking,
/// and what it waits for comes back as events.
///
/// A line follows one call at a time, the current one, and says what happens to it as
/// `LineEvent`s. A second incoming call while one exists is the line's to turn away (busy),
/// and never reaches the dialer.
public protocol CallLine: AnyObject {
    /// The method's name in the config: "baresip", "modem", "modemmanager".
    var methodName: String { get }
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

    /// Dials `number` as the user gave it (a bare number is completed by the back-end).
    /// Progress comes as events; a dial that cannot start ends at once with `.ended(.failed)`.
    func dial(_ number: String, at now: Microseconds) -> [LineEvent]
    /// Answers the incoming call ringing.
    func answer(at now: Microseconds) -> [LineEvent]
    /// Ends the current call: hangs up a call under way, rejects one ringing here.
    func hangUp(at now: Microseconds) -> [LineEvent]
    /// Sends `tones` (digits, `*`, `#`, `A`–`D`) as DTMF through the connected call, in order.
    func sendTones(_ tones: String, at now: Microseconds) -> [LineEvent]
    /// Lets go of everything: hangs up nothing, closes the connection or port.
    func stop()
}

/// What a line tells the dialer.
public enum LineEvent: Sendable, Hashable {
    /// The far end of the call dialled here rings.
    case ringing
    /// The call is connected: the far end answered, or the call ringing here was answered.
    case connected
    /// The current call is over, and why.
    case ended(CallEnd)
    /// A call rings here, from `number` (as the network gave it; empty when withheld), with
    /// the name the network gave, if any (a SIP display name).
    case incoming(number: String, name: String?)
    /// The line's `problem` changed (nil: it is ready again).
    case problem(String?)
    /// A line for the log, at its level.
    case log(LineLogLevel, String)
}

/// How much a line's log line matters.
public enum LineLogLevel: Sendable, Hashable {
    case debug, info, notice, warning, error
}
