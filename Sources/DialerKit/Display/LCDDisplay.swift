// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import DialerConfig
public import DialerEngine
public import Logging
public import ScreenOutput
public import ScreenRender
import ProcessLoop
import SystemCalls
import Glibc

/// The dialer on a character display: an HD44780 through the kernel's charlcd (`/dev/lcd`),
/// and PNG pictures of it as it looks (`--screen lcd16x2`).
///
/// Each screen is laid out in lines (`LCDLayout`), and only the cells that changed are written
/// (`CharacterLCDScreen`): a key that changes one line writes that line's changed cells, and a
/// screen that changes nothing writes nothing. The device is written on a thread of its own
/// (`LCDWriterThread`), so the loop never waits for the module. Asleep, the backlight and the
/// display are switched off; the screen shown on waking is written then. A write that fails
/// (the device gone) is logged once while it lasts, the display is drawn whole again once a
/// write goes through, and the dialer goes on.
public final class LCDDisplay: DialerDisplay, WarmingUpDisplay {
    /// Where the bytes go: the device, or a test's recorder.
    public typealias Writer = ([UInt8]) throws(CharacterLCDError) -> Void

    public let layout: LCDLayout
    private var screen: CharacterLCDScreen
    /// Writes at once, on the loop's thread: a test's recorder.
    private let writer: Writer?
    /// Writes on a thread of its own: the device.
    private let thread: LCDWriterThread?
    private let pngPaths: [String]
    private let logger: Logger
    private var lastState: ScreenState?
    private var asleep = false
    /// Why the last write to the device failed, while writes keep failing; nil once one works.
    public private(set) var writeProblem: CharacterLCDError?
    /// Why the last picture could not be written, while they keep failing.
    private var pictureProblem: String?
    /// The first reason a picture could not be written in this run.
    public private(set) var firstPictureFailure: String?

    /// Draws through `writer`, at once (nil for pictures only), and into the PNGs at `pngPaths`.
    public convenience init(
        size: LCDSize, rom: LCDCharacterROM = .a00, font: BitmapFont?, logger: Logger, pngPaths: [String] = [], writer: Writer?
    ) {
        self.init(size: size, rom: rom, font: font, logger: logger, pngPaths: pngPaths, writer: writer, thread: nil)
    }

    /// A display that draws through `write` called on a thread of its own, as the device is.
    public static func writingOnAThread(
        size: LCDSize, rom: LCDCharacterROM = .a00, font: BitmapFont?, logger: Logger, write: @escaping @Sendable ([UInt8]) throws(CharacterLCDError) -> Void
    ) throws(DialerError) -> LCDDisplay {
        let thread: LCDWriterThread
        do { thread = try LCDWriterThread(write: write) } catch { throw .screen(.characterLCD(threadProblem(error))) }
        return LCDDisplay(size: size, rom: rom, font: font, logger: logger, pngPaths: [], writer: nil, thread: thread)
    }

    private init(
        size: LCDSize, rom: LCDCharacterROM, font: BitmapFont?, logger: Logger, pngPaths: [String], writer: Writer?, thread: LCDWriterThread?
    ) {
        self.layout = LCDLayout(columns: size.columns, rows: size.rows)
        self.screen = CharacterLCDScreen(columns: size.columns, rows: size.rows, rom: CharacterLCDROM(rom), font: font)
        self.writer = writer
        self.thread = thread
        self.pngPaths = pngPaths
        self.logger = logger
    }

    /// Opens the display at `device` (nil for pictures only), and checks that the PNGs can be
    /// written.
    public convenience init(
        device: String?, size: LCDSize, rom: LCDCharacterROM = .a00, font: BitmapFont?, logger: Logger, pngPaths: [String] = []
    ) throws(DialerError) {
        var thread: LCDWriterThread? = nil
        if let device {
            let opened: DeviceHolder
            do { opened = DeviceHolder(try CharacterLCDDevice(path: device)) } catch { throw .screen(.characterLCD(error)) }
            do {
                thread = try LCDWriterThread { bytes throws(CharacterLCDError) in try opened.device.write(bytes) }
            } catch {
                throw .screen(.characterLCD(Self.threadProblem(error, path: device)))
            }
        }
        for path in pngPaths {
            do { try PNGFile.checkWritable(path) } catch { throw .screen(.png(error)) }
        }
        self.init(size: size, rom: rom, font: font, logger: logger, pngPaths: pngPaths, writer: nil, thread: thread)
    }

