// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

/// The command line as people type it: options before or after the positional arguments,
/// `--contacts` once per file and `-` for standard input, one style of error ("error: ") and
/// one exit status (64) for a mistake in the arguments, and a suggestion for a mistyped command.
@Suite("The command line")
struct CommandLineTests {
    static let sample = T9DialProcess.sampleContacts
    static let query = #"displayName == "fred*"c"#
    static let replay = "Config/samples/demo-session.evemu"

    /// A command line and a line its standard output must have.
    struct Parsed: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var shows: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let orders: [Parsed] = [
        Parsed(arguments: ["search", "--contacts", sample, "37337"], shows: "1. [Fred S]mith  +44 7700 900123  mobile"),
        Parsed(arguments: ["search", "37337", "--contacts", sample], shows: "1. [Fred S]mith  +44 7700 900123  mobile"),
        Parsed(
            arguments: ["search", "--limit", "1", "--match", "smart", "37337", "--region", "GB", "--contacts", sample],
            shows: "1. [Fred S]mith  +44 7700 900123  mobile"),
        Parsed(arguments: ["search", "--json", "--contacts", sample, "--text", "fred"], shows: "Fred Smith"),
        Parsed(arguments: ["query", "--contacts", sample, query], shows: "Fred Smith"),
        Parsed(arguments: ["query", query, "--contacts", sample], shows: "Fred Smith"),
        Parsed(arguments: ["query", "--limit", "1", query, "--json", "--contacts", sample], shows: "Fred Smith"),
        Parsed(arguments: ["contacts", "--contacts", sample, "--json"], shows: "Fred Smith"),
        Parsed(arguments: ["run", "--contacts", sample, "--replay", replay], shows: "dial: "),
        Parsed(arguments: ["run", "--replay", replay, "--contacts", sample, "--limit", "3"], shows: "dial: "),
    ]

