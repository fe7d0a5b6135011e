// SPDX-License-Identifier: Apache-2.0

import DialerKit
import Testing

@Suite("The pictures a run draws")
struct ScreenDisplayOutputsTests {
    @Test(
        "The config's framebuffer is drawn on unless --output names a framebuffer",
        arguments: [
            ([], nil, []),
            ([], "/dev/fb0", [.framebuffer(path: "/dev/fb0")]),
            ([.png(path: "a.png")], "/dev/fb0", [.framebuffer(path: "/dev/fb0"), .png(path: "a.png")]),
            // The same panel named twice is drawn once.
            ([.framebuffer(path: "/dev/fb0")], "/dev/fb0", [.framebuffer(path: "/dev/fb0")]),
            // The command line's panel replaces the config's.
            ([.framebuffer(path: "/dev/fb1"), .png(path: "a.png")], "/dev/fb0", [.framebuffer(path: "/dev/fb1"), .png(path: "a.png")]),
            ([.png(path: "a.png")], nil, [.png(path: "a.png")]),
        ] as [([ScreenDisplay.Output], String?, [ScreenDisplay.Output])]
    )
    func outputs(requested: [ScreenDisplay.Output], configured: String?, expected: [ScreenDisplay.Output]) {
        #expect(ScreenDisplay.outputs(requested: requested, configuredFramebuffer: configured) == expected)
    }
}
