/// Looks people up by name key, pinned id and former name, for resolving team references.
public struct PersonIndex: Sendable {
    public enum Lookup: Equatable, Sendable {
        case found(Int)
        case ambiguous([Int])
        case former(Int)
        case notFound
    }

    private var byKey: [NameKey: [Int]] = [:]
    private var byFormer: [NameKey: Int] = [:]
    private var ids: [Int: Int] = [:]
    private let names: [String]

    public init(_ people: [PersonEntry]) {
        byKey.reserveCapacity(people.count)
        for (i, p) in people.enumerated() {
            byKey[p.key, default: []].append(i)
            if let id = p.id?.value { ids[id] = i }
            for former in p.previously { byFormer[NameKey(former.value)] = i }
        }
        names = people.map(\.name.value)
    }

    /// Resolves `Name` or `Name (#id)` to the index of one person.
    public func resolve(_ reference: PersonReference) -> Lookup {
        if let id = reference.id, let person = ids[id], byKey[reference.key]?.contains(person) == true {
            return .found(person)
        }
        if let candidates = byKey[reference.key] {
            if reference.id == nil {
                return candidates.count == 1 ? .found(candidates[0]) : .ambiguous(candidates)
            }
        }
        // "Name (#id)" whose id is not pinned: perhaps the name itself ends that way.
        if reference.id != nil, let literal = byKey[NameKey(reference.text)], literal.count == 1 {
            return .found(literal[0])
        }
        if let former = byFormer[reference.key] { return .former(former) }
        return .notFound
    }

    /// The nearest person name, for "did you mean".
    public func suggestion(for reference: PersonReference) -> String? {
        Suggestions.nearest(to: reference.name, among: names)
    }
}
