public import DialerEngine
import Dialing

/// The dialer at work: passes each update of the machine to the display, and carries out the
/// dials and hang-ups among them with a `CallPlacer`, feeding each outcome back to the session.
/// Every way of running the dialer (a keypad, the terminal, a replay) goes through one, so a
/// dial behaves the same whatever the keys come from.
///
/// Dials that take time run on their own thread: the loop adds `descriptors` to what it polls,
/// and calls `collect(display:)` when one is readable.
public final class DialerDriver {
    public let machine: DialerMachine
    public let placer: CallPlacer
    /// Where outcomes and hang-ups are logged (standard error).
    private let log: (String) -> Void

    public init(machine: DialerMachine, placer: CallPlacer = .printing(), log: @escaping (String) -> Void) {
        self.machine = machine
        self.placer = placer
        self.log = log
    }

    /// Shows `updates` on `display` in order, and starts the dials and hang-ups in them. An
    /// outcome known at once (the print method) is shown right after its dial.
    public func apply(_ updates: [DialerUpdate], to display: inout some DialerDisplay) {
        var pending = updates[...]
        while let update = pending.popFirst() {
            display.apply([update])
            switch update {
            case .dial(let request):
                if let outcome = placer.start(request) {
                    pending = report(.dial(request, outcome))[...] + pending
                }
            case .hangUp(let request):
                if let line = placer.hangUp(request) { log(line) }
            case .screen, .dialFinished:
                break
            }
        }
    }

    /// The descriptors of the dials and hang-ups under way, readable when one is over.
    public var descriptors: [Int32] { placer.descriptors }

    /// Takes in the dials and hang-ups that are over; does not block.
    public func collect(display: inout some DialerDisplay) {
        for finished in placer.collect() { apply(report(finished), to: &display) }
    }

    /// Waits for the dial or hang-up under way, so a run that ends does not drop it.
    public func finishAll(display: inout some DialerDisplay) {
        for finished in placer.waitForAll() { apply(report(finished), to: &display) }
    }

    /// Logs what finished and gives the session's updates for it.
    private func report(_ finished: CallPlacer.Finished) -> [DialerUpdate] {
        switch finished {
        case .dial(let request, let outcome):
            // A printed dial is already on standard output; any other outcome is worth a log line.
            if placer.methodName != "print" || !outcome.isPlaced { log(outcome.logMessage) }
            return machine.session.dialFinished(request, CallOutcome(placed: outcome.isPlaced, message: outcome.screenMessage))
        case .hangUp(let request, let outcome):
            log(outcome.isPlaced ? "hung up the call to \(request.number) via \(outcome.via)" : "hang-up: " + outcome.logMessage)
            return []
        }
    }
}
