// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Foundation

/// The check of `[screen] monochrome` against the framebuffer here, as
/// /sys/class/graphics shows it: `false` cannot give a one-bit framebuffer colours. A warning:
/// the panel is still drawn, black and white.
extension ConfigCheck {
    func monochromeFindings(_ configuration: DialerConfiguration) -> [ConfigFinding] {
        guard configuration.screen.monochrome == false, let framebuffer = configuration.screen.framebuffer,
            let name = framebuffer.split(separator: "/").last, name.hasPrefix("fb"),
            let text = try? String(contentsOfFile: systemPath("/sys/class/graphics/\(name)/bits_per_pixel"), encoding: .utf8),
            Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) == 1
        else { return [] }
        return [
            .warning(
                configuration.location(of: "screen.monochrome"),
                "monochrome = false cannot give \(framebuffer) colours: it has 1 bit a pixel, so it is drawn black and white")
        ]
    }
}
