// SPDX-License-Identifier: Apache-2.0

import Foundation
import TerminalText

/// Parses a WebDAV 207 Multi-Status body with libxml2's reader, namespaces resolved, into
/// `Multistatus`. Only a `propstat` with a 2xx status contributes properties. A body with an
/// XML error is refused at its first error, and a body with a document type declaration is
/// refused before any entity of it is used.
struct MultistatusParser {
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
        let bytes = [UInt8](data)
        // libxml2 would say so too, but asks for an encoding declaration, which is no fix here:
        // a CardDAV answer is UTF-8 (RFC 6352).
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw .invalidXML(url: url, detail: "the answer is not UTF-8 text")
        }
        var parser = MultistatusParser()
        var reader: XMLReader
        do { reader = try XMLReader(bytes) } catch { throw invalidXML(error, url: url) }
        while let node = try next(of: &reader, url: url) {
            switch node {
            case .elementStart(let namespace, let name, let isEmpty):
                parser.didStart(DAVName(namespace, name))
                if isEmpty { parser.didEnd() }
            case .elementEnd:
                parser.didEnd()
            case .characters(let string):
                parser.found(string)
            case .documentType:
                throw .invalidXML(url: url, detail: "the answer has a document type declaration (<!DOCTYPE>), which a CardDAV answer never has")
            case .other:
                break
            }
        }
        guard parser.sawMultistatus else {
            throw .invalidXML(url: url, detail: "no DAV:multistatus element")
        }
        guard parser.closedMultistatus else {
            throw .invalidXML(url: url, detail: "the answer ends before </multistatus>")
        }
        return Multistatus(responses: parser.responses, syncToken: parser.syncToken)
    }

    private static func next(of reader: inout XMLReader, url: URL) throws(CardDAVError) -> XMLReaderNode? {
        do { return try reader.next() } catch { throw invalidXML(error, url: url) }
    }

    private static func invalidXML(_ error: XMLReadError, url: URL) -> CardDAVError {
        .invalidXML(url: url, detail: "line \(error.line): \(error.message)")
    }

    private mutating func didStart(_ name: DAVName) {
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

    private mutating func found(_ string: String) {
        text += string
        if currentProperty != nil { propertyText += string }
    }

    private mutating func didEnd() {
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
