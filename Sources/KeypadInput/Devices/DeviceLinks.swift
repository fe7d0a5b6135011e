// SPDX-License-Identifier: Apache-2.0

import SystemCalls
/// The names of device nodes: the event nodes in the input directory, the symbolic links udev
/// makes to them (by-id, by-path, t9dial's own link), and resolving a link to its node.
public enum DeviceLinks {
    /// The folders of udev's stable links inside the input directory.
    public static let linkFolders = ["by-id", "by-path"]

    /// The event nodes in the directory ("event0", "event10"...), as full paths in numeric
    /// order; empty when the directory does not exist.
    public static func eventNodes(in directory: String) -> [String] {
        guard case .success(let names) = SystemCall.directoryEntries(directory) else { return [] }
        return names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix("event"), let number = Int(name.dropFirst(5)) else { return nil }
            return (number, join(directory, name))
        }
        .sorted { $0.0 < $1.0 }
        .map(\.1)
    }

    /// The node a path names, every symbolic link resolved (a by-id link gives its event node),
    /// or nil when nothing is there.
    public static func resolve(_ path: String) -> String? {
        guard case .success(let resolved) = Syscalls.realPath(path) else { return nil }
        return resolved
    }

    /// The links in the input directory, its by-id and its by-path folders that point at
    /// `node`, sorted.
    public static func links(to node: String, in directory: String) -> [String] {
        guard let target = resolve(node) else { return [] }
        var links: [String] = []
        for folder in [directory] + linkFolders.map({ join(directory, $0) }) {
            guard case .success(let names) = SystemCall.directoryEntries(folder) else { continue }
            for name in names.sorted() {
                let link = join(folder, name)
                if Syscalls.isSymbolicLink(link), resolve(link) == target { links.append(link) }
            }
        }
        return links
    }

    /// Whether anything is at the path (for a link: whether it resolves).
    public static func exists(_ path: String) -> Bool {
        SystemCall.exists(path)
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