    @Test("Options before or after the positional arguments", arguments: orders)
    func optionsGoAnywhere(_ parsed: Parsed) throws {
        let output = try T9DialProcess.run(parsed.arguments)
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.stdout.contains(parsed.shows), "stdout: \(output.stdout)")
    }

    @Test func contactsIsRepeatedOncePerFile() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let other = try T9DialProcess.write(
                "BEGIN:VCARD\nVERSION:3.0\nUID:zed\nFN:Zed Zulu\nTEL:01632 960000\nEND:VCARD\n", to: directory + "/other.vcf")
            for command in [["contacts"], ["search", "--text", "z"], ["search", "93"]] {
                let output = try T9DialProcess.run(command + ["--contacts", Self.sample, "--contacts", other])
                #expect(output.status == 0, "\(command): \(output.stderr)")
                // Search marks the letters matched: "[Z]ed Zulu".
                #expect(output.stdout.contains("d Zulu"), "\(command): \(output.stdout)")
            }
            let listed = try T9DialProcess.run(["contacts", "--contacts", Self.sample, "--contacts", other])
            #expect(listed.stdout.contains("Fred Smith"))
        }
    }

    /// A book on standard input, told vCard or CSV by its content.
    @Test(arguments: [
        ("vCard", try! String(contentsOfFile: T9DialProcess.repositoryRoot + "/" + T9DialProcess.sampleContacts, encoding: .utf8)),
        ("CSV", "First Name,Last Name,Mobile Phone\nFred,Smith,+44 7700 900123\n"),
    ])
    func contactsFromStandardInput(format: String, book: String) throws {
        for arguments in [["search", "37337", "--contacts", "-"], ["search", "--contacts", "-", "37337"]] {
            let output = try T9DialProcess.run(arguments, stdin: book)
            #expect(output.status == 0, "\(format): \(output.stderr)")
            #expect(output.lines.first?.hasPrefix("1. [Fred S]mith") == true, "\(format): \(output.stdout)")
        }
        let listed = try T9DialProcess.run(["contacts", "--contacts", "-", "--json"], stdin: book)
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("Fred Smith"))
    }

    @Test func standardInputWithAnotherFile() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            let other = try T9DialProcess.write(
                "BEGIN:VCARD\nVERSION:3.0\nUID:zed\nFN:Zed Zulu\nTEL:01632 960000\nEND:VCARD\n", to: directory + "/other.vcf")
            let book = try String(contentsOfFile: T9DialProcess.repositoryRoot + "/" + Self.sample, encoding: .utf8)
            let output = try T9DialProcess.run(["contacts", "--contacts", other, "--contacts", "-"], stdin: book)
            #expect(output.status == 0, "stderr: \(output.stderr)")
            #expect(output.stdout.contains("Zed Zulu") && output.stdout.contains("Fred Smith"))
        }
    }

    /// A replay reads the book once from standard input (and watches nothing).
    @Test func aReplayReadsTheBookFromStandardInput() throws {
        let book = try String(contentsOfFile: T9DialProcess.repositoryRoot + "/" + Self.sample, encoding: .utf8)
        let output = try T9DialProcess.run(["run", "--replay", Self.replay, "--contacts", "-"], stdin: book)
        #expect(output.status == 0, "stderr: \(output.stderr)")
        #expect(output.stdout.contains("dial: "), "stdout: \(output.stdout)")
    }

    @Test func standardInputThatIsNoBookIsNamed() throws {
        let output = try T9DialProcess.run(["search", "37337", "--contacts", "-"], stdin: "hello\n")
        #expect(output.status == 1)
        #expect(output.stderr.hasPrefix("error: standard input:1: "), "stderr: \(output.stderr)")
    }

    /// A device or a pipe named as a file: the error says how to read standard input instead.
    @Test func aDeviceAsContactsSuggestsTheDash() throws {
        let output = try T9DialProcess.run(["search", "37337", "--contacts", "/dev/null"])
        #expect(output.status == 1)
        #expect(output.stderr.hasPrefix("error: /dev/null: "))
        #expect(output.stderr.contains("--contacts -"), "stderr: \(output.stderr)")
    }

    /// A mistake in the arguments: one line starting "error: ", exit status 64.
    struct Mistake: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var stdin = ""
        var says: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let mistakes: [Mistake] = [
        Mistake(arguments: ["serch", "37337"], says: "error: unknown command 'serch'; did you mean 'search'?"),
        Mistake(arguments: ["help", "serch"], says: "error: unknown command 'serch'; did you mean 'search'?"),
        Mistake(arguments: ["histroy"], says: "error: unknown command 'histroy'; did you mean 'history'?"),
        Mistake(arguments: ["dial"], says: "error: unknown command 'dial'; the commands are search, "),
        Mistake(arguments: ["search", "37337", "--limit", "-1", "--contacts", sample], says: "error: --limit must be from 1 to 1000; found -1"),
        Mistake(arguments: ["search", "37337", "--limit", "0", "--contacts", sample], says: "error: --limit must be from 1 to 1000; found 0"),
        Mistake(arguments: ["query", query, "--limit", "-1", "--contacts", sample], says: "error: --limit must be from 1 to 1000; found -1"),
        Mistake(arguments: ["run", "--replay", replay, "--limit", "1001", "--contacts", sample], says: "error: --limit must be from 1 to 1000; found 1001"),
        Mistake(arguments: ["search", "0121", "--region", "XX", "--contacts", sample], says: #"error: unknown region "XX" for --region"#),
        Mistake(arguments: ["search", "--match", "fuzzy", "37337", "--contacts", sample], says: "error: "),
        Mistake(arguments: ["query", query, "--contacts", sample, "extra"], says: "error: Unexpected argument 'extra'"),
        Mistake(arguments: ["search", "--stdin", "--contacts", "-"], stdin: "2\n", says: "error: --stdin reads the queries from standard input"),
        Mistake(arguments: ["try", "--contacts", "-"], stdin: "2\n", says: "error: try reads its keys from standard input"),
    ]

    @Test("A mistake in the arguments", arguments: mistakes)
    func aMistakeIsTold(_ mistake: Mistake) throws {
        let output = try T9DialProcess.run(mistake.arguments, stdin: mistake.stdin)
        #expect(output.status == 64, "stderr: \(output.stderr)")
        #expect(output.stdout == "")
        #expect(output.stderr.hasPrefix(mistake.says), "stderr: \(output.stderr)")
    }

    /// What the program cannot do (a missing file): exit status 1, and the same "error: ".
    @Test(arguments: [["search", "37337"], ["query", query], ["contacts"], ["history"]])
    func aFailureStartsWithError(command: [String]) throws {
        let output = try T9DialProcess.run(command + ["--contacts", "/nonexistent/book.vcf"])
        #expect(output.status == 1)
        #expect(output.stderr.hasPrefix("error: /nonexistent/book.vcf: no such file"), "stderr: \(output.stderr)")
    }

    /// Each --limit says its range in its --help (history's, which has 0 for all, in its own tests).
    @Test(arguments: ["search", "query", "run", "try"])
    func theLimitSaysItsRange(command: String) throws {
        let output = try T9DialProcess.run(["help", command])
        #expect(output.status == 0)
        // The help is wrapped to the terminal's width: compared as one line.
        let help = output.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("--limit <n> The most"), "stdout: \(output.stdout)")
        #expect(help.contains("from 1 to 1000"), "stdout: \(output.stdout)")
    }
}
