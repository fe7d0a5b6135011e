// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Files the tests read from the source tree, and scratch directories they write.
enum TestFiles {
    /// The package's root directory, found from this file's path.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // DialerConfigTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `Config/`, the data directory of a source checkout.
    static let configDirectory = repositoryRoot.appendingPathComponent("Config").path
    /// `Config/layouts/`.
    static let layoutsDirectory = configDirectory + "/layouts"
    /// The documented config file.
    static let shippedConfig = configDirectory + "/t9dial.toml"

    /// Runs `body` with a new empty directory, removed afterwards.
    @discardableResult
    static func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("t9dial-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try body(directory)
    }

    /// Writes `text` to `path`, creating the directories on the way.
    static func write(_ text: String, to path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Creates `directory/layouts/` holding a minimal layout, making `directory` a data directory.
    static func makeDataDirectory(_ directory: String) throws {
        try write("[keys]\n2 = \"abc\"\n", to: directory + "/layouts/mini.toml")
    }
}
