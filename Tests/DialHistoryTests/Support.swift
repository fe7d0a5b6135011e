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
