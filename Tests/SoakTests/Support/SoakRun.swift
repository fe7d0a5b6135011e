// SPDX-License-Identifier: Apache-2.0

import CardDAVTestSupport
import DialHistory
import DialerEngine
import DialerKit
import EvdevTestSupport
import Foundation
import Glibc
import InputEvents
import ProcessLoop
import SeededRandom

/// The dialer service run through simulated days on a fake board: the real loop
/// (`DialerService`: the keypad run, the driver, the live book, the reloads, the history) with
/// time as an input, a clock the run moves itself. Keys come through a fake evdev node with
/// their own times, calls through a fake baresip, the address book from a real Radicale.
///
/// Each simulated day, from 07:00 to 23:00, the user types queries in T9 and multi-tap, moves
/// through the results, deletes and clears, and dials; calls are answered, busy, unanswered,
/// hung up at either end, and come in, answered or missed. Every hour the contact file is
/// rewritten; every 7.5 minutes a card changes on the server, which the 15-minute sync brings;
/// every day the config is reloaded (SIGHUP and a rewritten config file in turn) and the
/// keypad is unplugged and plugged in again.
///
/// Time moves only when the loop has nothing due before: the clock goes to the next key event
/// or the next deadline of the service, and the loop is stepped without waiting. What needs
/// wall time (a reload's thread, a sync with Radicale, baresip's answer) is waited for by
/// stepping the loop until it says so, the clock held; while such work runs, the clock moves
/// a second at a time at most, so keys go on meanwhile but no sync or reload is outrun.
///
/// At the end of every simulated hour, once the query is cleared and no work runs on a thread
/// of its own (and those threads are gone), the process is sampled (`ProcessSample`).
final class SoakRun {
    static let second: Microseconds = 1_000_000
    static let minute = 60 * second
    static let hour = 60 * minute
    static let day = 24 * hour
    /// The threads that come and go: work on a thread of its own (`BackgroundTask` names).
    static let passingThreads: Set<String> = ["t9dial-reload", "t9dial-rank", "t9dial-sync", "t9dial-history", "t9dial-load"]

    let days: Int
    let board: SoakBoard
    let radicale: RadicaleServer
    let baresip: FakeBaresip
    let log = SoakLog(counting: [SoakRun.reloaded, SoakRun.synced, SoakRun.sighup])
    let clock: ManualClock
    /// When the simulated month began.
    let start: Microseconds
    let keypad: SoakKeypad
    private(set) var display = SoakDisplay()
    private var service: DialerService?
    private var random: SplitMix

    static let reloaded = "info: reloaded:"
    static let synced = "info: synced "
    static let sighup = "info: SIGHUP:"

    private(set) var samples: [SoakSample] = []
    /// What went wrong that is not a leak: a rewrite not reloaded, a reload not done.
    private(set) var problems: [String] = []
    private var bookRevision = 0
    private var configRevision = 0
    private var cardChanges = 0
    private(set) var rewritesSeen = 0
    private(set) var sessions = 0
    private(set) var replugs = 0
    /// Queries typed in multi-tap, as the screen showed them, and queries that found someone.
    private(set) var multiTapQueries = 0
    private(set) var queriesFound = 0
    private(set) var incomingCalls = 0
    /// How the descriptors and threads changed from one sample to the next, and which.
    private(set) var changes: [String] = []
    /// What the descriptors and the threads of the last sample were.
    private var lastDescriptors: [String] = []
    private var lastThreads: [String] = []

    init(directory: String, days: Int, seed: UInt64) throws {
        self.days = days
        board = SoakBoard(directory: directory, count: 400)
        random = SplitMix(seed: seed)
        // Far from 0, as CLOCK_MONOTONIC is on a board that has been up a while.
        start = 1_000 * Self.day
        clock = ManualClock(start)
        keypad = SoakKeypad(path: board.keypadPath)
        radicale = try RadicaleServer()
        baresip = try FakeBaresip()
        samples.reserveCapacity(days * 24 + 1)
    }

    /// Stops Radicale and the fake baresip.
    func stop() {
        baresip.stop()
        radicale.stop()
    }

