// SPDX-License-Identifier: Apache-2.0

import SystemCalls
/// Console font files (PSF1 and PSF2, as `/usr/share/consolefonts` holds them, mostly gzipped):
/// finding one by name or path and reading its bytes, uncompressed. Parsing them is
/// `BitmapFont.parse`'s job in ScreenRender, which has no file or zlib code.
public enum FontFile {
    /// The largest font file read, and the most it may uncompress to: 1 MiB and 8 MiB. Debian's
    /// largest console font (Terminus 32x16, 512 glyphs) is 16 KiB gzipped, 33 KiB unpacked;
    /// a PSF2 of 65,536 glyphs of 32x64 pixels would be 16 MiB, but no console has such a font.
    static let maxFileBytes = 1 << 20
    static let maxFontBytes = 8 << 20

    /// Where Debian's console-setup-linux installs console fonts.
    public static let defaultFolder = "/usr/share/consolefonts"

    /// The endings tried after a bare name, in order.
    static let extensions = [".psf.gz", ".psfu.gz", ".psf", ".psfu"]

    /// The path of the font `nameOrPath`: a path (anything with a `/`) as it is, else the first
    /// of `folder/NAME.psf.gz`, `.psfu.gz`, `.psf`, `.psfu` that exists, or `folder/NAME` when
    /// the name already has its ending ("Uni2-Terminus16" and "Uni2-Terminus16.psf.gz" both
    /// find `/usr/share/consolefonts/Uni2-Terminus16.psf.gz`).
    public static func locate(_ nameOrPath: String, in folder: String = defaultFolder) throws(FontFileError) -> String {
        if nameOrPath.contains("/") { return nameOrPath }
        let candidates =
            [nameOrPath].filter { name in extensions.contains { name.hasSuffix($0) } }
            + extensions.map { nameOrPath + $0 }
        for candidate in candidates {
            let path = folder.hasSuffix("/") ? folder + candidate : folder + "/" + candidate
            if SystemCall.exists(path) { return path }
        }
        throw FontFileError(.notFound(name: nameOrPath, folder: folder))
    }

    /// The bytes of the font `nameOrPath` (see `locate`), gunzipped when the file is gzipped
    /// (judged by its first two bytes, not its name).
    public static func read(_ nameOrPath: String, in folder: String = defaultFolder) throws(FontFileError) -> [UInt8] {
        let path = try locate(nameOrPath, in: folder)
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path, maxBytes: maxFileBytes) } catch { throw FontFileError(.file(error)) }
        guard Zlib.isGzip(bytes) else { return bytes }
        do { return try Zlib.gunzip(bytes, maxBytes: maxFontBytes) } catch { throw FontFileError(.corrupt(path: path, error)) }
    }

    /// The font names in `folder` (file names without their endings), sorted, for a message
    /// listing what is installed; empty when the folder is missing.
    public static func available(in folder: String = defaultFolder) -> [String] {
        guard case .success(let names) = SystemCall.directoryEntries(folder) else { return [] }
        return names.compactMap { name in
            extensions.first { name.hasSuffix($0) }.map { String(name.dropLast($0.count)) }
        }.sorted()
    }
}
