// SPDX-License-Identifier: Apache-2.0

import Glibc
import Testing
import struct SystemPackage.FileDescriptor

/// Waiting for a descriptor the loop polls (a book read or reloaded on a thread of its own),
/// with a generous time-out that asserts nothing about time.
enum Readiness {
    /// Waits until one of `descriptors` is readable and returns those that are.
    static func waitReadable(_ descriptors: [FileDescriptor], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [FileDescriptor] {
        var entries = descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
        let count = poll(&entries, nfds_t(entries.count), 60_000)
        #expect(count > 0, "a descriptor became readable", sourceLocation: sourceLocation)
        return entries.filter { $0.revents & Int16(POLLIN) != 0 }.map { FileDescriptor(rawValue: $0.fd) }
    }
}
