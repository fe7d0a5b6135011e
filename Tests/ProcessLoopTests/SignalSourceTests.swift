// SPDX-License-Identifier: Apache-2.0

import EvdevTestSupport
import Glibc
import ProcessLoop
import Testing

@Suite("Signals as a descriptor")
struct SignalSourceTests {
    @Test func aBlockedSignalIsReadOnceAndWakesTheLoop() throws {
        let signals = try SignalSource()
        try ThreadSignal.withBlocked(SIGHUP) {
            #expect(signals.received().isEmpty)
            raise(SIGHUP)
            let wakeup = try EventLoop().wait(for: [EventLoop.Source("signals", signals.descriptor)], until: nil)
            #expect(wakeup.ready == [.init("signals")])
            #expect(signals.received() == [SIGHUP])
            #expect(signals.received().isEmpty)
        }
    }

    @Test func theSignalsAreTermIntAndHangUp() {
        #expect(SignalSource.signals == [SIGTERM, SIGINT, SIGHUP])
    }
}
