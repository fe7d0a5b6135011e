// SPDX-License-Identifier: Apache-2.0

import DialerConfig

/// The screens a system offers (framebuffers and DRM cards), as the module that opens them
/// finds them, and which one t9dial draws on and why.
public struct ScreenFindings: Sendable, Hashable {
    /// One line a screen: its path and what it is ("/dev/dri/card0: Virtual-1 320x240@60"), or
    /// why it cannot be read.
    public var screens: [String]
    /// The screen a run draws on, nil for none.
    public var used: String?
    /// Why that one, or why none.
    public var why: String
    /// Why the screen a run draws on cannot be drawn on, nil when it can.
    public var problem: String?

    public init(screens: [String], used: String?, why: String, problem: String? = nil) {
        self.screens = screens
        self.used = used
        self.why = why
        self.problem = problem
    }

    /// The lines `t9dial devices` prints under its keypads.
    public var text: String {
        let listed = screens.isEmpty ? ["  none: no /dev/fb* and no /dev/dri/card*"] : screens.map { "  " + $0 }
        return (["Screens:"] + listed + ["t9dial draws on " + (used ?? "no screen") + ": " + why] + (problem.map { ["  but: " + $0] } ?? []))
            .joined(separator: "\n")
    }
}

extension Doctor {
    /// 5c. The screens found and the one drawn on, where the system has a DRM card or the
    /// config names one; nil otherwise, or when screens are not opened.
    func screensCheck(_ settings: Settings) -> DoctorCheck? {
        guard let survey = readers.screens, let configuration = settings.configuration,
            let found = survey(configuration.screen, system.path("/dev"))
        else { return nil }
        let listed = found.screens.isEmpty ? "none found" : found.screens.joined(separator: "; ")
        let finding = "\(listed); draws on \(found.used ?? "none"): \(found.why)"
        if let problem = found.problem {
            return DoctorCheck(.problem, "screens", finding, fix: problem)
        }
        return DoctorCheck(.ok, "screens", finding)
    }
}
