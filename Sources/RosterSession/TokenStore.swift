import Foundation

#if os(macOS)
    import Security
#endif

/// Where `roster auth login` keeps a profile's session token: the macOS Keychain on macOS, else
/// `$XDG_CONFIG_HOME/roster/tokens/PROFILE`, the file 0600 in a folder 0700 (as gh keeps its
/// hosts file). The token is never printed.
struct TokenStore {
    let environment: [String: String]

    /// The profile a stored login belongs to.
    static func profile(_ name: String?) -> String { name ?? "default" }

    var folder: String {
        let base =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return base + "/roster/tokens"
    }

    /// The file of `profile`'s login; nil for what is no profile name (it could name a path).
    func path(_ profile: String) -> String? { ProfileName.isValid(profile) ? folder + "/" + profile : nil }

    /// Where the token is shown to be kept, for `auth status`.
    func place(_ profile: String) -> String {
        #if os(macOS)
            return "the macOS Keychain (roster, \(profile))"
        #else
            return path(profile) ?? folder
        #endif
    }

    func read(_ profile: String) -> String? {
        #if os(macOS)
            return Keychain.read(account: profile)
        #else
            guard let file = path(profile), let data = FileManager.default.contents(atPath: file) else { return nil }
            let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return token.isEmpty ? nil : token
        #endif
    }

    func write(_ token: String, for profile: String) throws(SessionFailure) {
        #if os(macOS)
            guard Keychain.write(token, account: profile) else {
                throw SessionFailure("cannot store the token in the Keychain")
            }
        #else
            let fm = FileManager.default
            do {
                try fm.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                try fm.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder)
            } catch {
                throw SessionFailure(
                    "cannot create the folder for tokens: \(error.localizedDescription)", at: .file(folder))
            }
            // Created 0600 before any byte is written, so the token is never readable by others.
            guard let file = path(profile) else {
                throw SessionFailure("\"\(profile)\" is not a profile name: \(ProfileName.rule)", kind: .usage)
            }
            let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            guard fd >= 0 else {
                throw SessionFailure("cannot write the token: \(String(cString: strerror(errno)))", at: .file(file))
            }
            defer { close(fd) }
            fchmod(fd, 0o600)
            let bytes = Array((token + "\n").utf8)
            guard Foundation.write(fd, bytes, bytes.count) == bytes.count else {
                throw SessionFailure("cannot write the token", at: .file(file))
            }
        #endif
    }

    /// Forgets the token; false when there was none.
    func remove(_ profile: String) -> Bool {
        #if os(macOS)
            return Keychain.remove(account: profile)
        #else
            guard let file = path(profile) else { return false }
            return (try? FileManager.default.removeItem(atPath: file)) != nil
        #endif
    }
}

#if os(macOS)
    /// Generic passwords of the service "roster", one per profile.
    enum Keychain {
        static func query(_ account: String) -> [String: Any] {
            [
                kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "roster",
                kSecAttrAccount as String: account,
            ]
        }

        static func read(account: String) -> String? {
            var search = query(account)
            search[kSecReturnData as String] = true
            var result: AnyObject?
            guard SecItemCopyMatching(search as CFDictionary, &result) == errSecSuccess, let data = result as? Data
            else { return nil }
            return String(decoding: data, as: UTF8.self)
        }

        static func write(_ token: String, account: String) -> Bool {
            SecItemDelete(query(account) as CFDictionary)
            var item = query(account)
            item[kSecValueData as String] = Data(token.utf8)
            return SecItemAdd(item as CFDictionary, nil) == errSecSuccess
        }

        static func remove(account: String) -> Bool { SecItemDelete(query(account) as CFDictionary) == errSecSuccess }
    }
#endif