    /// The service, once `run` has made it.
    private var runningService: DialerService {
        get throws {
            guard let service else { throw SoakFailure("the service was not started") }
            return service
        }
    }

    /// Runs the days, and returns what was measured.
    func run(dataDirectory: String) throws -> [SoakSample] {
        try board.create(password: RadicaleServer.password)
        try radicale.createAddressBook()
        for person in board.people.prefix(20) {
            let uid = "synced-" + person.uid
            try radicale.put(
                uid, card: CardFixtures.card(uid: uid, name: "Synced " + person.name, phone: person.number.replacingOccurrences(of: "7946", with: "7947")))
        }
        try board.writeBook(revision: bookRevision)
        try writeConfig()
        try keypad.plug()
        let service = try DialerService(
            overrides: .init(configFile: board.configFile, dataDirectory: dataDirectory, syncedFolder: board.syncedFolder), mode: nil,
            device: nil, grab: true, logger: log.logger, inputDirectory: board.inputDirectory, clock: clock.clock
        )
        self.service = service
        service.start(display: &display)
        try waitUntil { !service.isLoading && !service.machine.devices.isEmpty }
        for day in 0..<days { try run(day: day) }
        return samples
    }

    // MARK: A day

    private enum Action {
        case rewriteBook, changeCard, reloadConfig, replug
        case sample(hour: Int)
    }

    private func run(day: Int) throws {
        let dayStart = start + Microseconds(day) * Self.day
        var actions: [(time: Microseconds, action: Action)] = []
        for hour in 0..<24 {
            let hourStart = dayStart + Microseconds(hour) * Self.hour
            actions.append((hourStart + Self.second, .rewriteBook))
            for change in 0..<8 { actions.append((hourStart + 225 * Self.second + Microseconds(change) * 450 * Self.second, .changeCard)) }
            actions.append((hourStart + Self.hour, .sample(hour: hour + 1)))
        }
        actions.append((dayStart + 3 * Self.hour + 30 * Self.minute, .reloadConfig))
        actions.append((dayStart + 4 * Self.hour + 30 * Self.minute, .replug))
        actions.sort { $0.time < $1.time }

        var nextSession = dayStart + 7 * Self.hour + Microseconds.random(in: 0..<Self.minute, using: &random)
        let lastSession = dayStart + 23 * Self.hour
        var pending = actions[...]
        while let (time, action) = pending.first {
            if nextSession < lastSession, nextSession < time {
                try run(until: nextSession)
                try session()
                nextSession = max(clock.now, nextSession) + Microseconds.random(in: 15 * Self.second..<80 * Self.second, using: &random)
                continue
            }
            pending.removeFirst()
            try run(until: max(time, clock.now))
            switch action {
            case .rewriteBook:
                bookRevision += 1
                try board.writeBook(revision: bookRevision)
            case .changeCard:
                cardChanges += 1
                try radicale.put("soak-sync", card: CardFixtures.card(uid: "soak-sync", name: "Synced Card \(cardChanges)", phone: "+44 20 7946 8888"))
            case .reloadConfig:
                try reloadConfig()
            case .replug:
                try replug()
            case .sample(let hour):
                try sample(day: day + 1, hour: hour)
            }
        }
    }

    // MARK: The user

