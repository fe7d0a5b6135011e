// SPDX-License-Identifier: Apache-2.0

import CSystemdBus
import Glibc
import InputEvents
import SystemCalls
import struct SystemPackage.FileDescriptor

/// A connection to a D-Bus bus through sd-bus, used without ever waiting: the caller polls
/// `descriptor`, calls `process` when it is readable or `deadline` has come, and gets the
/// replies and signals that came as `BusMessage`s. Method calls and matches are asynchronous
/// (sd_bus_call_async, sd_bus_add_match_async); their slots are floating, so they live and die
/// with the connection. Every sd-bus call of t9dial is in this file. Owns the `sd_bus` and
/// closes it when dropped.
struct SystemdBus: ~Copyable {
    private let api: UnsafePointer<t9dial_sd_bus_api>
    private let bus: OpaquePointer
    /// Where the callbacks put what they read; outlives `bus`, which points to it.
    private let inbox: BusInbox
    /// The connection's socket, for poll.
    let descriptor: FileDescriptor

    /// Connects to the system bus (sd-bus reads DBUS_SYSTEM_BUS_ADDRESS, else
    /// /run/dbus/system_bus_socket), or to the bus at `address` (a D-Bus address,
    /// `unix:path=/run/...`). The connection is made at once; the authentication and `Hello`
    /// finish in `process`, and calls made before then wait for them. (sd_bus_open_system;
    /// sd_bus_new, sd_bus_set_address, sd_bus_set_bus_client, sd_bus_start; sd_bus_get_fd)
    init(address: String?) throws(BusError) {
        let api = try SystemdBusLibrary.shared.get().api
        var opened: OpaquePointer?
        let what = address.map { "connect to the D-Bus bus at \($0)" } ?? "connect to the D-Bus system bus"
        if let address {
            _ = try BusError.check(api.pointee.new_bus(&opened), what).get()
            guard let made = opened else { throw .failed(operation: what, errno: Errno(ENOMEM)) }
            let started = BusError.check(api.pointee.set_address(made, address), what)
                .flatMap { _ in BusError.check(api.pointee.set_bus_client(made, 1), what) }
                .flatMap { _ in BusError.check(api.pointee.start(made), what) }
            if case .failure(let error) = started {
                _ = api.pointee.close_unref(made)
                throw error
            }
        } else {
            _ = try BusError.check(api.pointee.open_system(&opened), what).get()
        }
        guard let bus = opened else { throw .failed(operation: what, errno: Errno(ENOMEM)) }
        let descriptor = api.pointee.get_fd(bus)
        guard descriptor >= 0 else {
            _ = api.pointee.close_unref(bus)
            throw .failed(operation: what, errno: Errno(-descriptor))
        }
        self.api = api
        self.bus = bus
        self.inbox = BusInbox(api: api)
        self.descriptor = FileDescriptor(rawValue: descriptor)
    }

    /// Closes the connection and frees it, with its slots. (sd_bus_close_unref)
    deinit {
        _ = api.pointee.close_unref(bus)
    }

    /// When `process` must next run though nothing was read: a call's timeout, or at once when
    /// sd-bus holds messages it has read and not dispatched. CLOCK_MONOTONIC microseconds; nil
    /// when nothing is due. (sd_bus_get_timeout)
    var deadline: Microseconds? {
        var usec: UInt64 = 0
        guard api.pointee.get_timeout(bus, &usec) >= 0, usec != UInt64.max else { return nil }
        return Microseconds(clamping: usec)
    }

    /// Whether sd-bus has bytes to write that the socket did not take (it writes them in
    /// `process`). (sd_bus_get_events)
    var wantsToWrite: Bool {
        let events = api.pointee.get_events(bus)
        return events > 0 && events & Int32(POLLOUT) != 0
    }

    /// What `process` did: the messages that came, and the error that ended the connection,
    /// if one did (the messages before it are still good).
    struct Processed {
        var messages: [BusMessage] = []
        var failure: BusError?
    }

    /// Reads and writes what the socket allows now, dispatches up to `limit` messages to the
    /// calls and matches waiting for them, and returns them. (sd_bus_process)
    func process(limit: Int = 256) -> Processed {
        var processed = Processed()
        for _ in 0..<limit {
            let code = api.pointee.process(bus, nil)
            if code < 0 {
                processed.failure = .failed(operation: "talk to the D-Bus bus", errno: Errno(-code))
                break
            }
            if code == 0 { break }
        }
        processed.messages = inbox.messages
        inbox.messages = []
        return processed
    }

