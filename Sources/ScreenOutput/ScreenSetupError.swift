// SPDX-License-Identifier: Apache-2.0

public import ScreenRender

/// Why the screen cannot be drawn as asked: the framebuffer, the panel's pixel format, a PNG
/// path or the font. Each case keeps the error of the layer that found it.
public enum ScreenSetupError: Error, Sendable, CustomStringConvertible {
    case framebuffer(FramebufferError)
    /// A DRM card drawn on where there is no framebuffer.
    case drm(DRMError)
    /// `--output` names a second framebuffer; only one is drawn on.
    case secondFramebuffer(path: String)
    case pixelFormat(FramePackingError)
    case png(PNGError)
    /// The font file cannot be read (missing, too large, not gzip).
    case fontFile(FontFileError)
    /// The font file is read but is not a PSF font t9dial can draw with.
    case font(FontError)
    /// The character display (`[screen] lcd`) cannot be opened.
    case characterLCD(CharacterLCDError)

    public var description: String {
        switch self {
        case .framebuffer(let error): error.description
        case .drm(let error): error.description
        case .secondFramebuffer(let path): "only one framebuffer can be drawn on; --output names \(path) too"
        case .pixelFormat(let error): error.description
        case .png(let error): error.description
        case .fontFile(let error): error.description
        case .font(let error): String(describing: error)
        case .characterLCD(let error): error.description
        }
    }
}