    /// One use of the dialer: a call that comes in, or a query typed, looked through, and
    /// dialled or cleared.
    private func session() throws {
        sessions += 1
        if random.chance(0.012) {
            incomingCalls += 1
            try incomingCall()
            return
        }
        let service = try runningService
        let person = board.people.randomElement(using: &random)!
        var time = clock.now + 300_000
        let multiTap = random.chance(0.25)
        if (service.machine.session.screen.mode == .t9) == multiTap {
            // # held switches between T9 and multi-tap.
            keypad.press(.pound, at: time, hold: 700_000)
            time += 1_000_000
        }
        let first = person.name.split(separator: " ")[0].lowercased()
        if multiTap {
            var lastKey: Int?
            for letter in first.prefix(Int.random(in: 2...3, using: &random)) {
                let (key, presses) = Self.multiTapKey(letter)
                if key == lastKey { time += 1_000_000 }  // the letter before is committed first
                for _ in 0..<presses {
                    keypad.press(.digit(key), at: time)
                    time += 200_000
                }
                lastKey = key
                time += 150_000
            }
        } else if random.chance(0.1) {
            // A number typed whole: digits search the numbers too.
            for digit in person.number.filter(\.isNumber).dropFirst(2) {
                keypad.press(.digit(Int(String(digit))!), at: time)
                time += Microseconds.random(in: 200_000..<400_000, using: &random)
            }
        } else {
            for letter in first.prefix(Int.random(in: 3...5, using: &random)) {
                keypad.press(.digit(Self.t9Key(letter)), at: time)
                time += Microseconds.random(in: 250_000..<450_000, using: &random)
            }
        }
        if random.chance(0.2) {
            keypad.press(.delete, at: time)
            time += 400_000
        }
        for _ in 0..<(random.chance(0.4) ? Int.random(in: 1...3, using: &random) : 0) {
            keypad.press(.next, at: time)
            time += 500_000
        }
        if random.chance(0.15) {
            keypad.press(.previous, at: time)
            time += 500_000
        }
        try run(until: time)
        let screen = service.machine.session.screen
        if screen.mode != .t9 { multiTapQueries += 1 }
        if screen.resultCount > 0 { queriesFound += 1 }
        if random.chance(0.13) {
            try dial(at: time + 500_000)
            return
        }
        // Cleared: the hang-up key, * held, or deleted key by key.
        let how = Double.random(in: 0..<1, using: &random)
        if how < 0.7 {
            keypad.press(.hangUp, at: time + 600_000)
        } else if how < 0.9 {
            keypad.press(.star, at: time + 600_000, hold: 2_300_000)
        } else {
            for index in 0..<8 { keypad.press(.delete, at: time + 600_000 + Microseconds(index) * 300_000) }
        }
        try run(until: time + 5 * Self.second)
    }

    /// Dials what is shown; the far end answers, is busy, or rings until the user gives up.
    private func dial(at time: Microseconds) throws {
        let roll = Double.random(in: 0..<1, using: &random)
        let farEnd: FakeBaresip.FarEnd = roll < 0.7 ? .answers : roll < 0.85 ? .busy : .rings
        baresip.setNextDial(farEnd)
        let dialsBefore = display.dials
        keypad.press(.dial, at: time)
        try run(until: time + 100_000)
        guard display.dials > dialsBefore else { return }
        switch farEnd {
        case .answers:
            try waitUntil { self.progress.isConnected || self.progress.isEnded }
            try talk()
        case .busy:
            try waitUntil { self.progress.isEnded }
        case .rings:
            try waitUntil { self.progress.isRinging || self.progress.isEnded }
            try run(until: clock.now + 25 * Self.second)
            try hangUpHere()
        }
        try run(until: clock.now + 6 * Self.second)
    }

    /// A call rings here, from a contact or a stranger: answered, or missed.
    private func incomingCall() throws {
        let person = board.people.randomElement(using: &random)!
        let number = random.chance(0.8) ? String(person.number.filter { $0 != " " }) : "+447700900\(Int.random(in: 100...999, using: &random))"
        baresip.ring(from: number)
        try waitUntil { self.progress.isIncoming }
        if random.chance(0.6) {
            try run(until: clock.now + 4 * Self.second)
            keypad.press(.dial, at: clock.now + 100_000)
            try run(until: clock.now + 300_000)
            try waitUntil { self.progress.isConnected || self.progress.isEnded }
            try talk()
        } else {
            try run(until: clock.now + 20 * Self.second)
            baresip.hangUpThere()
            try waitUntil { self.progress.isEnded }
        }
        try run(until: clock.now + 6 * Self.second)
    }

    /// A connected call lasts a while, sometimes with tones sent, and ends at either end.
    private func talk() throws {
        guard progress.isConnected else { return }
        let length = Microseconds.random(in: 20 * Self.second..<300 * Self.second, using: &random)
        if random.chance(0.1) {
            for index in 0..<3 { keypad.press(.digit(index + 1), at: clock.now + 5 * Self.second + Microseconds(index) * 400_000) }
        }
        try run(until: clock.now + length)
        if random.chance(0.6) {
            try hangUpHere()
        } else {
            baresip.hangUpThere()
            try waitUntil { self.progress.isEnded }
        }
    }

