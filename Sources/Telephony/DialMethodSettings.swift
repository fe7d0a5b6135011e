// SPDX-License-Identifier: Apache-2.0

public import DialerConfig

/// What every dial method's folder provides, in its settings type: the keys of `[dial]` it
/// reads and checks, the line made from them, what `t9dial config show` writes, and what
/// `t9dial config check` and `t9dial doctor` find of it on the checked system. `DialMethod` holds one of these a
/// method, and each arm of its switches is one call into the method's folder.
public protocol DialMethodSettings: Sendable, Hashable {
    /// The method's name in the config: `method = "NAME"`.
    static var name: String { get }
    /// The keys of `[dial]` it reads, besides `method`.
    static var keys: [String] { get }
    /// Reads its keys of `[dial]`; a key that is wrong, or one it needs and does not find, is
    /// an error at its line.
    init(reading table: DialTable) throws(ConfigError)
    /// Its case of `DialMethod`, holding these settings.
    var method: DialMethod { get }
    /// Its line, set up now so that a bad setting is reported at start.
    func makeLine() throws(DialSetupError) -> any CallLine
    /// Its keys as `t9dial config show` writes them, in order.
    var tomlSettings: [ConfigSetting] { get }
    /// What `t9dial config check` finds wrong with what it names, on `system`.
    func findings(on system: any DialSystem) -> [DialFinding]
    /// What `t9dial doctor` finds of it on `system`: its lines, in order.
    func doctorChecks(on system: any DialDoctorSystem) -> [DialCheck]
}

/// The checked system as the methods' config checks see it (Diagnostics hands in its own,
/// whose "/" may be another folder).
public protocol DialSystem {
    /// Whether `path` exists there.
    func exists(_ path: String) -> Bool
    /// Whether `path` is a file there that can be run.
    func isExecutable(_ path: String) -> Bool
    /// The folders of `PATH` there.
    var programFolders: [String] { get }
}

/// One thing a method's config check found: at which key of `[dial]`, what, and whether it
/// stops the method (a problem) or not (a warning).
public struct DialFinding: Sendable, Hashable {
    public var isProblem: Bool
    /// The key of `[dial]` it is about: `command`, `device`, `method`.
    public var key: String
    public var message: String

    public static func problem(_ key: String, _ message: String) -> DialFinding {
        DialFinding(isProblem: true, key: key, message: message)
    }

    public static func warning(_ key: String, _ message: String) -> DialFinding {
        DialFinding(isProblem: false, key: key, message: message)
    }
}
