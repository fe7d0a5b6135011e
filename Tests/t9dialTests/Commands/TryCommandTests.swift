import Foundation
import Testing

/// `t9dial try`, driven through its standard input as a script would.
@Suite("t9dial try")
struct TryCommandTests {
    @Test func typedKeysFindAndDialAContact() throws {
        let output = try T9DialProcess.run(["try", "--contacts", T9DialProcess.sampleContacts], stdin: "5764\r")
        #expect(output.status == 0)
        #expect(output.lines.contains("> William [J]ohn [Smi]th  +1 201-555-0123"))
        #expect(output.lines.contains("dial: William John Smith  +1 201-555-0123"))
        #expect(output.stderr.contains("Keys: 0-9 type"))
    }

    @Test func multiTapLettersSettleAtTheEndOfInput() throws {
        let output = try T9DialProcess.run(["try", "--json", "--mode", "multitap", "--contacts", T9DialProcess.sampleContacts], stdin: "4555666")
        let last = try #require(output.lines.last)
        let screen = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(screen["query"] as? String == "glo")
        #expect((screen["results"] as? [[String: Any]])?.first?["name"] as? String == "Telemaco Palombi")
    }
}
