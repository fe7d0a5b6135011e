// SPDX-License-Identifier: Apache-2.0

/// The last `limit` bytes of what a program wrote, so a chatty program cannot make the dialer
/// hold more than that, and the end (where the error usually is) is what is kept.
struct OutputTail {
    let limit: Int
    private(set) var bytes: [UInt8] = []
    private(set) var droppedCount = 0

    init(limit: Int) {
        self.limit = max(limit, 0)
    }

    mutating func append(_ more: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: more)
        if bytes.count > limit {
            let excess = bytes.count - limit
            bytes.removeFirst(excess)
            droppedCount += excess
        }
    }

    /// As text (invalid UTF-8 repaired), with "..." in front when the start was dropped.
    var text: String {
        let kept = String(decoding: bytes, as: UTF8.self)
        return droppedCount > 0 ? "..." + kept : kept
    }
}
