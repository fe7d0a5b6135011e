// SPDX-License-Identifier: Apache-2.0

extension ModemBaud {
    /// Refuses a speed with no termios constant as a dial method that cannot be set up.
    public init(_ bitsPerSecond: Int) throws(DialSetupError) {
        guard let baud = ModemBaud(bitsPerSecond: bitsPerSecond) else { throw .unsupportedBaud(bitsPerSecond) }
        self = baud
    }
}
