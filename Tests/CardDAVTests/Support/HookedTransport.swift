// SPDX-License-Identifier: Apache-2.0

import CardDAV
import Foundation

/// A transport that runs `hook` after its first request has been answered: the way a test
/// stops the server in the middle of a sync.
final class HookedTransport: HTTPTransport, @unchecked Sendable {
    private let inner = CurlTransport(requestTimeout: .seconds(30))
    private let hook: @Sendable () -> Void
    private let lock = NSLock()
    private var requests = 0

    init(afterFirstRequest hook: @escaping @Sendable () -> Void) {
        self.hook = hook
    }

    func send(_ request: HTTPRequest) throws(CardDAVError) -> HTTPResponse {
        let response = try inner.send(request)
        lock.lock()
        requests += 1
        let first = requests == 1
        lock.unlock()
        if first { hook() }
        return response
    }
}
