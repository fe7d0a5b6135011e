public import DialerConfig
public import DialerEngine
public import T9Search

/// How keys are read and timed for a run: the keymaps, the `[keypad]` settings with the
/// command line's overrides, and the dialer they drive.
public struct KeypadSetup: Sendable {
    public var keymaps: KeymapCatalog
    public var settings: KeypadSettings
    public var timing: KeyTiming
    public var dialerSettings: DialerSettings

    /// With `keymap = "auto"`, the keymaps tried for a device, in this order: a phone keypad's
    /// own codes first, then a numpad's, then the top row of a keyboard.
    public static let automaticOrder = ["phone-keypad", "usb-numpad", "top-row"]

    /// The setup for `dialer`, with the command line's `mode` (nil: the config's).
    public static func load(for dialer: Dialer, mode: KeypadSettings.EntryMode? = nil) throws(DialerError) -> KeypadSetup {
        let settings = dialer.configuration.keypad
        let keymaps: KeymapCatalog
        do {
            keymaps = try KeymapCatalog.load(dataDirectory: dialer.dataDirectory)
            if settings.keymap != KeypadSettings.automaticKeymap { _ = try keymaps.keymap(id: settings.keymap) }
        } catch {
            throw .config(error)
        }
        let initialMode: InputMode
        switch mode ?? settings.mode {
        case .t9: initialMode = .t9
        case .multitap: initialMode = dialer.index.alphabet.layouts.first.map { .multiTap(layout: $0.id) } ?? .t9
        }
        return KeypadSetup(
            keymaps: keymaps,
            settings: settings,
            timing: KeyTiming(
                debounceMilliseconds: settings.debounceMilliseconds,
                longPressMilliseconds: settings.longPressMilliseconds,
                clearHoldMilliseconds: settings.clearHoldMilliseconds
            ),
            dialerSettings: DialerSettings(
                multiTapCommit: Microseconds(settings.multitapCommitMilliseconds) * 1000,
                idleClear: settings.idleClearSeconds == 0 ? nil : Microseconds(settings.idleClearSeconds) * 1_000_000,
                resultLimit: dialer.limit,
                initialMode: initialMode
            )
        )
    }

    /// The keymap to read a device that has `keys` with: the configured one if the device has
    /// its digits, else (with "auto") the first of `automaticOrder` whose digits it has; nil
    /// when none fits.
    public func keymap(forKeys keys: Set<UInt16>) -> Keymap? {
        let candidates: [Keymap]
        if settings.keymap == KeypadSettings.automaticKeymap {
            let ordered = Self.automaticOrder.compactMap { id in keymaps.keymaps.first { $0.id == id } }
            candidates = ordered + keymaps.keymaps.filter { !Self.automaticOrder.contains($0.id) }
        } else {
            candidates = keymaps.keymaps.filter { $0.id == settings.keymap }
        }
        return candidates.first { $0.missingDigits(onDeviceWithKeys: keys).isEmpty }
    }

    /// A dialer for `index` with these settings, reading no keypad yet.
    public func makeMachine(index: SearchIndex) throws(DialerError) -> DialerMachine {
        do {
            return DialerMachine(session: try DialerSession(index: index, settings: dialerSettings))
        } catch {
            throw .other(String(describing: error))
        }
    }
}
