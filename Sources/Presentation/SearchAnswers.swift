// SPDX-License-Identifier: Apache-2.0

public import SystemCalls
public import T9Search

/// What `t9dial search` prints for its queries: the matches of an index, best first, as
/// numbered lines for people or one JSON array for scripts, on standard output. A contact
/// found by name is a row for each of its numbers (`SearchIndex.rows`), as on the dialer's
/// screen; `limit` counts rows.
public struct SearchAnswers {
    public var index: SearchIndex
    /// The most results an answer shows.
    public var limit: Int
    /// Whether each answer is one JSON array rather than lines of text.
    public var json: Bool

    public init(index: SearchIndex, limit: Int, json: Bool) {
        self.index = index
        self.limit = limit
        self.json = json
    }

    /// The answer to the keys typed, `typed` as the user gave them.
    public func write(keys: [UInt8], typed: String) throws(WriteFailure) {
        let session = SearchSession(index: index)
        session.setQuery(keys)
        try write(render(rows(session.ranked(limit: limit), highlight: session.results(for:)), query: typed))
    }

    /// The answer to a search of the names by letters.
    public func write(text: String) throws(WriteFailure) {
        let session = TextSession(index: index)
        session.setText(text)
        try write(render(rows(session.ranked(limit: limit), highlight: session.results(for:)), query: text))
    }

    /// Answers each line of standard input, a query of keys, with exactly one line: `keys`
    /// reads a line's keys, and a line that is no keys is warned of and answered with no
    /// results.
    public func writeEachLineOfStandardInput(keys: (String) -> [UInt8]?) throws(WriteFailure) {
        let session = SearchSession(index: index)
        // One buffer for every answer, written with one write(2) a line.
        var answer: [UInt8] = []
        var json = JSONWriter()
        while let line = readLine(strippingNewline: true) {
            answer.removeAll(keepingCapacity: true)
            json.removeAll()
            if let keys = keys(line) {
                session.setQuery(keys)
                let results = rows(session.ranked(limit: limit), highlight: session.results(for:))
                if self.json {
                    ResultPresentation.writeJSONArray(results, in: index, to: &json)
                } else {
                    ResultPresentation.appendLine(results, in: index, to: &answer)
                }
            } else {
                StandardError.write("warning: \"\(line)\" is not keypad digits 0-9; answered with no results")
                if self.json { json.raw("[]") }
            }
            if self.json {
                json.raw("\n")
                try json.withBytes { bytes throws(WriteFailure) in try StandardOutput.write(bytes: bytes) }
            } else {
                answer.append(UInt8(ascii: "\n"))
                try StandardOutput.write(bytes: answer)
            }
        }
    }

    /// The first `limit` rows of `ranked`: only the contacts they need highlighted, a contact
    /// found by name a row for each number.
    private func rows(
        _ ranked: [(contact: Int, quality: MatchQuality)], highlight: ([(contact: Int, quality: MatchQuality)]) -> [SearchResult]
    ) -> [SearchResult] {
        let needed = index.contactsFilling(rows: limit, from: ranked[...])
        return index.rows(of: highlight(Array(ranked.prefix(needed))), limit: limit)
    }

    /// One answer: JSON as it is, text with its control characters shown.
    private func write(_ answer: String) throws(WriteFailure) {
        if json { try StandardOutput.writeJSONLine(answer) } else { try StandardOutput.writeLine(answer) }
    }

    private func render(_ results: [SearchResult], query: String) -> String {
        let shown = results.map { ResultPresentation($0, in: index) }
        if json { return ResultPresentation.jsonArray(shown) }
        if shown.isEmpty { return "no contacts match \(query)" }
        return shown.enumerated().map { position, result in "\(position + 1). \(result.line)" }.joined(separator: "\n")
    }
}
