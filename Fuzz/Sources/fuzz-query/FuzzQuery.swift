// SPDX-License-Identifier: Apache-2.0

import ContactQuery
import FuzzSupport

/// `QueryExpression.parse`: at most 4096 characters parse, nesting stays bounded, and an
/// error's column is within the query.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuery(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = fuzzInput(data, size).text
    do throws(QuerySyntaxError) {
        let expression = try QueryExpression.parse(text)
        fuzzExpect(text.count <= 4096, "a query of \(text.count) characters parsed")
        fuzzExpect(depth(expression) <= 200, "nesting \(depth(expression)) deep")
    } catch {
        // The column is a character of the query, or one past its end.
        fuzzExpect((1...(min(text.count, 4096) + 1)).contains(error.column), "column \(error.column) of \(text.count): \(error)")
        fuzzExpect(!error.message.isEmpty, "an empty message")
        if text.count <= 4096 { _ = error.pointer(in: text) }
    }
    return 0
}

private func depth(_ expression: QueryExpression) -> Int {
    switch expression {
    case .comparison, .inRange: return 1
    case .not(let inner): return 1 + depth(inner)
    case .and(let left, let right), .or(let left, let right): return 1 + max(depth(left), depth(right))
    }
}
