// SPDX-License-Identifier: Apache-2.0

/// Netstrings, the framing of baresip's `ctrl_tcp` socket: each message is its length in
/// decimal, a colon, the bytes, and a comma (`12:hello world!,`), as D. J. Bernstein defined
/// them and baresip's `netstring.c` reads them: at most nine length digits, no leading zero
/// but in `0:,` itself.
///
/// baresip packs several messages into one TCP segment and may cut one anywhere, so a
/// `NetstringDecoder` is fed what each read brings and hands back every message completed.
public enum Netstring {
    /// The longest message t9dial takes, in bytes. baresip's events are a few hundred bytes,
    /// and its longest answers (`listcalls`, `reginfo`) a line a call or account; anything
    /// larger is not baresip talking, and is refused rather than buffered without bound.
    public static let maximumLength = 256 * 1024

    /// `payload` framed as a netstring.
    public static func encode(_ payload: some Collection<UInt8>) -> [UInt8] {
        Array(String(payload.count).utf8) + [colon] + payload + [comma]
    }

    static let colon = UInt8(ascii: ":")
    static let comma = UInt8(ascii: ",")
    /// baresip's `netstring.c` reads at most nine length digits.
    static let maximumDigits = 9
}

/// Why a stream of netstrings cannot be read on: the peer is not speaking them. The stream is
/// then unusable (where the next message starts is unknown), and the connection is to be
/// closed and made anew.
public enum NetstringError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A byte other than a digit where the length or its colon should be.
    case badLength(byte: UInt8, at: Int)
    /// A length with a leading zero, or more digits than baresip writes.
    case malformedLength(String)
    /// A length over `Netstring.maximumLength`.
    case tooLong(Int)
    /// The byte after the payload is not the comma that ends it.
    case missingComma(byte: UInt8, at: Int)

    public var description: String {
        switch self {
        case .badLength(let byte, let offset):
            "not a netstring: byte \(byte) at offset \(offset) of the stream where a length digit or its colon belongs"
        case .malformedLength(let digits):
            "not a netstring: the length \"\(digits)\" has a leading zero or more than \(Netstring.maximumDigits) digits"
        case .tooLong(let length):
            "a message of \(length) bytes, over the \(Netstring.maximumLength) bytes t9dial takes"
        case .missingComma(let byte, let offset):
            "not a netstring: byte \(byte) at offset \(offset) of the stream where the comma ending a message belongs"
        }
    }
}

/// Reads netstrings out of a byte stream fed in pieces, as reads of a socket bring them.
public struct NetstringDecoder: Sendable {
    /// Bytes of a message not yet complete: its length digits, or its payload so far.
    private var pending: [UInt8] = []
    /// The length read, once its colon came; nil while its digits are read.
    private var length: Int?
    /// How many bytes of the stream were fed before `pending`, for error offsets.
    private var offset = 0
    /// The first error met; the stream stays failed.
    public private(set) var failure: NetstringError?

    public init() {}

    /// Feeds the bytes one read brought, and returns the payloads of the messages they
    /// complete, in order. At the first byte that breaks the framing, `failure` says what, the
    /// messages completed before it are still returned, and nothing more is read: later calls
    /// return none.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [[UInt8]] {
        guard failure == nil else { return [] }
        var messages: [[UInt8]] = []
        var index = bytes.startIndex
        while index != bytes.endIndex, failure == nil {
            if let length {
                // The payload, then its comma.
                let wanted = length + 1 - pending.count
                let end = bytes.index(index, offsetBy: wanted, limitedBy: bytes.endIndex) ?? bytes.endIndex
                pending += bytes[index..<end]
                index = end
                guard pending.count == length + 1 else { break }
                guard pending[length] == Netstring.comma else {
                    fail(.missingComma(byte: pending[length], at: offset + pending.count - 1))
                    break
                }
                messages.append(Array(pending[..<length]))
                offset += pending.count
                pending = []
                self.length = nil
                continue
            }
            let byte = bytes[index]
            index = bytes.index(after: index)
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if pending.count >= Netstring.maximumDigits || pending == [UInt8(ascii: "0")] {
                    fail(.malformedLength(String(decoding: pending + [byte], as: UTF8.self)))
                } else {
                    pending.append(byte)
                }
            case Netstring.colon where !pending.isEmpty:
                // Nine digits at most: always an Int.
                let value = Int(String(decoding: pending, as: UTF8.self)) ?? Int.max
                if value > Netstring.maximumLength {
                    fail(.tooLong(value))
                } else {
                    offset += pending.count + 1
                    pending = []
                    length = value
                }
            default:
                fail(.badLength(byte: byte, at: offset + pending.count))
            }
        }
        return messages
    }

    private mutating func fail(_ error: NetstringError) {
        failure = error
        pending = []
        length = nil
    }
}
