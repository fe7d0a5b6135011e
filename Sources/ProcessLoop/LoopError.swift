// SPDX-License-Identifier: Apache-2.0

public import SystemCalls

/// A failure of the loop itself (poll) or of reading the signals (signalfd): what failed, the
/// errno, and what to do. Nothing the loop waits for can go on after it.
public typealias LoopError = OperationFailure
