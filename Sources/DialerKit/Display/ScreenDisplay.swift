// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import DialerConfig
public import DialerEngine
public import Logging
import Foundation
public import ScreenOutput
public import ScreenRender
public import SystemCalls

/// The dialer drawn as a picture: on a Linux framebuffer, as PNG files, or both.
///
/// One painter draws every output, so a PNG is exactly what the framebuffer gets: the canvas is
/// packed in the panel's pixel format and read back before it is written, so a one-bit OLED's
/// PNG is one-bit and an RGB565 panel's shows its colours as the panel does. With a
/// framebuffer, PNGs mirror it at its own size and depth; without one, at `--screen`. Only a
/// changed screen is drawn, and on the framebuffer only the rows that changed are copied.
public final class ScreenDisplay: DialerDisplay, WarmingUpDisplay {
    /// Where pictures go.
    public enum Output: Sendable, Hashable {
        case framebuffer(path: String)
        case png(path: String)
        /// A DRM/KMS card drawn through dumb buffers, where there is no framebuffer.
        case drm(path: String)
    }

    private let painter: ScreenPainter
    private var framebuffer: FramebufferScreen?
    /// The DRM card drawn on instead of a framebuffer (`[screen] drm`, or no /dev/fb).
    private var drm: DRMScreen?
    /// Keeps the kernel console from drawing on the framebuffer (fbcon on /dev/fb0).
    private let console: ConsoleGraphicsMode?
    private let size: ScreenSize
    /// Packs pictures the way the panel shows them, for the PNGs.
    private let packer: FramePacker
    private let pngFormat: PNGFormat
    private let pngPaths: [String]
    private var scratch: [UInt8]
    private var lastState: ScreenState?
    /// Why the last picture could not be written, while they keep failing; nil once one is.
    private var pictureProblem: String?
    /// The first reason a picture could not be written in this run: a run that was asked for
    /// pictures and could not write them all ends with it, as a failure.
    public private(set) var firstPictureFailure: String?
    /// Where problems with an output are reported (a full disk, a framebuffer gone).
    private let logger: Logger
    /// The backlight switched off while the screen sleeps (`[screen] backlight`), with a
    /// framebuffer only.
    private var backlight: Backlight?
    /// Whether the screen is drawn black and white, and why (`[screen] monochrome`, or what
    /// the framebuffer says).
    public let monochrome: MonochromeChoice

