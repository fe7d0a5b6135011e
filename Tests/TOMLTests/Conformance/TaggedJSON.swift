// SPDX-License-Identifier: Apache-2.0

import Foundation
import TOML

/// toml-test's JSON form of a TOML document, and its comparison. Every scalar is
/// `{"type": …, "value": …}` with the value as a string; arrays and tables are JSON arrays and
/// objects. Values are compared as toml-test compares them: floats as numbers (any NaN equals
/// any NaN), dates and times with `T`/`Z` in either case, a space for `T`, trailing zeros of a
/// fraction dropped and `+00:00` taken for `Z`; everything else as text.
enum TaggedJSON {
    /// The tagged form of `table`, as JSONSerialization would read it.
    static func tagged(_ table: TOMLTable) -> [String: Any] {
        var object: [String: Any] = [:]
        for entry in table.entries { object[entry.key] = tagged(entry.value) }
        return object
    }

    static func tagged(_ value: TOMLValue) -> Any {
        switch value {
        case .string(let text): scalar("string", text)
        case .integer(let number): scalar("integer", String(number))
        case .float(let number): scalar("float", number.isNaN ? "nan" : number.isInfinite ? (number < 0 ? "-inf" : "inf") : "\(number)")
        case .boolean(let flag): scalar("bool", flag ? "true" : "false")
        case .offsetDateTime(let moment): scalar("datetime", moment.description)
        case .localDateTime(let moment): scalar("datetime-local", moment.description)
        case .localDate(let date): scalar("date-local", date.description)
        case .localTime(let time): scalar("time-local", time.description)
        case .array(let items): items.map { tagged($0.value) }
        case .table(let table): tagged(table)
        }
    }

    private static func scalar(_ type: String, _ value: String) -> [String: String] { ["type": type, "value": value] }

    /// Where `actual` differs from `expected`, said for a failure message; nil when they match.
    static func difference(expected: Any, actual: Any, at path: String = "") -> String? {
        let place = path.isEmpty ? "the top level" : path
        if let expectedArray = expected as? [Any] {
            guard let actualArray = actual as? [Any] else { return "\(place): expected an array, got \(actual)" }
            guard expectedArray.count == actualArray.count else {
                return "\(place): expected \(expectedArray.count) items, got \(actualArray.count)"
            }
            for (index, pair) in zip(expectedArray, actualArray).enumerated() {
                if let difference = difference(expected: pair.0, actual: pair.1, at: "\(path)[\(index)]") { return difference }
            }
            return nil
        }
        guard let expectedObject = expected as? [String: Any] else { return "\(place): the expected JSON is neither array nor object" }
        guard let actualObject = actual as? [String: Any] else { return "\(place): expected an object, got \(actual)" }
        if let type = expectedObject["type"] as? String, let value = expectedObject["value"] as? String, expectedObject.count == 2 {
            guard let actualType = actualObject["type"] as? String, let actualValue = actualObject["value"] as? String else {
                return "\(place): expected \(type) \(value), got \(actualObject)"
            }
            guard actualType == type, same(type: type, value, actualValue) else {
                return "\(place): expected \(type) \(debug(value)), got \(actualType) \(debug(actualValue))"
            }
            return nil
        }
        // Keys compared as their UTF-8, as TOML compares them.
        let actualByBytes = Dictionary(actualObject.map { (Array($0.key.utf8), $0.value) }, uniquingKeysWith: { first, _ in first })
        let expectedKeys = Set(expectedObject.keys.map { Array($0.utf8) })
        for (key, value) in expectedObject {
            guard let actualValue = actualByBytes[Array(key.utf8)] else { return "\(place): the key \(debug(key)) is missing" }
            if let difference = difference(expected: value, actual: actualValue, at: path + "." + key) { return difference }
        }
        for key in actualByBytes.keys where !expectedKeys.contains(key) {
            return "\(place): the key \(debug(String(decoding: key, as: UTF8.self))) is not expected"
        }
        return nil
    }

    private static func same(type: String, _ expected: String, _ actual: String) -> Bool {
        switch type {
        case "float":
            let isNaN = { (text: String) in ["nan", "+nan", "-nan"].contains(text) }
            if isNaN(expected) || isNaN(actual) { return isNaN(expected) && isNaN(actual) }
            guard let left = Double(expected.replacingOccurrences(of: "_", with: "")), let right = Double(actual) else { return false }
            return left == right
        case "datetime", "datetime-local", "date-local", "time-local":
            return normalisedDateTime(expected) == normalisedDateTime(actual)
        default:
            return expected == actual
        }
    }

    /// A date or time with `T` and `Z` in capitals, a zero offset as `Z`, and the fraction of
    /// a second cut to nanoseconds without trailing zeros.
    private static func normalisedDateTime(_ text: String) -> String {
        var scalars = Array(text.uppercased().unicodeScalars)
        if scalars.count > 10, scalars[10] == " " { scalars[10] = "T" }
        var result = String(String.UnicodeScalarView(scalars))
        for zero in ["+00:00", "-00:00"] where result.hasSuffix(zero) { result = String(result.dropLast(zero.count)) + "Z" }
        guard let point = result.firstIndex(of: ".") else { return result }
        let digitsEnd = result[result.index(after: point)...].firstIndex { !$0.isNumber } ?? result.endIndex
        var digits = String(result[result.index(after: point)..<digitsEnd].prefix(9))
        while digits.hasSuffix("0") { digits.removeLast() }
        return String(result[..<point]) + (digits.isEmpty ? "" : "." + digits) + String(result[digitsEnd...])
    }

    private static func debug(_ text: String) -> String { String(reflecting: text) }
}