    /// Sends `call` without waiting for its reply, which comes from `process` as a message
    /// with the cookie returned here (or a `NoReply` error after the call's `timeout`, or
    /// sd-bus's default of 25 s).
    /// (sd_bus_message_new_method_call, sd_bus_call_async, sd_bus_message_get_cookie)
    func call(_ call: BusCall) -> Result<UInt64, BusError> {
        let what = "call \(call.interface).\(call.member) on \(call.path)"
        var made: OpaquePointer?
        let created = BusError.check(api.pointee.message_new_method_call(bus, &made, call.destination, call.path, call.interface, call.member), what)
        guard case .success = created, let message = made else { return created.map { _ in 0 } }
        defer { _ = api.pointee.message_unref(message) }
        for argument in call.arguments {
            if case .failure(let error) = BusError.check(append(argument, to: message), what) { return .failure(error) }
        }
        let context = Unmanaged.passUnretained(inbox).toOpaque()
        return BusError.check(api.pointee.call_async(bus, nil, message, busReceive, context, call.timeout.map { UInt64(max(1, $0)) } ?? 0), what).flatMap { _ in
            var cookie: UInt64 = 0
            return BusError.check(api.pointee.message_get_cookie(message, &cookie), what).map { _ in cookie }
        }
    }

    /// Asks the bus for the signals that `rule` (a D-Bus match rule) matches, which come from
    /// `process`; the bus installs the rule before it handles this connection's later calls.
    /// A rule the bus refuses closes the connection. (sd_bus_add_match_async)
    func addMatch(_ rule: String) -> Result<Void, BusError> {
        let context = Unmanaged.passUnretained(inbox).toOpaque()
        return BusError.check(api.pointee.add_match_async(bus, nil, rule, busReceive, nil, context), "ask for the signals \(rule)").map { _ in () }
    }

    /// Appends `value` to `message`; a negative errno value when sd-bus refuses it.
    /// (sd_bus_message_append_basic, sd_bus_message_open_container, sd_bus_message_close_container)
    private func append(_ value: DBusValue, to message: OpaquePointer) -> Int32 {
        func basic<Value: BitwiseCopyable>(_ type: Character, _ value: Value) -> Int32 {
            withUnsafePointer(to: value) { api.pointee.message_append_basic(message, CChar(type.asciiValue ?? 0), $0) }
        }
        func container(_ type: Character, _ contents: String, _ items: [DBusValue]) -> Int32 {
            var code = api.pointee.message_open_container(message, CChar(type.asciiValue ?? 0), contents)
            for item in items where code >= 0 { code = append(item, to: message) }
            return code < 0 ? code : api.pointee.message_close_container(message)
        }
        switch value {
        case .byte(let byte): return basic("y", byte)
        case .bool(let bool): return basic("b", Int32(bool ? 1 : 0))
        case .int16(let number): return basic("n", number)
        case .uint16(let number): return basic("q", number)
        case .int32(let number): return basic("i", number)
        case .uint32(let number): return basic("u", number)
        case .int64(let number): return basic("x", number)
        case .uint64(let number): return basic("t", number)
        case .double(let number): return basic("d", number)
        case .unixFD(let descriptor): return basic("h", descriptor)
        case .string(let text), .objectPath(let text), .signature(let text):
            // Strings go as the characters themselves, not a pointer to them.
            return text.withCString { api.pointee.message_append_basic(message, CChar(value.signature.utf8.first ?? 0), $0) }
        case .array(let element, let items): return container("a", element, items)
        case .dictEntry(let key, let entry): return container("e", key.signature + entry.signature, [key, entry])
        case .structure(let fields): return container("r", String(value.signature.dropFirst().dropLast()), fields)
        case .variant(let signature, let inner): return container("v", signature, [inner])
        }
    }
}

/// What the callbacks of one connection read, until `process` takes it.
final class BusInbox {
    let api: UnsafePointer<t9dial_sd_bus_api>
    var messages: [BusMessage] = []

    init(api: UnsafePointer<t9dial_sd_bus_api>) {
        self.api = api
    }

