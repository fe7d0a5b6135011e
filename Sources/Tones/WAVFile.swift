// SPDX-License-Identifier: Apache-2.0

/// A WAV file (RIFF, PCM) read into a clip: 8 or 16 bits, mono or stereo (mixed to mono), any
/// rate within the limits. A ringtone is a file a user names, so it is hostile input: every
/// size in it is checked against the bytes there are and against `Limits` before anything is
/// allocated, and what is wrong is an error value.
public enum WAVFile {
    /// What a ringtone may be (docs/limits.md).
    public enum Limits {
        /// The file, in bytes.
        public static let maxBytes = 16 << 20
        /// Samples a second: from telephone quality to studio.
        public static let rates = 8_000...192_000
        /// Mono or stereo.
        public static let channels = 1...2
        /// The sound, in milliseconds: a ring's cycle is at most a minute.
        public static let maxMilliseconds = 60_000
    }

    /// Reads a WAV file's bytes.
    public static func decode(_ bytes: [UInt8]) throws(WAVError) -> PCMClip {
        guard bytes.count <= Limits.maxBytes else { throw .tooLarge(bytes: bytes.count) }
        guard bytes.count >= 12, ascii(bytes, 0) == "RIFF", ascii(bytes, 8) == "WAVE" else { throw .notWAV }
        var format: Format?
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = ascii(bytes, offset)
            let size = Int(littleEndian32(bytes, offset + 4))
            let body = offset + 8
            let available = bytes.count - body
            switch id {
            case "fmt ":
                guard size >= 16, size <= available else { throw .badFormatChunk }
                format = try Format(bytes, at: body)
            case "data":
                guard let format else { throw .dataBeforeFormat }
                guard size <= available else { throw .truncated(declared: size, present: available) }
                return try format.clip(bytes[body..<(body + size)])
            default:
                guard size <= available else { throw .truncated(declared: size, present: available) }
            }
            // Chunks are padded to an even length.
            offset = body + size + (size & 1)
        }
        throw format == nil ? .badFormatChunk : .noData
    }

    /// The `fmt ` chunk's fields.
    struct Format {
        var channels: Int
        var rate: Int
        var bits: Int

        init(_ bytes: [UInt8], at offset: Int) throws(WAVError) {
            let encoding = Int(littleEndian16(bytes, offset))
            channels = Int(littleEndian16(bytes, offset + 2))
            rate = Int(littleEndian32(bytes, offset + 4))
            bits = Int(littleEndian16(bytes, offset + 14))
            // 1 is integer PCM; 0xFFFE (extensible) holds PCM when its subformat says so.
            let isPCM = encoding == 1 || (encoding == 0xFFFE && bytes.count >= offset + 26 && littleEndian16(bytes, offset + 24) == 1)
            guard isPCM else { throw .notPCM(encoding: encoding) }
            guard Limits.channels.contains(channels) else { throw .channels(channels) }
            guard Limits.rates.contains(rate) else { throw .rate(rate) }
            guard bits == 8 || bits == 16 else { throw .bits(bits) }
        }

        func clip(_ data: ArraySlice<UInt8>) throws(WAVError) -> PCMClip {
            let frameBytes = channels * bits / 8
            let frames = data.count / frameBytes
            let milliseconds = frames * 1000 / rate
            guard milliseconds <= Limits.maxMilliseconds else { throw .tooLong(milliseconds: milliseconds) }
            guard frames > 0 else { throw .noData }
            let start = data.startIndex
            let samples = (0..<frames).map { frame -> Int16 in
                var sum = 0
                for channel in 0..<channels {
                    let at = start + frame * frameBytes + channel * bits / 8
                    // 8-bit WAV is unsigned around 128; 16-bit is signed little-endian.
                    sum += bits == 8 ? (Int(data[at]) - 128) << 8 : Int(Int16(bitPattern: UInt16(data[at]) | UInt16(data[at + 1]) << 8))
                }
                return Int16(sum / channels)
            }
            return PCMClip(rate: rate, samples: samples)
        }
    }
}

/// What is wrong with a WAV file, without its path (the caller names the file).
public enum WAVError: Error, Sendable, Hashable, CustomStringConvertible {
    case tooLarge(bytes: Int)
    /// No `RIFF`…`WAVE` header.
    case notWAV
    /// The `fmt ` chunk is missing, short, or past the end.
    case badFormatChunk
    case dataBeforeFormat
    case noData
    /// Not integer PCM (a compressed or floating-point WAV); its format code.
    case notPCM(encoding: Int)
    case channels(Int)
    case rate(Int)
    case bits(Int)
    case tooLong(milliseconds: Int)
    /// A chunk says it is longer than the bytes left in the file.
    case truncated(declared: Int, present: Int)

    /// What is wrong, and what to do.
    public var description: String {
        let convert = "convert it with `sox IN -b 16 -c 1 -r 48000 OUT.wav` or `ffmpeg -i IN -ac 1 -ar 48000 -c:a pcm_s16le OUT.wav`"
        return switch self {
        case .tooLarge(let bytes):
            "it is \(bytes) bytes, larger than the \(WAVFile.Limits.maxBytes >> 20) MiB a ringtone may be; use a shorter sound"
        case .notWAV: "it is not a WAV file (no RIFF/WAVE header); \(convert)"
        case .badFormatChunk: "its format (fmt) chunk is missing or damaged; \(convert)"
        case .dataBeforeFormat: "its sound (data) comes before its format (fmt) chunk; \(convert)"
        case .noData: "it holds no sound (no data chunk, or an empty one)"
        case .notPCM(let encoding): "it is not plain PCM (format code \(encoding)); \(convert)"
        case .channels(let count):
            "it has \(count) channels; a ringtone has \(WAVFile.Limits.channels.lowerBound) or \(WAVFile.Limits.channels.upperBound); \(convert)"
        case .rate(let rate):
            "its rate is \(rate) Hz, outside \(WAVFile.Limits.rates.lowerBound) to \(WAVFile.Limits.rates.upperBound) Hz; \(convert)"
        case .bits(let bits): "it has \(bits)-bit samples; a ringtone has 8 or 16; \(convert)"
        case .tooLong(let milliseconds):
            "it lasts \(milliseconds / 1000) s, longer than the \(WAVFile.Limits.maxMilliseconds / 1000) s a ring cycle may be; cut it"
        case .truncated(let declared, let present):
            "it is cut short: a chunk declares \(declared) bytes and \(present) follow; the file is damaged or still being written"
        }
    }
}

private func ascii(_ bytes: [UInt8], _ offset: Int) -> String {
    String(decoding: bytes[offset..<min(offset + 4, bytes.count)], as: UTF8.self)
}

private func littleEndian16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    guard offset + 2 <= bytes.count else { return 0 }
    return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
}

private func littleEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    guard offset + 4 <= bytes.count else { return 0 }
    return UInt32(littleEndian16(bytes, offset)) | UInt32(littleEndian16(bytes, offset + 2)) << 16
}
