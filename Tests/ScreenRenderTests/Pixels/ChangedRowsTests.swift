// SPDX-License-Identifier: Apache-2.0

import ScreenRender
import Testing

@Suite("Changed rows")
struct ChangedRowsTests {
    static let before = canvas([[grey(10), grey(20), grey(30)], [grey(40), grey(50), grey(60)]])

    /// `before` with the pixel at (`x`, `y`) changed.
    static func changing(_ x: Int, _ y: Int) -> Canvas {
        var after = before
        after[x, y] = .white
        return after
    }

    @Test(
        "A changed pixel is found in the physical row it shows in",
        arguments: [
            // (1, 1) shows at (1, 1), (0, 1), (1, 0), (1, 1); (2, 0) at (2, 0), (0, 1), (1, 2), (0, 0).
            (Rotation.upright, 1, 1, [1]), (.clockwise90, 1, 1, [1]), (.halfTurn, 1, 1, [0]), (.clockwise270, 1, 1, [1]),
            (.upright, 2, 0, [0]), (.clockwise90, 2, 0, [2]), (.halfTurn, 2, 0, [1]), (.clockwise270, 2, 0, [0]),
        ])
    func changed(rotation: Rotation, x: Int, y: Int, rows: [Int]) throws {
        let packer = try FramePacker(format: .rgb565, logicalSize: ScreenSize(width: 3, height: 2), rotation: rotation)
        let after = Self.changing(x, y)
        #expect(packer.changedPhysicalRows(from: Self.before, to: after) == rows)
        #expect(packer.changedPhysicalRows(from: Self.before, to: Self.before) == [])

        // Diffing packed frames finds the same rows, and copying them makes the frames equal.
        var old = try packedBytes(Self.before, format: .rgb565, rotation: rotation)
        let new = try packedBytes(after, format: .rgb565, rotation: rotation)
        let packedRows = old.withUnsafeBytes { oldBytes in new.withUnsafeBytes { packer.changedPhysicalRows(packed: oldBytes, $0) } }
        #expect(packedRows == rows)
        try new.withUnsafeBytes { source in try old.withUnsafeMutableBytes { try packer.copyRows(packedRows, from: source, to: $0) } }
        #expect(old == new)
    }

    @Test("A canvas of another size changes every row")
    func firstFrame() throws {
        let packer = try FramePacker(format: .gray8, logicalSize: ScreenSize(width: 3, height: 2), rotation: .clockwise90)
        #expect(packer.changedPhysicalRows(from: Canvas(width: 0, height: 0), to: Self.before) == [0, 1, 2])
    }

    @Test(
        "Logical rows map to the physical rows they touch: all of them when turned a quarter",
        arguments: [
            (Rotation.upright, [1, 0, 1, 7], [0, 1]), (.halfTurn, [0], [1]), (.halfTurn, [] as [Int], [] as [Int]),
            (.clockwise90, [0], [0, 1, 2]), (.clockwise270, [1], [0, 1, 2]), (.clockwise90, [], []),
        ])
    func touched(rotation: Rotation, logicalRows: [Int], physicalRows: [Int]) throws {
        let packer = try FramePacker(format: .gray8, logicalSize: ScreenSize(width: 3, height: 2), rotation: rotation)
        #expect(packer.physicalRows(touchedByLogicalRows: logicalRows) == physicalRows)
    }
}
