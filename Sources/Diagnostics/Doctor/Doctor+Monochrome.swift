// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Foundation

/// What the framebuffer line adds for a panel drawn black and white at a depth that would
/// otherwise be drawn in colour, or drawn in colour against its driver: the framebuffer's name
/// and depth as /sys/class/graphics shows them, and why (`MonochromeChoice`).
extension Doctor {
    /// The graphics class folder, where each framebuffer's `name` and `bits_per_pixel` are.
    static let graphicsFolder = "/sys/class/graphics"

    /// "; ssd130xdrmfb, 32 bits a pixel, drawn black and white: its driver, ..." for the
    /// framebuffer at `path` (or the device it leads to, `device`); empty when nothing says
    /// anything: a colour panel, or a one-bit one (the depth says it all).
    func monochromeNote(framebuffer path: String, device: String, _ screen: ScreenSettings) -> String {
        let name = [path, device].lazy.compactMap { $0.split(separator: "/").last.map(String.init) }.first { $0.hasPrefix("fb") }
        let folder = Self.graphicsFolder + "/" + (name ?? "")
        func read(_ attribute: String) -> String? {
            guard name != nil else { return nil }
            return system.text(of: folder + "/" + attribute)?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let driver = read("name") ?? ""
        let bits = read("bits_per_pixel").flatMap { Int($0) }
        // A depth sysfs does not give is not taken for one bit: the name and the config decide.
        let choice = screen.monochromeChoice(driver: driver, bitsPerPixel: bits ?? 32)
        guard let reason = choice.reason, reason != .oneBit else { return "" }
        let found = [driver.isEmpty ? nil : driver, bits.map { "\($0) bits a pixel" }].compactMap { $0 }.joined(separator: ", ")
        return "; " + (found.isEmpty ? "" : found + ", ") + choice.description
    }
}
