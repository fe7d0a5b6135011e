// SPDX-License-Identifier: Apache-2.0

public import DialHistory
public import DialerConfig
public import DialerEngine

/// The speed-dial keys from both places they are set: the config's `[speed_dial]`, which wins,
/// and those `t9dial speed-dial set` keeps in the history. What the dialer is given, and what
/// `t9dial speed-dial list` shows.
public struct SpeedDialAssignment: Sendable, Hashable {
    /// Where a key is set.
    public enum Source: Sendable, Hashable {
        /// In the config's `[speed_dial]`, at this file and line.
        case config(file: String?, line: Int?)
        /// Kept in the history by `t9dial speed-dial set`.
        case kept
    }

    /// 2 to 9.
    public var key: Int
    public var target: SpeedDialTarget
    public var source: Source
    /// A key kept in the history that the config sets too: the config's is the one used.
    public var isOverridden: Bool

    /// Every key of both, by key, a kept one the config overrides after the config's.
    public static func all(configuration: DialerConfiguration, kept: [StoredSpeedDial]) -> [SpeedDialAssignment] {
        let configured = configuration.speedDial.targets.map { digit, target in
            SpeedDialAssignment(
                key: Int(digit), target: target,
                source: .config(file: configuration.file, line: configuration.line(of: "speed_dial.\(digit)")), isOverridden: false)
        }
        let configuredKeys = Set(configured.map(\.key))
        let stored = kept.compactMap { dial in
            dial.target.map { SpeedDialAssignment(key: dial.key, target: $0, source: .kept, isOverridden: configuredKeys.contains(dial.key)) }
        }
        return (configured + stored).sorted { ($0.key, $0.isOverridden ? 1 : 0) < ($1.key, $1.isOverridden ? 1 : 0) }
    }

    /// What the dialer is given: the keys in use, and the `[dial] voicemail` number.
    public static func speedDials(configuration: DialerConfiguration, kept: [StoredSpeedDial]) -> SpeedDials {
        let used = all(configuration: configuration, kept: kept).filter { !$0.isOverridden }
        return SpeedDials(
            targets: Dictionary(used.map { (UInt8(clamping: $0.key), $0.target) }, uniquingKeysWith: { first, _ in first }),
            voicemail: configuration.voicemail)
    }
}

extension StoredSpeedDial {
    /// The target as `t9dial speed-dial set` stored it; nil for a row of neither (which the
    /// table's CHECK refuses) or of a key out of 2 to 9.
    public var target: SpeedDialTarget? {
        guard SpeedDials.keys.contains(UInt8(clamping: key)) else { return nil }
        switch (contact, number) {
        case (let contact?, let number): return .contact(contact, number: number)
        case (nil, let number?): return .number(number)
        case (nil, nil): return nil
        }
    }

    /// `target` on `key`, as the history keeps it.
    public init(key: Int, target: SpeedDialTarget) {
        switch target {
        case .contact(let name, let number): self.init(key: key, contact: name, number: number)
        case .number(let number): self.init(key: key, contact: nil, number: number)
        }
    }
}
