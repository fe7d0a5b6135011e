// SPDX-License-Identifier: Apache-2.0

/// One thing `t9dial doctor` looked at, what it found, and what to do about it.
public struct DoctorCheck: Sendable, Hashable, CustomStringConvertible {
    public enum Status: Sendable, Hashable, Comparable {
        case ok
        /// Works, but not as well as it should, or only for some uses.
        case warning
        /// The service will not work until this is fixed.
        case problem

        /// The word a line starts with; a problem in capitals, to be seen in a long listing.
        public var label: String {
            switch self {
            case .ok: "ok"
            case .warning: "warning"
            case .problem: "PROBLEM"
            }
        }
    }

    public var status: Status
    /// What was checked: "udev rule", "group t9dial".
    public var subject: String
    /// What was found.
    public var finding: String
    /// What to do, as a command where there is one; nil when all is well.
    public var fix: String?

    public init(_ status: Status, _ subject: String, _ finding: String, fix: String? = nil) {
        self.status = status
        self.subject = subject
        self.finding = finding
        self.fix = fix
    }

    /// `ok       udev rule: /etc/udev/rules.d/70-t9dial.rules`, or
    /// `PROBLEM  group t9dial: missing; fix: sudo groupadd --system t9dial`.
    public var description: String {
        let label = status.label + String(repeating: " ", count: max(1, 9 - status.label.count))
        return label + subject + ": " + finding + (fix.map { "; fix: " + $0 } ?? "")
    }
}

/// Every check of a run of `t9dial doctor`, in order.
public struct DoctorReport: Sendable, Hashable {
    public var checks: [DoctorCheck]

    public init(checks: [DoctorCheck]) {
        self.checks = checks
    }

    /// Whether something must be fixed before the service works.
    public var hasProblem: Bool { checks.contains { $0.status == .problem } }

    /// `8 checks: 5 ok, 1 warning, 2 problems`, and what to do next.
    public var summary: String {
        func count(_ status: DoctorCheck.Status, _ noun: String) -> String {
            let count = checks.count { $0.status == status }
            return "\(count) \(noun)\(count == 1 ? "" : "s")"
        }
        let counts =
            "\(checks.count) checks: \(checks.count { $0.status == .ok }) ok, "
            + count(.warning, "warning") + ", " + count(.problem, "problem")
        return counts + (hasProblem ? "; fix the problems, then run t9dial doctor again." : ".")
    }

    /// A line a check, then the summary.
    public var text: String {
        (checks.map(\.description) + ["", summary]).joined(separator: "\n")
    }
}