    /// Opens the outputs. `screen` is the size and depth of PNGs when there is no framebuffer
    /// (default 320x240x16); `font` is loaded by `ScreenDisplay.loadFont`, `smallFont` (the
    /// status line's on a small screen) by `ScreenDisplay.loadSmallFont`. `monochrome` is
    /// `[screen] monochrome`: nil tells from the framebuffer.
    public init(
        outputs: [Output], screen: ScreenOption?, rotation: Rotation, font: BitmapFont, logger: Logger,
        backlight: String? = nil, backlightRoot: String = Backlight.classFolder, smallFont: BitmapFont? = nil,
        monochrome configuredMonochrome: Bool? = nil
    ) throws(DialerError) {
        var framebuffer: FramebufferScreen? = nil
        var format = screen?.format ?? .rgb565
        var size = screen?.size ?? ScreenSize(width: 320, height: 240)
        var bitsPerPixel = format.bitsPerPixel
        var monochrome = MonochromeChoice(driver: "", bitsPerPixel: bitsPerPixel, configured: configuredMonochrome)
        for output in outputs {
            guard case .framebuffer(let path) = output else { continue }
            guard framebuffer == nil else { throw .screen(.secondFramebuffer(path: path)) }
            do {
                let opened = try FramebufferScreen(device: try FramebufferDevice(path: path), rotation: rotation)
                format = opened.format
                size = opened.logicalSize
                bitsPerPixel = opened.format.bitsPerPixel
                monochrome = MonochromeChoice(opened.device.mode, configured: configuredMonochrome)
                framebuffer = consume opened
            } catch {
                throw .screen(.framebuffer(error))
            }
        }
        var drm: DRMScreen? = nil
        for output in outputs {
            guard case .drm(let path) = output else { continue }
            guard framebuffer == nil, drm == nil else { throw .screen(.secondFramebuffer(path: path)) }
            do {
                let opened = try DRMScreen(path: path, rotation: rotation)
                format = opened.format
                size = opened.logicalSize
                bitsPerPixel = opened.format.bitsPerPixel
                drm = consume opened
            } catch {
                throw .screen(.drm(error))
            }
        }
        do {
            packer = try FramePacker(format: format, logicalSize: size)
        } catch {
            throw .screen(.pixelFormat(error))
        }
        self.console = framebuffer == nil && drm == nil ? nil : ConsoleGraphicsMode { [logger] in logger.warning("\($0)") }
        self.framebuffer = framebuffer
        self.drm = drm
        self.size = size
        self.painter = ScreenPainter(font: font, theme: .forPanel(bitsPerPixel: bitsPerPixel, monochrome: monochrome), smallFont: smallFont)
        self.monochrome = monochrome
        self.pngFormat = bitsPerPixel == 1 || monochrome.isMonochrome ? .mono1 : format.kind == .grayscale ? .gray8 : .rgb
        self.pngPaths = outputs.compactMap { if case .png(let path) = $0 { path } else { nil } }
        for path in pngPaths {
            do { try PNGFile.checkWritable(path) } catch { throw .screen(.png(error)) }
        }
        self.scratch = [UInt8](repeating: 0, count: packer.frameBytes)
        self.logger = logger
        // A backlight that cannot be switched leaves the panel lit, which is no reason not to
        // draw: said once, as config check and doctor say it.
        if let backlight, self.framebuffer != nil || self.drm != nil {
            do { self.backlight = try Backlight(backlight, root: backlightRoot) } catch { logger.error("\(error); the screen's light stays on") }
        }
        // Said once, as doctor says it: a panel drawn otherwise than its depth suggests.
        if self.framebuffer != nil, monochrome.reason != nil, monochrome.reason != .oneBit { logger.info("screen: \(monochrome)") }
    }

    /// The font `settings` names, or t9dial's own from `dataDirectory`/fonts. A font the config
    /// names that does not load is an error at the config's line and key; a name not installed
    /// suggests the closest one that is.
    public static func loadFont(_ settings: ScreenSettings, dataDirectory: String) throws(DialerError) -> BitmapFont {
        let path = dataDirectory + "/fonts/t9dial-8x16.psf"
        let problem: ScreenSetupError
        do {
            let bytes = try FontFile.read(settings.font ?? path)
            do { return try BitmapFont.parse(bytes, name: settings.font ?? path) } catch { problem = .font(error) }
        } catch {
            problem = .fontFile(error)
        }
        if let location = settings.fontLocation { throw .config(location.error(fontMessage(problem))) }
        throw .screen(problem)
    }

    /// The small font of the status line, t9dial-5x8 from `dataDirectory`/fonts, whatever font
    /// the config names for the rest; nil when it is not installed, and the status line is then
    /// set in the screen's font. A file there that does not load is an error: a damaged install.
    public static func loadSmallFont(dataDirectory: String) throws(ScreenSetupError) -> BitmapFont? {
        let path = dataDirectory + "/fonts/" + smallFontName
        guard SystemCall.exists(path) else { return nil }
        let bytes: [UInt8]
        do { bytes = try FontFile.read(path) } catch { throw .fontFile(error) }
        do { return try BitmapFont.parse(bytes, name: path) } catch { throw .font(error) }
    }

    /// The small font's file name in the data folder's fonts.
    public static let smallFontName = "t9dial-5x8.psf"

    /// What is wrong with a font, and for a name that is not installed the closest one that is.
    public static func fontMessage(_ problem: ScreenSetupError) -> String {
        guard case .fontFile(let error) = problem, case .notFound(let name, let folder) = error.reason,
            let suggestion = Suggestion.closest(to: name, in: FontFile.available(in: folder))
        else { return problem.description }
        return problem.description + " (did you mean \"\(suggestion)\"?)"
    }

