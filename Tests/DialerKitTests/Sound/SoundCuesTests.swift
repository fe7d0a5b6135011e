// SPDX-License-Identifier: Apache-2.0

import ContactBook
import DialerConfig
import DialOutcomes
import DialerEngine
@testable import DialerKit
import InputEvents
import ProcessLoop
import T9Search
import Telephony
import TestFixtures
import Testing
import Tones

/// What the dialer asks to be heard, through the real driver: a call's events from the line,
/// keys and the hook switch in, the cues a recording player was given out, exactly.
@Suite("The cues the dialer plays")
struct SoundCuesTests {
    /// Keeps every cue, in order.
    final class RecordingPlayer: SoundCueing {
        private(set) var cues: [SoundCue] = []
        func cue(_ cue: SoundCue) { cues.append(cue) }
    }

    /// One thing that happens to the dialer.
    enum Step: Sendable, CustomStringConvertible {
        /// The key goes down and comes up again.
        case tap(KeyRole)
        /// The handset is lifted, or replaced, and the switch settles.
        case lift, replace
        /// The line reports this.
        case line(LineEvent)

        var description: String {
            switch self {
            case .tap(let role): "tap \(role)"
            case .lift: "lift"
            case .replace: "replace"
            case .line(let event): "line: \(event)"
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var steps: [Step]
        var cues: [SoundCue]
        var keyTones = true
        var mode: InputMode = .t9
        var testDescription: String { name }
    }

    static let incoming = Step.line(.incoming(number: "+447700900555", name: nil))

    static let cases: [Case] = [
        Case(
            name: "a call rings until answered by the dial key, and ends with the call-ended tone",
            steps: [incoming, .tap(.dial), .line(.connected), .tap(.hangUp), .line(.ended(.hungUpHere))],
            cues: [.ring, .quiet, .callEnded]
        ),
        Case(name: "a call the caller gives up on rings, then is quiet", steps: [incoming, .line(.ended(.hungUpThere))], cues: [.ring, .quiet]),
        Case(
            name: "a call rejected with the hang-up key stops ringing, with no other tone",
            steps: [incoming, .tap(.hangUp), .line(.ended(.rejected))], cues: [.ring, .quiet]
        ),
        Case(
            name: "# tapped answers: the ring stops when the call connects",
            steps: [incoming, .tap(.pound), .line(.connected)], cues: [.ring, .quiet]
        ),
        Case(
            name: "a key silences the ring, the call rings on and is answered later: quiet once",
            steps: [incoming, .tap(.digit(5)), .tap(.star), .tap(.next), .tap(.dial), .line(.connected)],
            cues: [.ring, .quiet]
        ),
        Case(
            name: "a silenced call that is missed says nothing more",
            steps: [incoming, .tap(.previous), .line(.ended(.hungUpThere))], cues: [.ring, .quiet]
        ),
        Case(
            name: "lifting the handset answers a ringing call; replacing it ends the call",
            steps: [incoming, .lift, .line(.connected), .replace, .line(.ended(.hungUpHere))], cues: [.ring, .quiet, .callEnded]
        ),
        Case(
            name: "keys play their tones: digits, * and #; other keys none",
            steps: [.tap(.digit(5)), .tap(.digit(0)), .tap(.star), .tap(.pound), .tap(.next), .tap(.delete)],
            cues: [.key("5"), .key("0"), .key("*"), .key("#")]
        ),
        Case(name: "key tones off: keys are silent", steps: [.tap(.digit(5)), .tap(.star), .tap(.pound)], cues: [], keyTones: false),
        Case(
            name: "in multi-tap each press plays its key's tone",
            steps: [.tap(.digit(6)), .tap(.digit(6)), .tap(.digit(6)), .tap(.digit(2))],
            cues: [.key("6"), .key("6"), .key("6"), .key("2")], mode: .multiTap(layout: "latin")
        ),
        Case(name: "the handset lifted and replaced: the dial tone, then quiet", steps: [.lift, .replace], cues: [.dialTone, .quiet]),
        Case(
            name: "a key typed over the dial tone stops it and plays its own tone; replacing says nothing more",
            steps: [.lift, .tap(.digit(2)), .tap(.digit(3)), .replace], cues: [.dialTone, .quiet, .key("2"), .key("3")]
        ),
        Case(
            name: "key tones off: a key typed over the dial tone only stops it",
            steps: [.lift, .tap(.digit(2)), .replace], cues: [.dialTone, .quiet], keyTones: false
        ),
        Case(name: "the handset lifted with a query typed: no dial tone", steps: [.tap(.digit(6)), .lift, .replace], cues: [.key("6")]),
        Case(
            name: "a call ringing while the dial tone plays rings over it",
            steps: [.lift, incoming, .line(.ended(.hungUpThere)), .replace], cues: [.dialTone, .ring, .quiet]
        ),
        Case(
            name: "a dialled call that is busy plays the busy tone",
            steps: [.tap(.digit(6)), .tap(.dial), .line(.ringing), .line(.ended(.busy))], cues: [.key("6"), .busy]
        ),
        Case(
            name: "a dialled call that fails plays the error tone",
            steps: [.tap(.digit(6)), .tap(.dial), .line(.ended(.failed("503 Service Unavailable")))], cues: [.key("6"), .failed]
        ),
        Case(
            name: "a dialled call answered, then ended there: the call-ended tone",
            steps: [.tap(.digit(6)), .tap(.dial), .line(.ringing), .line(.connected), .line(.ended(.hungUpThere))],
            cues: [.key("6"), .callEnded]
        ),
        Case(
            name: "a dialled call nobody answers: the call-ended tone",
            steps: [.tap(.digit(6)), .tap(.dial), .line(.ringing), .line(.ended(.noAnswer))], cues: [.key("6"), .callEnded]
        ),
        Case(
            name: "a second call during a call plays the call-waiting tone; answered, it stops",
            steps: [
                incoming, .tap(.dial), .line(.connected), .line(.call(LineCallID("1"), .connected)),
                .line(.waiting(LineCallID("2"), number: "+12015550123", name: nil)), .line(.call(LineCallID("1"), .held)),
                .line(.call(LineCallID("2"), .connected)),
            ],
            cues: [.ring, .quiet, .callWaiting, .quiet]
        ),
        Case(
            name: "the call-waiting tone stops when the waiting caller gives up",
            steps: [
                incoming, .tap(.dial), .line(.connected), .line(.call(LineCallID("1"), .connected)),
                .line(.waiting(LineCallID("2"), number: "+12015550123", name: nil)), .line(.call(LineCallID("2"), .ended(.hungUpThere))),
            ],
            cues: [.ring, .quiet, .callWaiting, .quiet]
        ),
        Case(
            name: "a key pressed over the call-waiting tone stops it and plays its own",
            steps: [
                incoming, .tap(.dial), .line(.connected), .line(.call(LineCallID("1"), .connected)),
                .line(.waiting(LineCallID("2"), number: "+12015550123", name: nil)), .tap(.digit(5)),
            ],
            cues: [.ring, .quiet, .callWaiting, .quiet, .key("5")]
        ),
        Case(
            name: "a waiting call left ringing when the current call ends rings as a call of its own",
            steps: [
                incoming, .tap(.dial), .line(.connected), .line(.waiting(LineCallID("2"), number: "+12015550123", name: nil)),
                .line(.ended(.hungUpThere)),
            ],
            cues: [.ring, .quiet, .callWaiting, .callEnded, .ring]
        ),
        Case(
            name: "keys sent as DTMF during a call play their tones",
            steps: [incoming, .tap(.dial), .line(.connected), .tap(.digit(1)), .tap(.pound)], cues: [.ring, .quiet, .key("1"), .key("#")]
        ),
    ]

    @Test(arguments: cases)
    func cues(_ scenario: Case) throws {
        let player = RecordingPlayer()
        let run = try Self.run(mode: scenario.mode)
        run.driver.play(on: player, keyTones: scenario.keyTones)
        var display = InMemoryDisplay()
        run.driver.startCalls()
        run.driver.machine.showFirstScreen(on: &display)
        run.driver.handsetRead()
        for step in scenario.steps { run.take(step, display: &display) }
        #expect(player.cues == scenario.cues, "\(scenario.steps)")
    }

    @Test("a handset found lifted at start, nothing typed, plays the dial tone")
    func handsetLiftedAtStart() throws {
        let player = RecordingPlayer()
        let run = try Self.run(mode: .t9, lifted: true)
        run.driver.play(on: player, keyTones: true)
        run.driver.handsetRead()
        #expect(player.cues == [.dialTone])
    }

    @Test("a key held back while the book loads plays its tone once, when it goes down")
    func heldBackKeySoundsOnce() throws {
        let player = RecordingPlayer()
        let run = try Self.run(mode: .t9)
        run.driver.play(on: player, keyTones: true)
        var display = InMemoryDisplay()
        run.driver.machine.holdBackDials()
        run.take(.tap(.star), display: &display)
        #expect(player.cues == [.key("*")])
        run.driver.apply(run.driver.machine.stopHoldingBack(at: run.time), to: &display)
        #expect(player.cues == [.key("*")])
    }

    @Test("a sound problem is a notice and a journal line, said once, and goes when it is over")
    func soundProblem() throws {
        let log = RecordedLog()
        let run = try Self.run(mode: .t9, logger: log)
        var display = InMemoryDisplay()
        run.driver.soundProblem("sound: plughw:1,0 is busy", display: &display)
        run.driver.soundProblem("sound: plughw:1,0 is busy", display: &display)
        #expect(run.driver.machine.session.screen.notice == "sound: plughw:1,0 is busy")
        #expect(log.lines.filter { $0.contains("plughw:1,0 is busy") }.count == 1)
        run.driver.soundProblem(nil, display: &display)
        #expect(run.driver.machine.session.screen.notice == nil)
        #expect(log.lines.contains { $0.contains("sound plays again") })
    }

    // MARK: The run

    /// SW_KEYPAD_SLIDE, on while the handset is lifted.
    static let slide: UInt16 = 0x0a

    /// A driver over Nora's card and a scripted line, with a keypad whose hook is read as
    /// `lifted`; time moves on a tenth of a second a step.
    final class Run {
        let driver: DialerDriver
        let line: DialerDriverCallTests.ScriptedLine
        var time: Microseconds

        init(driver: DialerDriver, line: DialerDriverCallTests.ScriptedLine, time: Microseconds) {
            self.driver = driver
            self.line = line
            self.time = time
        }

        func take(_ step: Step, display: inout InMemoryDisplay) {
            time += 100_000
            let machine = driver.machine
            switch step {
            case .tap(let role):
                let gestures = [TimedGesture(time: time, gesture: .pressed(role)), TimedGesture(time: time + 50_000, gesture: .tapped(role))]
                driver.apply(machine.handle(gestures), to: &display)
            case .lift, .replace:
                let event = InputEvent(time: time, type: EventType.switch, code: SoundCuesTests.slide, value: step.isLift ? 1 : 0)
                driver.apply(machine.handle(event, from: 0), to: &display)
                time += HookSwitch.defaultSettle + 1
                driver.advance(lineReadable: [], bookReadable: [], to: time, display: &display)
            case .line(let event):
                line.toSay = [event]
                driver.advance(lineReadable: [], bookReadable: [], to: time, display: &display)
            }
        }
    }

    static func run(mode: InputMode, lifted: Bool = false, logger: RecordedLog = RecordedLog()) throws -> Run {
        let data = TestFiles.dataDirectory
        let contacts = [SearchableContact(names: [NameField("Nora Caller", kind: .displayName)], numbers: ["+44 7700 900555"], uid: "nora")]
        let index = SearchIndex(contacts: contacts, alphabet: T9Alphabet(layouts: try LayoutCatalog.load(dataDirectory: data).layouts))
        let machine = DialerMachine(session: try DialerSession(index: index, settings: DialerSettings(initialMode: mode)))
        var phone = try KeymapCatalog.load(dataDirectory: data).keymap(id: "phone-keypad")
        phone.hook = .switch(slide, liftedValue: 1)
        machine.attach(device: 0, keymap: phone, timing: KeyTiming())
        machine.hookRead(lifted: lifted, on: 0)
        let line = DialerDriverCallTests.ScriptedLine()
        let driver = DialerDriver(machine: machine, line: line, logger: logger.logger)
        return Run(driver: driver, line: line, time: MonotonicClock.system.now())
    }
}

extension SoundCuesTests.Step {
    var isLift: Bool { if case .lift = self { true } else { false } }
}
