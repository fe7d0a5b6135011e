// SPDX-License-Identifier: Apache-2.0

import T9Search
import Testing

/// Books no phone export makes, but a damaged one or a hostile server can: the index is built
/// and searched, whatever the keys look like.
@Suite("Indexing hostile books")
struct HostileBookTests {
    /// A number of 60,000 digits once gave tens of thousands of keys sharing prefixes thousands
    /// of bytes long: the sort recursed a level per byte and overflowed the stack. Now only its
    /// first 64 digits are searched (and the sort keeps its ranges on a stack of its own).
    @Test("A number of 60,000 digits is indexed by its first 64 digits, with the rest of the book")
    func hugeNumber() {
        let huge = "+1" + String(repeating: "5", count: 60_000)
        let index = Fixtures.index([
            Fixtures.contact("Ann Baker", [huge]),
            Fixtures.contact("Bob Baker", ["555 0101"]),
        ])
        let names = index.search(Fixtures.keys("2")).map { index.contacts[$0.contact].displayName }
        #expect(Set(names) == ["Ann Baker", "Bob Baker"])
        let byNumber = index.search(Fixtures.keys("1555555")).map { index.contacts[$0.contact].displayName }
        #expect(byNumber == ["Ann Baker"])
        let pastTheLimit = index.search(Fixtures.keys("1" + String(repeating: "5", count: 70)))
        #expect(pastTheLimit.isEmpty)
    }
}
