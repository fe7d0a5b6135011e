// SPDX-License-Identifier: Apache-2.0

import DialOutcomes
import DialerConfig
import DialerEngine
import DialerKit
import Dialing
import Foundation
import ModemTestSupport
import Telephony
import TestFixtures
import Testing
import struct SystemPackage.FileDescriptor

/// The `[dial]` methods as the dialer's loop uses them: real programs run without a shell, and
/// an AT modem answering on a pseudo-terminal.
@Suite("Placing calls")
struct CallPlacerTests {
    static let fred = DialRequest(name: "Siobhán O'Brien; rm -rf $HOME", number: "+353 (1) 234-5678 ext. 9", uid: "obrien")

    /// Waits, sleeping in poll, for what the placer has under way to finish.
    func finished(_ placer: CallPlacer) -> [CallPlacer.Finished] {
        while true {
            let found = placer.collect()
            if !found.isEmpty { return found }
            var descriptors = placer.descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
            _ = poll(&descriptors, nfds_t(descriptors.count), 1000)
        }
    }

    func dialOutcome(_ finished: [CallPlacer.Finished]) -> DialOutcome? {
        guard case .dial(_, let outcome) = finished.first else { return nil }
        return outcome
    }

    /// The command that runs a script in `directory` that writes each of its arguments on a
    /// line of `args.txt`, then runs `tail` (shell lines). The script is run by `/bin/sh`, not
    /// executed itself: a file just written may still be open for writing in a child another
    /// test forked meanwhile, and executing it then fails with ETXTBSY.
    func script(in directory: String, _ tail: String = "exit 0") throws -> [String] {
        let path = directory + "/dial.sh"
        try "for a in \"$@\"; do printf '%s\\n' \"$a\"; done >> \"\(directory)/args.txt\"\n\(tail)\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        return ["/bin/sh", path]
    }

    @Test func execGetsTheReducedNumberAndTheNameAsSingleArgumentsWithNoShell() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let program = try script(in: directory)
            let placer = try CallPlacer(settings: DialSettings(method: .exec, command: program + ["--to={number}", "{name}"]))
            #expect(placer.start(Self.fred) == nil)
            #expect(placer.isBusy)
            let outcome = try #require(dialOutcome(finished(placer)))
            #expect(outcome.isPlaced)
            #expect(outcome.screenMessage == "Calling +35312345678")
            let arguments = try String(contentsOfFile: directory + "/args.txt", encoding: .utf8)
            #expect(arguments == "--to=+35312345678\nSiobhán O'Brien; rm -rf $HOME\n")
            #expect(!placer.isBusy)
        }
    }

    @Test func aFailingProgramSaysWhyOnTheScreen() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let program = try script(in: directory, "echo 'error: no modem found' >&2\nexit 3")
            let placer = try CallPlacer(settings: DialSettings(method: .exec, command: program + ["{number}"]))
            _ = placer.start(Self.fred)
            let outcome = try #require(dialOutcome(finished(placer)))
            #expect(outcome.kind == .exited(status: 3))
            #expect(outcome.screenMessage == "Failed: exit 3: error: no modem found")
        }
    }

    @Test func aProgramPastItsTimeOutIsEndedAndReported() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let program = try script(in: directory, "exec sleep 30")
            let placer = try CallPlacer(settings: DialSettings(method: .exec, command: program + ["{number}"], timeoutSeconds: 1))
            _ = placer.start(Self.fred)
            let outcome = try #require(dialOutcome(finished(placer)))
            #expect(outcome.kind == .timedOut(after: .seconds(1)))
            #expect(outcome.screenMessage.hasPrefix("No answer in"))
        }
    }

    @Test func aSecondDialWhileTheFirstRunsFailsAtOnce() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let program = try script(in: directory, "sleep 0.5")
            let placer = try CallPlacer(settings: DialSettings(method: .exec, command: program + ["{number}"]))
            #expect(placer.start(Self.fred) == nil)
            let second = try #require(placer.start(DialRequest(number: "4242")))
            #expect(!second.isPlaced)
            #expect(second.screenMessage.contains("another call is still being dialled"))
            #expect(dialOutcome(finished(placer))?.isPlaced == true)
        }
    }

    @Test func aNumberWithNothingToDialFailsWithoutRunningAnything() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let program = try script(in: directory)
            let placer = try CallPlacer(settings: DialSettings(method: .exec, command: program + ["{number}"]))
            let outcome = try #require(placer.start(DialRequest(number: "call me")))
            #expect(!outcome.isPlaced)
            #expect(!placer.isBusy)
            #expect(!FileManager.default.fileExists(atPath: directory + "/args.txt"))
        }
    }

    @Test func printFinishesAtOnce() throws {
        let outcome = try #require(CallPlacer.printing().start(Self.fred))
        #expect(outcome.isPlaced)
        #expect(outcome.via == "print")
    }

    @Test func hangUpRunsTheHangUpCommandWithTheNumber() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let program = try script(in: directory)
            let placer = try CallPlacer(
                settings: DialSettings(
                    method: .exec, command: program + ["dial", "{number}"], hangUpCommand: program + ["hangup", "{number}"]))
            _ = placer.start(Self.fred)
            _ = finished(placer)
            #expect(placer.hangUp(Self.fred) == nil)
            guard case .hangUp(let request, let outcome) = finished(placer).first else {
                Issue.record("expected the hang-up to finish")
                return
            }
            #expect(request == Self.fred)
            #expect(outcome.isPlaced)
            let arguments = try String(contentsOfFile: directory + "/args.txt", encoding: .utf8)
            #expect(arguments == "dial\n+35312345678\nhangup\n+35312345678\n")
        }
    }

    @Test func withoutAHangUpCommandTheLogSaysSo() throws {
        try TestFiles.withTemporaryDirectory { directory in
            let placer = try CallPlacer(settings: DialSettings(method: .exec, command: try script(in: directory) + ["{number}"]))
            let line = try #require(placer.hangUp(Self.fred))
            #expect(line.contains("set hangup_command"))
        }
    }

    @Test func aModemIsALineThatFollowsItsCalls() throws {
        let placer = try CallPlacer(settings: DialSettings(method: .modem, device: "/dev/ttyUSB2", baud: 9600))
        let line = try #require(placer.line as? ModemCallLine)
        #expect(line.device == "/dev/ttyUSB2")
        #expect(line.baud.bitsPerSecond == 9600)
        #expect(placer.methodName == "modem")
        #expect(!placer.onlyPrints)
    }

    @Test func baresipIsALineToItsControlSocket() throws {
        let placer = try CallPlacer(settings: DialSettings(method: .baresip, control: "127.0.0.1:4545"))
        #expect(placer.line is BaresipLine)
        #expect(placer.methodName == "baresip")
    }

    @Test func modemManagerIsALineOnTheSystemBus() throws {
        // Where libsystemd cannot be loaded, the method is refused at start, saying why.
        if let problem = ModemManagerLine.libraryProblem {
            #expect(throws: DialerError.self) { try CallPlacer(settings: DialSettings(method: .modemmanager)) }
            #expect(!problem.isEmpty)
        } else {
            let placer = try CallPlacer(settings: DialSettings(method: .modemmanager, modem: "0"))
            #expect(placer.line is ModemManagerLine)
            #expect(placer.methodName == "modemmanager")
        }
    }

    @Test func aModemAtASpeedNoPortTakesIsRefusedAtStart() {
        #expect(throws: DialerError.self) { try CallPlacer(settings: DialSettings(method: .modem, device: "/dev/ttyUSB2", baud: 1200)) }
    }
}
