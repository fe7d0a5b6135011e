// SPDX-License-Identifier: Apache-2.0

import Foundation
#if canImport(FoundationXML)
import FoundationXML
import TerminalText
#endif

/// Parses a WebDAV 207 Multi-Status body with `XMLParser`, namespaces resolved, into
/// `Multistatus`. Only a `propstat` with a 2xx status contributes properties.
final class MultistatusParser: NSObject, XMLParserDelegate {
    private var stack: [DAVName] = []
    private var responses: [DAVResponse] = []
    private var syncToken: String?
    private var sawMultistatus = false
    private var closedMultistatus = false

    private var href = ""
    private var responseStatus: String?
    private var propstatStatus = ""
    private var propstatProperties: [DAVName: DAVProperty] = [:]
    private var responseProperties: [DAVName: DAVProperty] = [:]
    private var text = ""
    private var currentProperty: DAVName?
    private var propertyText = ""
    private var propertyDescendants: Set<DAVName> = []
    /// The first error the parser met, and its line.
    private var firstError: (line: Int, detail: String)?

    /// Parses `data`; `url` names the server in the error for a body that is not Multi-Status.
    static func parse(_ data: Data, url: URL) throws(CardDAVError) -> Multistatus {
        try checkParserCanRead(data, url: url)
        let delegate = MultistatusParser()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        guard parser.parse(), delegate.firstError == nil else {
            let (line, detail) =
                delegate.firstError ?? (parser.lineNumber, parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unreadable XML")
            throw .invalidXML(url: url, detail: "line \(line): \(detail)")
        }
        guard delegate.sawMultistatus else {
            throw .invalidXML(url: url, detail: "no DAV:multistatus element")
        }
        // Some XMLParser versions accept a truncated document; a cut answer is not complete.
        guard delegate.closedMultistatus else {
            throw .invalidXML(url: url, detail: "the answer ends before </multistatus>")
        }
        return Multistatus(responses: delegate.responses, syncToken: delegate.syncToken)
    }

    /// Refuses what Foundation's XMLParser on Linux cannot survive, before it sees it: a body
    /// that is not UTF-8 traps it, and a processing instruction (`<?name?>`) after the XML
    /// declaration makes it dereference NULL (both found by the fuzzer; Tests/FuzzTests). A
    /// CardDAV server sends UTF-8 and no processing instruction, so neither loses a real answer.
    static func checkParserCanRead(_ data: Data, url: URL) throws(CardDAVError) {
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw .invalidXML(url: url, detail: "the answer is not UTF-8 text")
        }
        // The declaration, if any, is first (after a byte order mark and spaces); any other
        // "<?" starts a processing instruction, or is in a comment or CDATA, where no CardDAV
        // answer puts one either.
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        // "<?xml" then a space: "<?xmltv?>" is an instruction (found by libFuzzer, fuzz-multistatus).
        if bytes[start...].starts(with: Array("<?xml".utf8)), start + 5 < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start + 5]) {
            // The declaration ends at its "?>", with no "<" before it; one that does not is
            // no declaration, and is refused below like any other instruction.
            if let end = firstIndex(of: Array("?>".utf8), in: bytes, from: start),
                firstIndex(of: [UInt8(ascii: "<")], in: bytes, from: start + 1).map({ $0 > end }) ?? true
            {
                start = end + 2
            }
        }
        if firstIndex(of: Array("<?".utf8), in: bytes, from: start) != nil {
            throw .invalidXML(url: url, detail: "the answer holds an XML processing instruction (<?...?>), which a CardDAV answer never has")
        }
    }

    /// Where `needle` first starts in `bytes` at or after `from`.
    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = from
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        let name = DAVName(namespaceURI ?? "", elementName)
        let parent = stack.last
        stack.append(name)
        text = ""
        if currentProperty != nil {
            propertyDescendants.insert(name)
            return
        }
        switch name {
        case .multistatus where stack.count == 1:
            sawMultistatus = true
        case .response where parent == .multistatus:
            href = ""
            responseStatus = nil
            responseProperties = [:]
        case .propstat where parent == .response:
            propstatStatus = ""
            propstatProperties = [:]
        default:
            if parent == .prop, stack.dropLast(2).last == .propstat {
                currentProperty = name
                propertyText = ""
                propertyDescendants = []
            }
        }
    }

    /// Notes the first error: an answer with one is refused, at that error, even when the
    /// parser recovers and goes on. (Aborting here crashes libxml2, which is still inside
    /// `xmlParseChunk`: found by libFuzzer, fuzz-multistatus.)
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard firstError == nil else { return }
        firstError = (parser.lineNumber, (parseError as NSError).localizedDescription)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
        if currentProperty != nil { propertyText += string }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        let string = String(decoding: block, as: UTF8.self)
        text += string
        if currentProperty != nil { propertyText += string }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        let name = stack.removeLast()
        let parent = stack.last
        if let property = currentProperty {
            if name == property, parent == .prop {
                propstatProperties[property] = DAVProperty(text: propertyText, descendants: propertyDescendants)
                currentProperty = nil
            }
            return
        }
        switch name {
        case .href where parent == .response:
            href += text.trimmingBlanks()
        case .status where parent == .response:
            responseStatus = text.trimmingBlanks()
        case .status where parent == .propstat:
            propstatStatus = text.trimmingBlanks()
        case .propstat where parent == .response:
            let code = propstatStatus.httpStatusCode ?? 200
            if (200..<300).contains(code) {
                responseProperties.merge(propstatProperties) { _, new in new }
            }
        case .response where parent == .multistatus:
            responses.append(
                DAVResponse(href: href, status: responseStatus?.httpStatusCode, properties: responseProperties))
        case .multistatus where stack.isEmpty:
            closedMultistatus = true
        case .syncToken where parent == .multistatus:
            syncToken = text.trimmingBlanks()
        default:
            break
        }
        text = ""
    }
}