    private func hangUpHere() throws {
        keypad.press(.hangUp, at: clock.now + 100_000)
        try run(until: clock.now + 300_000)
        try waitUntil { self.progress.isEnded }
    }

    /// Where the call shown is, if one is.
    private var progress: CallProgress? { service?.machine.session.screen.callProgress }

    static func t9Key(_ letter: Character) -> Int {
        let keys = ["abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz"]
        return 2 + (keys.firstIndex { $0.contains(letter) } ?? 0)
    }

    /// The key of `letter` in multi-tap, and how many presses reach it.
    static func multiTapKey(_ letter: Character) -> (key: Int, presses: Int) {
        let keys = ["abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz"]
        let index = keys.firstIndex { $0.contains(letter) } ?? 0
        let presses = keys[index].firstIndex(of: letter).map { keys[index].distance(from: keys[index].startIndex, to: $0) + 1 } ?? 1
        return (2 + index, presses)
    }

    // MARK: The board

    private func writeConfig() throws {
        try board.writeConfig(control: baresip.control, bookURL: radicale.bookURL.absoluteString, user: RadicaleServer.user, revision: configRevision)
    }

    /// `systemctl reload` on odd days, the config file rewritten on even ones; either way the
    /// service reloads the config and the contacts.
    private func reloadConfig() throws {
        configRevision += 1
        let reloads = log.count(prefix: Self.reloaded)
        if configRevision % 2 == 1 {
            let hangUps = log.count(prefix: Self.sighup)
            try ThreadSignal.withBlocked(SIGHUP) {
                raise(SIGHUP)
                try waitUntil { self.log.count(prefix: Self.sighup) > hangUps }
            }
        } else {
            try writeConfig()
            try run(until: clock.now + 2 * Self.second)

        }
        try settle()
        if log.count(prefix: Self.reloaded) == reloads {
            problems.append("the config reload \(configRevision) was not done")
        }
    }

    /// Unplugs the keypad and plugs it in again.
    private func replug() throws {
        let service = try runningService
        keypad.unplug()
        try waitUntil { service.machine.devices.isEmpty }
        try keypad.plug()
        try waitUntil { !service.machine.devices.isEmpty }
        replugs += 1
    }

    // MARK: Stepping

    /// Runs the loop up to `end` in simulated time: the keys due are written, the clock goes to
    /// each deadline of the service in turn, and the loop is stepped without waiting. It first
    /// takes what is ready now, so that a file the run has just written is seen at this time.
    /// While work runs on a thread, the clock moves a second at a time at most (key by key),
    /// so a reload or a sync lasts about as long in simulated time as in wall time.
    func run(until end: Microseconds) throws {
        let service = try runningService
        try tick()
        while true {
            let now = clock.now
            if try keypad.deliver(upTo: now) {
                try tick()
                continue
            }
            if let due = service.nextDeadline, due <= now {
                try tick()
                // A deadline that a step does not move would hold the clock for ever.
                if let again = service.nextDeadline, again <= now { clock.set(now + 1_000) }
                continue
            }
            let next = [keypad.nextTime, service.nextDeadline, end].compactMap { $0 }.min()!
            // Work on a thread takes wall time, which the simulated clock must not outrun by
            // much: a sync or a reload holds back a long step until it is over.
            if next > now + Self.second, service.isBusy {
                try waitUntil { !service.isBusy }
                continue
            }
            guard next < end || now < end else { return }
            clock.set(max(next, now))
            if next >= end {
                try tick()
                return
            }
        }
    }

    /// One step of the loop that does not wait: it takes what is ready and runs what is due now.
    private func tick() throws {
        let service = try runningService
        if let signal = try service.step(display: &display, until: clock.now) {
            throw SoakFailure("the service stopped on signal \(signal)")
        }
    }

