// SPDX-License-Identifier: Apache-2.0

/// The `[screen]` table of t9dial.toml: the panel to draw on, the font and how the panel is mounted.
public struct ScreenSettings: Sendable, Hashable {
    /// A console font by name in /usr/share/consolefonts ("Uni2-Terminus16") or a path to a
    /// .psf/.psf.gz file; nil for t9dial's own 8x16 font (Config/fonts).
    public var font: String?
    /// Where the config set `font`, for an error when the font does not load; nil when the
    /// config did not set it.
    public var fontLocation: SettingLocation?
    /// How the panel is turned: 0, 90, 180 or 270 degrees clockwise.
    public var rotation: Int
    /// The framebuffer device `t9dial run` and `try` draw on besides their `--output`s
    /// ("/dev/fb0"); nil for none. An absolute path, since the service has no working folder
    /// to make a relative one mean anything.
    public var framebuffer: String?
    /// The DRM card drawn on instead of `framebuffer` ("/dev/dri/card0", `ScreenSettings+DRM`);
    /// nil for none (a card is still drawn on when a framebuffer is asked for and the system
    /// has none).
    public var drm: String? = nil
    /// How long the dialer waits with nothing happening before the screen sleeps, in seconds;
    /// 0 never (`sleep_after`, `ScreenSettings+Sleep.swift`).
    public var sleepAfterSeconds: Int
    /// The backlight class device switched off while the screen sleeps (a NAME in
    /// /sys/class/backlight); nil for none beyond what FBIOBLANK does.
    public var backlight: String?
    /// How the status line tells the time (`clock`, `ScreenSettings+Status.swift`).
    public var clock: ClockFormat = .twentyFourHour
    /// Whether the panel is drawn black and white whatever its depth: nil to tell from the
    /// framebuffer (`monochrome`, `ScreenSettings+Monochrome.swift`).
    public var monochrome: Bool? = nil
    /// The character display drawn on besides the framebuffer ("/dev/lcd", the kernel's
    /// charlcd); nil for none (`ScreenSettings+LCD.swift`).
    public var lcd: String? = nil
    /// How many characters that display shows (`lcd_size`).
    public var lcdSize: LCDSize = .sixteenByTwo
    /// Which character ROM that display was made with (`lcd_rom`).
    public var lcdROM: LCDCharacterROM = .a00

    public init(
        font: String? = nil, rotation: Int = 0, framebuffer: String? = nil,
        sleepAfterSeconds: Int = ScreenSettings.defaultSleepAfterSeconds, backlight: String? = nil
    ) {
        self.font = font
        self.rotation = rotation
        self.framebuffer = framebuffer
        self.sleepAfterSeconds = sleepAfterSeconds
        self.backlight = backlight
    }
}

extension ScreenSettings {
    /// Equal when the settings are: where the font was written is not a setting.
    public static func == (lhs: ScreenSettings, rhs: ScreenSettings) -> Bool {
        lhs.font == rhs.font && lhs.rotation == rhs.rotation && lhs.framebuffer == rhs.framebuffer && lhs.drm == rhs.drm
            && lhs.sleepAfterSeconds == rhs.sleepAfterSeconds && lhs.backlight == rhs.backlight && lhs.clock == rhs.clock
            && lhs.monochrome == rhs.monochrome && lhs.lcd == rhs.lcd && lhs.lcdSize == rhs.lcdSize
            && lhs.lcdROM == rhs.lcdROM
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(font)
        hasher.combine(rotation)
        hasher.combine(framebuffer)
        hasher.combine(drm)
        hasher.combine(sleepAfterSeconds)
        hasher.combine(backlight)
        hasher.combine(clock)
        hasher.combine(monochrome)
        hasher.combine(lcd)
        hasher.combine(lcdSize)
        hasher.combine(lcdROM)
    }

    static let tableName = "screen"
    static let keys = ["font", "rotation", "framebuffer", "sleep_after", "backlight", "clock", "monochrome", "lcd", "lcd_size", "lcd_rom", "drm"]

    init(reading table: TableReader, home: String?) throws(ConfigError) {
        self.init()
        try table.rejectUnknownKeys(keys: Self.keys)
        if let name = try table.string("font", example: #"font = "Uni2-Terminus16""#), !name.isEmpty {
            font = name.contains("/") ? PathExpansion.expand(name, configFile: table.document.file, home: home) : name
            fontLocation = table.location(of: "font")
        }
        if let degrees = try table.integer("rotation", example: "rotation = 90") {
            guard [0, 90, 180, 270].contains(degrees) else {
                throw table.error(at: "rotation", "\(table.subject("rotation")) must be 0, 90, 180 or 270 (degrees clockwise); found \(degrees)")
            }
            rotation = degrees
        }
        if let path = try table.string("framebuffer", example: #"framebuffer = "/dev/fb0""#), !path.isEmpty {
            guard path.hasPrefix("/") else {
                throw table.error(
                    at: "framebuffer",
                    "\(table.subject("framebuffer")) must be the absolute path of a framebuffer device such as \"/dev/fb0\", "
                        + "or \"\" for none; found \(TableReader.quoted(path))"
                )
            }
            framebuffer = path
        }
        try readSleep(table)
        try readDRM(table)
        try readClock(table)
        try readMonochrome(table)
        try readLCD(table)
    }
}
