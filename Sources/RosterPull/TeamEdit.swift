import RosterCore
import RosterModel

/// What pull writes of one team, over its timeline: the day's lead and members, written in the
/// entry's own keys or in the change in force, its past changes folded once nothing of it waits,
/// and the people it adopts carried into (or out of) its later changes.
struct TeamEdit {
    /// The team as written, its changes included.
    let written: TeamEntry
    let asOf: Day?
    /// Something of the team waits to be applied (a due change, a conflict kept): its past changes
    /// stay, and edits go into the change in force.
    var held = false
    /// The day's lead and members as pull writes them (nil: as written).
    var lead: String?
    var members: [String]?
    /// Live people adopted into the team and out of it (their team, as the space has it).
    var joining: [Int] = []
    var leaving: [Int] = []
    /// What is written: the entry's lead and members, and its changes (nil: unchanged).
    private(set) var entryLead: String?
    private(set) var entryMembers: [String]?
    private(set) var records: [TeamChange]?
    /// Leads the dated changes name whom the rewrite removes, by their day: pull cannot choose the next.
    private(set) var lostLeads: [(day: Day, lead: String)] = []

    init(written: TeamEntry, asOf: Day?) {
        self.written = written
        self.asOf = asOf
    }

    private func isPast(_ change: TeamChange) -> Bool { asOf.map { change.on.value <= $0 } ?? true }

    /// Settles what is written. `adopted` holds each adopted person's verdict (until when the space's
    /// team holds); `reference` names a live person as the files write them.
    /// `rewrite` names a written person again as pull writes them (a rename), or drops them (nil:
    /// the space has them no more), in every list of the team, its dated changes too.
    mutating func carry(
        adopted: [Int: PullDecisions.Verdict], references reference: (Int) -> String,
        rewrite: (PersonReference) -> String?
    ) {
        var changes = written.changes.sorted { $0.on.value < $1.on.value }
        let past = changes.filter(isPast)
        if past.isEmpty || !held {
            // Nothing dated has come, or all of it is in the space: the entry says the day's values.
            let folds = !past.isEmpty
            entryLead = lead ?? (folds && past.contains { $0.lead != nil } ? dayLead : nil)
            entryMembers = members ?? (folds && past.contains { $0.members != nil } ? dayMembers : nil)
            changes.removeAll(where: isPast)
        } else {
            if let lead {
                if let i = changes.lastIndex(where: { isPast($0) && $0.lead != nil }) {
                    changes[i].lead = located(lead)
                } else {
                    entryLead = lead
                }
            }
            if let members {
                if let i = changes.lastIndex(where: { isPast($0) && $0.members != nil }) {
                    changes[i].members = members.map(located)
                } else {
                    entryMembers = members
                }
            }
        }
        for id in joining { carryIn(id, until: until(adopted[id]), &changes, reference(id)) }
        for id in leaving { carryOut(reference(id), until: until(adopted[id]), &changes) }
        rewriteAll(&changes, rewrite)
        let before = written.changes.sorted { $0.on.value < $1.on.value }
        if changes.map(\.written) != before.map(\.written) { records = changes }
    }

    /// The day's lead and members as written (the last change of each that has come, or the entry's).
    var dayLead: String {
        (written.changes.filter(isPast).last { $0.lead != nil }?.lead ?? written.lead).value.text
    }

    var dayMembers: [String] {
        (written.changes.filter(isPast).last { $0.members != nil }?.members ?? written.members).map(\.value.text)
    }

    private func until(_ verdict: PullDecisions.Verdict?) -> Day? {
        if case .adopt(let until)? = verdict { return until }
        return nil
    }

    /// Every list of the team as `rewrite` names its people: the entry's own (where nothing else
    /// writes it) and its changes'.
    private mutating func rewriteAll(_ changes: inout [TeamChange], _ rewrite: (PersonReference) -> String?) {
        func names(_ list: [Located<PersonReference>]) -> [String] { list.compactMap { rewrite($0.value) } }
        if entryMembers == nil, written.members.map(\.value.text) != names(written.members) {
            entryMembers = names(written.members)
        }
        if let members = entryMembers {
            entryMembers = members.compactMap { rewrite(PersonReference(parsing: $0)) }
        }
        if entryLead == nil, let lead = rewrite(written.lead.value), lead != written.lead.value.text {
            entryLead = lead
        }
        for i in changes.indices {
            if let members = changes[i].members { changes[i].members = names(members).map(located) }
            guard let lead = changes[i].lead else { continue }
            if let name = rewrite(lead.value) {
                changes[i].lead = located(name)
            } else {
                lostLeads.append((changes[i].on.value, lead.value.text))
            }
        }
    }

    /// Someone adopted into the team stays in it through its later changes, until `until`, when
    /// the roster's own change of their team takes them out of it.
    private func carryIn(_ id: Int, until: Day?, _ changes: inout [TeamChange], _ name: String) {
        for i in changes.indices where !isPast(changes[i]) && until.map({ changes[i].on.value < $0 }) ?? true {
            if var list = changes[i].members, !list.contains(where: { Self.same($0.value.text, name) }) {
                list.append(located(name))
                changes[i].members = list
            }
        }
        guard let until else { return }
        let before = changes.last { $0.on.value < until && $0.members != nil }?.members.map { $0.map(\.value.text) }
        let list = (before ?? members ?? dayMembers).filter { !Self.same($0, name) }
        if let i = changes.firstIndex(where: { $0.on.value == until }) {
            changes[i].members = (changes[i].members?.map(\.value.text) ?? list).filter { !Self.same($0, name) }
                .map(located)
        } else {
            let change = TeamChange(
                on: Located(until, at: written.location), members: list.map(located), location: written.location)
            changes.insert(change, at: changes.firstIndex { $0.on.value > until } ?? changes.count)
        }
    }

    /// Someone adopted out of the team is named in none of its later changes, until `until`.
    private func carryOut(_ name: String, until: Day?, _ changes: inout [TeamChange]) {
        for i in changes.indices where !isPast(changes[i]) && until.map({ changes[i].on.value < $0 }) ?? true {
            changes[i].members?.removeAll { Self.same($0.value.text, name) }
        }
    }

    /// Whether two references name the same person: by name key, and by id where both pin one.
    static func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (PersonReference(parsing: a), PersonReference(parsing: b))
        return x.key == y.key && (x.id == nil || y.id == nil || x.id == y.id)
    }

    private func located(_ text: String) -> Located<PersonReference> {
        Located(PersonReference(parsing: text), at: written.location)
    }
}
