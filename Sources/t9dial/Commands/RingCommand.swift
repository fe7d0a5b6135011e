// SPDX-License-Identifier: Apache-2.0

import ArgumentParser
import DialerConfig
import DialerKit

struct RingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ring",
        abstract: "Ring once on every ringer of the config's [sound] table, to test the wiring.",
        discussion: """
            Rings one cycle of the [sound] ring cadence on the ALSA device (the ringtone, or the \
            ring made of tones), the beeper and each LED, at the ring's volume, and says what \
            rang. Run it as the service's user (sudo -u t9dial t9dial ring) to test what the \
            service may open.
            """
    )

    @Option(help: SharedHelp.config, completion: .file())
    var config: String?

    @OptionGroup var sound: SoundOptions

    func run() throws {
        do {
            let settings = try Book.loadConfiguration(file: config)
            let rung = try RingTest.ring(settings.sound, device: sound.sound, configFile: settings.file)
            try StandardOutput.writeLine("rang: \(rung)")
        } catch let error as ConfigError {
            throw CommandFailure(message: String(describing: error))
        } catch let error as RingTest.Failure {
            throw CommandFailure(message: error.description)
        }
    }
}
