// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import Foundation
import Telephony
import Testing

/// Files that are not UTF-8 TOML are refused at the line and column of the first problem,
/// never read with their bytes replaced.
@Suite("Text files that are not UTF-8 TOML")
struct TextFileTests {
    @Test(
        "A file that is not UTF-8, or UTF-16, or only NUL, is a config error at its line",
        arguments: [
            ([0x61, 0x20, 0x3D, 0x20, 0x31, 0x0A, 0x23, 0x20, 0xFF] as [UInt8], 2, "is not UTF-8 text at column 3"),
            ([0xFF, 0xFE, 0x61, 0x00, 0x3D, 0x00, 0x31, 0x00], 1, "is not UTF-8 text at column 1"),
            ([0x61, 0x00, 0x3D, 0x00, 0x31, 0x00], 1, "not valid TOML at column 2: "),
            ([0x00], 1, "not valid TOML at column 1: "),
        ])
    func refused(bytes: [UInt8], line: Int, fragment: String) throws {
        try TestFiles.withTemporaryDirectory { directory in
            let path = directory + "/t9dial.toml"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let errors = [
                #expect(throws: ConfigError.self) { try DialerConfiguration.load(path: path, environment: [:]) },
                #expect(throws: ConfigError.self) { try KeymapFile.load(path: path) },
                #expect(throws: ConfigError.self) { try LayoutFile.load(path: path) },
            ]
            for error in errors {
                #expect(error?.file == path)
                #expect(error?.line == line)
                #expect(error?.message.hasPrefix(fragment) == true, "\(String(describing: error))")
            }
        }
    }
}
