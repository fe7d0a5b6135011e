// SPDX-License-Identifier: Apache-2.0

import Glibc
public import SystemCalls
public import InputEvents
public import struct SystemPackage.FileDescriptor

/// The one loop that owns the process: it sleeps in poll on every source at once (keypads,
/// the hotplug watch, contact files, dials and reloads running on threads of their own, the
/// signals, the terminal) until one is ready or the caller's next timer is due. With no timer
/// pending it waits with no timeout at all, so an idle dialer never wakes up.
///
/// Each source carries a tag saying what it is (the caller's own enum), and each wake comes
/// back with it, so what woke the loop goes straight to its owner. The loop reports and decides
/// nothing: what to read and what a source at its end means are the owners' business.
public struct EventLoop: Sendable {
    /// A descriptor to wait on, and what it is.
    public struct Source<Tag: Hashable & Sendable>: Hashable, Sendable {
        public var tag: Tag
        public var descriptor: FileDescriptor

        public init(_ tag: Tag, _ descriptor: FileDescriptor) {
            self.tag = tag
            self.descriptor = descriptor
        }
    }

    /// A source that woke the loop: it has something to read (`readable`), or is at its end
    /// (`hungUp`: POLLHUP, POLLERR or POLLNVAL); with both, read what is left, then let it go.
    public struct Ready<Tag: Hashable & Sendable>: Hashable, Sendable {
        public var tag: Tag
        public var readable: Bool
        public var hungUp: Bool

        public init(_ tag: Tag, readable: Bool = true, hungUp: Bool = false) {
            self.tag = tag
            self.readable = readable
            self.hungUp = hungUp
        }
    }

    /// What one wait brought: the moment the loop woke, and what woke it.
    public struct Wakeup<Tag: Hashable & Sendable>: Hashable, Sendable {
        /// When poll returned, before anything was read. Every event a device stamped before it
        /// is readable now, so it is as far as the caller's timers may be advanced once this
        /// wake-up's input is handled (see `wait`).
        public var time: Microseconds
        /// The sources that are ready, in the order they were given.
        public var ready: [Ready<Tag>]
        /// Whether the deadline has passed. A wake-up has ready sources, a passed deadline, or both.
        public var deadlinePassed: Bool

        public init(time: Microseconds, ready: [Ready<Tag>], deadlinePassed: Bool) {
            self.time = time
            self.ready = ready
            self.deadlinePassed = deadlinePassed
        }

        /// Whether the source tagged `tag` is ready.
        public func isReady(_ tag: Tag) -> Bool { ready.contains { $0.tag == tag } }
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

    /// Waits until a source is ready or `deadline` (CLOCK_MONOTONIC microseconds) passes; nil
    /// waits with no timeout.
    ///
    /// The time is taken as soon as poll returns, and then every source is looked at once more
    /// without waiting, so what arrived in between is in the wake-up too. A caller that reads
    /// what is ready and only then advances its timers to `time` never lets a timer run ahead
    /// of input it has not read: a key's held-back release is not let through while the press
    /// that cancels it (chatter) waits unread in the kernel, however long handling the keys
    /// before it took.
    public func wait<Tag>(for sources: [Source<Tag>], until deadline: Microseconds?) throws(LoopError) -> Wakeup<Tag> {
        var descriptors = sources.map { pollfd(fd: $0.descriptor.rawValue, events: Int16(POLLIN), revents: 0) }
        while true {
            // Interrupted by a signal: again, with the time left.
            guard try poll(&descriptors, timeout: Self.timeout(until: deadline, now: clock.now())) else { continue }
            let time = clock.now()
            try lookAgain(at: &descriptors)
            var ready: [Ready<Tag>] = []
            for (source, descriptor) in zip(sources, descriptors) where descriptor.revents != 0 {
                ready.append(Self.ready(source.tag, descriptor.revents))
            }
            let deadlinePassed = deadline.map { time >= $0 } ?? false
            if !ready.isEmpty || deadlinePassed { return Wakeup(time: time, ready: ready, deadlinePassed: deadlinePassed) }
        }
    }

    /// Polls `descriptors` again with no timeout, adding what is ready now to what was.
    private func lookAgain(at descriptors: inout [pollfd]) throws(LoopError) {
        var again = descriptors.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
        while try !poll(&again, timeout: 0) {}
        for index in descriptors.indices { descriptors[index].revents |= again[index].revents }
    }

    /// One poll; false when a signal interrupted it (EINTR).
    private func poll(_ descriptors: inout [pollfd], timeout: Int32) throws(LoopError) -> Bool {
        let result = descriptors.withUnsafeMutableBufferPointer { buffer in poller(buffer.baseAddress, buffer.count, timeout) }
        switch result {
        case .success: return true
        case .failure(let error) where error.rawValue == EINTR: return false
        case .failure(let error): throw LoopError(operation: "waiting for keys and timers (poll)", errno: error)
        }
    }

    /// What poll's `revents` say of the source tagged `tag`.
    private static func ready<Tag>(_ tag: Tag, _ events: Int16) -> Ready<Tag> {
        let hangUp = Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL)
        return Ready(tag, readable: events & Int16(POLLIN) != 0, hungUp: events & hangUp != 0)
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
}
