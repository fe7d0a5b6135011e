// SPDX-License-Identifier: Apache-2.0

public import InputEvents

/// How long a line waits before trying again to reach its back-end (open the modem's port,
/// connect to the bus): `first` after the first failure, doubling after each one up to
/// `longest`, and `first` again once it succeeds.
public struct LineBackoff: Sendable, Hashable {
    public var first: Microseconds
    public var longest: Microseconds

    public init(first: Microseconds = 5_000_000, longest: Microseconds = 60_000_000) {
        self.first = max(1, first)
        self.longest = max(self.first, longest)
    }
}
