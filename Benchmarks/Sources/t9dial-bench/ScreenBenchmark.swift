// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerEngine
import DialerKit
import InputEvents
import Foundation
import ScreenOutput
import ScreenRender
import SeededRandom
import T9Search

/// From a new screen to the framebuffer: the screens a dialer shows while people type (T9
/// keys, backspaces, `*` to move the selection) are painted, packed, compared with the last
/// frame and the changed rows copied into memory the size of the framebuffer, as
/// `FrameUpdater` does into the mapped device. Also the PNG snapshot's encoding.
struct ScreenBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screen",
        abstract: "Per screen change, the time to render and flush one frame (target under 2 ms)."
    )

    @OptionGroup var book: BookOptions

    @Option(help: "The screens to draw on, WIDTHxHEIGHTxDEPTH.")
    var screens: [String] = ["128x64x1", "320x240x16", "640x480x32"]

    @Option(help: "How many typing sessions give the screens (of --sessions, which the search benchmark uses).")
    var screenSessions: Int = 1000

    mutating func run() throws {
        let index = try LoadedBook.load(book).index
        // t9dial's built-in font.
        let fontPath = book.dataDir + "/fonts/t9dial-8x16.psf"
        let bitmapFont = try BitmapFont.parse(try Data(contentsOf: URL(fileURLWithPath: fontPath)), name: fontPath)

        // The screens, found once: searching is the search benchmark's business.
        var random = SplitMix(seed: 48308)
        let scripts = TypingScript.make(
            count: min(book.sessions, screenSessions), contacts: index.contacts, alphabet: index.alphabet, random: &random)
        let states = try Self.screens(typing: scripts, index: index, limit: book.limit, random: &random)
        print("\n\(states.count) screen changes from \(scripts.count) typing sessions (T9 keys, backspaces, * now and then)")

        for text in screens {
            let option = try ScreenOption(parsing: text)
            let painter = ScreenPainter(font: bitmapFont, theme: .forDepth(option.format.bitsPerPixel))
            let timings = try Self.measure(states, on: option, painter: painter)
            print("\n\(text), \(states.count) frames, one changed frame from its screen to framebuffer memory:")
            print(Report.header())
            for kind in ["paint", "pack+diff+copy", "frame (all)"] { print(Report.row(kind, timings.durations[kind]!)) }
            let parts = try Self.measureFlushParts(states, on: option, painter: painter)
            print("  the flush in parts (FramePacker directly, the same steps as FrameUpdater):")
            for kind in ["pack", "diff", "copy"] { print(Report.row("  " + kind, parts[kind]!)) }
            let rows = timings.rowsCopied.sorted()
            print(
                String(
                    format: "  rows copied per frame: median %d of %d, %.0f%% of all rows; p99 frame %@ the 2 ms target",
                    rows[rows.count / 2], timings.height, 100 * Double(rows.reduce(0, +)) / Double(rows.count * timings.height),
                    Report.micro(Self.percentile(timings.durations["frame (all)"]!, 0.99)) < 2000 ? "meets" : "misses"))
        }

        // A snapshot: the 320x240 canvas as PNG bytes in memory (no file).
        let option = try ScreenOption(parsing: "320x240x16")
        let painter = ScreenPainter(font: bitmapFont, theme: .forDepth(16))
        var encodings: [Duration] = []
        var bytes = 0
        let clock = ContinuousClock()
        for state in states.prefix(2000) {
            let canvas = painter.paint(state, width: option.size.width, height: option.size.height)
            let start = clock.now
            bytes += try PNGFile.encode(canvas, format: .rgb).count
            encodings.append(clock.now - start)
        }
        print("\nPNG snapshot of a 320x240 screen, encoding only, to memory (\(bytes / encodings.count) bytes on average):")
        print(Report.header())
        print(Report.row("encode .rgb", encodings))
    }

    /// Paints and flushes every state into a frame-sized buffer, timing the parts.
    static func measure(_ states: [ScreenState], on option: ScreenOption, painter: ScreenPainter) throws -> (
        durations: [String: [Duration]], rowsCopied: [Int], height: Int
    ) {
        let packer = try FramePacker(format: option.format, logicalSize: option.size)
        var updater = FrameUpdater(packer: packer)
        // Standing in for the mapped framebuffer.
        var framebuffer = [UInt8](repeating: 0, count: packer.frameBytes)
        let (width, height) = (option.size.width, option.size.height)
        // One pass unmeasured, so the measured frames do not pay for first-touch page faults.
        try framebuffer.withUnsafeMutableBytes { target in
            for state in states.prefix(200) { try updater.draw(painter.paint(state, width: width, height: height), into: target) }
        }
        updater.invalidate()

        var durations: [String: [Duration]] = [:]
        var rowsCopied: [Int] = []
        rowsCopied.reserveCapacity(states.count)
        let clock = ContinuousClock()
        try framebuffer.withUnsafeMutableBytes { target in
            for state in states {
                let start = clock.now
                let canvas = painter.paint(state, width: width, height: height)
                let painted = clock.now
                let rows = try updater.draw(canvas, into: target)
                let flushed = clock.now
                durations["paint", default: []].append(painted - start)
                durations["pack+diff+copy", default: []].append(flushed - painted)
                durations["frame (all)", default: []].append(flushed - start)
                rowsCopied.append(rows.count)
            }
        }
        return (durations, rowsCopied, packer.physicalSize.height)
    }

    /// The flush of `measure` in its three steps, with `FramePacker` directly: pack into a
    /// scratch frame, find the physical rows that differ from the last frame, copy them into
    /// the framebuffer and into the last frame. The canvases are painted before timing.
    static func measureFlushParts(_ states: [ScreenState], on option: ScreenOption, painter: ScreenPainter) throws -> [String: [Duration]] {
        let packer = try FramePacker(format: option.format, logicalSize: option.size)
        var scratch = [UInt8](repeating: 0, count: packer.frameBytes)
        var shown = [UInt8](repeating: 0, count: packer.frameBytes)
        var framebuffer = [UInt8](repeating: 0, count: packer.frameBytes)
        var durations: [String: [Duration]] = [:]
        let clock = ContinuousClock()
        for state in states {
            let canvas = painter.paint(state, width: option.size.width, height: option.size.height)
            let start = clock.now
            try scratch.withUnsafeMutableBytes { try packer.pack(canvas, into: $0) }
            let packed = clock.now
            let rows = scratch.withUnsafeBytes { new in shown.withUnsafeBytes { old in packer.changedPhysicalRows(packed: old, new) } }
            let compared = clock.now
            try scratch.withUnsafeBytes { new in
                try framebuffer.withUnsafeMutableBytes { try packer.copyRows(rows, from: new, to: $0) }
                try shown.withUnsafeMutableBytes { try packer.copyRows(rows, from: new, to: $0) }
            }
            let copied = clock.now
            durations["pack", default: []].append(packed - start)
            durations["diff", default: []].append(compared - packed)
            durations["copy", default: []].append(copied - compared)
        }
        return durations
    }

    /// The screens a dialer shows while `scripts` are typed, one per change: each key a press
    /// then its tap, a `*` after about one key in four, and a clear (star held 2 s) between
    /// sessions.
    static func screens(typing scripts: [TypingScript], index: SearchIndex, limit: Int, random: inout SplitMix) throws -> [ScreenState] {
        let session = try DialerSession(index: index, settings: DialerSettings(resultLimit: limit))
        var states: [ScreenState] = []
        var time: Microseconds = 1_000_000
        func tap(_ role: KeyRole) {
            for gesture in [KeyGesture.pressed(role), .tapped(role)] {
                for update in session.handle(TimedGesture(time: time, gesture: gesture)) {
                    if case .screen(let state) = update { states.append(state) }
                }
                time += 90_000
            }
        }
        for script in scripts {
            for step in script.steps {
                switch step {
                case .key(let digit): tap(.digit(digit))
                case .backspace: tap(.delete)
                }
                if random.next(0...3) == 0 { tap(.star) }
            }
            for update in session.handle(TimedGesture(time: time, gesture: .heldLonger(.star))) {
                if case .screen(let state) = update { states.append(state) }
            }
            time += 1_000_000
        }
        return states
    }

    static func percentile(_ durations: [Duration], _ p: Double) -> Duration {
        let sorted = durations.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }
}
