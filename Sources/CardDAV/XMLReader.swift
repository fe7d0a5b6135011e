// SPDX-License-Identifier: Apache-2.0

import CXML2
import TerminalText

/// What libxml2's reader meets next in a document.
enum XMLReaderNode: Equatable {
    /// A start tag, by namespace (empty for none) and local name. `isEmpty` for `<a/>`, which
    /// is followed by no `elementEnd`.
    case elementStart(namespace: String, name: String, isEmpty: Bool)
    case elementEnd
    /// Character data: text, CDATA and whitespace, entities and character references resolved.
    case characters(String)
    /// A document type declaration (`<!DOCTYPE ...>`).
    case documentType
    /// A comment, a processing instruction, the XML declaration: nothing that carries content.
    case other
}

/// The first error libxml2 met in a document, with its line; the message is libxml2's, cut to
/// `XMLReadError.messageLimit` characters (it can quote a name from the document).
struct XMLReadError: Error, Equatable {
    static let messageLimit = 200

    let line: Int
    let message: String

    init(line: Int, message: String) {
        self.line = line
        let trimmed = message.trimmingBlanks()
        self.message = trimmed.count > Self.messageLimit ? String(trimmed.prefix(Self.messageLimit)) + "…" : trimmed
    }
}

/// libxml2's streaming reader (xmlTextReader) over a document in memory. It stops at the first
/// error, where it recovers from none, and what it allocated goes with it: the reader is freed
/// in `deinit`. Entities are not substituted and nothing is fetched from the network. The
/// document is read as UTF-8 whatever its declaration says (libxml2 still takes one that starts
/// `<\0\0\0` for UCS-4, and fails to convert it). No error reaches standard error: every one
/// goes to the reader's `FirstError`.
struct XMLReader: ~Copyable {
    private let reader: xmlTextReaderPtr
    /// The document: libxml2 reads it in place, so it lives as long as the reader.
    private let document: UnsafeMutableRawBufferPointer
    private let errors: FirstError

    /// Fails for an empty document, and when libxml2 cannot even start (out of memory).
    init(_ bytes: [UInt8]) throws(XMLReadError) {
        // libxml2's reader says "Extra content at the end of the document" for no document.
        guard !bytes.isEmpty else { throw XMLReadError(line: 1, message: "the document is empty") }
        _ = Self.libraryInitialized
        let document = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        document.copyBytes(from: bytes)
        let errors = FirstError()
        let options = Int32(XML_PARSE_NONET.rawValue)
        let made = Self.reportingEveryError(to: errors) {
            xmlReaderForMemory(document.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, "UTF-8", options)
        }
        guard let reader = made else {
            document.deallocate()
            throw errors.first ?? XMLReadError(line: 0, message: "libxml2 could not make a reader (out of memory)")
        }
        self.document = document
        self.reader = reader
        self.errors = errors
        xmlTextReaderSetStructuredErrorHandler(reader, Self.noteError, Unmanaged.passUnretained(errors).toOpaque())
    }

    deinit {
        xmlFreeTextReader(reader)
        document.deallocate()
    }

    /// The next node, nil at the end of the document, or the first error.
    mutating func next() throws(XMLReadError) -> XMLReaderNode? {
        let reader = reader
        let status = Self.reportingEveryError(to: errors) { xmlTextReaderRead(reader) }
        if let error = errors.first { throw error }
        if status == 0 { return nil }
        guard status == 1 else {
            throw XMLReadError(line: Int(xmlTextReaderGetParserLineNumber(reader)), message: "unreadable XML")
        }
        switch xmlTextReaderNodeType(reader) {
        case Int32(XML_READER_TYPE_ELEMENT.rawValue):
            return .elementStart(
                namespace: Self.string(xmlTextReaderConstNamespaceUri(reader)),
                name: Self.string(xmlTextReaderConstLocalName(reader)),
                isEmpty: xmlTextReaderIsEmptyElement(reader) == 1)
        case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
            return .elementEnd
        case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
            Int32(XML_READER_TYPE_WHITESPACE.rawValue), Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
            return .characters(Self.string(xmlTextReaderConstValue(reader)))
        case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
            return .documentType
        default:
            return .other
        }
    }

    /// libxml2's strings are UTF-8 (the reader checked the document's bytes); nil is "".
    private static func string(_ text: UnsafePointer<xmlChar>?) -> String {
        guard let text else { return "" }
        return String(cString: text)
    }

    /// libxml2 sets up its global tables once, before any thread uses it.
    private static let libraryInitialized: Void = xmlInitParser()

    /// Where libxml2 reports an error, to the `FirstError` it is given as context.
    private static let noteError: xmlStructuredErrorFunc = { context, error in
        guard let context, let error else { return }
        Unmanaged<FirstError>.fromOpaque(context).takeUnretainedValue().note(error.pointee)
    }

    /// Runs `body` with this thread's libxml2 error handler set to note errors in `errors`,
    /// then puts the one before back. Some errors, such as an encoding that cannot be
    /// converted (`<\0\0\0` reads as UCS-4), are reported with no parser at hand: to that
    /// handler, which by default writes them to standard error.
    private static func reportingEveryError<Result>(to errors: FirstError, _ body: () -> Result) -> Result {
        let handler = __xmlStructuredError()
        let context = __xmlStructuredErrorContext()
        let (savedHandler, savedContext) = (handler?.pointee, context?.pointee)
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(errors).toOpaque(), noteError)
        defer { xmlSetStructuredErrorFunc(savedContext ?? nil, savedHandler ?? nil) }
        return body()
    }
}

/// Keeps the first error (not a warning) libxml2 reports through the reader's handler.
private final class FirstError {
    private(set) var first: XMLReadError?

    func note(_ error: xmlError) {
        guard first == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let message = error.message.map { String(cString: $0) } ?? "XML error \(error.code)"
        first = XMLReadError(line: Int(error.line), message: message)
    }
}
