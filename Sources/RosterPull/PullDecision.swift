import RosterCore
import RosterFiles
import RosterModel

/// One thing `roster pull` adopts from the live space, in the roster's terms: which entry, which
/// key, which value. ``PullDecisions`` decides them from the roster and the live state alone;
/// ``Puller`` writes them into the files with a ``RosterFileEditor`` each.
enum PullDecision: Equatable, Sendable {
    /// The entry (a person or a team) that starts at `entry` gets `key: value`; `declares` are
    /// values of a newer MPS its file must then declare.
    case set(entry: SourceLocation, key: String, value: WrittenValue, declares: [String] = [])
    /// The entry loses `key` (a level start date that is free text in the space).
    case remove(entry: SourceLocation, key: String)
    /// A team's members (the lead aside) become these, in the list's own style.
    case members(entry: SourceLocation, [String])
    /// The entry's `key` (its `starts`) is a day that has come and the space has the entry: the
    /// date folds away, as plain state (git keeps it).
    case fold(entry: SourceLocation, key: String)
    /// A team's dated `changes` become these: those whose day has come are folded into its lead
    /// and members.
    case teamChanges(entry: SourceLocation, [[WrittenPair]])
    /// A person's dated `changes` become these: those whose day has come are folded into their
    /// level and its start date.
    case personChanges(entry: SourceLocation, [[WrittenPair]])
    /// The entry goes: its live entity is gone.
    case removeEntry(SourceLocation)
    /// New entries for live people or teams the roster lacks, appended to `section`.
    case append(section: RosterFormat.TopLevelKey, [NewEntry], declares: [String] = [])
    /// A level's `limitMonths` becomes the space's, or (nil) the level goes: the space sets none.
    case levelLimit(JobLevel, months: Int?, file: String)
    /// The access list becomes the space's members.
    case accessMembers(at: SourceLocation, [String])
}

extension PullDecision {
    /// Whether it sets `key` of the entry that starts at `at`.
    func isSet(_ at: SourceLocation, _ key: String) -> Bool {
        if case .set(at, key, _, _) = self { return true }
        return false
    }
}
