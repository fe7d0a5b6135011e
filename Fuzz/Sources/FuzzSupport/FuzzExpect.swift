// SPDX-License-Identifier: Apache-2.0

/// Traps unless `condition` holds: libFuzzer takes the trap for a crash and keeps the input,
/// so a broken rule is found and reported the way a crash is.
public func fuzzExpect(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    if !condition { fatalError("fuzz check failed: \(message())", file: file, line: line) }
}

/// What every error of a file's parser must say: the file it was given and, when it names a
/// line, a line of `input`.
public func fuzzExpectPlace(file: String?, line: Int?, of input: [UInt8], named name: String, _ error: Any) {
    fuzzExpect(file == name, "error names \(file ?? "no file"), not \(name): \(error)")
    if let line { fuzzExpect((1...input.lineCount).contains(line), "error at line \(line) of \(input.lineCount): \(error)") }
}
