// SPDX-License-Identifier: Apache-2.0

import SystemCalls

/// The result of a libevdev call that returns a negative errno on failure, as a value.
func valueOrNegatedErrno(_ result: Int32) -> Result<Int32, Errno> {
    result < 0 ? .failure(Errno(-result)) : .success(result)
}
