import Glibc
@testable import Systemd
import Testing

@Suite("SIGHUP and credentials")
struct HangUpSignalTests {
    @Test("SIGHUP makes the descriptor readable instead of ending the process; several are one")
    func hangUp() throws {
        let signal = try HangUpSignal()
        let before = signal.drain()
        #expect(!before)
        kill(getpid(), SIGHUP)
        kill(getpid(), SIGHUP)
        var descriptor = pollfd(fd: signal.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 5_000) == 1)
        let received = signal.drain(), again = signal.drain()
        #expect(received)
        #expect(!again)
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
