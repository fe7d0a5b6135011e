// SPDX-License-Identifier: Apache-2.0

/// Why a dialer cannot start with the settings given.
public enum DialerSessionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The initial mode names a multi-tap layout that is not active.
    case unknownLayout(String, active: [String])

    public var description: String {
        switch self {
        case .unknownLayout(let id, let active):
            "the initial mode is multi-tap in layout \"\(id)\", which is not active; the active layouts are "
                + (active.isEmpty ? "none" : active.map { "\"\($0)\"" }.joined(separator: ", "))
        }
    }
}
