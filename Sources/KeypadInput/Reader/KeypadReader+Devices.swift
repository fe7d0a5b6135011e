// SPDX-License-Identifier: Apache-2.0

import Evdev
import InputEvents

/// Reading, grabbing and letting go of one open device.
extension KeypadReader {
    /// Reads what every open device has now, without waiting for poll: for a caller that must
    /// hold every event stamped before a moment already past (`ThreadedKeypadReader.take`).
    public func drain() -> [KeypadEvent] {
        openDevices.flatMap { read($0, vanished: false) }
    }

    /// Reads what the device has; lets it go when it is gone (`vanished`, or ENODEV) or
    /// reading fails.
    func read(_ device: OpenDevice, vanished: Bool) -> [KeypadEvent] {
        var events: [KeypadEvent] = []
        var input: [InputEvent] = []
        var failure: EvdevError?
        repeat {
            do {
                input += try device.device.readEvents()
            } catch {
                failure = error
            }
        } while failure == nil && device.device.hasPendingError
        if !input.isEmpty {
            device.track(input)
            events.append(.input(path: device.path, events: input))
        }
        if let failure {
            events.append(letGo(device, reason: failure.kind == .vanished ? .unplugged : .failed(failure)))
        } else if vanished {
            events.append(letGo(device, reason: .unplugged))
        } else {
            events += grabIfIdle(device)
        }
        return events
    }

    /// Grabs the device if it is waiting to be grabbed and no key is down (a key that is the
    /// hook switch aside); else it stays
    /// waiting, and this is tried again after its next events.
    func grabIfIdle(_ device: OpenDevice) -> [KeypadEvent] {
        guard device.grabPending, !device.device.anyKeyDown(except: device.hookKeys) else { return [] }
        device.grabPending = false
        do {
            try device.device.grab()
            return [.grabbed(path: device.path)]
        } catch {
            return problems.note(error, now: clock.now(), settled: true).map { [.problem($0)] } ?? []
        }
    }

    /// Stops reading the device and closes it, releasing the keys it held.
    func letGo(_ device: OpenDevice, reason: DisconnectReason) -> KeypadEvent {
        let releases = device.releases(at: clock.now())
        openDevices.removeAll { $0 === device }
        problems.closed(device.path)
        return .disconnected(path: device.path, reason: reason, releases: releases)
    }
}
