import DialerEngine
import KeypadInput
import Synchronization

/// A clock the test moves by hand, so timeouts are checked without waiting or measuring.
final class ManualClock: Sendable {
    private let time: Mutex<Microseconds>

    init(_ start: Microseconds) {
        time = Mutex(start)
    }

    var now: Microseconds { time.withLock { $0 } }

    func set(_ value: Microseconds) { time.withLock { $0 = value } }

    var clock: MonotonicClock { MonotonicClock { self.now } }
}
