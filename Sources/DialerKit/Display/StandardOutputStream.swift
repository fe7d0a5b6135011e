// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Standard output as a `TextOutputStream` for the displays, written at once on every call, so
/// a program reading the JSON lines through a pipe gets each as it happens.
public struct StandardOutputStream: TextOutputStream, Sendable {
    public init() {}

    public mutating func write(_ string: String) {
        FileHandle.standardOutput.write(Data(string.utf8))
    }
}
