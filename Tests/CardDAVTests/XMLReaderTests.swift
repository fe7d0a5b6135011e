// SPDX-License-Identifier: Apache-2.0

@testable import CardDAV
import Testing

@Suite("libxml2's reader")
struct XMLReaderTests {
    /// Every node of `xml`, or the first error.
    static func nodes(_ xml: String) -> Result<[XMLReaderNode], XMLReadError> {
        do throws(XMLReadError) {
            var reader = try XMLReader(Array(xml.utf8))
            var nodes: [XMLReaderNode] = []
            while let node = try reader.next() { nodes.append(node) }
            return .success(nodes)
        } catch {
            return .failure(error)
        }
    }

    @Test func elementsTextAndCDATAComeInDocumentOrder() throws {
        let nodes = try Self.nodes("<?xml version=\"1.0\"?><d:a xmlns:d=\"DAV:\"><b/>x &amp; y<![CDATA[<z>]]><!-- no --></d:a>").get()
        #expect(
            nodes == [
                .elementStart(namespace: "DAV:", name: "a", isEmpty: false),
                .elementStart(namespace: "", name: "b", isEmpty: true),
                .characters("x & y"),
                .characters("<z>"),
                .other,
                .elementEnd,
            ])
    }

    @Test func aDocumentTypeIsANodeOfItsOwn() throws {
        #expect(try Self.nodes("<!DOCTYPE a><a/>").get().first == .documentType)
    }

    @Test(arguments: [
        ("<a>\n<b></a>", 2, "Opening and ending tag mismatch: b line 2 and a"),
        ("", 1, "the document is empty"),
        ("<a>&nothing;</a>", 1, "Entity 'nothing' not defined"),
        ("<a/>\n\n<b/>", 3, "Extra content at the end of the document"),
        // Taken for UCS-4 by its first bytes, and reported with no parser at hand (found by
        // libFuzzer, fuzz-multistatus, as lines libxml2 wrote to standard error).
        ("<\u{0}\u{0}\u{0}\t", 0, "input conversion failed due to input error, bytes 0x00 0x00 0x00 0x00"),
    ])
    func theFirstErrorIsGivenWithItsLine(xml: String, line: Int, message: String) {
        #expect(Self.nodes(xml) == .failure(XMLReadError(line: line, message: message)))
    }

    /// libxml2's limit on nesting (docs/limits.md): 256 elements deep are read, 300 are not.
    @Test func elementsNest256DeepAndNoDeeper() throws {
        let deepest = String(repeating: "<a>", count: 256) + String(repeating: "</a>", count: 256)
        #expect(try Self.nodes(deepest).get().count == 512)
        let tooDeep = String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
        guard case .failure(let error) = Self.nodes(tooDeep) else {
            Issue.record("300 nested elements were read")
            return
        }
        #expect(error.message.hasPrefix("Excessive depth in document: 256"))
    }

    /// libxml2 quotes names from the document in its messages: a message is cut at the limit.
    @Test func aLongMessageIsCut() throws {
        let name = String(repeating: "n", count: 5_000)
        guard case .failure(let error) = Self.nodes("<\(name)></a>") else {
            Issue.record("a mismatched end tag was read")
            return
        }
        #expect(error.message.count == XMLReadError.messageLimit + 1)
        #expect(error.message.hasPrefix("Opening and ending tag mismatch: nnn"))
        #expect(error.message.hasSuffix("…"))
    }
}
