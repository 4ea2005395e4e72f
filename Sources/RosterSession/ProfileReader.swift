import Foundation
import RosterCore
import RosterYAML

/// Reads the `default` and `profiles` of a config file's document.
struct ProfileReader {
    let document: YAMLDocument
    let folder: String
    let env: [String: String]
    var profiles: [String: Profile] = [:]
    var defaultName: (String, SourceLocation)?
    var diagnostics: [Diagnostic] = []

    mutating func error(_ message: String, _ node: NodeID) {
        diagnostics.append(.error(message, at: document.location(node)))
    }

    mutating func read(_ root: NodeID) {
        for i in 0..<document.pairCount(root) {
            let key = document.key(root, i), value = document.value(root, i)
            switch document.string(key) {
            case "default":
                guard document.kind(value) == .scalar, !document.isNull(value) else {
                    error("default must be a profile name", value); continue
                }
                guard ProfileName.isValid(document.string(value)) else {
                    error("default \"\(document.string(value))\" is not a profile name: \(ProfileName.rule)", value);
                    continue
                }
                defaultName = (document.string(value), document.location(value))
            case "profiles":
                guard document.kind(value) == .mapping else {
                    error("profiles must be a mapping of names to profiles", value); continue
                }
                for p in 0..<document.pairCount(value) { profile(document.key(value, p), document.value(value, p)) }
            default:
                error("unknown key \"\(document.string(key))\" in the config file; expected default or profiles", key)
            }
        }
    }

    mutating func profile(_ nameNode: NodeID, _ body: NodeID) {
        guard ProfileName.isValid(document.string(nameNode)) else {
            error("\"\(document.string(nameNode))\" is not a profile name: \(ProfileName.rule)", nameNode); return
        }
        guard document.kind(body) == .mapping else {
            error("profile \"\(document.string(nameNode))\" must be a mapping", body); return
        }
        var profile = Profile(name: document.string(nameNode))
        for f in 0..<document.pairCount(body) {
            let fieldKey = document.key(body, f), fieldValue = document.value(body, f)
            let field = document.string(fieldKey)
            guard document.kind(fieldValue) == .scalar, !document.isNull(fieldValue) else {
                error("\(field) must be a string", fieldValue); continue
            }
            let text = document.string(fieldValue)
            switch field {
            case "endpoint": profile.endpoint = text
            case "space": profile.space = text
            case "tokenFile": profile.tokenFile = resolve(text)
            case "caFile": profile.caFile = resolve(text)
            case "timeout":
                guard let seconds = Double(text), (1...3600).contains(seconds) else {
                    error("timeout must be a number of seconds from 1 to 3600", fieldValue); continue
                }
                profile.timeout = seconds
            case "maxResponseMB":
                guard let megabytes = Int(text), (1...65536).contains(megabytes) else {
                    error("maxResponseMB must be a number of megabytes from 1 to 65536", fieldValue); continue
                }
                profile.maxResponseMB = megabytes
            default:
                error(
                    "unknown key \"\(field)\" in profile; expected endpoint, space, tokenFile, caFile, timeout or "
                        + "maxResponseMB", fieldKey)
            }
        }
        profiles[document.string(nameNode)] = profile
    }

    /// A token or CA file's path: `~/…` from the home folder, a relative one from the config file's folder.
    func resolve(_ path: String) -> String {
        let expanded = ConfigFile.expandHome(path, env)
        return expanded.hasPrefix("/") ? expanded : folder + "/" + expanded
    }
}