    /// Steps the loop, waiting in it as long as it needs, until `condition` holds: for what takes
    /// wall time (a thread's work, baresip's answer, the keypad's reader), with the clock held.
    private func waitUntil(_ condition: () -> Bool) throws {
        let service = try runningService
        while !condition() {
            if let signal = try service.step(display: &display) { throw SoakFailure("the service stopped on signal \(signal)") }
        }
    }

    /// Steps the loop, with the clock held, until nothing is due and no work runs on a thread
    /// of its own.
    private func settle() throws {
        let service = try runningService
        while true {
            try tick()
            if service.isBusy {
                try waitUntil { !service.isBusy }
                continue
            }
            if let due = service.nextDeadline, due <= clock.now { continue }
            return
        }
    }

    // MARK: Samples

    /// The sample at the end of an hour, at the same phase each time: the query cleared (and
    /// the missed calls with it), nothing due, no work on a thread of its own, and the threads
    /// that did such work gone.
    private func sample(day: Int, hour: Int) throws {
        let service = try runningService
        keypad.press(.hangUp, at: clock.now + 100_000)
        try run(until: clock.now + 300_000)
        try settle()
        waitForPassingThreads()
        let process = ProcessSample.now()

        // The book rewritten at the start of the hour is the one searched.
        let contacts = service.machine.session.index.contacts
        let marker = contacts.indices.first { contacts.uid(of: $0) == SoakBoard.markerUID }.map { contacts[$0].displayName }
        if marker == SoakBoard.markerName(bookRevision) {
            rewritesSeen += 1
        } else {
            problems.append("day \(day) hour \(hour): the book shows \(marker ?? "no marker"), not \(SoakBoard.markerName(bookRevision))")
        }
        if let last = samples.last, process.descriptors != last.process.descriptors || process.threads != last.process.threads {
            let descriptors = ProcessSample.descriptorTargets()
            let threads = ProcessSample.threadNames()
            changes.append(
                "day \(day) hour \(hour): \(last.process.descriptors) to \(process.descriptors) descriptors, \(last.process.threads) to \(process.threads) threads; "
                    + "new: \(Self.added(descriptors, to: lastDescriptors) + Self.added(threads, to: lastThreads)), "
                    + "gone: \(Self.added(lastDescriptors, to: descriptors) + Self.added(lastThreads, to: threads))")
        }
        if samples.last.map({ process.descriptors != $0.process.descriptors || process.threads != $0.process.threads }) ?? true {
            lastDescriptors = ProcessSample.descriptorTargets()
            lastThreads = ProcessSample.threadNames()
        }
        // Through the service's own connection, after the sample: opening another each hour
        // would leak GRDB's 200 bytes an opening into what is measured.
        let history = try? service.history?.allDials().count
        samples.append(
            SoakSample(
                day: day, hour: hour, process: process, keys: keypad.presses, sessions: sessions, dials: display.dials,
                calls: display.calls, reloads: log.count(prefix: Self.reloaded), syncs: log.count(prefix: Self.synced),
                rewritesSeen: rewritesSeen, historyRows: history))
    }

    /// Waits for the threads that did work of their own to be gone: their work is in, but a
    /// thread may still be on its way out.
    private func waitForPassingThreads() {
        for _ in 0..<2000 {
            if !ProcessSample.threadNames().contains(where: Self.passingThreads.contains) { return }
            usleep(1000)
        }
    }

    /// What `list` has that `base` has not, counting repeats.
    static func added(_ list: [String], to base: [String]) -> [String] {
        var left = Dictionary(base.map { ($0, 1) }, uniquingKeysWith: +)
        var added: [String] = []
        for item in list {
            if let count = left[item], count > 0 {
                left[item] = count - 1
            } else {
                added.append(item)
            }
        }
        return added
    }
}

/// What went wrong in driving the soak itself.
struct SoakFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension Optional where Wrapped == CallProgress {
    var isConnected: Bool { if case .connected = self { true } else { false } }
    var isEnded: Bool { if case .ended = self { true } else { false } }
    var isRinging: Bool { if case .ringing = self { true } else { false } }
    var isIncoming: Bool { if case .incoming = self { true } else { false } }
}
