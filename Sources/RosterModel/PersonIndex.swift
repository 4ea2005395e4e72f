/// Looks people up by name key, pinned id and former name, for resolving team references.
package struct PersonIndex: Sendable {
    package enum Lookup: Equatable, Sendable {
        case found(Int)
        case ambiguous([Int])
        case former(Int)
        case notFound
    }

    private let table: NameTable
    private let people: [PersonEntry]

    /// Builds the index from the name table the uniqueness check made anyway.
    init(_ people: [PersonEntry], names: NameTable) {
        self.table = names
        self.people = people
    }

    /// An index over `people`.
    package init(_ people: [PersonEntry]) {
        var builder = NameTableBuilder(capacity: people.count)
        for (i, p) in people.enumerated() {
            builder.insert(key: p.key, id: p.id?.value)
            for former in p.previously where builder.table.formers[NameKey(former.value)] == nil {
                builder.table.formers[NameKey(former.value)] = Int32(i)
            }
        }
        self.init(people, names: builder.table)
    }

    /// The first person with the name key.
    func first(_ key: NameKey) -> Int? { table.names.first[key].map(Int.init) }

    /// Resolves `Name` or `Name (#id)` to the index of one person.
    package func resolve(_ reference: PersonReference) -> Lookup {
        if let id = reference.id, let person = table.ids[id], people[Int(person)].key == reference.key {
            return .found(Int(person))
        }
        if reference.id == nil, let first = table.names.first[reference.key] {
            if !table.names.repeats.isEmpty, let all = table.names.repeats[reference.key] {
                // The one namesake who pins no id (not created yet) is the one a bare name means.
                let unpinned = all.filter { people[Int($0)].id == nil }
                return unpinned.count == 1 ? .found(Int(unpinned[0])) : .ambiguous(all.map(Int.init))
            }
            return .found(Int(first))
        }
        // "Name (#id)" whose id is not pinned: perhaps the name itself ends that way.
        if reference.id != nil {
            let literal = NameKey(reference.text)
            if let person = table.names.first[literal], table.names.repeats[literal] == nil {
                return .found(Int(person))
            }
        }
        if let former = table.formers[reference.key] { return .former(Int(former)) }
        return .notFound
    }

    /// The nearest person name, for "did you mean".
    func suggestion(for reference: PersonReference) -> String? {
        Suggestions.nearest(to: reference.name, among: people.lazy.map(\.name.value))
    }
}
