import Foundation
#if canImport(FoundationXML)
import FoundationXML
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

    /// Parses `data`; `url` names the server in the error for a body that is not Multi-Status.
    static func parse(_ data: Data, url: URL) throws(CardDAVError) -> Multistatus {
        let delegate = MultistatusParser()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        guard parser.parse() else {
            let detail = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unreadable XML"
            throw .invalidXML(url: url, detail: "line \(parser.lineNumber): \(detail)")
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

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
        if currentProperty != nil { propertyText += string }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        let string = String(decoding: CDATABlock, as: UTF8.self)
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
            href += text.trimmingWhitespace
        case .status where parent == .response:
            responseStatus = text.trimmingWhitespace
        case .status where parent == .propstat:
            propstatStatus = text.trimmingWhitespace
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
            syncToken = text.trimmingWhitespace
        default:
            break
        }
        text = ""
    }
}
