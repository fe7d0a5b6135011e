// SPDX-License-Identifier: Apache-2.0

/// Why a PNG could not be written or read: the file (when there is one), and what was wrong.
public struct PNGError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// The file could not be read or written.
        case file(FileError)
        /// zlib could not compress or uncompress the image data.
        case zlib(ZlibError)
        /// The bytes are not a PNG, or a damaged one: what is wrong with them.
        case malformed(String)
        /// A valid PNG of a kind this decoder does not read (16-bit, interlaced, palette).
        case unsupported(String)
        /// The canvas cannot be a PNG (no pixels).
        case emptyCanvas
    }

    public var reason: Reason
    /// The file, when reading or writing one.
    public var path: String?

    public init(_ reason: Reason, path: String? = nil) {
        self.reason = reason
        self.path = path
    }

    /// What went wrong, where, and what to do.
    public var message: String {
        let place = path.map { " \($0)" } ?? ""
        switch reason {
        case .file(let error): return error.message
        case .zlib(let error): return "PNG\(place): \(error.message)"
        case .malformed(let what): return "not a valid PNG\(place): \(what)"
        case .unsupported(let what):
            return "cannot read the PNG\(place): \(what); t9dial reads the PNGs it writes (8-bit RGB or RGBA, "
                + "8-, 4-, 2- or 1-bit grey, not interlaced): convert it, e.g. convert in.png -depth 8 PNG24:out.png"
        case .emptyCanvas: return "cannot write a PNG\(place) of an empty canvas: width and height must be at least 1"
        }
    }

    public var description: String { message }
}