    /// Reads `message` whole, while sd-bus holds it.
    /// (sd_bus_message_get_type, get_reply_cookie, get_error, get_path, get_interface, get_member)
    func take(_ message: OpaquePointer) {
        var type: UInt8 = 0
        var cookie: UInt64 = 0
        _ = api.pointee.message_get_type(message, &type)
        let kind: BusMessage.Kind
        // sd_bus_message_get_type's values: 1 a call, 2 a reply, 3 an error, 4 a signal.
        switch type {
        case 2:
            _ = api.pointee.message_get_reply_cookie(message, &cookie)
            kind = .reply(to: cookie)
        case 3:
            _ = api.pointee.message_get_reply_cookie(message, &cookie)
            let error = api.pointee.message_get_error(message)?.pointee
            kind = .error(to: cookie, name: Self.string(error?.name), message: Self.string(error?.message))
        case 4:
            kind = .signal
        default:
            return
        }
        messages.append(
            BusMessage(
                kind: kind, path: Self.string(api.pointee.message_get_path(message)),
                interface: Self.string(api.pointee.message_get_interface(message)),
                member: Self.string(api.pointee.message_get_member(message)), body: read(message)))
    }

    /// The values of the container `message` is in (the body, at first), in order; what
    /// cannot be read ends the list. (sd_bus_message_peek_type, sd_bus_message_read_basic,
    /// sd_bus_message_enter_container, sd_bus_message_exit_container)
    private func read(_ message: OpaquePointer) -> [DBusValue] {
        var values: [DBusValue] = []
        while true {
            var type: CChar = 0
            var contents: UnsafePointer<CChar>?
            guard api.pointee.message_peek_type(message, &type, &contents) > 0 else { return values }
            let kind = Character(Unicode.Scalar(UInt8(bitPattern: type)))
            let value: DBusValue?
            switch kind {
            case "a", "e", "r", "v":
                let signature = Self.string(contents)
                guard api.pointee.message_enter_container(message, type, contents) >= 0 else { return values }
                let items = read(message)
                guard api.pointee.message_exit_container(message) >= 0 else { return values }
                switch kind {
                case "a": value = .array(element: signature, items)
                case "e": value = items.count == 2 ? .dictEntry(items[0], items[1]) : nil
                case "r": value = .structure(items)
                default: value = items.count == 1 ? .variant(signature: signature, items[0]) : nil
                }
            default:
                value = readBasic(message, kind)
            }
            guard let value else { return values }
            values.append(value)
        }
    }

    /// A value of a basic type, `kind` ("s", "i"...).
    private func readBasic(_ message: OpaquePointer, _ kind: Character) -> DBusValue? {
        func scalar<Value: BitwiseCopyable>(_ zero: Value) -> Value? {
            var value = zero
            return api.pointee.message_read_basic(message, CChar(kind.asciiValue ?? 0), &value) > 0 ? value : nil
        }
        switch kind {
        case "y": return scalar(UInt8(0)).map { .byte($0) }
        case "b": return scalar(Int32(0)).map { .bool($0 != 0) }
        case "n": return scalar(Int16(0)).map { .int16($0) }
        case "q": return scalar(UInt16(0)).map { .uint16($0) }
        case "i": return scalar(Int32(0)).map { .int32($0) }
        case "u": return scalar(UInt32(0)).map { .uint32($0) }
        case "x": return scalar(Int64(0)).map { .int64($0) }
        case "t": return scalar(UInt64(0)).map { .uint64($0) }
        case "d": return scalar(Double(0)).map { .double($0) }
        case "h": return scalar(Int32(0)).map { .unixFD($0) }
        case "s", "o", "g":
            var text: UnsafePointer<CChar>?
            guard api.pointee.message_read_basic(message, CChar(kind.asciiValue ?? 0), &text) > 0 else { return nil }
            let string = Self.string(text)
            return kind == "s" ? .string(string) : kind == "o" ? .objectPath(string) : .signature(string)
        default: return nil
        }
    }

    private static func string(_ text: UnsafePointer<CChar>?) -> String {
        text.map { String(cString: $0) } ?? ""
    }
}

/// The callback of every call and match: hands the message to the connection's inbox.
private let busReceive: sd_bus_message_handler_t = { message, context, _ in
    guard let message, let context else { return 0 }
    Unmanaged<BusInbox>.fromOpaque(context).takeUnretainedValue().take(message)
    return 0
}
