@testable import DialerConfig
import Testing

/// toml++ asserts (and in release builds assumes) that a table header's name starts with a key
/// character; the fuzzer found that `[\` aborted t9dial. Such headers are errors of our own.
@Suite("Table headers toml++ cannot take")
struct TableHeaderCheckTests {
    @Test("A header whose name starts with no key character is a config error at its line and column", arguments: [
        ("[\\", 1, 2), ("[[\\", 1, 3), ("[ \\]", 1, 3), ("[é]", 1, 2), ("[#", 1, 2), ("a = 1\n  [\n", 2, 4),
        ("x = \"\"\"\n\"\"\"\n[+]", 3, 2),
    ])
    func rejected(text: String, line: Int, column: Int) {
        #expect(throws: ConfigError.self) { try DialerConfiguration.parse(text: text, file: "t9dial.toml", environment: [:]) }
        let bad = TableHeaderCheck.firstBadHeader(in: text)
        #expect(bad?.line == line)
        #expect(bad?.column == column)
    }

    @Test("Headers, arrays, strings and comments with brackets are left to toml++", arguments: [
        "[search]\nlimit = 5", "[[a]]\n[ \"b c\" ]\n['d']\n[e-f]\n[_]\n[9]", "a = [\n  [+1],\n  [ {x = 1} ],\n]",
        "a = \"[\\\"\"\n[b]", "a = '''\n[\\\n'''", "a = \"\"\"\n[é\\\"\"\"\"\"\"\n# [\\\n[b]", "a = 1 # [\n[b]",
        "a = [ # [\n1 ]\n[b]",
    ])
    func accepted(text: String) {
        #expect(TableHeaderCheck.firstBadHeader(in: text) == nil)
    }

    @Test func theFuzzerFindingIsAnErrorNotAnAbort() throws {
        let error = #expect(throws: ConfigError.self) { try DialerConfiguration.parse(text: "[\\", file: "t9dial.toml", environment: [:]) }
        #expect(error?.description == "t9dial.toml:1: not valid TOML at column 2: a table name must start with a letter, a digit, '_', '-' or a quote, saw '\\\\'; see https://toml.io for the syntax")
    }
}
