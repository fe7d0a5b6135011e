// SPDX-License-Identifier: Apache-2.0

import Foundation
@testable import ScreenOutput
import Testing
import SystemCalls
import struct SystemPackage.FileDescriptor

@Suite("Framebuffer devices")
struct FramebufferDeviceTests {
    @Test("A missing /dev/fb9 is .noSuchDevice, naming it and how to get one")
    func missingDevice() {
        do {
            _ = try FramebufferDevice(path: "/dev/fb9")
            Issue.record("/dev/fb9 opened")
        } catch {
            #expect(error.kind == .noSuchDevice)
            #expect(error.message.contains("/dev/fb9"))
            #expect(error.message.contains("ls /dev/fb*"))
        }
        #expect(throws: FramebufferError.self) { try FramebufferDevice.mode(of: "/dev/fb9") }
    }

    @Test("A file that is not a framebuffer is named as such")
    func notAFramebuffer() throws {
        let folder = try TemporaryFolder()
        let path = folder.join("fb0")
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
        do {
            _ = try FramebufferDevice(path: path)
            Issue.record("a plain file opened as a framebuffer")
        } catch {
            #expect(error.kind == .notAFramebuffer)
            #expect(error.message.contains("\(path) is not a framebuffer"))
        }
    }

    @Test("Permission problems say to join the video group or install the udev rule")
    func permissionMessage() {
        let error = FramebufferError(path: "/dev/fb0", reason: .system(.open, Errno(EACCES)))
        #expect(error.kind == .permissionDenied)
        #expect(error.message.contains("/dev/fb0") && error.message.contains("video group") && error.message.contains("udev rule"))
    }

    @Test("Atomic writes name their temporary file next to the target")
    func temporaryTemplate() {
        #expect(FileBytes.temporaryTemplate(for: "/srv/shots/screen.png") == "/srv/shots/.screen.png.XXXXXX")
        #expect(FileBytes.temporaryTemplate(for: "screen.png") == ".screen.png.XXXXXX")
    }
}

@Suite("Framebuffer blanking")
struct FramebufferBlankTests {
    /// FBIOBLANK reaches the descriptor: a device that is no framebuffer answers ENOTTY, which
    /// comes back as the blanking's error (a framebuffer's own answer is the VM test's).
    @Test(arguments: [true, false])
    func theBlankIoctlReachesTheDevice(blank: Bool) throws {
        let descriptor = try #require(try? SystemCall.open("/dev/null", O_RDWR | O_CLOEXEC).get())
        defer { _ = SystemCall.close(descriptor) }
        #expect(Syscalls.blankFramebuffer(FileDescriptor(rawValue: descriptor), blank) == .failure(Errno(ENOTTY)))
    }

    @Test func aBlankingFailureNamesTheDevice() {
        let error = FramebufferError(path: "/dev/fb1", reason: .system(.blank, Errno(EINVAL)))
        #expect(error.message == "blanking /dev/fb1 failed: \(Errno(EINVAL).description)")
    }
}
