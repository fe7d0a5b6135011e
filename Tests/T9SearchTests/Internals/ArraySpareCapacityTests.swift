// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import T9Search

@Suite("Arrays without spare capacity")
struct ArraySpareCapacityTests {
    /// What appending left (here, a reserved million) is given back; an array with little
    /// to spare is kept as it is. `Array(array)` would keep it all.
    @Test(arguments: [0, 1, 1000, 200_000])
    func spareCapacityIsGivenBack(count: Int) {
        var array: [UInt32] = []
        array.reserveCapacity(1_000_000)
        array.append(contentsOf: (0..<UInt32(count)))
        #expect(Array(array).capacity >= 1_000_000)
        let trimmed = array.withoutSpareCapacity()
        #expect(trimmed == array)
        #expect(trimmed.capacity <= max(count + 16, count + count / 64))
    }

    @Test func anArrayWithLittleToSpareIsKept() {
        let array = [UInt8](repeating: 7, count: 4096)
        #expect(array.withoutSpareCapacity().capacity == array.capacity)
    }
}
