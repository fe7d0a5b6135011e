// SPDX-License-Identifier: Apache-2.0

import Foundation

/// What a soak runs, from the environment: `T9DIAL_SOAK_DAYS` simulated days (2 unless set,
/// and 2 at least: the first is the warm-up the others are compared with; `make soak
/// SOAK_DAYS=30` for a month) and `T9DIAL_SOAK_SEED`, the seed of the user's keys
/// and calls. The soak itself runs in a process of its own, the test binary started again
/// with `T9DIAL_SOAK_CHILD=1` and its folder in `T9DIAL_SOAK_DIR`, so that nothing else the
/// test process runs shows in its memory, descriptors and threads.
enum SoakSettings {
    static let environment = ProcessInfo.processInfo.environment

    static let days: Int = environment["T9DIAL_SOAK_DAYS"].flatMap { Int($0) }.map { max(2, $0) } ?? 2

    static let seed: UInt64 = environment["T9DIAL_SOAK_SEED"].flatMap { UInt64($0) } ?? 31

    /// Whether this process is the soak's own.
    static let isChild = environment["T9DIAL_SOAK_CHILD"] == "1"

    /// The soak's folder, in its own process.
    static let directory = environment["T9DIAL_SOAK_DIR"]
}
