// SPDX-License-Identifier: Apache-2.0

import Foundation
import Synchronization
import Testing
import BackgroundWork

@testable import ContactBook

/// A large file is parsed in two halves at once; what comes out must be what one pass gives.
@Suite("vCard parsed in two halves")
struct VCardParallelParseTests {
    /// One pass, and a parse cut at `cut`, of `bytes`.
    static func parses(_ bytes: [UInt8], file: String) -> (onePass: ([Contact], [ImportWarning]), halves: ([Contact], [ImportWarning])) {
        bytes.withUnsafeBufferPointer { buffer in
            var whole: [Contact] = []
            let (wholeWarnings, _) = VCardParser.parse(buffer, file: file, parallelBytes: .max) { whole.append($0) }
            var halves: [Contact] = []
            let (halvesWarnings, _) = VCardParser.parse(buffer, file: file, parallelBytes: 0, parallelism: .cores) { halves.append($0) }
            return ((whole, wholeWarnings), (halves, halvesWarnings))
        }
    }

    /// Cards with and without UIDs, a broken card, a folded line, a quoted-printable value and
    /// stray text, in LF and CRLF files: every warning is at its line, every made-up UID too.
    @Test(arguments: ["\n", "\r\n"])
    func theHalvesGiveWhatOnePassGives(newline: String) throws {
        var cards: [String] = []
        for number in 0..<40 {
            switch number % 5 {
            case 0: cards.append("BEGIN:VCARD\nVERSION:3.0\nFN:Card \(number)\nTEL:+44 7700 9001\(number)\nEND:VCARD")
            case 1: cards.append("BEGIN:VCARD\nVERSION:3.0\nUID:u\(number)\nFN:Folded\n  Name \(number)\nTEL:555\(number)\nEND:VCARD")
            case 2: cards.append("BEGIN:VCARD\nVERSION:2.1\nFN;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen=\n \(number)\nTEL:0121\(number)\nEND:VCARD")
            case 3: cards.append("BEGIN:VCARD\nFN:No end \(number)\nTEL:1\(number)")  // no END:VCARD
            default: cards.append("stray text \(number)\nBEGIN:VCARD\nFN:After stray \(number)\nnot a property\nTEL:2\(number)\nEND:VCARD")
            }
        }
        let text = cards.joined(separator: "\n").replacingOccurrences(of: "\n", with: newline) + newline
        let (onePass, halves) = Self.parses(Array(text.utf8), file: "book.vcf")
        #expect(onePass.0.count > 20)
        #expect(!onePass.1.isEmpty)
        #expect(halves.0 == onePass.0)
        #expect(halves.1 == onePass.1)
    }

    @Test(arguments: ["John_Doe_ANDROID.vcf", "John_Doe_GMAIL.vcf", "John_Doe_IPHONE.vcf", "fullcontact.vcf", "gmail-list.vcf", "outlook-2007.vcf"])
    func realExportsGiveWhatOnePassGives(name: String) throws {
        let (onePass, halves) = Self.parses(try TestFiles.fixtureBytes(name), file: name)
        #expect(halves.0 == onePass.0)
        #expect(halves.1 == onePass.1)
    }

    /// Progress counts every byte once, in one pass and in two halves, in steps.
    @Test(arguments: [Int.max, 0])
    func progressCountsEveryByteOnce(parallelBytes: Int) {
        let card = "BEGIN:VCARD\nVERSION:3.0\nFN:Someone With A Name\nTEL:+44 7700 900123\nEND:VCARD\n"
        let text = Array(String(repeating: card, count: 5_000).utf8)
        let reports = Mutex<[Int]>([])
        text.withUnsafeBufferPointer { buffer in
            _ = VCardParser.parse(buffer, file: "book.vcf", parallelBytes: parallelBytes, progress: { bytes in reports.withLock { $0.append(bytes) } }) { _ in }
        }
        let told = reports.withLock { $0 }
        #expect(told.reduce(0, +) == text.count)
        #expect(told.count > text.count / VCardParser.progressStep / 2)
        #expect(told.allSatisfy { $0 > 0 })
    }

    @Test func aCutIsOnlyMadeBetweenAnEndAndABegin() {
        let text = Array("BEGIN:VCARD\nFN:A\nEND:VCARD\nX:1\nBEGIN:VCARD\nFN:B\nEND:VCARD\nBEGIN:VCARD\nFN:C\nEND:VCARD\n".utf8)
        text.withUnsafeBufferPointer { bytes in
            let cut = VCardParser.cardBoundary(near: 0, in: bytes)
            // Not the BEGIN after "X:1", but the one after B's END.
            #expect(cut.map { String(decoding: bytes[$0...].prefix(13), as: UTF8.self) } == "BEGIN:VCARD\nF")
            #expect(cut == text.count - "BEGIN:VCARD\nFN:C\nEND:VCARD\n".utf8.count)
            #expect(VCardParser.cardBoundary(near: text.count - 5, in: bytes) == nil)
        }
        let oldMac = Array("BEGIN:VCARD\rFN:A\rEND:VCARD\rBEGIN:VCARD\rFN:B\rEND:VCARD\r".utf8)
        oldMac.withUnsafeBufferPointer { #expect(VCardParser.cardBoundary(near: 0, in: $0) == nil) }
    }
}
