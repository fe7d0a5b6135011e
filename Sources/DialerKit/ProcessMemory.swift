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
    public static func returnLargeBlocksToSystem() {
        _ = t9dial_set_mmap_threshold(128 * 1024)
    }

    /// Gives back to the system the memory freed while a book was read and indexed. Reading and
    /// indexing on several cores frees much of it in the heaps (arenas) of Dispatch's threads,
    /// which malloc keeps for their next allocation, and nothing comes next: about 9 MB with the
    /// 100,000-contact book. (malloc_trim)
    static func returnFreedMemory() {
        _ = malloc_trim(0)
    }
}
