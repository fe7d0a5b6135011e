// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The toml-test suite (toml-lang/toml-test), read where it sits beside the package:
/// `../shared/conformance/toml-test/tests` from the package root, on a developer's machine and
/// in CI alike (`../shared/conformance/README.md`). It is not copied into the project. Only the
/// files `files-toml-1.0.0` lists are used: the cases that apply to TOML 1.0.
enum ConformanceSuite {
    /// The suite's `tests` folder.
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/TOMLTests/Conformance
        .deletingLastPathComponent()  // Tests/TOMLTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package root
        .deletingLastPathComponent()  // the folder it is in, which holds shared/
        .appendingPathComponent("shared/conformance/toml-test/tests")

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// The files of the TOML 1.0 list under `folder` ("valid" or "invalid") with `.toml`, as
    /// paths relative to `directory`, sorted. Throws, failing every test that uses it, when the
    /// suite is not where it is expected.
    static func cases(in folder: String) throws -> [String] {
        let list = directory.appendingPathComponent("files-toml-1.0.0")
        guard let text = try? String(contentsOf: list, encoding: .utf8) else {
            throw Missing(
                description: "the toml-test suite is missing: expected its list \(list.path) (toml-test's tests folder at "
                    + "../shared/conformance/toml-test/tests beside the package root, see ../shared/conformance/README.md)")
        }
        let cases = text.split(whereSeparator: \.isNewline).map(String.init)
            .filter { $0.hasPrefix(folder + "/") && $0.hasSuffix(".toml") }
            .sorted()
        guard !cases.isEmpty else { throw Missing(description: "\(list.path) lists no \(folder)/ .toml file") }
        return cases
    }

    /// The bytes of the suite's file at `path` (relative to `directory`).
    static func bytes(_ path: String) throws -> [UInt8] {
        let url = directory.appendingPathComponent(path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Missing(description: "cannot read \(url.path)")
        }
        return [UInt8](data)
    }
}
