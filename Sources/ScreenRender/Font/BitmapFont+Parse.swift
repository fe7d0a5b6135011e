// SPDX-License-Identifier: Apache-2.0

extension BitmapFont {
    /// Reads a PSF1 or PSF2 console font from its uncompressed bytes (gunzip a `.psf.gz` first),
    /// telling the two apart by their magic numbers. `name` is used in errors and kept as
    /// `BitmapFont.name`.
    public static func parse(_ bytes: some Collection<UInt8>, name: String) throws(FontError) -> BitmapFont {
        let bytes = Array(bytes)
        if bytes.starts(with: PSF1.magic) { return try PSF1.parse(bytes, name: name) }
        if bytes.starts(with: PSF2.magic) { return try PSF2.parse(bytes, name: name) }
        // A file shorter than a magic number may still be the start of one: call it cut short.
        if !bytes.isEmpty, bytes.count < PSF2.magic.count,
            PSF1.magic.starts(with: bytes.prefix(PSF1.magic.count)) || PSF2.magic.starts(with: bytes)
        {
            throw .truncated(name, at: 0, reading: "magic number", needs: bytes.starts(with: [0x36]) ? 2 : 4, has: bytes.count)
        }
        throw .badMagic(name, found: Array(bytes.prefix(4)))
    }
}

/// Bounds-checked reads from a font's bytes, each failure a `FontError.truncated` naming the
/// part being read.
struct FontBytes {
    let bytes: [UInt8]
    let name: String

    /// The bytes at `offset..<offset + count`, or an error naming `what` was cut short.
    func slice(_ offset: Int, count: Int, _ what: String) throws(FontError) -> ArraySlice<UInt8> {
        guard offset >= 0, count >= 0, offset <= bytes.count, bytes.count - offset >= count else {
            throw .truncated(name, at: min(offset, bytes.count), reading: what, needs: count, has: max(0, bytes.count - offset))
        }
        return bytes[offset..<(offset + count)]
    }

    /// The little-endian 32-bit number at `offset`.
    func uint32(_ offset: Int, _ what: String) throws(FontError) -> UInt32 {
        let field = try slice(offset, count: 4, what)
        return field.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}
