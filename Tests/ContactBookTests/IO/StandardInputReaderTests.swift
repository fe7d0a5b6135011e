// SPDX-License-Identifier: Apache-2.0

import Glibc
import Testing
import struct SystemPackage.FileDescriptor

@testable import ContactBook

/// Standard input read whole (`--contacts -`), through a pipe as a shell gives it, up to the
/// limit of a contacts file.
@Suite("Standard input as a contacts file")
struct StandardInputReaderTests {
    /// What `readToEnd` makes of `bytes` written to a pipe, with the limit `maxBytes`.
    func read(_ bytes: [UInt8], maxBytes: Int) throws(ContactBookError) -> [UInt8] {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // Small enough for the pipe's buffer: written whole before anything reads.
        #expect(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == bytes.count)
        close(ends[1])
        return try StandardInputReader.readToEnd(FileDescriptor(rawValue: ends[0]), maxBytes: maxBytes)
    }

    @Test(arguments: [0, 1, 100, 4096])
    func everyByteUpToTheLimitIsRead(count: Int) throws {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0) }
        #expect(try read(bytes, maxBytes: 4096) == bytes)
    }

    @Test func moreThanTheLimitIsAnErrorNamingStandardInput() {
        #expect {
            _ = try read([UInt8](repeating: 65, count: 4097), maxBytes: 4096)
        } throws: { error in
            let error = error as? ContactBookError
            return error?.file == "standard input" && error?.kind == .readFailed
        }
    }

    @Test func onlyTheDashIsStandardInput() {
        #expect(StandardInputReader.isStandardInput("-"))
        #expect(!StandardInputReader.isStandardInput("./-"))
        #expect(!StandardInputReader.isStandardInput("/dev/stdin"))
    }
}
