// SPDX-License-Identifier: Apache-2.0

public import DialerConfig
public import Diagnostics
public import ScreenOutput

/// The screens of this system as `doctor` and `devices` list them: each framebuffer with its
/// mode, each DRM card with the connector and mode t9dial would take, and which one a run with
/// the config's `[screen]` draws on, chosen as `ScreenDisplay.outputs` chooses.
public enum ScreenSurvey {
    /// doctor's: `findings`, or nil when `dev` has no DRM card and the settings name none (its
    /// framebuffer line says the rest).
    public static func doctorFindings(_ settings: ScreenSettings, dev: String) -> ScreenFindings? {
        guard !ScreenDevices.scan(dev: dev).cards.isEmpty || settings.drm != nil else { return nil }
        return findings(settings, dev: dev)
    }

    /// What is found under `dev`, each screen opened read-only to be described.
    public static func findings(_ settings: ScreenSettings, dev: String = "/dev") -> ScreenFindings {
        let devices = ScreenDevices.scan(dev: dev)
        let framebuffers = devices.framebuffers.map { path in
            do { return "\(path): framebuffer, \(try FramebufferDevice.mode(of: path))" } catch { return "\(path): \(String(describing: error))" }
        }
        var problems: [String: String] = [:]
        let cards = devices.cards.map { path in
            do {
                let choice = try DRMScreen.choice(of: path)
                return "\(path): DRM card, \(choice.connector.name) \(choice.mode)"
            } catch {
                problems[path] = String(describing: error)
                return "\(path): \(String(describing: error))"
            }
        }
        var findings = choose(settings, devices: devices)
        findings.screens = framebuffers + cards
        if let used = findings.used, let problem = problems[used] { findings.problem = problem }
        return findings
    }

    /// Which screen a run draws on and why, from the settings and the device paths alone.
    public static func choose(_ settings: ScreenSettings, devices: ScreenDevices) -> ScreenFindings {
        if let drm = settings.drm {
            return ScreenFindings(screens: [], used: drm, why: "[screen] drm names it")
        }
        if let framebuffer = settings.framebuffer {
            if let card = devices.cardInstead(ofFramebuffer: framebuffer) {
                return ScreenFindings(
                    screens: [], used: card, why: "[screen] framebuffer names \(framebuffer), and there is no /dev/fb, so the first DRM card")
            }
            return ScreenFindings(screens: [], used: framebuffer, why: "[screen] framebuffer names it")
        }
        if let card = devices.cardInstead(ofFramebuffer: "/dev/fb0") {
            return ScreenFindings(
                screens: [], used: nil,
                why: "[screen] names none; --output fb, or framebuffer = \"/dev/fb0\", would draw on \(card) (there is no /dev/fb)")
        }
        return ScreenFindings(screens: [], used: nil, why: "[screen] names none (set framebuffer or drm, or run with --output fb)")
    }
}
