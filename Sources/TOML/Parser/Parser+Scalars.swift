// SPDX-License-Identifier: Apache-2.0

extension Parser {
    /// Reads a value that is not a string, array or table: a boolean, an integer, a float, or a
    /// date or time. It is read as one run of the characters these are written with, then
    /// checked as a whole, so that `1979-05-7` is one error about a date, not a number followed
    /// by surprises.
    mutating func parseScalar() throws(TOMLError) -> TOMLValue {
        let position = here()
        let start = index
        while let byte = current, Self.isScalarByte(byte) { index += 1 }
        guard index > start else {
            throw failure(
                "expected a value, found \(found); a value is a \"string\", a number, true or false, a date, an [array] or an { inline table }"
            )
        }
        var token = Array(bytes[start..<index])
        // A date and time may have a space between them (`1979-05-27 07:32:00`).
        if Self.isFullDate(token), current == .space, peek(1)?.isDigit == true, peek(2)?.isDigit == true, peek(3) == UInt8(ascii: ":") {
            index += 1
            token.append(UInt8(ascii: "T"))
            while let byte = current, Self.isScalarByte(byte) {
                token.append(byte)
                index += 1
            }
        }
        let text = String(decoding: token, as: UTF8.self)
        switch text {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan": return .float(.nan)
        case "-nan": return .float(-.nan)
        default: break
        }
        if token.count >= 5, token[0].isDigit, token[1].isDigit, token[2].isDigit, token[3].isDigit, token[4] == UInt8(ascii: "-") {
            return try DateTimeReader.dateTime(token, text: text, at: position)
        }
        if token.count >= 3, token[0].isDigit, token[1].isDigit, token[2] == UInt8(ascii: ":") {
            guard let time = DateTimeReader.time(token[...]) else {
                throw TOMLError(at: position, "\(text) is not a valid time; a time is written HH:MM:SS, like 07:32:00 or 07:32:00.999")
            }
            return .localTime(time)
        }
        return try NumberReader.number(token, text: text, at: position)
    }

    /// A character a number, boolean, date or time is written with.
    private static func isScalarByte(_ byte: UInt8) -> Bool {
        byte.isBareKey || byte == UInt8(ascii: "+") || byte == .dot || byte == UInt8(ascii: ":")
    }

    /// `dddd-dd-dd` and nothing more.
    private static func isFullDate(_ token: [UInt8]) -> Bool {
        token.count == 10 && token[4] == UInt8(ascii: "-") && token[7] == UInt8(ascii: "-")
            && [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { token[$0].isDigit }
    }
}
