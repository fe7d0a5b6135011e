// SPDX-License-Identifier: Apache-2.0

/// Text made safe to reach a terminal, a pipe read line by line, or the journal.
///
/// A contact's name, a modem's answer, a device's name or a line read from standard input can
/// hold control characters. Written as they are, ESC and BEL start escape sequences that move
/// the cursor, clear the screen or retitle the terminal (an OSC sequence can do worse), and a
/// newline breaks the promise of one line per answer. Every line t9dial writes for people goes
/// through `VisibleText.line`, which shows them instead:
///
/// - C0 controls and DEL as caret notation: ESC is `^[`, a newline `^J`, a tab `^I`;
/// - C1 controls (U+0080 to U+009F, which hold the 8-bit CSI and OSC) as `\u{9b}`.
///
/// JSON output escapes them instead (see `JSONWriter`), so a program reading it gets the text
/// as it was.
public enum VisibleText {
    /// `text` as one line with every control character shown: "Eve^[]0;x^G".
    public static func line(_ text: String) -> String {
        // Most text has no control character: checked on its UTF-8 bytes in place, and
        // returned as is. (Read through `StringProtocol` from another module, unspecialized,
        // this check cost more than the search whose results it showed.)
        var text = text
        let hasControl = text.withUTF8(mayHoldControl)
        guard hasControl, text.unicodeScalars.contains(where: isControl) else { return text }
        var shown: [UInt8] = []
        for scalar in text.unicodeScalars { appendShown(scalar, to: &shown) }
        return String(decoding: shown, as: UTF8.self)
    }

    /// Any other text (a substring, a line of a report) as one line, as `line` shows a string.
    public static func line(_ text: some StringProtocol) -> String {
        line(String(text))
    }

    /// `text`'s UTF-8 bytes with every control character shown, as `line` shows them, appended
    /// to `output`: for output built as bytes (`t9dial search --stdin`).
    public static func append(utf8 text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        guard mayHoldControl(text) else {
            output.append(contentsOf: text)
            return
        }
        var bytes = text.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&bytes) {
            case .scalarValue(let scalar): appendShown(scalar, to: &output)
            case .emptyInput: return
            case .error: appendShown("\u{FFFD}", to: &output)
            }
        }
    }

    /// One scalar as a line shows it: itself, or a control character in caret notation or
    /// as `\u{9b}`.
    private static func appendShown(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        if scalar.value < 0x20 || scalar.value == 0x7F {
            output.append(UInt8(ascii: "^"))
            output.append(UInt8(scalar.value ^ 0x40))
        } else if isControl(scalar) {
            output.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".utf8)
        } else {
            UTF8.encode(scalar) { output.append($0) }
        }
    }

    /// Each line of `text` made visible, the line breaks between them kept: for reports of
    /// several lines built by t9dial itself.
    public static func lines(_ text: some StringProtocol) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line($0) }.joined(separator: "\n")
    }

    /// True for a control character: C0, DEL or C1.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Whether `text` (UTF-8) has a byte that is a C0 control or DEL, or the lead byte 0xC2 of
    /// U+0080...U+00BF (the C1 controls among them), read eight bytes at a time.
    static func mayHoldControl(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteWords.contains(text) { word in
            ByteWords.anyBelow(word, 0x20) || ByteWords.anyEqual(word, 0x7F) || ByteWords.anyEqual(word, 0xC2)
        }
    }
}
