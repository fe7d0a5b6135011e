import EvdevTestSupport
import Glibc
import KeypadInput
import Testing

@Suite("Signals as a descriptor")
struct SignalSourceTests {
    @Test func aBlockedSignalIsReadOnceAndWakesTheLoop() throws {
        let signals = try SignalSource()
        try ThreadSignal.withBlocked(SIGHUP) {
            #expect(signals.received().isEmpty)
            raise(SIGHUP)
            let wakeup = try EventLoop().wait(for: [.extra(signals.descriptor)], until: nil)
            #expect(wakeup.wakes == [.extra(signals.descriptor)])
            #expect(signals.received() == [SIGHUP])
            #expect(signals.received().isEmpty)
        }
    }

    @Test func theSignalsAreTermIntAndHangUp() {
        #expect(SignalSource.signals == [SIGTERM, SIGINT, SIGHUP])
    }
}
