// SPDX-License-Identifier: Apache-2.0

extension String {
    /// The string without leading and trailing whitespace and newlines: the one trimming of
    /// the package's parsers (vCard, CSV, WebDAV, modem and baresip lines).
    package func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return self }
        if !Self.isBlank(first), !Self.isBlank(last) { return self }
        guard let start = scalars.firstIndex(where: { !Self.isBlank($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !Self.isBlank($0) })!
        return String(scalars[start...end])
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" : scalar.properties.isWhitespace
    }
}
