// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

/// The bash completion t9dial generates, run in bash as <TAB> would: file names after a path
/// option, the values after an option that takes a few.
@Suite("Shell completion")
struct ShellCompletionTests {
    /// What bash offers for the last word of `words` (empty: the word after a space), in
    /// `directory`, with the generated script loaded and t9dial on the PATH for the completions
    /// it computes itself.
    func completions(_ words: [String], in directory: String) throws -> [String] {
        let script = try T9DialProcess.run(["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        let scriptFile = try T9DialProcess.write(script.stdout, to: directory + "/t9dial.bash")
        let executable = try #require(T9DialProcess.executable)
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let line = words.joined(separator: " ")
        let program = """
            source '\(scriptFile)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
            _t9dial t9dial '\(words.last ?? "")' '\(words.dropLast().last ?? "")'
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", program]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = T9DialProcess.environment(stateDirectory: directory + "/state")
        environment["PATH"] = URL(fileURLWithPath: executable).deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return text.split(separator: "\n").map(String.init).sorted()
    }

    @Test(arguments: [["search", "--contacts"], ["search", "37337", "--contacts"], ["history", "--contacts"], ["run", "--replay"]])
    func aPathOptionCompletesFileNames(command: [String]) throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            try T9DialProcess.write("BEGIN:VCARD\nEND:VCARD\n", to: directory + "/book.vcf")
            #expect(try completions(["t9dial"] + command + [""], in: directory).contains("book.vcf"))
            #expect(try completions(["t9dial"] + command + ["bo"], in: directory) == ["book.vcf"])
        }
    }

    @Test func valueOptionsCompleteTheirValues() throws {
        try T9DialProcess.withTemporaryDirectory { directory in
            #expect(try completions(["t9dial", "search", "--match", ""], in: directory) == ["anywhere", "smart"])
            #expect(try completions(["t9dial", "run", "--mode", ""], in: directory) == ["multitap", "t9"])
            #expect(try completions(["t9dial", "try", "--output", ""], in: directory).contains("json"))
            let keymaps = try completions(["t9dial", "devices", "--data-dir", T9DialProcess.dataDirectory, "--keymap", ""], in: directory)
            #expect(keymaps == ["auto", "phone-keypad", "top-row", "usb-numpad"])
        }
    }
}
