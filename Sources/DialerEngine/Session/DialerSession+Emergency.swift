// SPDX-License-Identifier: Apache-2.0

/// Emergency numbers are dialled as typed: `112`, `911`, `999` and those the config adds. A
/// contact the digits happen to find (a number holding 112, a name T9 spells with 999) is
/// never called instead, and the dial is not held back while the book loads
/// (`DialerMachine.holdBackDials`).
extension DialerSession {
    /// The numbers every phone dials: the GSM standard's 112, North America's 911, the UK's 999.
    public static let standardEmergencyNumbers: Set<String> = ["112", "911", "999"]

    /// The emergency numbers the session dials as typed (digits only); the standard ones and
    /// any the caller adds (`[dial] emergency_numbers`).
    public var emergencyNumbers: Set<String> {
        get { emergency }
        set { emergency = Self.standardEmergencyNumbers.union(newValue.map(Self.digitsOnly)) }
    }

    /// The emergency number typed, if the query is one (spaces and hyphens aside); nil otherwise.
    public var typedEmergencyNumber: String? {
        guard let number = typedNumber, emergency.contains(Self.digitsOnly(number)) else { return nil }
        return number
    }

    static func digitsOnly(_ number: String) -> String {
        number.filter { $0.isASCII && ($0.isNumber || $0 == "+" || $0 == "*" || $0 == "#") }
    }
}
