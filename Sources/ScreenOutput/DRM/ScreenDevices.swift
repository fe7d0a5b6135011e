// SPDX-License-Identifier: Apache-2.0

import SystemCalls

/// The screens a system offers: its framebuffers (/dev/fbN) and its DRM cards
/// (/dev/dri/cardN), and which one a framebuffer asked for is drawn on.
public struct ScreenDevices: Sendable, Hashable {
    public var framebuffers: [String]
    public var cards: [String]

    public init(framebuffers: [String], cards: [String]) {
        self.framebuffers = framebuffers
        self.cards = cards
    }

    /// The framebuffers and cards under `dev` (/dev), in number order. (readdir)
    public static func scan(dev: String = "/dev") -> ScreenDevices {
        let framebuffers = numbered(in: dev, prefix: "fb")
        let cards = numbered(in: dev + "/dri", prefix: "card")
        return ScreenDevices(framebuffers: framebuffers, cards: cards)
    }

    private static func numbered(in folder: String, prefix: String) -> [String] {
        let names = (try? SystemCall.directoryEntries(folder).get()) ?? []
        return names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix(prefix), let number = Int(name.dropFirst(prefix.count)) else { return nil }
            return (number, folder + "/" + name)
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The DRM card to draw on instead of the framebuffer asked for, when that is not there and
    /// the system has no framebuffer at all but has a card (a kernel without fbdev emulation or
    /// without CONFIG_FB_DEVICE): the first card. Nil when the framebuffer is there to be drawn
    /// on, or when there is no card either (the framebuffer's own error then says what to do).
    /// (stat)
    public func cardInstead(ofFramebuffer path: String) -> String? {
        guard framebuffers.isEmpty, !SystemCall.exists(path) else { return nil }
        return cards.first
    }
}
