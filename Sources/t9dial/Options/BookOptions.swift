public import ArgumentParser
import DialerKit
public import T9Search

/// Where the contacts and the settings come from; shared by every command that searches.
struct BookOptions: ParsableArguments {
    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("Contact files (.vcf, .csv) or folders of them.", valueName: "file"))
    var contacts: [String] = []

    @Option(help: ArgumentHelp("The config file (default: $T9DIAL_CONFIG, ~/.config/t9dial/t9dial.toml, /etc/t9dial/t9dial.toml).", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("The folder holding layouts/.", valueName: "dir"))
    var dataDir: String?

    @Option(help: ArgumentHelp("Your ISO region (GB, US...) to match numbers as dialled nationally.", valueName: "cc"))
    var region: String?

    @Option(help: ArgumentHelp("smart: from word starts and initials; anywhere: also inside words.", valueName: "mode"))
    var match: MatchMode?

    @Option(help: "How many results to show (default 20).")
    var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more") }
    }

    var overrides: Dialer.Overrides {
        Dialer.Overrides(configFile: config, contacts: contacts, dataDirectory: dataDir, region: region, match: match, limit: limit)
    }

    /// Loads the book, reporting problems in single cards on standard error.
    func loadDialer() throws -> Dialer {
        ProcessMemory.returnLargeBlocksToSystem()
        let dialer: Dialer
        do {
            dialer = try Dialer.load(overrides)
        } catch {
            throw CommandFailure(message: error.description)
        }
        for warning in dialer.sources.warnings { StandardError.write("warning: \(warning)") }
        return dialer
    }
}

extension MatchMode: ExpressibleByArgument {}
