// SPDX-License-Identifier: Apache-2.0

import CLinux
import Synchronization

/// How t9dial's process uses memory.
public enum ProcessMemory {
    /// Makes large allocations (128 KiB and up) take pages of their own that go back to the
    /// system when freed.
    ///
    /// glibc otherwise raises this threshold each time a large block is freed, so the buffers
    /// that building an index grows and drops stay resident for the life of the process: a
    /// daemon on a small board would keep a third more memory than it uses. Call it once at
    /// start, before loading contacts. (`t9dial_set_mmap_threshold` calls mallopt.)
    ///
    /// It also keeps every thread's allocations in the one heap (arena). Loading on several
    /// cores otherwise leaves each loading thread a heap of its own, where what the index
    /// keeps sits between what loading freed: 10 MB of the 100,000-contact book's process that
    /// `malloc_trim` cannot give back. Loading is no slower with one heap, since it allocates
    /// few, large blocks.
    public static func returnLargeBlocksToSystem() {
        _ = t9dial_set_mmap_threshold(largeBlock)
        _ = t9dial_set_arena_max(1)
    }

    /// The size from which a block gets pages of their own, outside an index build.
    static let largeBlock: Int32 = 128 * 1024

    /// Runs `body`, which builds a search index or its text index, with the large blocks freed
    /// meanwhile kept in the heap for the ones allocated next. When the last build running
    /// ends, large blocks get pages of their own again and the free memory goes back to the
    /// system.
    ///
    /// A build allocates and drops tables of megabytes (lists that grow, sort buffers, the
    /// pool before it is put in rank order). On pages of their own, each would be faulted in
    /// afresh, page by page, for a good part of the build's time; reused from the heap, far
    /// fewer pages fault, for a few megabytes more at the peak.
    public static func whileIndexing<Result>(_ body: () -> Result) -> Result {
        indexBuilds.withLock { builds in
            if builds == 0 {
                _ = t9dial_set_mmap_threshold(keptInHeapBelow)
                _ = t9dial_set_trim_threshold(keptInHeapBelow)
            }
            builds += 1
        }
        defer {
            indexBuilds.withLock { builds in
                builds -= 1
                if builds == 0 {
                    _ = t9dial_set_mmap_threshold(largeBlock)
                    _ = t9dial_set_trim_threshold(largeBlock)
                    returnFreedMemory()
                }
            }
        }
        return body()
    }

    /// While an index is built: glibc's largest threshold (32 MiB on 64-bit systems). A
    /// larger block (a pool for millions of contacts) still gets pages of its own.
    static let keptInHeapBelow: Int32 = 32 << 20

    /// How many index builds run now, on any thread.
    private static let indexBuilds = Mutex(0)

    /// Gives back to the system the memory freed while a book was read and indexed, which
    /// malloc would otherwise keep for allocations that never come: several MB with the
    /// 100,000-contact book. (malloc_trim)
    package static func returnFreedMemory() {
        _ = malloc_trim(0)
    }
}
