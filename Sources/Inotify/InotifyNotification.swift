// SPDX-License-Identifier: Apache-2.0

/// One inotify notification: the watch, what happened (IN_* bits), and the name in the watched
/// folder (empty when it is about the watched file or folder itself, or IN_Q_OVERFLOW).
public struct InotifyNotification: Sendable, Hashable {
    public var watch: Int32
    public var mask: UInt32
    public var name: String

    public init(watch: Int32, mask: UInt32, name: String) {
        self.watch = watch
        self.mask = mask
        self.name = name
    }

    /// The notifications in what one read gave (struct inotify_event, each followed by its
    /// NUL-padded name).
    static func parse(_ bytes: UnsafeRawBufferPointer) -> [InotifyNotification] {
        // struct inotify_event { int wd; uint32_t mask; uint32_t cookie; uint32_t len; char name[]; }
        let header = 16
        var notifications: [InotifyNotification] = []
        var offset = 0
        while offset + header <= bytes.count {
            let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameEnd = min(offset + header + length, bytes.count)
            let name = String(decoding: bytes[(offset + header)..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
            notifications.append(InotifyNotification(watch: watch, mask: mask, name: name))
            offset += header + length
        }
        return notifications
    }
}
