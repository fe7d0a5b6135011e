// SPDX-License-Identifier: Apache-2.0

import Foundation
@testable import ScreenOutput
import SystemCalls
import Testing

@Suite("DRM screens without a card")
struct DRMScreenTests {
    @Test("A missing card says to load the display's DRM driver")
    func missingCard() {
        #expect {
            _ = try DRMScreen(path: "/dev/dri/card9")
        } throws: { error in
            (error as? DRMError)?.message == "no DRM card at /dev/dri/card9 (ENOENT): ls /dev/dri lists the cards; the display's DRM "
                + "driver (vc4, panel-mipi-dbi, bochs, virtio_gpu...) must be loaded"
        }
    }

    @Test("/dev/null and a regular file are not DRM cards", arguments: ["/dev/null", "file"])
    func notACard(_ name: String) throws {
        let folder = try TemporaryFolder()
        let path = name.hasPrefix("/") ? name : folder.join(name)
        if !name.hasPrefix("/") { try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path)) }
        #expect {
            _ = try DRMScreen(path: path)
        } throws: { error in
            (error as? DRMError)?.message.hasPrefix("\(path) is not a DRM card with a display (ENOTTY from DRM_IOCTL_MODE_GETRESOURCES)") == true
        }
        #expect(throws: DRMError.self) { try DRMScreen.choice(of: path) }
    }

    @Test("Permission denied says to join the video group; a card held says to stop its master")
    func messages() {
        #expect(
            DRMError(path: "/dev/dri/card0", reason: .system(.open, Errno(EACCES))).message
                == "permission denied opening /dev/dri/card0 (EACCES): add your user to the video group (sudo usermod -aG video $USER, then log in again)")
        #expect(
            DRMError(path: "/dev/dri/card0", reason: .system(.becomeMaster, Errno(EBUSY))).message.hasPrefix(
                "/dev/dri/card0 is held by another program (EBUSY becoming DRM master of it): only one program at a time may set its mode"))
    }
}
