// SPDX-License-Identifier: Apache-2.0

import Foundation
import SeededRandom
import Testing

/// What one input broke: the target's checks fill it in, the runner reports it.
struct FuzzCheck {
    private(set) var failures: [String] = []
    /// Checks of behaviour another branch is bringing: counted, and failures only when
    /// `T9DIAL_FUZZ_PENDING=1` (`make fuzz FUZZ_PENDING=1`).
    private(set) var pendingFailures: [String] = []

    /// Records `message` unless `condition` holds.
    mutating func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { failures.append(message()) }
    }

    /// Like `expect`, for a rule not in this branch yet; `pending` says where it is coming from.
    mutating func expectPending(_ condition: Bool, _ pending: String, _ message: @autoclosure () -> String) {
        guard !condition else { return }
        if FuzzRunner.Settings.current.strictPending { failures.append(message()) } else { pendingFailures.append(pending) }
    }
}

/// Runs a fuzz target: every input of its committed corpus (`Corpus/<target>/`, except
/// `pending/`), then mutants of them from a seeded generator.
///
/// Under `make test` the budget is a count of mutants from a fixed seed, the same run on every
/// machine. `make fuzz` sets `T9DIAL_FUZZ_SECONDS` (and may set `T9DIAL_FUZZ_SEED` and
/// `T9DIAL_FUZZ_TARGET`) to run for that long from a random seed, printed.
///
/// A crash kills the process, so each input is first written to `.build/fuzz/<target>-current`,
/// which a clean finish deletes: a file left there is the input that crashed. An input that
/// fails a check, or takes over the slow limit, is kept as `.build/fuzz/<target>-failure-N`.
struct FuzzRunner {
    var target: String
    var dictionary: [String]
    /// How many mutants `make test` runs.
    var mutations: Int
    var maxLength = 64 * 1024

    static let testsFolder: String = {
        var path = #filePath
        for _ in 0..<2 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()
    static let repository = URL(fileURLWithPath: testsFolder).deletingLastPathComponent().deletingLastPathComponent().path
    static let outputFolder = repository + "/.build/fuzz"

    struct Settings {
        var seconds: Double?
        var seed: UInt64?
        var onlyTarget: String?
        var strictPending = false

        static let current: Settings = {
            let environment = ProcessInfo.processInfo.environment
            func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
            return Settings(
                seconds: value("T9DIAL_FUZZ_SECONDS").flatMap(Double.init),
                seed: value("T9DIAL_FUZZ_SEED").flatMap { UInt64($0) },
                onlyTarget: value("T9DIAL_FUZZ_TARGET"),
                strictPending: value("T9DIAL_FUZZ_PENDING") == "1"
            )
        }()
    }

    /// The committed inputs of `target`, sorted by path; `pending/` holds reproductions of bugs
    /// fixed in other branches and is left out until they are merged.
    static func corpus(_ target: String, includingPending: Bool = false) -> [(name: String, bytes: [UInt8])] {
        let folder = testsFolder + "/Corpus/" + target
        guard let names = FileManager.default.subpaths(atPath: folder) else { return [] }
        return names.sorted().compactMap { name in
            if !includingPending, name.hasPrefix("pending/") { return nil }
            guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { return nil }
            return (name, [UInt8](data))
        }
    }

    /// Runs `body` over the corpus and the mutants, reporting failed checks, slow inputs and
    /// (through the file left behind) crashes.
    /// `variant` tells apart runs of one target side by side (a test with arguments).
    func run(variant: String = "", _ body: (inout FuzzCheck, [UInt8]) -> Void) {
        let settings = Settings.current
        if let only = settings.onlyTarget, only != target { return }
        let corpus = Self.corpus(target, includingPending: settings.strictPending)
        #expect(!corpus.isEmpty, "Tests/FuzzTests/Corpus/\(target) has no inputs")
        try? FileManager.default.createDirectory(atPath: Self.outputFolder, withIntermediateDirectories: true)
        let name = target + variant
        let current = Self.outputFolder + "/\(name)-current"
        var reported = 0
        var pending: [String: Int] = [:]
        let slowLimit: Duration = settings.seconds == nil ? .seconds(20) : .seconds(2)

        func one(_ input: [UInt8], _ label: String) {
            _ = FileManager.default.createFile(atPath: current, contents: Data(input))
            var check = FuzzCheck()
            let elapsed = ContinuousClock().measure { body(&check, input) }
            for rule in check.pendingFailures { pending[rule, default: 0] += 1 }
            var problems = check.failures
            if elapsed > slowLimit { problems.append("took \(elapsed), over the limit of \(slowLimit)") }
            guard !problems.isEmpty, reported < 5 else { return }
            reported += 1
            let kept = Self.outputFolder + "/\(name)-failure-\(reported)"
            _ = FileManager.default.createFile(atPath: kept, contents: Data(input))
            Issue.record("fuzz target \(target), \(label): \(problems.prefix(3).joined(separator: "; ")) (input kept in \(kept))")
        }

        for (name, bytes) in corpus { one(bytes, "corpus file \(name)") }
        let mutator = Mutator(dictionary: dictionary.map { Array($0.utf8) }, maxLength: maxLength)
        let inputs = corpus.map(\.bytes)
        if let seconds = settings.seconds {
            let seed = settings.seed ?? UInt64.random(in: 1...UInt64.max)
            print("fuzz \(target): \(seconds) s from seed \(seed) (T9DIAL_FUZZ_SEED=\(seed) repeats it)")
            var random = SplitMix(seed: seed)
            let deadline = ContinuousClock.now + .seconds(seconds)
            var count = 0
            while ContinuousClock.now < deadline {
                let input = mutator.mutate(inputs[random.below(inputs.count)], corpus: inputs, random: &random)
                one(input, "mutant \(count) of seed \(seed)")
                count += 1
            }
            print("fuzz \(target): \(count) inputs, \(reported) failing")
        } else {
            var random = SplitMix(seed: settings.seed ?? Self.fixedSeed(target))
            for count in 0..<mutations where !inputs.isEmpty {
                let input = mutator.mutate(inputs[random.below(inputs.count)], corpus: inputs, random: &random)
                one(input, "mutant \(count)")
            }
        }
        for (rule, count) in pending.sorted(by: { $0.key < $1.key }) {
            print("fuzz \(target): \(count) inputs break a rule still pending: \(rule)")
        }
        try? FileManager.default.removeItem(atPath: current)
    }

    /// The seed `make test` uses for `target`: FNV-1a of its name, the same on every machine.
    static func fixedSeed(_ target: String) -> UInt64 {
        target.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}

extension [UInt8] {
    /// How many lines the input has, counting a last line without a line feed, and a CR alone
    /// as a line break too (the parsers accept both): the most any line number in it can be.
    var lineCount: Int {
        var lines = 1
        for (index, byte) in enumerated() where byte == 0x0A || (byte == 0x0D && (index + 1 == count || self[index + 1] != 0x0A)) {
            lines += 1
        }
        return lines
    }

    /// The input as text, invalid UTF-8 replaced, as a file read into a String would be.
    var text: String { String(decoding: self, as: UTF8.self) }
}
