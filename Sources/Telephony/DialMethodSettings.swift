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
    /// Whether calls come in through it, and so want a ringer (`print` and `exec` only launch
    /// calls).
    static var followsCalls: Bool { get }
    /// How its back-end rings a call by itself (baresip's `audio_alert`), read on `system`,
    /// so that t9dial and the back-end never both ring; nil when it has no ringer of its own
    /// or its config cannot be found.
    func ownRinger(on system: any DialDoctorSystem) -> OwnRinger?
    /// Whether its back-end rings by itself when its config is not found (baresip does, on
    /// its first sound module).
    static var ringsByDefault: Bool { get }
}

/// A back-end's own ringer: the file and setting that make it, and whether it rings.
public struct OwnRinger: Sendable, Hashable {
    /// The file that sets it.
    public var file: String
    /// The setting as written there: `audio_alert alsa,default`.
    public var setting: String
    /// Whether it rings somewhere (not a null device).
    public var rings: Bool
    /// What stops it ringing.
    public var silencing: String

    public init(file: String, setting: String, rings: Bool, silencing: String) {
        self.file = file
        self.setting = setting
        self.rings = rings
        self.silencing = silencing
    }
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
