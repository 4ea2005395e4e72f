import RosterCore
import RosterModel
import RosterRender

/// Checking of `--format` values.
public enum OutputFormat {
    /// The format asked for, or the first allowed one; anything else is a usage error.
    public static func parse(_ value: String?, allowed: [String], command: String) throws(UsageError) -> String {
        guard let value else { return allowed[0] }
        guard allowed.contains(value) else {
            throw UsageError(
                message:
                    "unknown format `\(value)` for `roster \(command)`; expected \(allowed.joined(separator: ", "))",
                hint: "run `roster help \(command)` to see its options")
        }
        return value
    }
}
