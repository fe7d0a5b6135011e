// SPDX-License-Identifier: Apache-2.0

public import Foundation

/// vCards and folders for the tests.
public enum CardFixtures {
    public static func card(uid: String, name: String, phone: String) -> String {
        let parts = name.split(separator: " ")
        return "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(name)\r\nN:\(parts.last ?? "");\(parts.first ?? "");;;\r\n"
            + "TEL;TYPE=CELL:\(phone)\r\nEND:VCARD\r\n"
    }

    /// A fresh empty temporary folder, removed after `body`.
    public static func withTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.path + "/t9dial-carddav-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }

    /// Every file in `folder` with its content, to check that a failed sync changed nothing.
    public static func snapshot(_ folder: String) -> [String: Data] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var files: [String: Data] = [:]
        for name in names {
            files[name] = FileManager.default.contents(atPath: folder + "/" + name)
        }
        return files
    }
}
