// SPDX-License-Identifier: Apache-2.0

@testable import ScreenOutput
import Testing

@Suite("DRM mode choice")
struct DRMModeChoiceTests {
    static let vga = DRMMode(width: 640, height: 480, refresh: 60)
    static let panel = DRMMode(width: 320, height: 240, refresh: 60, preferred: true)
    static let fullHD = DRMMode(width: 1920, height: 1080, refresh: 60)
    static let fullHD75 = DRMMode(width: 1920, height: 1080, refresh: 75)
    static let uhd = DRMMode(width: 3840, height: 2160, refresh: 30, preferred: true)
    static let encoder = DRMEncoder(id: 40, crtc: 0, possibleCRTCIndexes: [1])

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let modes: [DRMMode]
        let expected: DRMMode
        var testDescription: String { name }
    }

    @Test(
        "The preferred mode, else the largest within 1920x1200 and the fastest of those",
        arguments: [
            Case(name: "preferred", modes: [vga, panel, fullHD], expected: panel),
            Case(name: "none preferred: the largest", modes: [vga, fullHD, DRMMode(width: 320, height: 240, refresh: 60)], expected: fullHD),
            Case(name: "equal sizes: the fastest", modes: [fullHD, fullHD75, vga], expected: fullHD75),
            Case(name: "a preferred 4K: the largest within the limit", modes: [uhd, vga, fullHD], expected: fullHD),
        ])
    func mode(_ example: Case) throws {
        let connector = DRMConnector(id: 30, name: "HDMI-A-1", connected: true, modes: example.modes, encoders: [Self.encoder])
        let choice = try DRMModeChoice.choose(connectors: [connector], crtcs: [10, 11]).get()
        #expect(choice.mode == example.expected)
        #expect(choice.connector.modes[choice.modeIndex] == example.expected)
    }

    @Test("The first connected connector with modes; its encoder's CRTC, else the first it can drive")
    func connectorAndCRTC() throws {
        let unplugged = DRMConnector(id: 30, name: "HDMI-A-1", connected: false, modes: [Self.vga], encoders: [Self.encoder])
        let dsi = DRMConnector(id: 31, name: "DSI-1", connected: true, modes: [Self.panel], encoders: [Self.encoder])
        var choice = try DRMModeChoice.choose(connectors: [unplugged, dsi], crtcs: [10, 11]).get()
        #expect(choice.connector.name == "DSI-1")
        #expect(choice.crtc == 11)
        let driven = DRMConnector(
            id: 31, name: "DSI-1", connected: true, modes: [Self.panel], encoder: 41, encoders: [DRMEncoder(id: 41, crtc: 10, possibleCRTCIndexes: [1])])
        choice = try DRMModeChoice.choose(connectors: [driven], crtcs: [10, 11]).get()
        #expect(choice.crtc == 10)
    }

    @Test("No connected connector, only huge modes, or no CRTC: each said with the connector")
    func failures() {
        let unplugged = DRMConnector(id: 30, name: "HDMI-A-1", connected: false, modes: [], encoders: [Self.encoder])
        #expect(DRMModeChoice.choose(connectors: [unplugged], crtcs: [10]) == .failure(.noConnectedConnector(["HDMI-A-1"])))
        let huge = DRMConnector(id: 30, name: "HDMI-A-1", connected: true, modes: [Self.uhd], encoders: [Self.encoder])
        #expect(DRMModeChoice.choose(connectors: [huge], crtcs: [10, 11]) == .failure(.modeTooLarge(connector: "HDMI-A-1", smallest: Self.uhd)))
        let orphan = DRMConnector(id: 30, name: "DSI-1", connected: true, modes: [Self.panel], encoders: [Self.encoder])
        #expect(DRMModeChoice.choose(connectors: [orphan], crtcs: [10]) == .failure(.noCRTC(connector: "DSI-1")))
        let messages = [
            DRMError(path: "/dev/dri/card0", reason: .noConnectedConnector(["HDMI-A-1"])).message,
            DRMError(path: "/dev/dri/card0", reason: .modeTooLarge(connector: "HDMI-A-1", smallest: Self.uhd)).message,
        ]
        #expect(
            messages[0] == "no screen is connected to /dev/dri/card0: its connectors (HDMI-A-1) have none; plug the screen in, "
                + "or load its panel's driver (a Raspberry Pi's DSI or SPI panel needs its overlay in config.txt)")
        #expect(messages[1].contains("the smallest is 3840x2160@30"))
    }
}
