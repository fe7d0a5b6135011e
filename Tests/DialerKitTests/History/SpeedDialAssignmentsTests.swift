// SPDX-License-Identifier: Apache-2.0

import DialHistory
import DialerConfig
import DialerEngine
import DialerKit
import Testing

@Suite("Speed dials: the config's over those kept")
struct SpeedDialAssignmentsTests {
    static let configuration: DialerConfiguration = {
        var configuration = DialerConfiguration()
        configuration.speedDial = SpeedDialSettings(targets: [3: .contact("Fred Smith", number: "home"), 4: .number("112")])
        configuration.voicemail = "121"
        return configuration
    }()

    static let kept = [
        StoredSpeedDial(key: 2, contact: "Ann Baker", number: nil),
        StoredSpeedDial(key: 3, contact: nil, number: "+44 20 7946 0000"),
        // Out of range or empty rows (a file edited by hand) are skipped.
        StoredSpeedDial(key: 1, contact: "Mum", number: nil),
        StoredSpeedDial(key: 6, contact: nil, number: nil),
    ]

    @Test func everyKeyIsListedWithWhereItIsSetAndTheConfigsWin() {
        let all = SpeedDialAssignment.all(configuration: Self.configuration, kept: Self.kept)
        #expect(all.map(\.key) == [2, 3, 3, 4])
        #expect(all.map(\.source) == [.kept, .config(file: nil, line: nil), .kept, .config(file: nil, line: nil)])
        #expect(all.map(\.isOverridden) == [false, false, true, false])
    }

    @Test func theDialerIsGivenTheKeysInUseAndVoicemail() {
        let dials = SpeedDialAssignment.speedDials(configuration: Self.configuration, kept: Self.kept)
        #expect(
            dials
                == SpeedDials(
                    targets: [2: .contact("Ann Baker", number: nil), 3: .contact("Fred Smith", number: "home"), 4: .number("112")],
                    voicemail: "121"))
    }

    @Test(arguments: [
        (SpeedDialTarget.contact("Fred Smith", number: "home"), StoredSpeedDial(key: 5, contact: "Fred Smith", number: "home")),
        (.contact("Fred Smith", number: nil), StoredSpeedDial(key: 5, contact: "Fred Smith", number: nil)),
        (.number("+44 20 7946 0000"), StoredSpeedDial(key: 5, contact: nil, number: "+44 20 7946 0000")),
    ])
    func aTargetIsKeptAndReadBackAsItWas(target: SpeedDialTarget, stored: StoredSpeedDial) {
        #expect(StoredSpeedDial(key: 5, target: target) == stored)
        #expect(stored.target == target)
    }
}
