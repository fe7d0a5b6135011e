// SPDX-License-Identifier: Apache-2.0

public import DialOutcomes
public import InputEvents
public import struct SystemPackage.FileDescriptor

/// The `print` method: dials nothing and says each call is placed, for trying t9dial without a
/// phone. What to print is the displays' (the dial already goes to the output).
public final class PrintLine: CallLine {
    public let methodName = "print"
    public let followsCalls = false
    public let isWorking = false
    public let descriptors: [FileDescriptor] = []
    public let nextDeadline: Microseconds? = nil
    public let problem: String? = nil

    public init() {}

    public func start(at now: Microseconds) -> [LineEvent] { [] }

    public func wake(readable: [FileDescriptor], at now: Microseconds) -> [LineEvent] { [] }

    public func dial(_ number: DialNumber, name: String?, at now: Microseconds) -> [LineEvent] {
        [.launched(DialOutcome(.placed, via: methodName, number: number.dialString))]
    }

    /// Nothing was called, so there is nothing to answer, end or send tones through.
    public func answer(at now: Microseconds) -> [LineEvent] { [] }

    public func hangUp(at now: Microseconds) -> [LineEvent] { [] }

    public func sendTones(_ tones: String, at now: Microseconds) -> [LineEvent] { [] }
    /// A launched call is not followed: nothing can be done to it.
    public func control(_ control: CallControl, at now: Microseconds) -> [LineEvent] { [.notOnThisLine(control)] }

    public func stop() {}
}
