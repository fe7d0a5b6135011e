// SPDX-License-Identifier: Apache-2.0

/// A rotation other than a quarter turn, with the values that work.
public struct UnsupportedRotation: Error, Sendable, Hashable, CustomStringConvertible {
    /// The degrees asked for.
    public var degrees: Int

    public init(degrees: Int) { self.degrees = degrees }

    public var description: String {
        "a rotation of \(degrees) degrees is not supported; use 0, 90, 180 or 270 (degrees clockwise)"
    }
}
