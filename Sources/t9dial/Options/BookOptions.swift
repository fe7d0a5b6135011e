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

    // Unconditional, so that --limit -1 is a value out of range rather than a missing one.
    @Option(parsing: .unconditional, help: SharedHelp.limit("results to show", byDefault: "20, or the config's [search] limit"))
    var limit: Int?

    func validate() throws {
        try Limit.check(limit)
        if let region, !region.isEmpty, DialingRegion(region) == nil {
            throw ValidationError(BookError.unknownRegion(region).description)
        }
    }

    var overrides: Book.Overrides {
        var overrides = source.overrides
        overrides.region = region
        overrides.match = match
        overrides.limit = limit
        return overrides
    }

    /// Loads the book, reporting problems in single cards on standard error.
    func loadBook() throws -> Book {
        try SourceOptions.load({ () throws(BookError) in try Book.load(overrides) }, warnings: \.sources.warnings)
    }
}

extension MatchMode: ExpressibleByArgument {}
