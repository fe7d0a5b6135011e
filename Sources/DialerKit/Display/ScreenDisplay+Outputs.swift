// SPDX-License-Identifier: Apache-2.0

/// Which pictures a run draws, from the command line and the config together.
extension ScreenDisplay {
    /// The `--output`s asked for, and the config's `[screen] framebuffer` unless the command
    /// line names a framebuffer itself: the command line's replaces it, so the same panel is
    /// never drawn twice (and a `ScreenDisplay` draws on one framebuffer only).
    public static func outputs(requested: [Output], configuredFramebuffer: String?) -> [Output] {
        let namesFramebuffer = requested.contains { if case .framebuffer = $0 { true } else { false } }
        guard let configuredFramebuffer, !namesFramebuffer else { return requested }
        return [.framebuffer(path: configuredFramebuffer)] + requested
    }
}
