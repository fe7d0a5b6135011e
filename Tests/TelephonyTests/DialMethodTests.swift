// SPDX-License-Identifier: Apache-2.0

import DialerConfig
import Telephony
import Testing

/// `[dial]` as the config reads it: the method `method` names, with only its own keys; each
/// method's keys are tested in its folder (`Baresip/BaresipSettingsTests.swift`...).
@Suite("[dial]: the method and its settings")
struct DialMethodTests {
    static func parse(_ text: String) throws -> DialerConfiguration {
        try DialerConfiguration.parse(text: text, file: "t9dial.toml", environment: ["HOME": "/home/ann"])
    }

    @Test func defaults() throws {
        let configuration = try Self.parse("")
        #expect(configuration.dial == .print)
    }

    /// A config switched from one method to another keeps the old method's keys: they are
    /// not read, and not checked.
    @Test func theKeysOfAnotherMethodAreLeftAlone() throws {
        let dial = try Self.parse("[dial]\nmethod = \"baresip\"\ndevice = \"/dev/ttyUSB2\"\nbaud = 1200\ncommand = [\"x\"]\n").dial
        #expect(dial == .baresip(BaresipSettings()))
    }

    /// `config show` writes each method's keys from its folder, and reading them gives the
    /// method again; the list holds every kind, so a new method is in it.
    @Test func everyMethodReadsBackWhatConfigShowWrites() throws {
        let methods: [DialMethod] = [
            .print, .exec(ExecSettings(command: ["/bin/echo", "{number}"], hangUpCommand: ["true"], timeoutSeconds: 9)),
            .modem(ModemSettings(device: "/dev/ttyUSB2", baud: 9600)), .baresip(BaresipSettings(control: "127.0.0.1:5555")),
            .modemManager(ModemManagerSettings(modem: "1")),
        ]
        #expect(Set(methods.map(\.kind)) == Set(DialMethod.Kind.allCases))
        for method in methods {
            let shown = DialerConfiguration(dialSettings: method).tomlText(currentDirectory: "/")
            #expect(shown.contains("method = \"\(method.name)\""))
            #expect(try Self.parse(shown).dial == method, "\(shown)")
        }
    }

    @Test(
        "A bad value names the line and key and says what is allowed",
        arguments: [
            ("[dial]\nmethod = \"sip\"\n", 2, "dial.method", #"must be "print", "exec", "modem", "baresip", "modemmanager""#),
            ("[dial]\nmethod = \"modem\"\nmodem_device = \"/dev/ttyUSB2\"\n", 3, "dial.modem_device", "modem_device"),
        ]
    )
    func badValue(text: String, line: Int, key: String, message: String) {
        Self.expectProblem(text, line: line, key: key, message: message)
    }

    /// That `text` does not load, for a problem at `line` and `key` whose message says `message`.
    static func expectProblem(_ text: String, line: Int, key: String, message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sourceLocation: sourceLocation) {
            try Self.parse(text)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == line && error.key == key && error.description.contains(message)
        }
    }
}
