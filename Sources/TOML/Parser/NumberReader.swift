// SPDX-License-Identifier: Apache-2.0

/// Integers and floats as TOML 1.0 writes them: decimal integers with no leading zero,
/// `0x`/`0o`/`0b` integers without a sign, underscores only between two digits, values that
/// fit in 64 bits, and floats with digits on both sides of the point and an exponent.
enum NumberReader {
    /// The integer or float `token` (its text is `text`) written at `position`.
    static func number(_ token: [UInt8], text: String, at position: TOMLPosition) throws(TOMLError) -> TOMLValue {
        var body = token[...]
        var isNegative = false
        let hasSign = body.first == UInt8(ascii: "+") || body.first == UInt8(ascii: "-")
        if hasSign {
            isNegative = body.first == UInt8(ascii: "-")
            body = body.dropFirst()
        }
        guard let first = body.first, first.isDigit else {
            if let first = token.first, first.isBareKey, !first.isDigit {
                throw TOMLError(at: position, "expected a value, found \(text); a string is written in quotes, like \"\(text)\"")
            }
            throw TOMLError(at: position, "\(text) is not a number: a number starts with a digit, after an optional + or -")
        }
        if first == UInt8(ascii: "0"), let letter = body.dropFirst().first, let radix = radix(of: letter) {
            guard !hasSign else {
                throw TOMLError(at: position, "\(text) is not a valid integer: a hexadecimal, octal or binary integer cannot have a sign")
            }
            let digits = try digits(body.dropFirst(2), radix: radix, text: text, at: position)
            return .integer(try integer(digits, radix: radix, isNegative: false, text: text, at: position))
        }
        if body.contains(where: { $0 == .dot || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            return .float(try float(body, isNegative: isNegative, text: text, at: position))
        }
        let digits = try digits(body, radix: 10, text: text, at: position)
        guard digits.count == 1 || digits.first != UInt8(ascii: "0") else {
            throw TOMLError(at: position, "\(text) is not a valid integer: a decimal number cannot start with 0; remove the leading zeros")
        }
        return .integer(try integer(digits, radix: 10, isNegative: isNegative, text: text, at: position))
    }

    private static func radix(of letter: UInt8) -> Int64? {
        switch letter {
        case UInt8(ascii: "x"): 16
        case UInt8(ascii: "o"): 8
        case UInt8(ascii: "b"): 2
        default: nil
        }
    }

    /// The digits of `part` without its underscores, each a digit of `radix`; an underscore must
    /// be between two digits.
    private static func digits(_ part: ArraySlice<UInt8>, radix: Int64, text: String, at position: TOMLPosition) throws(TOMLError) -> [UInt8] {
        var digits: [UInt8] = []
        var previous: UInt8?
        for byte in part {
            if byte == UInt8(ascii: "_") {
                guard let before = previous, before != UInt8(ascii: "_") else {
                    throw TOMLError(at: position, "\(text) is not a valid number: an underscore must be between two digits")
                }
            } else {
                guard isDigit(byte, radix: radix) else {
                    let kind =
                        switch radix {
                        case 16: "a hexadecimal digit"
                        case 8: "an octal digit"
                        case 2: "a binary digit"
                        default: "a digit"
                        }
                    throw TOMLError(at: position, "\(text) is not a valid number: '\(Character(Unicode.Scalar(byte)))' is not \(kind)")
                }
                digits.append(byte)
            }
            previous = byte
        }
        guard !digits.isEmpty else { throw TOMLError(at: position, "\(text) is not a valid number: digits are missing") }
        guard previous != UInt8(ascii: "_") else {
            throw TOMLError(at: position, "\(text) is not a valid number: an underscore must be between two digits")
        }
        return digits
    }

    private static func isDigit(_ byte: UInt8, radix: Int64) -> Bool {
        switch radix {
        case 16: byte.isHexDigit
        case 8: byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "7")
        case 2: byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1")
        default: byte.isDigit
        }
    }

    /// The value of `digits` in `radix`, negated when `isNegative`, if it fits in 64 bits.
    private static func integer(_ digits: [UInt8], radix: Int64, isNegative: Bool, text: String, at position: TOMLPosition) throws(TOMLError) -> Int64 {
        var value: Int64 = 0
        for digit in digits {
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: radix)
            let digitValue = Int64(Parser.hexValue(digit))
            let (next, overflowedAgain) =
                isNegative ? shifted.subtractingReportingOverflow(digitValue) : shifted.addingReportingOverflow(digitValue)
            guard !overflowed, !overflowedAgain else {
                throw TOMLError(
                    at: position, "\(text) is out of range: an integer is from -9223372036854775808 to 9223372036854775807 (64 bits)")
            }
            value = next
        }
        return value
    }

    /// The float `body` (without its sign): an integer part, then a fraction, an exponent or
    /// both.
    private static func float(_ body: ArraySlice<UInt8>, isNegative: Bool, text: String, at position: TOMLPosition) throws(TOMLError) -> Double {
        let exponentStart = body.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        let mantissa = body[..<(exponentStart ?? body.endIndex)]
        let point = mantissa.firstIndex(of: .dot)
        let integerPart = mantissa[..<(point ?? mantissa.endIndex)]
        var written = isNegative ? "-" : ""
        let integerDigits = try digits(integerPart, radix: 10, text: text, at: position)
        guard integerDigits.count == 1 || integerDigits.first != UInt8(ascii: "0") else {
            throw TOMLError(at: position, "\(text) is not a valid float: its integer part cannot start with 0; remove the leading zeros")
        }
        written += String(decoding: integerDigits, as: UTF8.self)
        if let point {
            let fraction = mantissa[(point + 1)...]
            guard !fraction.isEmpty else {
                throw TOMLError(at: position, "\(text) is not a valid float: a decimal point must have digits after it, like 1.0")
            }
            written += "." + String(decoding: try digits(fraction, radix: 10, text: text, at: position), as: UTF8.self)
        }
        if let exponentStart {
            var exponent = body[(exponentStart + 1)...]
            written += "e"
            if let sign = exponent.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                written += sign == UInt8(ascii: "-") ? "-" : "+"
                exponent = exponent.dropFirst()
            }
            guard !exponent.isEmpty else {
                throw TOMLError(at: position, "\(text) is not a valid float: an exponent must have digits, like 1e6")
            }
            written += String(decoding: try digits(exponent, radix: 10, text: text, at: position), as: UTF8.self)
        }
        guard let value = Double(written) else {
            throw TOMLError(at: position, "\(text) is not a valid float")
        }
        return value
    }
}
