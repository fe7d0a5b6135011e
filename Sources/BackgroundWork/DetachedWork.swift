// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Work started on a thread of its own that nobody waits for: what the program does early so
/// that it is ready later (the text index built while the first keys are typed). Its result
/// is kept by the work itself; nothing tells the loop it is done.
public enum DetachedWork {
    /// Starts `work` on a new thread named `name` (as `top -H` shows it; 15 bytes at most).
    public static func start(name: String, _ work: @escaping @Sendable () -> Void) {
        let thread = Thread {
            // Foundation keeps a name set before the start to itself; the kernel is told here.
            Syscalls.nameThisThread(name)
            work()
        }
        thread.name = name
        thread.start()
    }
}
