// SPDX-License-Identifier: Apache-2.0

import Evdev

/// Rescanning: which devices to read now, opening the new ones and letting go of the others.
extension KeypadReader {
    /// Looks at the devices as they are now and changes what is read to match discovery's
    /// choice. `settled` is false after hotplug, when new nodes may still lack their
    /// permissions.
    func rescan(settled: Bool) -> [KeypadEvent] {
        let now = clock.now()
        monitor.refreshWatches()
        let source = discovery.currentSource()
        let paths = discovery.candidates(for: source)
        var events: [KeypadEvent] = []
        var seen: [InputDeviceInfo] = []
        var opened: [String: OpenDevice] = [:]
        var unreadable: [EvdevError] = []
        for path in paths {
            if let current = openDevices.first(where: { $0.path == path }) {
                seen.append(current.info)
                continue
            }
            do {
                let device = OpenDevice(device: try opener(path), inputDirectory: discovery.inputDirectory)
                seen.append(device.info)
                opened[device.path] = device
                problems.opened(path)
            } catch {
                unreadable.append(error)
                if let report = problems.note(error, now: now, settled: settled) { events.append(.problem(report)) }
            }
        }
        problems.keepOnly(Set(paths))

        let selection = discovery.choose(from: seen, source: source, unreadable: unreadable)
        let chosen = Set(selection.chosen.map(\.path))
        for device in openDevices where !chosen.contains(device.path) {
            events.append(letGo(device, reason: paths.contains(device.path) ? .replaced : .unplugged))
        }
        for choice in selection.chosen where !openDevices.contains(where: { $0.path == choice.path }) {
            guard let device = opened[choice.path] else { continue }
            device.choice = choice
            device.grabPending = choice.grab
            openDevices.append(device)
            events.append(.connected(choice))
            if let hook = choice.keymap.hook {
                events.append(.hookRead(path: device.path, hook: hook, lifted: device.isLifted(hook)))
            }
            events += grabIfIdle(device)
        }

        if openDevices.isEmpty {
            if lastNoKeypad != selection.explanation {
                lastNoKeypad = selection.explanation
                events.append(.noKeypad(selection.explanation))
            }
        } else {
            lastNoKeypad = nil
        }
        return events
    }
}
