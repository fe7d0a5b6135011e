// SPDX-License-Identifier: Apache-2.0

/// The config's `command = [...]`: a program and its arguments, where `{number}` and `{name}`
/// are replaced in place, inside any argument ("number={number}" becomes
/// "number=+441214960000"), and nothing else is: no shell ever sees the arguments, so quotes,
/// `;`, `$` and spaces in them, or in a contact's name, arrive as they are written.
public struct CommandTemplate: Sendable, Hashable {
    public let arguments: [String]

    /// Refuses an empty list or an empty program name.
    public init(_ arguments: [String]) throws(DialSetupError) {
        guard let program = arguments.first, !program.isEmpty else { throw .emptyCommand }
        self.arguments = arguments
    }

    /// The program as given ("mmcli", "/usr/local/bin/dial.sh"); looked up in PATH when it has
    /// no slash.
    public var program: String { arguments[0] }

    /// The arguments with `{number}` and `{name}` replaced. The number is already reduced to
    /// `0-9 + * #`; the name is passed as it is, since it goes to no shell.
    public func arguments(number: DialNumber, name: String) -> [String] {
        arguments.map { argument in
            argument.replacing("{number}", with: number.dialString).replacing("{name}", with: name)
        }
    }
}
