// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Builds an overlay of `Config/overlays/` as its Makefile does, and reads the blob back.
enum OverlayCompiler {
    /// The Makefile's CPPFLAGS, with the include folder made absolute.
    static let preprocessorFlags = ["-nostdinc", "-I", overlaysDirectory + "/include", "-undef", "-x", "assembler-with-cpp"]
    /// The Makefile's DTCFLAGS.
    static let compilerFlags = ["-@", "-I", "dts", "-O", "dtb"]

    static let overlaysDirectory = TestFiles.configDirectory + "/overlays"

    /// An overlay built and decompiled.
    struct Overlay: Sendable {
        /// What cpp and dtc wrote on stderr while building it: warnings, since they succeeded.
        let warnings: String
        let tree: DeviceTreeSource
    }

    /// Builds `Config/overlays/<name>.dts` into a .dtbo and decompiles that with dtc.
    static func build(_ name: String) throws -> Overlay {
        let cpp = try tool("cpp")
        let dtc = try tool("dtc")
        return try TestFiles.withTemporaryDirectory { directory in
            let preprocessed = directory + "/\(name).pp.dts"
            let blob = directory + "/\(name).dtbo"
            let decompiled = directory + "/\(name).out.dts"
            let cppWarnings = try run(cpp, preprocessorFlags + ["-o", preprocessed, "\(overlaysDirectory)/\(name).dts"])
            let dtcWarnings = try run(dtc, compilerFlags + ["-o", blob, preprocessed])
            // Decompiling warns of gpios whose phandle is a fixup, which only the firmware
            // resolves: those say nothing about the overlay's source, so they are not kept.
            _ = try run(dtc, ["-I", "dtb", "-O", "dts", "-o", decompiled, blob])
            let tree = try DeviceTreeSource(parsing: try String(contentsOfFile: decompiled, encoding: .utf8))
            return Overlay(warnings: cppWarnings + dtcWarnings, tree: tree)
        }
    }

    /// The tool's path on PATH; a missing tool is an error that says how to install it.
    static func tool(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return "\(folder)/\(name)"
        }
        throw OverlayBuildError(message: "\(name) is not on PATH: run `make test`, which installs device-tree-compiler and cpp")
    }

    /// Runs a tool, returning its stderr; a failure is an error holding that stderr.
    private static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Read before waiting, so that a full pipe cannot stall the tool.
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let command = ([executable] + arguments).joined(separator: " ")
            throw OverlayBuildError(message: "\(command) failed (\(process.terminationStatus)):\n\(stderr)")
        }
        return stderr
    }
}

struct OverlayBuildError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
