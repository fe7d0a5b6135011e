// SPDX-License-Identifier: Apache-2.0

public import DialerConfig

/// The speed dials handed to the session: the config's `[speed_dial]` over the keys the
/// history keeps (`t9dial speed-dial set`), and `[dial] voicemail`.
extension DialerDriver {
    /// Takes up `configuration`'s speed dials and voicemail, with the keys the history keeps,
    /// read now (a small read of at most eight rows, at start and at a reload of the config).
    public func useSpeedDials(_ configuration: DialerConfiguration) {
        let kept = (try? recorder?.history.speedDials()) ?? []
        machine.session.speedDials = SpeedDialAssignment.speedDials(configuration: configuration, kept: kept)
    }
}
