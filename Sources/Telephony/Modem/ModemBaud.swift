// SPDX-License-Identifier: Apache-2.0

import Glibc

/// A serial speed the tty driver has a setting for, from 9600 to 921600 baud. USB modems
/// (ttyUSB, ttyACM) ignore it; a modem on a real UART needs the speed it was set to.
public struct ModemBaud: Sendable, Hashable, CustomStringConvertible {
    public let bitsPerSecond: Int
    let speed: speed_t

    /// The speeds accepted, in order.
    public static let supported = [9600, 19200, 38400, 57600, 115_200, 230_400, 460_800, 500_000, 576_000, 921_600]

    /// Nil for a speed with no termios constant (e.g. 12345, or 300: too slow for a modem of
    /// today).
    public init?(bitsPerSecond: Int) {
        let speed: speed_t
        switch bitsPerSecond {
        case 9600: speed = speed_t(B9600)
        case 19200: speed = speed_t(B19200)
        case 38400: speed = speed_t(B38400)
        case 57600: speed = speed_t(B57600)
        case 115_200: speed = speed_t(B115200)
        case 230_400: speed = speed_t(B230400)
        case 460_800: speed = speed_t(B460800)
        case 500_000: speed = speed_t(B500000)
        case 576_000: speed = speed_t(B576000)
        case 921_600: speed = speed_t(B921600)
        default: return nil
        }
        self.init(bitsPerSecond: bitsPerSecond, speed: speed)
    }

    private init(bitsPerSecond: Int, speed: speed_t) {
        self.bitsPerSecond = bitsPerSecond
        self.speed = speed
    }

    /// 115200, the usual speed of a modem's AT port.
    public static let standard = ModemBaud(bitsPerSecond: 115_200, speed: speed_t(B115200))

    public var description: String { "\(bitsPerSecond) baud" }
}
