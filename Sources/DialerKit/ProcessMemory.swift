// SPDX-License-Identifier: Apache-2.0

import CLinux

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
        _ = t9dial_set_mmap_threshold(128 * 1024)
        _ = t9dial_set_arena_max(1)
    }

    /// Gives back to the system the memory freed while a book was read and indexed, which
    /// malloc would otherwise keep for allocations that never come: several MB with the
    /// 100,000-contact book. (malloc_trim)
    static func returnFreedMemory() {
        _ = malloc_trim(0)
    }
}
