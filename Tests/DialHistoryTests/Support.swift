// SPDX-License-Identifier: Apache-2.0

import Foundation

/// A fresh folder under the system's temporary folder, for one test's files.
func temporaryFolder(_ name: String = #function) throws -> String {
    let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("t9dial-history-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}

/// The files of `folder`, sorted.
func files(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
}

/// Whether the sqlite3 program is there, for the tests that make or read a file with it.
let hasSQLite3 = FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")

/// Runs `sql` on the database at `path` with the sqlite3 program, independent of t9dial's
/// code, and returns what it prints, trimmed.
@discardableResult
func sqlite3(_ path: String, _ sql: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [path, sql]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw SQLite3Failed(sql: sql, status: process.terminationStatus) }
    return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

struct SQLite3Failed: Error {
    var sql: String
    var status: Int32
}