    public func take(_ update: DialerUpdate) {
        switch update {
        case .screen(let screen): draw(screen)
        case .dial, .dialFinished, .hangUp, .answer, .sendTones, .callEnded, .callControl, .callWaiting:
            // A panel shows what the screen shows: each of these comes with a screen that says it.
            break
        }
    }

    private func draw(_ screen: ScreenState) {
        guard screen != lastState else { return }
        let wasAsleep = lastState?.asleep ?? false
        lastState = screen
        if screen.asleep != wasAsleep { setAsleep(screen.asleep) }
        // Asleep, nothing is drawn: the screen that shows once it wakes is drawn then.
        if screen.asleep { return }
        let canvas = painter.paint(screen, width: size.width, height: size.height)
        if framebuffer != nil {
            do {
                _ = try framebuffer!.show(canvas)
            } catch {
                logger.error("\(error.description)")
            }
        }
        if drm != nil {
            do { try drm!.show(canvas) } catch { logger.error("\(error.description)") }
        }
        guard !pngPaths.isEmpty else { return }
        do {
            let shown = try scratch.withUnsafeMutableBytes { buffer throws(FramePackingError) in
                try packer.pack(canvas, into: buffer)
                return try packer.unpack(UnsafeRawBufferPointer(buffer))
            }
            for path in pngPaths { try PNGFile.write(shown, to: path, format: pngFormat) }
            if pictureProblem != nil { logger.notice("pictures are written again") }
            pictureProblem = nil
        } catch {
            // Said once while it lasts, not on every key press.
            let problem = String(describing: error)
            if pictureProblem == nil { logger.error("\(problem)") }
            pictureProblem = problem
            if firstPictureFailure == nil { firstPictureFailure = problem }
        }
    }

    /// Blanks the panel and switches its backlight off (`asleep`), or shows them again. A
    /// driver that cannot blank keeps showing the screen; that is logged, not fatal.
    private func setAsleep(_ asleep: Bool) {
        do { try framebuffer?.setBlank(asleep) } catch { logger.warning("\(error.description)") }
        do { try drm?.setBlank(asleep) } catch { logger.warning("\(error.description)") }
        do { try backlight?.set(on: !asleep) } catch { logger.warning("\(error.description)") }
    }

    /// The rows under the query line, when no notice takes the last of them.
    public var resultRows: Int? { painter.resultRows(height: size.height) }

    public func warmUp(_ screen: ScreenState) {
        _ = painter.paint(screen, width: size.width, height: size.height)
    }

    /// Puts back what the framebuffer showed before t9dial drew on it.
    public func restore() {
        framebuffer?.restore()
        drm?.restore()
    }
}

/// Several displays fed the same updates: text on standard output and a framebuffer, say.
public struct DisplayGroup: DialerDisplay, WarmingUpDisplay {
    public var displays: [any DialerDisplay]

    public init(_ displays: [any DialerDisplay]) { self.displays = displays }

    /// As many as the display that shows most; nil when one shows every result.
    public var resultRows: Int? {
        var most = 0
        for display in displays {
            guard let rows = display.resultRows else { return nil }
            most = max(most, rows)
        }
        return most
    }

    /// Each display that works screens out warms them up.
    public func warmUp(_ screen: ScreenState) {
        for display in displays { (display as? any WarmingUpDisplay)?.warmUp(screen) }
    }

    /// Every display gets every update, whole.
    public mutating func take(_ update: DialerUpdate) {
        for index in displays.indices { displays[index].take(update) }
    }

    /// Puts back what the framebuffers showed before t9dial drew on them, and the console.
    public func restore() {
        for display in displays { (display as? ScreenDisplay)?.restore() }
        for display in displays { (display as? LCDDisplay)?.restore() }
    }

    /// The first failed write of the first display whose write failed.
    public var writeFailure: WriteFailure? {
        displays.lazy.compactMap(\.writeFailure).first
    }

    /// Why a picture of the run could not be written, when one could not.
    public var pictureFailure: String? {
        displays.lazy.compactMap { ($0 as? ScreenDisplay)?.firstPictureFailure ?? ($0 as? LCDDisplay)?.firstPictureFailure }.first
    }
}
