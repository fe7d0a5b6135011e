// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

/// SIGTERM and SIGINT stop `run`, `try` and `monitor` through their loop, which reads the signals: they
/// leave by their normal path (the terminal, the framebuffer and the console put back) and
/// then end by the signal itself, as systemd and a shell expect. The framebuffer is checked on a
/// real one in the VM tests.
@Suite("Stopping t9dial with a signal")
struct StopSignalTests {
    /// A running t9dial, its standard input a pipe left open, its output in files.
    final class Running {
        let process = Process()
        let input = Pipe()
        let directory: String
        var stdout: String { (try? String(contentsOfFile: directory + "/stdout", encoding: .utf8)) ?? "" }
        var stderr: String { (try? String(contentsOfFile: directory + "/stderr", encoding: .utf8)) ?? "" }

        init(_ arguments: [String], in directory: String) throws {
            self.directory = directory
            let executable = try #require(T9DialProcess.executable, "build t9dial first: swift build --build-tests")
            let config = try T9DialProcess.write("", to: directory + "/t9dial.toml")
            for name in ["stdout", "stderr"] { try Data().write(to: URL(fileURLWithPath: directory + "/" + name)) }
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments + ["--config", config, "--data-dir", T9DialProcess.dataDirectory]
            process.currentDirectoryURL = URL(fileURLWithPath: T9DialProcess.repositoryRoot)
            process.environment = T9DialProcess.environment(stateDirectory: directory + "/state")
            process.standardInput = input
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: directory + "/stdout"))
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: directory + "/stderr"))
            try process.run()
        }

        /// Waits for the process to end; one still running after a generous while is killed and
        /// the test fails, so that a t9dial that ignores the signal fails the test rather than
        /// hang the run.
        func waitForExit(sourceLocation: SourceLocation = #_sourceLocation) {
            if !waitUntil({ !process.isRunning }) {
                Issue.record("t9dial still runs after the signal; killed", sourceLocation: sourceLocation)
                kill(process.processIdentifier, SIGKILL)
            }
            process.waitUntilExit()
        }

        /// Waits (checking every 20 ms, up to 30 s) until `condition` holds.
        func waitUntil(_ condition: () -> Bool) -> Bool {
            for _ in 0..<1500 {
                if condition() { return true }
                usleep(20_000)
            }
            return condition()
        }
    }

    @Test(arguments: [
        (["try", "--contacts", T9DialProcess.sampleContacts], SIGTERM),
        (["try", "--contacts", T9DialProcess.sampleContacts], SIGINT),
        (["try", "--contacts", T9DialProcess.sampleContacts], SIGHUP),
        (["run", "--contacts", T9DialProcess.sampleContacts, "--device", "/nonexistent/event0"], SIGTERM),
        (["run", "--contacts", T9DialProcess.sampleContacts, "--device", "/nonexistent/event0"], SIGINT),
        (["monitor", "--device", "/nonexistent/event0"], SIGINT),
        (["monitor", "--device", "/nonexistent/event0"], SIGTERM),
    ])
    func aSignalEndsTheLoopThenTheProcessBySignal(arguments: [String], signal: Int32) throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let running = try Running(arguments, in: directory)
            // The first screen (the monitor's: the column header and why no key comes yet) is
            // shown once the loop is about to wait.
            let ready = arguments.first == "monitor" ? "--device /nonexistent/event0: nothing is there yet" : "T9:"
            #expect(running.waitUntil { running.stdout.hasPrefix(ready) || running.stdout.contains("\n" + ready) }, "stderr: \(running.stderr)")
            kill(running.process.processIdentifier, signal)
            running.waitForExit()
            #expect(running.process.terminationReason == .uncaughtSignal)
            #expect(running.process.terminationStatus == signal)
            if arguments.first == "run" {
                #expect(running.stderr.contains(signal == SIGTERM ? "SIGTERM: stopping" : "SIGINT: stopping"), "\(running.stderr)")
            }
        }
    }

    /// SIGHUP is `systemctl reload` for the service: it reloads and runs on.
    @Test func hangUpReloadsTheService() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let running = try Running(["run", "--contacts", T9DialProcess.sampleContacts, "--device", "/nonexistent/event0"], in: directory)
            #expect(running.waitUntil { running.stdout.hasPrefix("T9:") })
            kill(running.process.processIdentifier, SIGHUP)
            #expect(running.waitUntil { running.stderr.contains("reloaded:") }, "\(running.stderr)")
            #expect(running.process.isRunning)
            kill(running.process.processIdentifier, SIGTERM)
            running.waitForExit()
            #expect(running.process.terminationStatus == SIGTERM)
        }
    }

    /// A realtime replay waits for its events in the loop, which reads the signals too.
    @Test func aRealtimeReplayStopsOnSIGTERM() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            // The demo keys, then one more key 600 s later: the replay waits for it.
            let demo = try String(contentsOfFile: T9DialProcess.repositoryRoot + "/Config/samples/demo-session.evemu", encoding: .utf8)
            let recording = try T9DialProcess.write(
                demo + "E: 600.000000 0001 004c 1\nE: 600.000000 0000 0000 0\n", to: directory + "/long.evemu")
            let running = try Running(
                ["run", "--replay", recording, "--realtime", "--contacts", T9DialProcess.sampleContacts], in: directory)
            #expect(running.waitUntil { running.stdout.contains("dial: ") }, "stderr: \(running.stderr)")
            kill(running.process.processIdentifier, SIGTERM)
            running.waitForExit()
            #expect(running.process.terminationReason == .uncaughtSignal)
            #expect(running.process.terminationStatus == SIGTERM)
        }
    }
}
