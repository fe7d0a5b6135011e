// SPDX-License-Identifier: Apache-2.0

public import ArgumentParser
import DialerConfig
import DialerKit
public import T9Search

/// Where the contacts and the settings come from, and how keys search them; shared by every
/// command that searches.
struct BookOptions: ParsableArguments {
    @OptionGroup var source: SourceOptions

    @Option(help: ArgumentHelp("Your ISO region (GB, US...) to match numbers as dialled nationally.", valueName: "cc"))
    var region: String?

    @Option(help: ArgumentHelp("smart: from word starts and initials; anywhere: also inside words.", valueName: "mode"))
    var match: MatchMode?

    @Option(help: "How many results to show (default 20).")
    var limit: Int?

    func validate() throws {
        if let limit, !SearchSettings.limits.contains(limit) {
            throw ValidationError("--limit must be from 1 to \(SearchSettings.limits.upperBound); found \(limit)")
        }
    }

    var overrides: Dialer.Overrides {
        var overrides = source.overrides
        overrides.region = region
        overrides.match = match
        overrides.limit = limit
        return overrides
    }

    /// Loads the book, reporting problems in single cards on standard error.
    func loadDialer() throws -> Dialer {
        try SourceOptions.load({ () throws(DialerError) in try Dialer.load(overrides) }, warnings: \.sources.warnings)
    }
}

extension MatchMode: ExpressibleByArgument {}
