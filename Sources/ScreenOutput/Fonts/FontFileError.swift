// SPDX-License-Identifier: Apache-2.0

/// Why a console font could not be found or read: the name or path, and what to do.
public struct FontFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// No file in the font folder has this name with any of the console font endings.
        case notFound(name: String, folder: String)
        /// The file exists but could not be read.
        case file(FileError)
        /// The file is gzipped but does not uncompress.
        case corrupt(path: String, ZlibError)
    }

    public var reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// What went wrong, where, and how to fix it.
    public var message: String {
        switch reason {
        case .notFound(let name, let folder):
            "no console font \"\(name)\" in \(folder) (tried \(FontFile.extensions.map { name + $0 }.joined(separator: ", "))): "
                + "install the fonts with sudo apt-get install console-setup-linux, or give the font file's path"
        case .file(let error):
            error.message
        case .corrupt(let path, let error):
            "the console font \(path) is damaged: \(error.message); reinstall it (sudo apt-get install --reinstall console-setup-linux) or give another font"
        }
    }

    public var description: String { message }
}
