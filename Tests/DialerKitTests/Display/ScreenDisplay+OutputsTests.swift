// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import DialerKit
import Diagnostics
import ScreenOutput
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

@Suite("The pictures a run draws, with DRM cards")
struct ScreenDisplayDRMOutputsTests {
    static let noFramebuffer = ScreenDevices(framebuffers: [], cards: ["/dev/dri/card0"])
    static let both = ScreenDevices(framebuffers: ["/dev/fb0"], cards: ["/dev/dri/card0"])

    @Test(
        "[screen] drm replaces the config's framebuffer; a framebuffer on a system with none is the first card",
        arguments: [
            ([], "/dev/fb0", "/dev/dri/card1", both, [.drm(path: "/dev/dri/card1")]),
            ([.png(path: "a.png")], nil, "/dev/dri/card0", both, [.drm(path: "/dev/dri/card0"), .png(path: "a.png")]),
            // The command line's screen replaces the config's, a card or a framebuffer.
            ([.framebuffer(path: "/dev/fb0")], nil, "/dev/dri/card1", both, [.framebuffer(path: "/dev/fb0")]),
            ([.drm(path: "/dev/dri/card1")], "/dev/fb0", nil, both, [.drm(path: "/dev/dri/card1")]),
            // No /dev/fb at all: the framebuffer asked for is the first card.
            ([], "/dev/fb0", nil, noFramebuffer, [.drm(path: "/dev/dri/card0")]),
            ([.framebuffer(path: "/dev/fb0")], nil, nil, noFramebuffer, [.drm(path: "/dev/dri/card0")]),
            ([], "/dev/fb0", nil, both, [.framebuffer(path: "/dev/fb0")]),
            ([], nil, nil, noFramebuffer, []),
        ] as [([ScreenDisplay.Output], String?, String?, ScreenDevices, [ScreenDisplay.Output])]
    )
    func outputs(requested: [ScreenDisplay.Output], framebuffer: String?, drm: String?, devices: ScreenDevices, expected: [ScreenDisplay.Output]) {
        #expect(ScreenDisplay.outputs(requested: requested, configuredFramebuffer: framebuffer, configuredDRM: drm, devices: devices) == expected)
    }

    @Test("doctor and devices say which screen is drawn on and why")
    func survey() {
        var settings = ScreenSettings()
        #expect(ScreenSurvey.choose(settings, devices: Self.noFramebuffer).used == nil)
        #expect(ScreenSurvey.choose(settings, devices: Self.noFramebuffer).why.contains("would draw on /dev/dri/card0 (there is no /dev/fb)"))
        settings.framebuffer = "/dev/fb0"
        #expect(ScreenSurvey.choose(settings, devices: Self.noFramebuffer).used == "/dev/dri/card0")
        #expect(ScreenSurvey.choose(settings, devices: Self.both).used == "/dev/fb0")
        settings.drm = "/dev/dri/card1"
        let forced = ScreenSurvey.choose(settings, devices: Self.both)
        #expect(forced.used == "/dev/dri/card1" && forced.why == "[screen] drm names it")
        let text = ScreenFindings(screens: ["/dev/dri/card0: DRM card, Virtual-1 320x240@60"], used: "/dev/dri/card0", why: "[screen] drm names it").text
        #expect(text == "Screens:\n  /dev/dri/card0: DRM card, Virtual-1 320x240@60\nt9dial draws on /dev/dri/card0: [screen] drm names it")
    }
}
