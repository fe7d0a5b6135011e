// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The XML bodies of the requests the client sends.
enum DAVRequestBody {
    /// PROPFIND Depth 0 on the collection: what it is and its change markers.
    static let collectionProperties = """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/">
          <d:prop><d:resourcetype/><d:sync-token/><cs:getctag/><d:supported-report-set/></d:prop>
        </d:propfind>
        """

    /// PROPFIND Depth 1: every member's ETag, for servers without sync-collection.
    static let memberETags = """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getetag/></d:prop></d:propfind>
        """

    /// REPORT sync-collection (RFC 6578) from `token`; an empty token asks for every member.
    static func syncCollection(token: String?) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <d:sync-collection xmlns:d="DAV:">
          <d:sync-token>\(escaped(token ?? ""))</d:sync-token>
          <d:sync-level>1</d:sync-level>
          <d:prop><d:getetag/></d:prop>
        </d:sync-collection>
        """
    }

    /// REPORT addressbook-multiget (RFC 6352 section 8.7) for `hrefs`: their data and ETags.
    static func addressBookMultiget(hrefs: [String]) -> String {
        let list = hrefs.map { "  <d:href>\(escaped($0))</d:href>" }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <card:addressbook-multiget xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">
              <d:prop><d:getetag/><card:address-data/></d:prop>
            \(list)
            </card:addressbook-multiget>
            """
    }

    /// `text` with the XML special characters escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
