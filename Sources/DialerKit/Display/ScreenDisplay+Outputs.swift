// SPDX-License-Identifier: Apache-2.0

public import ScreenOutput

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

extension ScreenDisplay {
    /// The outputs with DRM/KMS too: the config's `[screen] drm` is drawn on instead of its
    /// `framebuffer` (a command line that names a framebuffer or card replaces both), and a
    /// framebuffer asked for on a system with no /dev/fb at all but a DRM card is drawn on that
    /// card (`ScreenDevices.cardInstead`).
    public static func outputs(requested: [Output], configuredFramebuffer: String?, configuredDRM: String?, devices: ScreenDevices = .scan()) -> [Output] {
        let namesScreen = requested.contains {
            switch $0 {
            case .framebuffer, .drm: true
            case .png: false
            }
        }
        let chosen: [Output]
        if namesScreen {
            chosen = requested
        } else if let configuredDRM {
            chosen = [.drm(path: configuredDRM)] + requested
        } else {
            chosen = outputs(requested: requested, configuredFramebuffer: configuredFramebuffer)
        }
        return chosen.map { output in
            guard case .framebuffer(let path) = output, let card = devices.cardInstead(ofFramebuffer: path) else { return output }
            return .drm(path: card)
        }
    }
}
