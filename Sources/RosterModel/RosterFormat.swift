/// The keys and limits of the roster format (`roster-format.md`), shared by the decoder and
/// the JSON Schema so the two cannot drift apart. Each key's index is its slot in ``Fields``.
public enum RosterFormat {
    /// The only format version this tool reads.
    public static let version = 1
    public static let limitMonthsRange = 0...600

    static let topLevel = KeySet([
        "version", "space", "defaults", "people", "teams", "levels", "policy", "$schema", "access", "rules",
    ])
    static let rules = KeySet([
        "maxTeamSize", "minTeamSize", "leadMinLevel", "requireLevelStartDate", "requireFocus", "severity",
    ])
    static let rule = KeySet(["value", "severity"])
    static let access = KeySet(["members", "prune"])
    static let person = KeySet(["name", "id", "craft", "level", "focus", "levelStartDate", "previously"])
    static let team = KeySet(["name", "id", "lead", "members", "previously"])
    static let defaults = KeySet(["craft", "level", "focus"])
    static let policy = KeySet(["oneTeamPerPerson", "prune", "ignore", "protected", "maxDeletes"])
    static let kindLists = KeySet(["people", "teams"])
    static let level = KeySet(["limitMonths"])

    public static var topLevelKeys: [String] { topLevel.strings }
    public static var personKeys: [String] { person.strings }
    public static var teamKeys: [String] { team.strings }
    public static var defaultsKeys: [String] { defaults.strings }
    public static var policyKeys: [String] { policy.strings }
}
