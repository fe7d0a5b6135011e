// SPDX-License-Identifier: Apache-2.0

import Glibc
import Testing

@testable import Phonebook

/// AddressSanitizer's runtime is in the process (its entry point can be looked up).
private let underAddressSanitizer = dlsym(nil, "__asan_init") != nil

/// Where large blocks come from while an index is built: from the heap, where freed ones are
/// used again, instead of pages of their own that each fault in afresh.
///
/// These read glibc's malloc from inside (the size word in front of a block), so they do not
/// run under AddressSanitizer (make test-asan), whose allocator replaces glibc's and guards
/// the bytes around each block.
@Suite(
    "Process memory while indexing",
    .disabled(if: underAddressSanitizer, "AddressSanitizer's allocator replaces glibc's malloc")
)
struct ProcessMemoryTests {
    /// A block of a size that gets pages of its own outside an index build (128 KiB and up).
    static let blockBytes = 1 << 20

    @Test func aLargeBlockComesFromTheHeapWhileAnIndexIsBuilt() {
        let fromHeap = ProcessMemory.whileIndexing { !Self.hasPagesOfItsOwn(bytes: Self.blockBytes) }
        #expect(fromHeap)
    }

    @Test func anInnerBuildEndingLeavesTheOuterOneItsHeap() {
        let fromHeap = ProcessMemory.whileIndexing {
            ProcessMemory.whileIndexing {}
            return !Self.hasPagesOfItsOwn(bytes: Self.blockBytes)
        }
        #expect(fromHeap)
    }

    @Test func whatTheBuildGivesIsReturned() {
        #expect(ProcessMemory.whileIndexing { 42 } == 42)
    }

    /// Whether glibc gave a block of `bytes` pages of its own (mmap): the IS_MMAPPED bit of
    /// the size word in front of the block.
    static func hasPagesOfItsOwn(bytes: Int) -> Bool {
        let block = malloc(bytes)!
        defer { free(block) }
        return UnsafeRawPointer(block).load(fromByteOffset: -MemoryLayout<Int>.size, as: UInt.self) & 2 != 0
    }
}
