// SPDX-License-Identifier: Apache-2.0

extension Array {
    /// The array in storage of its own size, without the spare capacity that appending left
    /// (up to half of it, and the pages of a reused heap block resident): `Array(array)`
    /// shares the storage, spare capacity and all, instead of copying.
    func withoutSpareCapacity() -> [Element] {
        guard capacity - count > Swift.max(16, count / 64) else { return self }
        return withUnsafeBufferPointer { Array($0) }
    }
}
