// SPDX-License-Identifier: Apache-2.0

import Glibc
public import SystemCalls

/// Why a DRM card could not be opened or drawn on: the card, what t9dial was doing, and what
/// to do about it.
public struct DRMError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What t9dial was doing with the card.
    public enum Operation: String, Error, Sendable, Hashable {
        case open = "opening"
        case readResources = "reading the connectors of"
        case becomeMaster = "becoming DRM master of"
        case createBuffer = "creating a dumb buffer on"
        case map = "mapping a dumb buffer of"
        case addFramebuffer = "adding a framebuffer to"
        case setCRTC = "setting the mode of"
    }

    public enum Reason: Error, Sendable, Hashable {
        /// A system call or libdrm call failed.
        case system(Operation, Errno)
        /// No connector has a screen on it (the names of those there are).
        case noConnectedConnector([String])
        /// Every mode of the connector is larger than `DRMModeChoice.maximumPixels`.
        case modeTooLarge(connector: String, smallest: DRMMode)
        /// No CRTC can drive the connector.
        case noCRTC(connector: String)
        /// The card cannot make dumb buffers (DRM_CAP_DUMB_BUFFER).
        case noDumbBuffers
        /// A frame does not fit the buffers the card made.
        case frame(String)
    }

    /// The card's device node, as it was opened.
    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    init(path: String, _ operation: Operation, _ errno: Errno) {
        self.init(path: path, reason: .system(operation, errno))
    }

    /// What went wrong, where, and how to fix it.
    public var message: String {
        switch reason {
        case .noConnectedConnector(let names):
            let list = names.isEmpty ? "it has no connectors" : "its connectors (\(names.joined(separator: ", "))) have none"
            return "no screen is connected to \(path): \(list); plug the screen in, or load its panel's driver "
                + "(a Raspberry Pi's DSI or SPI panel needs its overlay in config.txt)"
        case .modeTooLarge(let connector, let smallest):
            return "\(path) \(connector): every mode is larger than t9dial draws (\(DRMModeChoice.maximumPixels) pixels, "
                + "1920x1200); the smallest is \(smallest)"
        case .noCRTC(let connector):
            return "\(path) \(connector): no CRTC can drive it (all in use by other connectors)"
        case .frame(let what):
            return "\(path): \(what)"
        case .noDumbBuffers:
            return "\(path) cannot make dumb buffers (DRM_CAP_DUMB_BUFFER is 0): it is a render-only card; name a card with a display"
        case .system(let operation, let errno):
            switch (operation, errno.rawValue) {
            case (.open, EACCES), (.open, EPERM):
                return "permission denied opening \(path) (\(errno.name)): add your user to the video group "
                    + "(sudo usermod -aG video $USER, then log in again)"
            case (.open, ENOENT), (.open, ENXIO), (.open, ENODEV):
                return "no DRM card at \(path) (\(errno.name)): ls /dev/dri lists the cards; the display's DRM driver "
                    + "(vc4, panel-mipi-dbi, bochs, virtio_gpu...) must be loaded"
            case (.readResources, _):
                return "\(path) is not a DRM card with a display (\(errno.name) from DRM_IOCTL_MODE_GETRESOURCES): "
                    + "name a /dev/dri/cardN device, not a renderD node"
            case (.becomeMaster, _), (.setCRTC, EACCES), (.setCRTC, EPERM):
                return "\(path) is held by another program (\(errno.name) \(operation.rawValue) it): only one program at a time "
                    + "may set its mode; stop the display server or other KMS program (a desktop, a kiosk, plymouth) on it"
            default:
                return "\(operation.rawValue) \(path) failed: \(errno.description)"
            }
        }
    }

    public var description: String { message }
}
