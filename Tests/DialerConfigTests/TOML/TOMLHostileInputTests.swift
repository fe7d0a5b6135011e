// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import Telephony
import Testing

/// The fuzzer's TOML findings, which aborted or trapped t9dial when TOMLKit (over toml++) read
/// the files: a table header whose name starts with no key character (`[\`), a date with `:`
/// after its `T`, a date followed by `=` (`""=1979-05-7= 1`), a key holding NUL. The TOML
/// parser refuses each with a config error at its line and column, or reads it as TOML does.
@Suite("TOML the fuzzer found")
struct TOMLHostileInputTests {
    @Test(
        "A header whose name starts with no key character, or a date with ':' after its 'T', is a config error at its line and column",
        arguments: [
            ("[\\", 1, 2), ("[[\\", 1, 3), ("[ \\]", 1, 3), ("[é]", 1, 2), ("[#", 1, 2), ("a = 1\n  [\n", 2, 4),
            ("x = \"\"\"\n\"\"\"\n[+]", 3, 2),
            ("\"\"=1979-05-27T:", 1, 4), ("a = [1979-05-27t:]", 1, 6), ("a = 1\nb = { c = 2024-01-01T: }", 2, 11),
            ("a=1979-05-27Té:00", 1, 3), ("a=1979-05-27T-:", 1, 3), ("a=1979-05-27Té=é:", 1, 3),
            ("\"\"=1979-05-7= 1\n\u{FFFD}\u{FFFD}", 1, 4),
        ])
    func rejected(text: String, line: Int, column: Int) {
        let error = #expect(throws: ConfigError.self) { try DialerConfiguration.parse(text: text, file: "t9dial.toml", environment: [:]) }
        #expect(error?.line == line)
        #expect(error?.message.hasPrefix("not valid TOML at column \(column): ") == true, "\(String(describing: error))")
        #expect(throws: ConfigError.self) { try KeymapFile.parse(text: text, file: "k.toml") }
        #expect(throws: ConfigError.self) { try LayoutFile.parse(text: text, file: "l.toml") }
    }

    @Test func theFuzzerFindingIsAnErrorNotAnAbort() throws {
        let error = #expect(throws: ConfigError.self) { try DialerConfiguration.parse(text: "[\\", file: "t9dial.toml", environment: [:]) }
        #expect(
            error?.description
                == "t9dial.toml:1: not valid TOML at column 2: expected a key, found '\\'; a bare key is letters, digits, '_' and '-', "
                + "other keys are quoted, like \"a key\"; see https://toml.io for the syntax"
        )
    }

    @Test("A date followed by '=' and a line of U+FFFD (the pending fuzz case) is an error at the date")
    func dateThenEquals() throws {
        let error = #expect(throws: ConfigError.self) {
            try DialerConfiguration.parse(text: "\"\"=1979-05-7= 1\n\u{FFFD}\u{FFFD}", file: "t9dial.toml", environment: [:])
        }
        #expect(error?.line == 1)
        #expect(error?.message.hasPrefix("not valid TOML at column 4: 1979-05-7 is not a valid date") == true, "\(String(describing: error))")
    }

    @Test(
        "Headers, arrays, strings and comments with brackets or dates are read as TOML reads them",
        arguments: [
            "[search]\nlimit = 5", "[[a]]\n[ \"b c\" ]\n['d']\n[e-f]\n[_]\n[9]", "a = [\n  [+1],\n  [ {x = 1} ],\n]",
            "a = \"[\\\"\"\n[b]", "a = '''\n[\\\n'''", "a = \"\"\"\n[é\\\"\"\"\"\"\"\n# [\\\n[b]", "a = 1 # [\n[b]",
            "a = [ # [\n1 ]\n[b]", "a = 1979-05-27T07:32:00Z", "a = 1979-05-27 07:32:00", "a = \"1979-05-27T:\"",
            "a = 1 # 1979-05-27T:", "a = \"\"\"\n1979-05-27T:\"\"\"", "1979-05-27Tx = \"a:b\"",
        ])
    func accepted(text: String) {
        // Valid TOML, so any error is about the keys of a config, never the syntax.
        do throws(ConfigError) {
            _ = try DialerConfiguration.parse(text: text, file: "t9dial.toml", environment: [:])
        } catch {
            #expect(!error.message.contains("not valid TOML"), "\(error)")
        }
    }

    @Test(
        "A key holding NUL is an unknown key, named with the NUL escaped",
        arguments: [
            (#""a\u0000b" = 1"#, 1), ("[search]\n\"\\u0000\" = 1", 2), ("[[x]]\n\"\\U00000000\" = 1", 1),
        ])
    func keyWithNUL(text: String, line: Int) {
        let error = #expect(throws: ConfigError.self) { try DialerConfiguration.parse(text: text, file: "t9dial.toml", environment: [:]) }
        #expect(error?.line == line)
        #expect(error?.message.contains("\u{0}") == false)
        #expect(throws: ConfigError.self) { try KeymapFile.parse(text: "[keys]\n" + text, file: "k.toml") }
        #expect(throws: ConfigError.self) { try LayoutFile.parse(text: "[keys]\n" + text, file: "l.toml") }
    }
}
