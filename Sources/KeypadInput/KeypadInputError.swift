// SPDX-License-Identifier: Apache-2.0

public import SystemCalls

/// A failure of the machinery that finds keypads (inotify), as opposed to a problem with one
/// device (`EvdevError`): what failed, the errno, and what to do.
public typealias KeypadInputError = OperationFailure
