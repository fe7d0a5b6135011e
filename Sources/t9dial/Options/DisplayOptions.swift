// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerConfig
import DialerKit
import Logging
import ScreenRender

/// Where the dialer shows itself; shared by `run` and `try`.
struct DisplayOptions: ParsableArguments {
    @Option(
        name: .customLong("output"),
        help: ArgumentHelp(
            "Where to show the dialer, more than once for several: text (the default), json, fb (/dev/fb0), fb:/dev/fbN (instead of [screen] framebuffer), drm:/dev/dri/cardN (a DRM/KMS card), png:FILE.",
            valueName: "output"
        ),
        completion: ShellCompletion.outputs
    )
    var outputs: [String] = []

    @Option(
        help: ArgumentHelp(
            "Size and depth of PNG output when no framebuffer is drawn on, e.g. 128x64x1 or 320x240x16; lcd16x2 or lcd20x4 draws a character LCD.",
            valueName: "WxHxD"))
    var screen: String?

    @Flag(help: "Same as --output json: one JSON object per change, and {\"event\":\"dial\",...} for a dial.")
    var json = false

    func validate() throws {
        for output in outputs where Self.parse(output) == nil {
            throw ValidationError("--output \(output): expected text, json, fb, fb:/dev/fbN, drm:/dev/dri/cardN or png:FILE")
        }
        if let screen, screen.hasPrefix(Self.lcdPrefix) {
            guard Self.lcdSize(screen) != nil else {
                throw ValidationError("--screen \(screen): a character LCD's size \(LCDSize.expectation), after lcd (lcd16x2)")
            }
        } else if let screen {
            do { _ = try ScreenOption(parsing: screen) } catch { throw ValidationError(error.description) }
        }
    }

    private enum Choice: Equatable {
        case text, json
        case screen(ScreenDisplay.Output)
    }

    private static func parse(_ text: String) -> Choice? {
        switch text {
        case "text": return .text
        case "json": return .json
        case "fb": return .screen(.framebuffer(path: "/dev/fb0"))
        case _ where text.hasPrefix("fb:") && text.count > 3: return .screen(.framebuffer(path: String(text.dropFirst(3))))
        case _ where text.hasPrefix("drm:") && text.count > 4: return .screen(.drm(path: String(text.dropFirst(4))))
        case _ where text.hasPrefix("png:") && text.count > 4: return .screen(.png(path: String(text.dropFirst(4))))
        default: return nil
        }
    }

    /// The displays asked for, together. (The driver records the dials: `KeypadSetup.makeDriver`.)
    func makeDisplay(for book: Book, logger: Logger) throws -> DisplayGroup {
        let choices = outputs.compactMap(Self.parse)
        var displays: [any DialerDisplay] = []
        if json || choices.contains(.json) {
            displays.append(JSONDisplay(output: StandardOutputStream()))
        } else if choices.isEmpty || choices.contains(.text) {
            // A percentage for each step of a long load on a terminal; once into a file or a pipe.
            displays.append(TextDisplay(output: StandardOutputStream(), showsProgress: StandardOutput.isTerminal))
        }
        // The config's [screen] framebuffer is drawn on too (the service's panel), unless an
        // --output names a framebuffer; text stays the default either way.
        let settings = book.configuration.screen
        // --screen lcdWxH draws the PNGs as a character LCD; [screen] lcd draws on one, and
        // the PNGs then mirror it at its lcd_size, as they mirror a framebuffer.
        let lcdSize = screen.flatMap(Self.lcdSize)
        let lcdPictures: [String] = lcdSize == nil ? [] : choices.compactMap { if case .screen(.png(let path)) = $0 { path } else { nil } }
        if settings.lcd != nil || !lcdPictures.isEmpty {
            do {
                let font = try ScreenDisplay.loadSmallFont(dataDirectory: book.dataDirectory)
                if font == nil { logger.warning("\(ScreenDisplay.smallFontName) is not installed: the character display folds accented letters") }
                displays.append(
                    try LCDDisplay(
                        device: settings.lcd, size: settings.lcd == nil ? lcdSize ?? settings.lcdSize : settings.lcdSize, rom: settings.lcdROM,
                        font: font, logger: logger,
                        pngPaths: lcdPictures))
            } catch let error as DialerError {
                throw CommandFailure(message: error.description)
            } catch {
                throw CommandFailure(message: String(describing: error))
            }
        }
        let requested = choices.compactMap { if case .screen(let output) = $0, lcdPictures.isEmpty || !output.isPNG { output } else { nil } }
        let pictures = ScreenDisplay.outputs(requested: requested, configuredFramebuffer: settings.framebuffer, configuredDRM: settings.drm)
        // A framebuffer drawn on a card instead is said, so a wrong /dev/fbN is not silent.
        for case .drm(let card) in pictures where !requested.contains(.drm(path: card)) && settings.drm != card {
            logger.notice("screen: this system has no /dev/fb (a kernel without fbdev emulation), so t9dial draws on \(card)")
        }
        if !pictures.isEmpty {
            do {
                let rotation = try Rotation(degrees: settings.rotation)
                let font = try ScreenDisplay.loadFont(settings, dataDirectory: book.dataDirectory)
                var smallFont: BitmapFont?
                do { smallFont = try ScreenDisplay.loadSmallFont(dataDirectory: book.dataDirectory) } catch {
                    logger.warning("\(error.description); the status line uses the screen's font (reinstall t9dial to mend the file)")
                }
                let option = try screen.flatMap { text throws(ScreenOptionError) in lcdSize != nil ? nil : try ScreenOption(parsing: text) }
                displays.append(
                    try ScreenDisplay(
                        outputs: pictures, screen: option, rotation: rotation, font: font, logger: logger, backlight: settings.backlight,
                        smallFont: smallFont, monochrome: settings.monochrome))
            } catch let error as DialerError {
                throw CommandFailure(message: error.description)
            } catch {
                throw CommandFailure(message: String(describing: error))
            }
        }
        // A font nothing draws with yet is still a mistake in the config: said at its line.
        if pictures.isEmpty, settings.font != nil, let problem = ConfigCheck.fontProblem(book.configuration, dataDirectory: book.dataDirectory) {
            logger.warning("\(problem.error.description) (no screen is drawn now)")
        }
        if let problem = book.historyProblem { logger.warning("\(problem)") }
        return DisplayGroup(displays)
    }
}

extension DisplayOptions {
    /// How --screen names a character LCD: lcd16x2.
    static let lcdPrefix = "lcd"

    /// The character LCD's size `--screen` names (lcd16x2), or nil when it names none.
    static func lcdSize(_ screen: String) -> LCDSize? {
        screen.hasPrefix(lcdPrefix) ? LCDSize(parsing: String(screen.dropFirst(lcdPrefix.count))) : nil
    }
}

extension ScreenDisplay.Output {
    fileprivate var isPNG: Bool { if case .png = self { true } else { false } }
}

extension DisplayGroup {
    /// Fails the command when a picture it was asked for could not be written, after the run
    /// (each failure was logged when it began).
    func checkPictures() throws {
        if let failure = pictureFailure { throw CommandFailure(message: "not every picture was written: \(failure)") }
    }
}
