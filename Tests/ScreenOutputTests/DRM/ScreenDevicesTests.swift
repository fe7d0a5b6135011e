// SPDX-License-Identifier: Apache-2.0

import Foundation
@testable import ScreenOutput
import Testing

@Suite("Screen devices")
struct ScreenDevicesTests {
    @Test("Framebuffers and cards are found in number order; renderD nodes and others are not cards")
    func scan() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.join("dri"), withIntermediateDirectories: true)
        for name in ["fb1", "fb0", "fb10", "fbx", "tty0", "dri/card1", "dri/card0", "dri/renderD128", "dri/by-path"] {
            FileManager.default.createFile(atPath: folder.join(name), contents: nil)
        }
        let devices = ScreenDevices.scan(dev: folder.path)
        #expect(devices.framebuffers == ["fb0", "fb1", "fb10"].map(folder.join))
        #expect(devices.cards == ["dri/card0", "dri/card1"].map(folder.join))
    }

    @Test("A card is drawn on instead of a framebuffer only when there is no framebuffer at all")
    func cardInstead() {
        #expect(ScreenDevices(framebuffers: [], cards: ["/dev/dri/card0"]).cardInstead(ofFramebuffer: "/dev/fb0") == "/dev/dri/card0")
        #expect(ScreenDevices(framebuffers: ["/dev/fb1"], cards: ["/dev/dri/card0"]).cardInstead(ofFramebuffer: "/dev/fb0") == nil)
        #expect(ScreenDevices(framebuffers: [], cards: []).cardInstead(ofFramebuffer: "/dev/fb0") == nil)
        // A file named as the framebuffer (a test's, or vfb's elsewhere) is drawn on as asked.
        #expect(ScreenDevices(framebuffers: [], cards: ["/dev/dri/card0"]).cardInstead(ofFramebuffer: "/dev/null") == nil)
    }
}
