// SPDX-License-Identifier: Apache-2.0

import Foundation
import ScreenRender

/// A fresh folder under the system's temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("t9dial-screenoutput-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func join(_ name: String) -> String { path + "/" + name }

    var contents: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? [] }
}

/// Runs a command, returning its exit status.
@discardableResult
func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

/// Canvases with a pattern in every row, each exact in one PNG format.
enum Patterns {
    static func colour(width: Int = 37, height: Int = 23) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                canvas[x, y] = Color(red: UInt8((x * 7 + y * 3) & 0xFF), green: UInt8((x * y) & 0xFF), blue: UInt8((255 - x * 5) & 0xFF))
            }
        }
        canvas.fill(Rect(x: 3, y: 4, width: 10, height: 6), with: Color(0x2040A0))
        return canvas
    }

    static func grey(width: Int = 33, height: Int = 17) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let level = UInt8((x * 13 + y * 29) & 0xFF)
                canvas[x, y] = Color(red: level, green: level, blue: level)
            }
        }
        return canvas
    }

    static func mono(width: Int = 128, height: Int = 64) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width where (x / 3 + y / 2) % 2 == 0 || x == y { canvas[x, y] = .white }
        }
        return canvas
    }
}
