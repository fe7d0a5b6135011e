// SPDX-License-Identifier: Apache-2.0

import Foundation

/// A device tree as `dtc -O dts` prints it back from a blob: each node's properties by path.
///
/// It reads only what dtc writes when it decompiles (one property a line, values as `<cells>`,
/// `[bytes]` and `"strings"`), not device-tree source in general.
struct DeviceTreeSource: Sendable {
    /// The nodes by path: "/" for the root, "/fragment@1/__overlay__/t9dial-keypad" below it.
    let nodes: [String: DeviceTreeNode]

    init(parsing text: String) throws {
        var nodes: [String: DeviceTreeNode] = [:]
        var path: [String] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            let error = { (what: String) in DeviceTreeSourceError(message: "line \(index + 1): \(what): \(line)") }
            if line.isEmpty || line == "/dts-v1/;" { continue }
            if line == "};" {
                guard path.popLast() != nil else { throw error("a node closes that never opened") }
            } else if line.hasSuffix(" {") {
                path.append(String(line.dropLast(2)))
                nodes[Self.join(path)] = DeviceTreeNode()
            } else if line.hasSuffix(";"), !path.isEmpty {
                let statement = line.dropLast()
                let parts = statement.split(separator: " = ", maxSplits: 1)
                let value = parts.count == 2 ? try Self.bytes(of: parts[1]) : []
                nodes[Self.join(path)]?.properties[String(parts[0])] = value
            } else {
                throw error("neither a node nor a property")
            }
        }
        self.nodes = nodes
    }

    /// The path of the node whose `phandle` is `phandle`.
    func path(ofPhandle phandle: UInt32) -> String? {
        nodes.first { $0.value.cells("phandle") == [phandle] }?.key
    }

    /// What a parameter of `__overrides__` writes: for each target, the node (by path), the
    /// property and the byte offset in it. The Raspberry Pi firmware's format is a phandle
    /// followed by "property:offset" and a NUL, again for each target.
    func overrideTargets(of parameter: String) throws -> [OverrideTarget] {
        guard let bytes = nodes["/__overrides__"]?.properties[parameter] else {
            throw DeviceTreeSourceError(message: "no parameter \(parameter) in __overrides__")
        }
        var targets: [OverrideTarget] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            guard rest.count > 4, let end = rest.dropFirst(4).firstIndex(of: 0) else {
                throw DeviceTreeSourceError(message: "\(parameter): a target is cut short")
            }
            let phandle = rest.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            let text = String(decoding: rest[(rest.startIndex + 4)..<end], as: UTF8.self)
            let words = text.split(separator: ":")
            guard words.count == 2, let offset = Int(words[1]), let path = path(ofPhandle: phandle) else {
                throw DeviceTreeSourceError(message: "\(parameter): \"\(text)\" of phandle \(phandle) is not a node's property:offset")
            }
            targets.append(OverrideTarget(path: path, property: String(words[0]), offset: offset))
            rest = rest[(end + 1)...]
        }
        return targets
    }

    private static func join(_ path: [String]) -> String {
        "/" + path.dropFirst().joined(separator: "/")
    }

    /// The bytes of a value: `<cells>` big-endian, `[bytes]`, and `"strings"` each with its NUL.
    private static func bytes(of value: Substring) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var rest = value[...]
        while let first = rest.first {
            if first == " " || first == "," {
                rest = rest.dropFirst()
            } else if first == "<" || first == "[", let close = rest.firstIndex(of: first == "<" ? ">" : "]") {
                for word in rest[rest.index(after: rest.startIndex)..<close].split(separator: " ") {
                    if first == "<" {
                        guard let cell = UInt32(word.hasPrefix("0x") ? word.dropFirst(2) : word, radix: word.hasPrefix("0x") ? 16 : 10) else {
                            throw DeviceTreeSourceError(message: "not a cell: \(word)")
                        }
                        bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: cell >> $0) }
                    } else {
                        guard let byte = UInt8(word, radix: 16) else { throw DeviceTreeSourceError(message: "not a byte: \(word)") }
                        bytes.append(byte)
                    }
                }
                rest = rest[rest.index(after: close)...]
            } else if first == "\"" {
                rest = rest.dropFirst()
                var escaped = false
                while let character = rest.popFirst(), escaped || character != "\"" {
                    if escaped {
                        bytes += character == "0" ? [0] : Array(String(character).utf8)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else {
                        bytes += Array(String(character).utf8)
                    }
                }
                bytes.append(0)
            } else {
                throw DeviceTreeSourceError(message: "not a value: \(rest)")
            }
        }
        return bytes
    }
}

/// One node's properties, each as its bytes (empty for a flag such as `linux,no-autorepeat;`).
struct DeviceTreeNode: Sendable {
    var properties: [String: [UInt8]] = [:]

    /// The property as 32-bit cells, or nil when it is missing or not whole cells.
    func cells(_ name: String) -> [UInt32]? {
        guard let bytes = properties[name], bytes.count % 4 == 0 else { return nil }
        return stride(from: 0, to: bytes.count, by: 4).map { start in
            bytes[start..<(start + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }
    }

    /// The property as one string, or nil when it is missing or not one NUL-terminated string.
    func string(_ name: String) -> String? {
        guard let bytes = properties[name], bytes.last == 0, bytes.dropLast().allSatisfy({ $0 != 0 }) else { return nil }
        return String(decoding: bytes.dropLast(), as: UTF8.self)
    }

    /// The property as NUL-separated strings, as in `__fixups__`.
    func strings(_ name: String) -> [String]? {
        guard let bytes = properties[name], bytes.last == 0 else { return nil }
        return bytes.dropLast().split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// Where an `__overrides__` parameter writes its value.
struct OverrideTarget: Equatable, Sendable, CustomStringConvertible {
    let path: String
    let property: String
    let offset: Int

    var description: String { "\(path):\(property):\(offset)" }
}

struct DeviceTreeSourceError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