    /// A writing thread that could not start (no descriptors left), as the display's error.
    private static func threadProblem(_ error: any Error, path: String = "the character display") -> CharacterLCDError {
        let errno = (error as? Errno) ?? (error as? LoopError).map { $0.errno } ?? Errno(EMFILE)
        return CharacterLCDError(path: path, reason: .system(.open, errno))
    }

    /// Blocks until what was drawn is written to the device: as the run stops, and in tests.
    public func waitUntilWritten() {
        thread?.waitUntilWritten()
        takeWriteFailure()
    }

    public var resultRows: Int? { layout.resultRows }

    public func take(_ update: DialerUpdate) {
        switch update {
        case .screen(let screen): draw(screen)
        case .dial, .dialFinished, .hangUp, .answer, .sendTones, .callEnded, .callControl, .callWaiting:
            // A character display shows what the screen shows: each comes with a screen that says it.
            break
        }
    }

    public func warmUp(_ screen: ScreenState) {
        _ = layout.lines(screen)
    }

    private func draw(_ state: ScreenState) {
        guard state != lastState else { return }
        lastState = state
        takeWriteFailure()
        if state.asleep != asleep {
            asleep = state.asleep
            write(state.asleep ? CharacterLCDScreen.sleepBytes : CharacterLCDScreen.wakeBytes, fresh: false)
        }
        // Asleep, nothing is drawn: the screen that shows once it wakes is drawn then.
        if state.asleep { return }
        let cursor = layout.pendingLetter(state).map { CharacterLCDScreen.Cell(column: $0.column, row: $0.row) }
        let fresh = screen.cells == nil
        let bytes = screen.update(to: layout.lines(state), cursor: cursor)
        guard !bytes.isEmpty else { return }
        write(bytes, fresh: fresh)
        writePictures()
    }

    /// Writes `bytes` at once, or queues them for the writing thread; `fresh` when they clear
    /// the display and draw it whole.
    private func write(_ bytes: [UInt8], fresh: Bool) {
        if let thread {
            thread.enqueue(bytes, fresh: fresh)
            return
        }
        guard let writer else { return }
        do {
            try writer(bytes)
            wrote()
        } catch {
            failed(error)
        }
    }

    /// What the writing thread found since the last look: a failure, or a fresh screen written
    /// after one.
    private func takeWriteFailure() {
        guard let thread else { return }
        if let failure = thread.takeFailure() {
            failed(failure)
        } else if !thread.isDropping {
            wrote()
        }
    }

    private func wrote() {
        if writeProblem != nil { logger.notice("the character display is written again") }
        writeProblem = nil
    }

    /// Said once while it lasts; the display is drawn whole once a write goes through.
    private func failed(_ error: CharacterLCDError) {
        if writeProblem == nil { logger.error("\(error.description); the dialer goes on without it") }
        writeProblem = error
        screen.forget()
    }

    private func writePictures() {
        guard !pngPaths.isEmpty else { return }
        let picture = screen.picture()
        do {
            for path in pngPaths { try PNGFile.write(picture, to: path, format: .rgb) }
            if pictureProblem != nil { logger.notice("pictures are written again") }
            pictureProblem = nil
        } catch {
            let problem = error.description
            if pictureProblem == nil { logger.error("\(problem)") }
            pictureProblem = problem
            if firstPictureFailure == nil { firstPictureFailure = problem }
        }
    }

    /// Clears the display and switches its backlight off, as t9dial stops.
    public func restore() {
        if let thread {
            thread.enqueue(CharacterLCDScreen.stopBytes, fresh: true)
            thread.stop()
        }
        try? writer?(CharacterLCDScreen.stopBytes)
    }
}

/// Holds the open device for the writing thread, the only one that uses it once it is open.
private final class DeviceHolder: @unchecked Sendable {
    let device: CharacterLCDDevice
    init(_ device: consuming CharacterLCDDevice) { self.device = device }
}

extension CharacterLCDROM {
    /// The ROM the config names.
    init(_ rom: LCDCharacterROM) {
        switch rom {
        case .a00: self = .a00
        case .a02: self = .a02
        }
    }
}
