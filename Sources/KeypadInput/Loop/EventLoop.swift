import Evdev
import Glibc
import SystemCalls
public import InputEvents

/// One wait for something to do: sleeps in poll on the keypads, the hotplug monitor and any
/// other descriptors (standard input for `t9dial try`) until one is ready or the caller's next
/// timer is due. With no timer pending it waits with no timeout at all, so an idle dialer
/// never wakes up.
///
/// It reports what woke it and decides nothing: what to read, when to rescan and what a
/// vanished device means are the caller's policy (see `KeypadReader`).
public struct EventLoop: Sendable {
    /// A descriptor to wait on, and what it is.
    public enum Source: Sendable, Hashable {
        /// An input device's descriptor.
        case device(Int32)
        /// The hotplug monitor's inotify descriptor.
        case hotplug(Int32)
        /// Any other descriptor the caller reads, such as standard input.
        case extra(Int32)

        public var descriptor: Int32 {
            switch self {
            case .device(let descriptor), .hotplug(let descriptor), .extra(let descriptor): descriptor
            }
        }
    }

    /// What woke the loop; one wait may report several.
    public enum Wake: Sendable, Hashable {
        /// A device has events to read (`readable`), or is gone (`vanished`: POLLHUP, POLLERR or
        /// POLLNVAL); with both, read what is left and then let it go.
        case device(Int32, readable: Bool, vanished: Bool)
        /// Something changed in the input directory.
        case hotplug
        /// An extra descriptor is readable, or at its end.
        case extra(Int32)
        /// The deadline passed.
        case deadline
    }

    /// Polls, as poll(2) does: the descriptors, how many, and the timeout in milliseconds.
    typealias Poller = @Sendable (UnsafeMutablePointer<pollfd>?, Int, Int32) -> Result<Int32, Errno>

    public var clock: MonotonicClock
    let poller: Poller

    public init(clock: MonotonicClock = .system) {
        self.init(clock: clock, poller: { descriptors, count, timeout in SystemCall.poll(descriptors, count, timeout) })
    }

    /// A loop with its own poll, for tests that check the timeout it is given.
    init(clock: MonotonicClock, poller: @escaping Poller) {
        self.clock = clock
        self.poller = poller
    }

    /// What one wait brought: the moment the loop woke, and what woke it.
    public struct Wakeup: Sendable, Hashable {
        /// When poll returned, before anything was read. Every event a device stamped before it
        /// is readable now, so it is as far as the caller's timers may be advanced once this
        /// wake-up's input is handled (see `wait`).
        public var time: Microseconds
        /// At least one.
        public var wakes: [Wake]
    }

    /// Waits until a source is ready or `deadline` (CLOCK_MONOTONIC microseconds) passes; nil
    /// waits with no timeout. Returns at least one wake; `.deadline` is among them whenever the
    /// deadline has passed, even if descriptors were ready too.
    ///
    /// The time is taken as soon as poll returns, and then every source is looked at once more
    /// without waiting, so what arrived in between is in the wake-up too. A caller that reads
    /// what is ready and only then advances its timers to `time` never lets a timer run ahead
    /// of input it has not read: a key's held-back release is not let through while the press
    /// that cancels it (chatter) waits unread in the kernel, however long handling the keys
    /// before it took.
    public func wait(for sources: [Source], until deadline: Microseconds?) throws(KeypadInputError) -> Wakeup {
        var descriptors = sources.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
        while true {
            // Interrupted by a signal: again, with the time left.
            guard try poll(&descriptors, timeout: Self.timeout(until: deadline, now: clock.now())) else { continue }
            let time = clock.now()
            try lookAgain(at: &descriptors)
            var wakes: [Wake] = []
            for (source, descriptor) in zip(sources, descriptors) where descriptor.revents != 0 {
                wakes.append(Self.wake(source, descriptor.revents))
            }
            if let deadline, time >= deadline { wakes.append(.deadline) }
            if !wakes.isEmpty { return Wakeup(time: time, wakes: wakes) }
        }
    }

    /// Polls `descriptors` again with no timeout, adding what is ready now to what was.
    private func lookAgain(at descriptors: inout [pollfd]) throws(KeypadInputError) {
        var again = descriptors.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
        while try !poll(&again, timeout: 0) {}
        for index in descriptors.indices { descriptors[index].revents |= again[index].revents }
    }

    /// One poll; false when a signal interrupted it (EINTR).
    private func poll(_ descriptors: inout [pollfd], timeout: Int32) throws(KeypadInputError) -> Bool {
        let result = descriptors.withUnsafeMutableBufferPointer { buffer in poller(buffer.baseAddress, buffer.count, timeout) }
        switch result {
        case .success: return true
        case .failure(let error) where error.rawValue == EINTR: return false
        case .failure(let error): throw KeypadInputError(operation: "waiting for keys (poll)", errno: error)
        }
    }

    /// The poll timeout in milliseconds that ends at `deadline`: -1 (none) without a deadline,
    /// 0 when it has passed, else the time left rounded up, so the loop never wakes before its
    /// deadline and spins.
    public static func timeout(until deadline: Microseconds?, now: Microseconds) -> Int32 {
        guard let deadline else { return -1 }
        let (left, overflow) = deadline.subtractingReportingOverflow(now)
        if overflow { return deadline > now ? Int32.max : 0 }
        if left <= 0 { return 0 }
        return Int32(clamping: left / 1000 + (left % 1000 == 0 ? 0 : 1))
    }

    private static func wake(_ source: Source, _ events: Int16) -> Wake {
        switch source {
        case .device(let descriptor):
            .device(
                descriptor,
                readable: events & Int16(POLLIN) != 0,
                vanished: events & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
            )
        case .hotplug:
            .hotplug
        case .extra(let descriptor):
            .extra(descriptor)
        }
    }
}
