// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import Testing

/// The fuzzer's TOML findings. toml++ asserts that a table header's name starts with a key character; the fuzzer found that
/// a config of `[\` aborted t9dial (SIGABRT, debug and release builds). Such headers are errors
/// of our own.
@Suite("TOML that toml++ and TOMLKit cannot take")
struct TOMLHostileInputTests {
    @Test(
        "A header whose name starts with no key character, or a date with ':' after its 'T', is a config error at its line and column",
        arguments: [
            ("[\\", 1, 2), ("[[\\", 1, 3), ("[ \\]", 1, 3), ("[é]", 1, 2), ("[#", 1, 2), ("a = 1\n  [\n", 2, 4),
            ("x = \"\"\"\n\"\"\"\n[+]", 3, 2),
            ("\"\"=1979-05-27T:", 1, 4), ("a = [1979-05-27t:]", 1, 6), ("a = 1\nb = { c = 2024-01-01T: }", 2, 11),
            ("a=1979-05-27Té:00", 1, 3), ("a=1979-05-27T-:", 1, 3), ("a=1979-05-27Té=é:", 1, 3),
        ])
    func rejected(text: String, line: Int, column: Int) {
        #expect(throws: ConfigError.self) { try DialerConfiguration.parse(text: text, file: "t9dial.toml", environment: [:]) }
        let bad = TOMLPrecheck.firstProblem(in: text)
        #expect(bad?.line == line)
        #expect(bad?.column == column)
    }

    @Test(
        "Headers, arrays, strings and comments with brackets are left to toml++",
        arguments: [
            "[search]\nlimit = 5", "[[a]]\n[ \"b c\" ]\n['d']\n[e-f]\n[_]\n[9]", "a = [\n  [+1],\n  [ {x = 1} ],\n]",
            "a = \"[\\\"\"\n[b]", "a = '''\n[\\\n'''", "a = \"\"\"\n[é\\\"\"\"\"\"\"\n# [\\\n[b]", "a = 1 # [\n[b]",
            "a = [ # [\n1 ]\n[b]",
        ])
    func accepted(text: String) {
        #expect(TOMLPrecheck.firstProblem(in: text) == nil)
    }

    @Test func theFuzzerFindingIsAnErrorNotAnAbort() throws {
        let error = #expect(throws: ConfigError.self) { try DialerConfiguration.parse(text: "[\\", file: "t9dial.toml", environment: [:]) }
        #expect(
            error?.description
                == "t9dial.toml:1: not valid TOML at column 2: a table name must start with a letter, a digit, '_', '-' or a quote, saw '\\\\'; see https://toml.io for the syntax"
        )
    }

    @Test(
        "Dates and times, and the same text in strings and comments, are left to toml++",
        arguments: [
            "a = 1979-05-27T07:32:00Z", "a = 1979-05-27 07:32:00", "a = \"1979-05-27T:\"", "a = 1 # 1979-05-27T:",
            "a = \"\"\"\n1979-05-27T:\"\"\"", "a = 11979-05-27T:", "1979-05-27Tx = \"a:b\"", "a = 1979-05-27T0:",
        ])
    func datesLeft(text: String) {
        #expect(TOMLPrecheck.firstProblem(in: text) == nil)
    }

    @Test(
        "A key holding NUL is a config error, not a trap in TOMLKit's table iterator",
        arguments: [
            #""a\u0000b" = 1"#, "[search]\n\"\\u0000\" = 1", "[[x]]\n\"\\U00000000\" = 1",
        ])
    func keyWithNUL(text: String) {
        let error = #expect(throws: ConfigError.self) { try DialerConfiguration.parse(text: text, file: "t9dial.toml", environment: [:]) }
        #expect(error?.message.contains("holds the NUL character") == true)
        #expect(throws: ConfigError.self) { try KeymapFile.parse(text: "[keys]\n" + text, file: "k.toml") }
        #expect(throws: ConfigError.self) { try LayoutFile.parse(text: "[keys]\n" + text, file: "l.toml") }
    }
}
