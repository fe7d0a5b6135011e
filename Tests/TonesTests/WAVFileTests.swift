// SPDX-License-Identifier: Apache-2.0

import Testing
import Tones

/// A WAV file's bytes, made here so that each test changes one field.
func wav(
    channels: Int = 1, rate: Int = 8_000, bits: Int = 16, encoding: Int = 1, data: [UInt8], declaredData: Int? = nil, extraChunk: Bool = false
) -> [UInt8] {
    func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
    func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16((value >> 16) & 0xFFFF) }
    let format =
        le16(encoding) + le16(channels) + le32(rate) + le32(rate * channels * bits / 8) + le16(channels * bits / 8) + le16(bits)
    var body = Array("WAVE".utf8) + Array("fmt ".utf8) + le32(16) + format
    if extraChunk { body += Array("LIST".utf8) + le32(3) + [1, 2, 3, 0] }
    body += Array("data".utf8) + le32(declaredData ?? data.count) + data
    return Array("RIFF".utf8) + le32(body.count) + body
}

@Suite struct WAVFileTests {
    @Test func sixteenBitMono() throws {
        let clip = try WAVFile.decode(wav(data: [0x01, 0x00, 0xFF, 0xFF, 0x00, 0x80]))
        #expect(clip.rate == 8_000)
        #expect(clip.samples == [1, -1, -32_768])
    }

    @Test func eightBitIsCentredOn128() throws {
        let clip = try WAVFile.decode(wav(bits: 8, data: [128, 255, 0]))
        #expect(clip.samples == [0, 127 << 8, -128 << 8])
    }

    @Test func stereoIsMixedToMono() throws {
        let clip = try WAVFile.decode(wav(channels: 2, rate: 44_100, data: [0x10, 0x00, 0x30, 0x00], extraChunk: true))
        #expect(clip.rate == 44_100)
        #expect(clip.samples == [0x20])
    }

    @Test(arguments: [
        (wav(data: [1, 0], declaredData: 1_000_000), WAVError.truncated(declared: 1_000_000, present: 2)),
        (wav(channels: 0, data: [1, 0]), .channels(0)),
        (wav(channels: 6, data: [1, 0]), .channels(6)),
        (wav(rate: 4_000, data: [1, 0]), .rate(4_000)),
        (wav(rate: 384_000, data: [1, 0]), .rate(384_000)),
        (wav(bits: 24, data: [1, 0, 0]), .bits(24)),
        (wav(encoding: 3, data: [1, 0, 0, 0]), .notPCM(encoding: 3)),
        (wav(data: []), .noData),
        (wav(rate: 8_000, data: [UInt8](repeating: 0, count: 2 * 8_000 * 61)), .tooLong(milliseconds: 61_000)),
        (Array("RIFF\u{0}\u{0}\u{0}\u{0}AVI ".utf8), .notWAV),
        ([], .notWAV),
        ([UInt8](repeating: 0, count: 4096), .notWAV),
        (Array(wav(data: [1, 0]).prefix(30)), .badFormatChunk),
    ])
    func hostileFilesAreErrorValues(bytes: [UInt8], error: WAVError) {
        #expect(throws: error) { try WAVFile.decode(bytes) }
    }

    @Test func aFileOverTheSizeLimitIsRefusedBeforeReading() {
        let bytes = [UInt8](repeating: 0, count: WAVFile.Limits.maxBytes + 1)
        #expect(throws: WAVError.tooLarge(bytes: WAVFile.Limits.maxBytes + 1)) { try WAVFile.decode(bytes) }
    }

    @Test func everyErrorSaysWhatToDo() {
        #expect(WAVError.rate(4_000).description.contains("8000 to 192000 Hz"))
        #expect(WAVError.notPCM(encoding: 3).description.contains("sox"))
    }

    @Test func resamplingKeepsTheTone() {
        let tone = Synthesizer(rate: 8_000, volume: 0.5).render(ToneSegment([440], milliseconds: 200))
        let clip = PCMClip(rate: 8_000, samples: tone).resampled(to: 48_000)
        #expect(clip.rate == 48_000)
        #expect(clip.samples.count == 9_600)
        #expect(clip.milliseconds == 200)
        #expect(abs(Goertzel.strongest(in: 400...480, samples: clip.samples, rate: 48_000) - 440) <= 440 * 0.015)
    }
}
