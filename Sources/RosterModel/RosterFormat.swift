/// The keys and limits of the roster format (`roster-format.md`), shared by the decoder and
/// the JSON Schema so the two cannot drift apart.
public enum RosterFormat {
    /// The only format version this tool reads.
    public static let version = 1
    public static let topLevelKeys = ["version", "space", "defaults", "people", "teams", "levels", "policy", "$schema"]
    public static let personKeys = ["name", "id", "craft", "level", "focus", "levelStartDate", "previously"]
    public static let teamKeys = ["name", "id", "lead", "members", "previously"]
    public static let defaultsKeys = ["craft", "level", "focus"]
    public static let policyKeys = ["oneTeamPerPerson", "prune", "ignore", "protected", "maxDeletes"]
    public static let kindListKeys = ["people", "teams"]
    public static let limitMonthsRange = 0...600
}
