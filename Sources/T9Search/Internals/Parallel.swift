// SPDX-License-Identifier: Apache-2.0

import Dispatch

/// Work spread over the machine's cores while a book is read and indexed, so a board's second
/// core (or fourth) shortens the start: the only use T9Search (and ContactBook, which shares
/// it) makes of threads, through Dispatch's pool, which runs as many at once as there are cores.
///
/// Each job writes only its own slot of the results, and every job has ended when a call
/// returns; the jobs must share nothing they change.
package enum Parallel {
    /// `body(0) ..< body(count)`, run at once as far as the cores allow, in order.
    package static func map<Result>(_ count: Int, _ body: (Int) -> Result) -> [Result] {
        let slots = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer { slots.deallocate() }
        withoutActuallyEscaping(body) { body in
            let work = UncheckedSendable((body, slots))
            DispatchQueue.concurrentPerform(iterations: count) { job in
                work.value.1[job] = work.value.0(job)
            }
        }
        return slots.map { $0! }
    }

    /// `first()` and `second()` at once, on two cores where there are two.
    package static func both<First, Second>(_ first: () -> First, _ second: () -> Second) -> (First, Second) {
        var firstResult: First?
        var secondResult: Second?
        withUnsafeMutablePointer(to: &firstResult) { firstSlot in
            withUnsafeMutablePointer(to: &secondResult) { secondSlot in
                withoutActuallyEscaping(first) { first in
                    withoutActuallyEscaping(second) { second in
                        let work = UncheckedSendable((first, second, firstSlot, secondSlot))
                        DispatchQueue.concurrentPerform(iterations: 2) { job in
                            if job == 0 { work.value.2.pointee = work.value.0() } else { work.value.3.pointee = work.value.1() }
                        }
                    }
                }
            }
        }
        return (firstResult!, secondResult!)
    }
}

/// A value handed to Dispatch's threads that is not Sendable by its type: `Parallel`'s jobs
/// touch only their own slots, and the caller waits for all of them.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
