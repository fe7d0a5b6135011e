// SPDX-License-Identifier: Apache-2.0

public import Telephony

/// The modem's speed as Dialing's users name it: the type lives in Telephony, beside the port
/// it sets; the name stays here so the one-shot `modem` method's callers need not import it.
public typealias ModemBaud = Telephony.ModemBaud

extension ModemBaud {
    /// Refuses a speed with no termios constant as a dial method that cannot be set up.
    public init(_ bitsPerSecond: Int) throws(DialSetupError) {
        guard let baud = ModemBaud(bitsPerSecond: bitsPerSecond) else { throw .unsupportedBaud(bitsPerSecond) }
        self = baud
    }
}
