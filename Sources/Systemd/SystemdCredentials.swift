// SPDX-License-Identifier: Apache-2.0

import Glibc

/// Secrets systemd hands the service with `LoadCredential=`: each is a file in the folder named
/// by `CREDENTIALS_DIRECTORY`, readable by the service's own user alone, however the original
/// file is owned (a root-only 0600 password file works). See systemd.exec(5), "Credentials".
public enum SystemdCredentials {
    /// The path of the credential `name`, when the service was given one by that name.
    public static func path(of name: String) -> String? {
        path(of: name, directory: Syscalls.environment("CREDENTIALS_DIRECTORY"))
    }

    /// The path of the credential `name` in `directory`, when there is one.
    public static func path(of name: String, directory: String?) -> String? {
        guard let directory, !directory.isEmpty, !name.isEmpty, !name.contains("/") else { return nil }
        let path = directory + "/" + name
        return access(path, F_OK) == 0 ? path : nil
    }
}
