// SPDX-License-Identifier: Apache-2.0

/// `drm` in `[screen]`: a DRM/KMS card drawn on instead of a framebuffer.
extension ScreenSettings {
    /// `drm = "/dev/dri/card0"`, or `""` for none: an absolute path, as `framebuffer`'s.
    mutating func readDRM(_ table: TableReader) throws(ConfigError) {
        guard let path = try table.string("drm", example: #"drm = "/dev/dri/card0""#), !path.isEmpty else { return }
        guard path.hasPrefix("/") else {
            throw table.error(
                at: "drm",
                "\(table.subject("drm")) must be the absolute path of a DRM card such as \"/dev/dri/card0\", "
                    + "or \"\" for none; found \(TableReader.quoted(path))"
            )
        }
        drm = path
    }
}
