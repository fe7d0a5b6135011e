// SPDX-License-Identifier: Apache-2.0

/// Splits what a modem sends into lines, whatever it sends: a line ends at CR or LF, empty
/// lines (between CR LF pairs) are skipped, control characters and DEL are dropped, bytes that
/// are not UTF-8 become U+FFFD, and a line longer than `limit` bytes is dropped whole and said
/// so, so a port that sends junk with no line end never makes the buffer grow.
public struct ModemLineReader: Sendable {
    /// What a stretch of input gave.
    public enum Item: Sendable, Hashable {
        /// A line, without its end.
        case line(String)
        /// A line of `bytes` bytes (control characters not counted), over the limit, dropped.
        case overlong(bytes: Int)
    }

    /// The longest line kept, in bytes: `+CLCC` with a number and a name fits many times over.
    public let limit: Int
    /// The line read so far.
    private var pending: [UInt8] = []
    /// The bytes of an overlong line dropped so far; 0 when none is being dropped.
    private var dropped = 0

    public init(limit: Int = 512) {
        self.limit = max(1, limit)
    }

    /// Takes `bytes` as they came and returns the lines they end.
    public mutating func append(_ bytes: some Sequence<UInt8>) -> [Item] {
        var items: [Item] = []
        for byte in bytes {
            switch byte {
            case 13, 10:
                if dropped > 0 {
                    items.append(.overlong(bytes: dropped))
                    dropped = 0
                } else if !pending.isEmpty {
                    items.append(.line(String(decoding: pending, as: UTF8.self)))
                    pending.removeAll(keepingCapacity: true)
                }
            case 9: take(32)
            case 0..<32, 127: continue
            default: take(byte)
            }
        }
        return items
    }

    /// Keeps one byte of a line, or counts it as dropped once the line is over the limit.
    private mutating func take(_ byte: UInt8) {
        if dropped > 0 {
            dropped += 1
        } else if pending.count == limit {
            dropped = pending.count + 1
            pending.removeAll(keepingCapacity: true)
        } else {
            pending.append(byte)
        }
    }
}
