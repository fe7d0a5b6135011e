// SPDX-License-Identifier: Apache-2.0

@testable import CardDAV
import Foundation
import Testing

@Suite("Fuzzing CardDAV Multi-Status answers")
struct MultistatusFuzzTests {
    static let runner = FuzzRunner(
        target: "multistatus",
        dictionary: [
            "<D:response>", "</D:response>", "<D:href>", "</D:href>", "<D:propstat>", "</D:propstat>", "<D:prop>", "</D:prop>",
            "<D:status>HTTP/1.1 200 OK</D:status>", "<D:status>HTTP/1.1 404 Not Found</D:status>", "<D:getetag>\"e1\"</D:getetag>",
            "<D:sync-token>", "</D:sync-token>", "<![CDATA[", "]]>", "&amp;", "&#0;", "&#x1F600;", "&lt;", "<!DOCTYPE x [<!ENTITY a \"aaaa\">]>",
            "&a;", "xmlns:D=\"DAV:\"", "xmlns:C=\"urn:ietf:params:xml:ns:carddav\"", "<C:address-data>", "</C:address-data>",
            "</D:multistatus>", "<?xml version=\"1.0\"?>", "/alice/book/", "%2F", "%00", ">", "<", "\"",
        ],
        mutations: 800
    )

    static let url = URL(string: "http://127.0.0.1/alice/book/")!

    @Test func multistatus() {
        Self.runner.run { check, input in
            // Every input goes to MultistatusParser: libxml2's reader refuses what it cannot read.
            do throws(CardDAVError) {
                let answer = try MultistatusParser.parse(Data(input), url: Self.url)
                check.expect(answer.responses.count <= input.count / 10, "\(answer.responses.count) responses from \(input.count) bytes")
                var taken: Set<String> = []
                for response in answer.responses {
                    let name = CardFileName.make(href: response.href, taken: taken)
                    taken.insert(name)
                    check.expect(!name.contains("/") && !name.hasPrefix(".") && name.hasSuffix(".vcf"), "file name \(name) for \(response.href)")
                    check.expect(name.utf8.count <= 255, "a file name of \(name.utf8.count) bytes for an href of \(response.href.utf8.count)")
                }
            } catch {
                guard case .invalidXML(let url, _) = error else {
                    check.expect(false, "not an invalidXML error: \(error)")
                    return
                }
                check.expect(url == Self.url, "error names \(url)")
            }
        }
    }
}
