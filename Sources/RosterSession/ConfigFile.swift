import Foundation
import RosterCore
import RosterYAML

/// `$XDG_CONFIG_HOME/roster/config.yaml`: named profiles of endpoints, spaces and token files.
/// A broken file is an error with its position, never ignored; a relative `tokenFile` is
/// relative to the config file's folder.
package enum ConfigFile {
    static func path(_ env: [String: String]) -> String {
        if let xdg = env["XDG_CONFIG_HOME"], !xdg.isEmpty { return xdg + "/roster/config.yaml" }
        return (env["HOME"] ?? NSHomeDirectory()) + "/.config/roster/config.yaml"
    }

    static func expandHome(_ path: String, _ env: [String: String]) -> String {
        guard path.hasPrefix("~/") else { return path }
        return (env["HOME"] ?? NSHomeDirectory()) + String(path.dropFirst())
    }

    /// The profile to use: `name`, else the file's `default`; nil when there is no config file
    /// and no profile was asked for.
    /// A profile named but in no config file is a stored login alone (`roster auth login
    /// --profile NAME` makes one): accepted when one is stored for it, or when `storing`.
    static func profile(
        named name: String?, environment env: [String: String], storing: Bool = false
    ) throws(SessionFailure) -> (Profile?, [Diagnostic]) {
        let file = path(env)
        let stored = { (name: String) in storing || TokenStore(environment: env).read(name) != nil }
        guard let data = try read(file) else {
            if let name, !stored(name) {
                throw SessionFailure(
                    "no config file to take profile \"\(name)\" from (looked for \(file)), and no login stored for "
                        + "it; `roster auth login --profile \(name)` stores one", kind: .config)
            }
            return (name.map(Profile.stored), [])
        }
        let (profiles, defaultName) = try parse(data, file: file, env: env)
        guard let chosen = name ?? defaultName?.0 else { return (nil, []) }
        if profiles[chosen] == nil, name != nil, stored(chosen) { return (Profile.stored(chosen), []) }
        guard let profile = profiles[chosen] else {
            let known = profiles.keys.sorted().joined(separator: ", ")
            throw SessionFailure(
                "no profile \"\(chosen)\" in the config file (profiles: \(known.isEmpty ? "none" : known))",
                at: name == nil ? defaultName?.1 : .file(file), kind: .config)
        }
        var named = profile
        named.name = chosen
        return (named, [])
    }

    /// The file's bytes; nil when there is no file.
    static func read(_ file: String) throws(SessionFailure) -> [UInt8]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue {
            throw SessionFailure("the config file is a directory", at: .file(file), kind: .config)
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw SessionFailure(
                "cannot read the config file: \(String(cString: strerror(errno)))", at: .file(file), kind: .config)
        }
        return [UInt8](data)
    }

    /// The profiles and the default profile's name of a config file's bytes.
    static func parse(
        _ bytes: [UInt8], file: String, env: [String: String]
    ) throws(SessionFailure)
        -> (profiles: [String: Profile], default: (String, SourceLocation)?)
    {
        var yaml = YAMLLoader()
        yaml.fileDescription = "the config file"
        yaml.rootHint = " (`default:`, `profiles:`)"
        let loaded = yaml.load(bytes, file: file)
        guard let document = loaded.document, let root = document.root, document.kind(root) == .mapping else {
            let empty = loaded.document == nil || loaded.document?.root == nil
            let message =
                empty
                ? "the config file is empty; it holds `profiles:` (and `default:`)"
                : "the config file must be a mapping of `default:` and `profiles:`"
            let diagnostics = loaded.diagnostics.filter { $0.code != .noDocument }
            throw SessionFailure(
                diagnostics: diagnostics.hasErrors ? diagnostics : [.error(message, at: .file(file))], kind: .config)
        }
        var reader = ProfileReader(document: document, folder: (file as NSString).deletingLastPathComponent, env: env)
        reader.diagnostics = loaded.diagnostics
        reader.read(root)
        if reader.diagnostics.hasErrors { throw SessionFailure(diagnostics: reader.diagnostics, kind: .config) }
        return (reader.profiles, reader.defaultName)
    }
}

extension ConfigFile {
    /// The profiles' names of the config file, for completion; none when it cannot be read.
    package static func profileNames(environment env: [String: String]) -> [String] {
        let file = path(env)
        guard let bytes = try? read(file), let (profiles, _) = try? parse(bytes, file: file, env: env) else {
            return []
        }
        return profiles.keys.sorted()
    }
}
