// SPDX-License-Identifier: Apache-2.0

public import ScreenRender

/// A display mode a connector offers, as plain values (from `drmModeModeInfo`).
public struct DRMMode: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Vertical refresh in Hz, as the kernel rounds it.
    public var refresh: Int
    /// The mode the panel or monitor asks for (DRM_MODE_TYPE_PREFERRED).
    public var preferred: Bool

    public init(width: Int, height: Int, refresh: Int, preferred: Bool = false) {
        self.width = width
        self.height = height
        self.refresh = refresh
        self.preferred = preferred
    }

    public var size: ScreenSize { ScreenSize(width: width, height: height) }
    public var pixels: Int { width * height }
    public var description: String { "\(width)x\(height)@\(refresh)" }
}

/// An encoder of a connector: the CRTC it drives now (0 for none) and the CRTCs it can drive,
/// as indexes into the card's CRTC list (its `possible_crtcs` bits).
public struct DRMEncoder: Sendable, Hashable {
    public var id: UInt32
    public var crtc: UInt32
    public var possibleCRTCIndexes: [Int]

    public init(id: UInt32, crtc: UInt32, possibleCRTCIndexes: [Int]) {
        self.id = id
        self.crtc = crtc
        self.possibleCRTCIndexes = possibleCRTCIndexes
    }
}

/// A connector as plain values: its name (`HDMI-A-1`, `DSI-1`, `Virtual-1`), whether a screen
/// is on it, its modes, the encoder it uses now (0 for none) and all it can use.
public struct DRMConnector: Sendable, Hashable {
    public var id: UInt32
    public var name: String
    public var connected: Bool
    public var modes: [DRMMode]
    public var encoder: UInt32
    public var encoders: [DRMEncoder]

    public init(id: UInt32, name: String, connected: Bool, modes: [DRMMode], encoder: UInt32 = 0, encoders: [DRMEncoder] = []) {
        self.id = id
        self.name = name
        self.connected = connected
        self.modes = modes
        self.encoder = encoder
        self.encoders = encoders
    }
}

/// What t9dial draws on: a connector, its mode and the CRTC that scans it out.
public struct DRMModeChoice: Sendable, Hashable {
    public var connector: DRMConnector
    public var mode: DRMMode
    /// Its index in `modes`, to find the kernel's own mode structure again.
    public var modeIndex: Int
    public var crtc: UInt32

    /// The largest mode t9dial takes, in pixels: a full-HD panel's 1920x1200. Each of the two
    /// buffers is mapped, and the frame is kept twice more in memory to copy only changed rows,
    /// so a 4K monitor's mode would cost a board hundreds of megabytes for a dialer's text.
    public static let maximumPixels = 1920 * 1200

    /// The first connected connector with a mode, the mode it prefers (or, when that is larger
    /// than `maximumPixels` or none is preferred, the largest within it, the fastest of equal
    /// ones), and a CRTC: the one its encoder drives now, else the first free one an encoder
    /// can drive. `crtcs` is the card's CRTC list in its order.
    public static func choose(connectors: [DRMConnector], crtcs: [UInt32]) -> Result<DRMModeChoice, DRMError.Reason> {
        guard let connector = connectors.first(where: { $0.connected && !$0.modes.isEmpty }) else {
            return .failure(.noConnectedConnector(connectors.map(\.name)))
        }
        guard let modeIndex = bestMode(connector.modes) else {
            return .failure(.modeTooLarge(connector: connector.name, smallest: connector.modes.min { $0.pixels < $1.pixels }!))
        }
        if let current = connector.encoders.first(where: { $0.id == connector.encoder }), current.crtc != 0 {
            return .success(DRMModeChoice(connector: connector, mode: connector.modes[modeIndex], modeIndex: modeIndex, crtc: current.crtc))
        }
        for encoder in connector.encoders {
            for index in encoder.possibleCRTCIndexes where crtcs.indices.contains(index) {
                return .success(DRMModeChoice(connector: connector, mode: connector.modes[modeIndex], modeIndex: modeIndex, crtc: crtcs[index]))
            }
        }
        return .failure(.noCRTC(connector: connector.name))
    }

    /// The index of the mode to take, nil when every one is over the limit.
    static func bestMode(_ modes: [DRMMode]) -> Int? {
        if let preferred = modes.firstIndex(where: { $0.preferred && $0.pixels <= maximumPixels }) { return preferred }
        let fitting = modes.indices.filter { modes[$0].pixels <= maximumPixels }
        return fitting.max { a, b in
            (modes[a].pixels, modes[a].refresh) < (modes[b].pixels, modes[b].refresh)
        }
    }
}
