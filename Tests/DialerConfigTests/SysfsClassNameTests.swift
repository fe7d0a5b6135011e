// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import Testing

@Suite("A device of a /sys/class folder, as the config names it")
struct SysfsClassNameTests {
    @Test(arguments: [
        ("10-0045", true),
        ("/sys/class/backlight/10-0045", true),
        ("rpi_backlight", true),
        ("", false),
        ("/sys/class/backlight/", false),
        (".", false),
        ("..", false),
        ("/sys/class/backlight/..", false),
        ("../leds/led0", false),
        ("/sys/class/leds/led0", false),
        ("/etc/passwd", false),
        ("a/b", false),
    ])
    func aNameOrItsPathInTheFolder(name: String, valid: Bool) {
        #expect(SysfsClassName.isValid(name, in: "/sys/class/backlight/") == valid)
    }
}
