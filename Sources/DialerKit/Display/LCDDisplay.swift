// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import DialerConfig
public import DialerEngine
public import Logging
public import ScreenOutput
public import ScreenRender

/// The dialer on a character display: an HD44780 through the kernel's charlcd (`/dev/lcd`),
/// and PNG pictures of it as it looks (`--screen lcd16x2`).
///
/// Each screen is laid out in lines (`LCDLayout`), and only the cells that changed are written
/// (`CharacterLCDScreen`): a key that changes one line writes that line's changed cells, and a
/// screen that changes nothing writes nothing. Asleep, the backlight and the display are
/// switched off; the screen shown on waking is written then. A write that fails (the device
/// gone) is logged once while it lasts, the display is drawn whole again once a write goes
/// through, and the dialer goes on.
public final class LCDDisplay: DialerDisplay, WarmingUpDisplay {
    /// Where the bytes go: the device, or a test's recorder.
    public typealias Writer = ([UInt8]) throws(CharacterLCDError) -> Void

    public let layout: LCDLayout
    private var screen: CharacterLCDScreen
    private let writer: Writer?
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

    /// Draws through `writer` (nil for pictures only) and into the PNGs at `pngPaths`.
    public init(size: LCDSize, font: BitmapFont?, logger: Logger, pngPaths: [String] = [], writer: Writer?) {
        self.layout = LCDLayout(columns: size.columns, rows: size.rows)
        self.screen = CharacterLCDScreen(columns: size.columns, rows: size.rows, font: font)
        self.writer = writer
        self.pngPaths = pngPaths
        self.logger = logger
    }

    /// Opens the display at `device` (nil for pictures only), and checks that the PNGs can be
    /// written.
    public convenience init(device: String?, size: LCDSize, font: BitmapFont?, logger: Logger, pngPaths: [String] = []) throws(DialerError) {
        var writer: Writer? = nil
        if let device {
            do {
                let opened = DeviceHolder(try CharacterLCDDevice(path: device))
                writer = { bytes throws(CharacterLCDError) in try opened.device.write(bytes) }
            } catch {
                throw .screen(.characterLCD(error))
            }
        }
        for path in pngPaths {
            do { try PNGFile.checkWritable(path) } catch { throw .screen(.png(error)) }
        }
        self.init(size: size, font: font, logger: logger, pngPaths: pngPaths, writer: writer)
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
        if state.asleep != asleep {
            asleep = state.asleep
            write(state.asleep ? CharacterLCDScreen.sleepBytes : CharacterLCDScreen.wakeBytes)
        }
        // Asleep, nothing is drawn: the screen that shows once it wakes is drawn then.
        if state.asleep { return }
        let cursor = layout.pendingLetter(state).map { CharacterLCDScreen.Cell(column: $0.column, row: $0.row) }
        let bytes = screen.update(to: layout.lines(state), cursor: cursor)
        guard !bytes.isEmpty else { return }
        write(bytes)
        writePictures()
    }

    private func write(_ bytes: [UInt8]) {
        guard let writer else { return }
        do {
            try writer(bytes)
            if writeProblem != nil { logger.notice("the character display is written again") }
            writeProblem = nil
        } catch {
            // Said once while it lasts; the display is drawn whole once a write goes through.
            if writeProblem == nil { logger.error("\(error.description); the dialer goes on without it") }
            writeProblem = error
            screen.forget()
        }
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
        guard let writer else { return }
        try? writer(CharacterLCDScreen.stopBytes)
    }
}

/// Holds the open device for the writer that the display keeps.
private final class DeviceHolder {
    let device: CharacterLCDDevice
    init(_ device: consuming CharacterLCDDevice) { self.device = device }
}
