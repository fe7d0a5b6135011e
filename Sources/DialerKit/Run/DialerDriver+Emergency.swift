// SPDX-License-Identifier: Apache-2.0

public import DialerConfig

extension DialerDriver {
    /// Dials `configuration`'s `[dial] emergency_numbers` as typed from now on, with 112, 911
    /// and 999 (`DialerSession.emergencyNumbers`).
    public func useEmergencyNumbers(_ configuration: DialerConfiguration) {
        machine.session.emergencyNumbers = Set(configuration.emergencyNumbers)
    }
}
