// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import Testing

@Suite("[dial], [history] and [carddav] settings")
struct DialMethodTests {
    static func parse(_ text: String) throws -> DialerConfiguration {
        try DialerConfiguration.parse(text: text, file: "t9dial.toml", environment: ["HOME": "/home/ann"])
    }

    @Test func defaults() throws {
        let configuration = try Self.parse("")
        #expect(configuration.dial == .print)
        #expect(configuration.history == HistorySettings(favouriteCategory: "Favorites", favourites: []))
        #expect(configuration.carddav == CardDAVSettings(url: nil, user: nil, passwordFile: nil, intervalMinutes: 15))
    }

    @Test func everyKeyIsRead() throws {
        let configuration = try Self.parse(
            """
            [dial]
            method = "exec"
            command = ["mmcli", "-m", "any", "--voice-create-call", "number={number}"]
            hangup_command = ["mmcli", "-m", "any", "--voice-hangup-all"]
            timeout_s = 20
            [history]
            favourite_category = ""
            favourites = ["Mum", "uid-1"]
            keep_calls = 2500
            [carddav]
            url = "https://dav.example.org/ann/contacts/"
            user = "ann"
            password_file = "~/.config/t9dial/carddav-password"
            interval_min = 60
            """
        )
        #expect(
            configuration.dial
                == .exec(
                    ExecSettings(
                        command: ["mmcli", "-m", "any", "--voice-create-call", "number={number}"],
                        hangUpCommand: ["mmcli", "-m", "any", "--voice-hangup-all"], timeoutSeconds: 20)))
        #expect(configuration.history == HistorySettings(favouriteCategory: nil, favourites: ["Mum", "uid-1"], keepCalls: 2500))
        #expect(configuration.carddav.passwordFile == "/home/ann/.config/t9dial/carddav-password")
        #expect(configuration.carddav.intervalMinutes == 60)
        let modem = try Self.parse("[dial]\nmethod = \"modem\"\ndevice = \"/dev/ttyUSB2\"\nbaud = 9600\n").dial
        #expect(modem == .modem(ModemSettings(device: "/dev/ttyUSB2", baud: 9600)))
        let baresip = try Self.parse("[dial]\nmethod = \"baresip\"\ncontrol = \"localhost:5555\"\n").dial
        #expect(baresip == .baresip(BaresipSettings(control: "localhost:5555")))
        #expect(try Self.parse("[dial]\nmethod = \"baresip\"\n").dial == .baresip(BaresipSettings(control: "127.0.0.1:4444")))
        let modemManager = try Self.parse("[dial]\nmethod = \"modemmanager\"\nmodem = \"2\"\n").dial
        #expect(modemManager == .modemManager(ModemManagerSettings(modem: "2")))
        #expect(try Self.parse("[dial]\nmethod = \"modemmanager\"\n").dial == .modemManager(ModemManagerSettings(modem: "any")))
    }

    /// A config switched from one method to another keeps the old method's keys: they are
    /// not read, and not checked.
    @Test func theKeysOfAnotherMethodAreLeftAlone() throws {
        let dial = try Self.parse("[dial]\nmethod = \"baresip\"\ndevice = \"/dev/ttyUSB2\"\nbaud = 1200\ncommand = [\"x\"]\n").dial
        #expect(dial == .baresip(BaresipSettings()))
    }

    @Test(
        "A bad value names the line and key and says what is allowed",
        arguments: [
            ("[dial]\nmethod = \"sip\"\n", 2, "dial.method", #"must be "print", "exec", "modem", "baresip", "modemmanager""#),
            // ctrl_tcp has no password: only a port on this machine.
            ("[dial]\nmethod = \"baresip\"\ncontrol = \"192.168.1.5:4444\"\n", 3, "dial.control", "is not a loopback address"),
            ("[dial]\nmethod = \"baresip\"\ncontrol = \"127.0.0.1\"\n", 3, "dial.control", "has no port"),
            ("[dial]\nmethod = \"modemmanager\"\nmodem = \"first\"\n", 3, "dial.modem", #"must be "any", a modem's index"#),
            ("[dial]\nmethod = \"baresip\"\ncontrol = \"0.0.0.0:4444\"\n", 3, "dial.control", "is not a loopback address"),
            ("[dial]\nmethod = \"exec\"\n", 2, "dial.method", "needs command ="),
            ("[dial]\nmethod = \"exec\"\ncommand = [\"baresip\"]\n", 3, "dial.command", "must contain {number}"),
            ("[dial]\nmethod = \"modem\"\n", 2, "dial.method", "needs device ="),
            ("[dial]\nmethod = \"exec\"\ncommand = [\"d\", \"{number}\"]\nhangup_command = [\"\"]\n", 4, "dial.hangup_command", "must start with the program"),
            ("[dial]\nmethod = \"modem\"\ndevice = \"/dev/ttyUSB2\"\nbaud = 1200\n", 4, "dial.baud", "must be one of 9600"),
            ("[dial]\nmethod = \"exec\"\ncommand = [\"d\", \"{number}\"]\ntimeout_s = 0\n", 4, "dial.timeout_s", "must be from 1 to 600"),
            ("[dial]\nmethod = \"modem\"\nmodem_device = \"/dev/ttyUSB2\"\n", 3, "dial.modem_device", "modem_device"),
            ("[carddav]\nurl = \"dav.example.org\"\n", 2, "carddav.url", "must be an http:// or https:// address"),
            ("[carddav]\nurl = \"https://dav.example.org/\"\n", 2, "carddav.url", "needs user ="),
            // A password in the URL would be printed wherever the URL is, and is not quoted back.
            ("[carddav]\nuser = \"ann\"\nurl = \"https://ann:s3cret@dav.example.org/\"\n", 3, "carddav.url", "holds a user or password"),
            ("[history]\nfavourites = \"Mum\"\n", 2, "history.favourites", "must be a list of strings"),
            ("[history]\nkeep_calls = 99\n", 2, "history.keep_calls", "must be from 100 to 1000000"),
            ("[history]\nkeep_calls = \"all\"\n", 2, "history.keep_calls", "must be a whole number"),
        ]
    )
    func badValue(text: String, line: Int, key: String, message: String) {
        #expect {
            try Self.parse(text)
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == line && error.key == key && error.description.contains(message)
        }
    }
}
