// SPDX-License-Identifier: Apache-2.0

@testable import CardDAV
import Foundation
import FuzzSupport

private let url = URL(string: "http://127.0.0.1/alice/book/")!

/// `MultistatusParser.parse`: a bounded list of responses whose hrefs make safe cache file
/// names, or an `invalidXML` error naming the URL.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultistatus(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = fuzzInput(data, size)
    do throws(CardDAVError) {
        let answer = try MultistatusParser.parse(Data(input), url: url)
        fuzzExpect(answer.responses.count <= input.count / 10, "\(answer.responses.count) responses from \(input.count) bytes")
        var taken: Set<String> = []
        for response in answer.responses {
            let name = CardFileName.make(href: response.href, taken: taken)
            taken.insert(name)
            fuzzExpect(!name.contains("/") && !name.hasPrefix(".") && name.hasSuffix(".vcf"), "file name \(name) for \(response.href)")
            fuzzExpect(name.utf8.count <= 255, "a file name of \(name.utf8.count) bytes for an href of \(response.href.utf8.count)")
        }
    } catch {
        guard case .invalidXML(let errorURL, _) = error else {
            fuzzExpect(false, "not an invalidXML error: \(error)")
            return 0
        }
        fuzzExpect(errorURL == url, "error names \(errorURL)")
    }
    return 0
}
