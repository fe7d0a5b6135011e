// SPDX-License-Identifier: Apache-2.0

import DialHistory
import Foundation
import Testing

@Suite("Dial history: the speed dials kept")
struct DialHistorySpeedDialTests {
    @Test func keysAreSetReplacedAndClearedAndOutliveForget() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/t9dial.sqlite"
        let history = try DialHistory(path: path)
        #expect(try history.speedDials().isEmpty)
        try history.setSpeedDial(StoredSpeedDial(key: 5, contact: "Fred Smith", number: nil))
        try history.setSpeedDial(StoredSpeedDial(key: 2, contact: nil, number: "+44 20 7946 0000"))
        try history.setSpeedDial(StoredSpeedDial(key: 5, contact: "Fred Smith", number: "home"))
        #expect(
            try history.speedDials() == [
                StoredSpeedDial(key: 2, contact: nil, number: "+44 20 7946 0000"),
                StoredSpeedDial(key: 5, contact: "Fred Smith", number: "home"),
            ])
        try history.forget()
        #expect(try DialHistory(path: path).speedDials().count == 2)
        #expect(try history.clearSpeedDial(2))
        #expect(try !history.clearSpeedDial(2))
        #expect(try history.speedDials().map(\.key) == [5])
    }

    @Test func aKeyWithNeitherContactNorNumberIsRefused() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = try DialHistory(path: "\(folder)/t9dial.sqlite")
        #expect(throws: DialHistoryError.self) { try history.setSpeedDial(StoredSpeedDial(key: 3, contact: nil, number: nil)) }
    }
}
