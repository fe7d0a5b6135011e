// SPDX-License-Identifier: Apache-2.0

@testable import CardDAV
import Foundation
import Testing

@Suite("Parsing Multi-Status answers")
struct MultistatusParserTests {
    static let url = URL(string: "http://127.0.0.1/alice/book/")!

    @Test func syncCollectionGivesChangedAndRemovedMembersAndTheToken() throws {
        let xml = """
            <?xml version="1.0"?>
            <D:multistatus xmlns:D="DAV:">
              <D:response><D:href>/alice/book/a.vcf</D:href>
                <D:propstat><D:prop><D:getetag>"e1"</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>
              </D:response>
              <D:response><D:href>/alice/book/b.vcf</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response>
              <D:sync-token>http://example.com/sync/2</D:sync-token>
            </D:multistatus>
            """
        let status = try MultistatusParser.parse(Data(xml.utf8), url: Self.url)
        #expect(status.syncToken == "http://example.com/sync/2")
        #expect(status.responses.map(\.href) == ["/alice/book/a.vcf", "/alice/book/b.vcf"])
        #expect(status.responses[0].value(.getETag) == "\"e1\"")
        #expect(status.responses[0].status == nil)
        #expect(status.responses[1].status == 404)
    }

    @Test func addressDataKeepsTheCardTextAndFailedPropstatsAreIgnored() throws {
        let xml = """
            <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:carddav">
              <response><href>/b/x.vcf</href>
                <propstat><prop><getetag>"x"</getetag><C:address-data>BEGIN:VCARD&#13;
            FN:A &amp; B&#13;
            END:VCARD&#13;
            </C:address-data></prop><status>HTTP/1.1 200 OK</status></propstat>
                <propstat><prop><displayname/></prop><status>HTTP/1.1 404 Not Found</status></propstat>
              </response>
            </multistatus>
            """
        let status = try MultistatusParser.parse(Data(xml.utf8), url: Self.url)
        let response = try #require(status.responses.first)
        #expect(response.properties[.addressData]?.text == "BEGIN:VCARD\r\nFN:A & B\r\nEND:VCARD\r\n")
        #expect(response.properties[DAVName("DAV:", "displayname")] == nil)
    }

    @Test func resourceTypeListsItsElements() throws {
        let xml = """
            <d:multistatus xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav"><d:response><d:href>/b/</d:href>
            <d:propstat><d:prop><d:resourcetype><d:collection/><card:addressbook/></d:resourcetype></d:prop>
            <d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>
            """
        let status = try MultistatusParser.parse(Data(xml.utf8), url: Self.url)
        #expect(status.responses.first?.properties[.resourceType]?.descendants == [.collection, .addressBook])
    }

    @Test(arguments: ["<multistatus xmlns=\"DAV:\"><response>", "<html><body>Login</body></html>", ""])
    func anAnswerThatIsNotMultiStatusIsInvalidXML(_ body: String) {
        let error = #expect(throws: CardDAVError.self) { try MultistatusParser.parse(Data(body.utf8), url: Self.url) }
        guard case .invalidXML(let url, _) = error else {
            Issue.record("expected invalidXML, got \(String(describing: error))")
            return
        }
        #expect(url == Self.url)
    }

    /// A garbled answer, with 135 errors that Foundation's XMLParser recovered from one after
    /// another, keeping memory for each (found by libFuzzer, fuzz-multistatus, at its 4 GB
    /// limit): refused at its first error, which is what the message names.
    @Test func aGarbledAnswerIsRefusedAtItsFirstError() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../FuzzTests/Corpus/multistatus/xmlparser-keeps-memory-for-each-error.xml")
        let body = try Data(contentsOf: file)
        let error = #expect(throws: CardDAVError.self) { try MultistatusParser.parse(body, url: Self.url) }
        guard case .invalidXML(let url, let detail) = error else {
            Issue.record("expected invalidXML, got \(String(describing: error))")
            return
        }
        #expect(url == Self.url)
        #expect(detail.hasPrefix("line 3: "), "\(detail)")
    }

    /// Bodies the fuzzer found to trap or crash Foundation's XMLParser, which t9dial once used:
    /// each is refused with what is wrong and where.
    @Test(
        arguments: [
            // A declaration never closed before the instruction after it.
            (Array("<?xml version=\"1.<D:multistatus xmlns:D=\"DAV:\"><?pi?></D:multistatus>".utf8), "line 1: String not closed"),
            // An instruction whose name starts with "xml", first.
            (Array("<?xmltv?>Char".utf8), "line 1: Document is empty"),
            (Array("<?xml?><D:multistatus xmlns:D=\"DAV:\"></D:multistatus>".utf8), "line 1: XML declaration allowed only at the start"),
            (Array("<D:multistatus xmlns:D=\"DAV:\"><a \u{F2}=\"1\"/></D:multistatus>".utf8).map { $0 == 0xC3 ? 0xF2 : $0 }, "not UTF-8"),
            ([0x3C, 0x61, 0x3E, 0xF2, 0xB4, 0x27, 0xF7, 0x3C, 0x2F, 0x61, 0x3E], "not UTF-8"),
            (Array("<D:multistatus xmlns:D=\"DAV:\">\n<X:a/></D:multistatus>".utf8), "line 2: Namespace prefix X on a is not defined"),
        ] as [([UInt8], String)])
    func aBrokenAnswerIsRefusedWithWhatAndWhere(body: [UInt8], said: String) {
        #expect {
            try MultistatusParser.parse(Data(body), url: Self.url)
        } throws: { error in
            "\(error)".contains(said)
        }
    }

    /// Processing instructions carry nothing a CardDAV answer needs: skipped, as XML allows.
    @Test(arguments: [
        "<?xml version=\"1.0\"?>\n<D:multistatus xmlns:D=\"DAV:\"><?pi?><D:response><D:href>/a.vcf</D:href></D:response></D:multistatus>\n<?x?>",
        "<D:multistatus xmlns:D=\"DAV:\"><?x y?><D:response><D:href>/a.vcf</D:href></D:response></D:multistatus>",
    ])
    func processingInstructionsAreSkipped(xml: String) throws {
        #expect(try MultistatusParser.parse(Data(xml.utf8), url: Self.url).responses.map(\.href) == ["/a.vcf"])
    }

    /// A document type declaration is where entities are declared (the "billion laughs"): an
    /// answer with one is refused, by libxml2's entity checks when it reads an entity first.
    @Test(arguments: [
        ("<!DOCTYPE multistatus>\n<multistatus xmlns=\"DAV:\"/>", "document type declaration (<!DOCTYPE>)"),
        (
            """
            <?xml version="1.0"?>
            <!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>
            <multistatus xmlns="DAV:"><sync-token>&c;</sync-token></multistatus>
            """, "line 1: Detected an entity reference loop"
        ),
    ])
    func aDocumentTypeDeclarationIsRefused(xml: String, said: String) {
        #expect {
            try MultistatusParser.parse(Data(xml.utf8), url: Self.url)
        } throws: { error in
            "\(error)".contains(said)
        }
    }

    @Test func theDeclarationAndAByteOrderMarkAreFine() throws {
        let xml = "\u{FEFF}<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<D:multistatus xmlns:D=\"DAV:\"></D:multistatus>"
        #expect(try MultistatusParser.parse(Data(xml.utf8), url: Self.url).responses.isEmpty)
    }
}
