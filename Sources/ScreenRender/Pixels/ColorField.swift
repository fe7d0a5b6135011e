// SPDX-License-Identifier: Apache-2.0

/// Where one colour component sits in a pixel: `length` bits starting at bit `offset`, counted
/// from the least significant bit, as `fb_var_screeninfo`'s `fb_bitfield` reports it.
public struct ColorField: Sendable, Hashable, CustomStringConvertible {
    /// The lowest bit of the field.
    public var offset: Int
    /// How many bits the field has; 0 means the component is absent (a transparency field on
    /// most framebuffers).
    public var length: Int

    public init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }

    /// No field: what framebuffers without a transparency channel report.
    public static let absent = ColorField(offset: 0, length: 0)

    /// The bits the field covers, as a mask of a pixel value.
    var mask: UInt64 {
        guard length > 0 else { return 0 }
        return ((1 << UInt64(length)) - 1) << UInt64(offset)
    }

    /// `offset 11 length 5`, the way error messages name a field.
    public var description: String { "offset \(offset) length \(length)" }
}
