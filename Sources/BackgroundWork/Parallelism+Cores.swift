// SPDX-License-Identifier: Apache-2.0

public import T9Search

extension Parallelism {
    /// Every core online, each job's threads started for it and joined before it returns, so
    /// nothing of a job outlives it (a pool's threads, Dispatch's `concurrentPerform` among
    /// them, may still be touching what it captured after it returns, and a book loaded on a
    /// thread of its own can end and free that meanwhile).
    public static let cores = Parallelism(width: Syscalls.coresOnline()) { count, work in
        withoutActuallyEscaping(work) { work in JoinedThreads.run(count, work) }
    }
}

/// Threads started together and joined together.
private enum JoinedThreads {
    /// Runs `work` on `count` threads, this one among them, and returns once every one has
    /// ended. A thread that cannot be started is left out: its share is run by the others.
    static func run(_ count: Int, _ work: @escaping () -> Void) {
        var started: [Syscalls.JoinableThread] = []
        for _ in 1..<max(1, count) {
            if let thread = Syscalls.startJoinableThread(work) { started.append(thread) }
        }
        work()
        for thread in started { Syscalls.join(thread) }
    }
}
