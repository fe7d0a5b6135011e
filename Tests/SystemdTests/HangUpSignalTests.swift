import Glibc
@testable import Systemd
import Testing

@Suite("SIGHUP and credentials")
struct HangUpSignalTests {
    /// The handler's work, called directly: a real SIGHUP in the test process could land on
    /// another test's handler (ExitRestorer's ends the process). The board tests send a real
    /// one with systemctl reload.
    @Test("SIGHUP makes every loop's descriptor readable; several are one")
    func hangUp() throws {
        let signal = try HangUpSignal(), other = try HangUpSignal()
        let before = signal.drain()
        #expect(!before)
        HangUpSignal.deliver()
        HangUpSignal.deliver()
        var descriptors = [signal.descriptor, other.descriptor].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        #expect(poll(&descriptors, 2, 5_000) == 2)
        let received = signal.drain(), again = signal.drain(), alsoReceived = other.drain()
        #expect(received)
        #expect(!again)
        #expect(alsoReceived)
    }

    @Test("A credential is found in CREDENTIALS_DIRECTORY by its name, and nowhere else")
    func credentials() throws {
        let directory = "/tmp/t9dial-credentials-\(getpid())"
        mkdir(directory, 0o700)
        defer { unlink(directory + "/carddav-password"); rmdir(directory) }
        let file = fopen(directory + "/carddav-password", "w")
        fputs("secret\n", file)
        fclose(file)
        #expect(SystemdCredentials.path(of: "carddav-password", directory: directory) == directory + "/carddav-password")
        #expect(SystemdCredentials.path(of: "other", directory: directory) == nil)
        #expect(SystemdCredentials.path(of: "../carddav-password", directory: directory) == nil)
        #expect(SystemdCredentials.path(of: "carddav-password", directory: nil) == nil)
    }
}
