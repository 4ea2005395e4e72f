/// What kind of value a field holds. Each kind's rules are written once, beside its kind: how a
/// roster file writes it (plain or quoted), how it is read, merged and shown; a field declares its
/// kind in its row of ``PersonField`` or ``TeamField`` and every place that walks the fields
/// follows it.
package enum FieldKind: Sendable, Equatable {
    /// One of a fixed set (an MPS enum), spelled as the GraphQL name; a newer server's value is
    /// declared in the file's `newValues`. Written plain: the names are YAML-safe words.
    case fixedSet([String])
    /// A calendar day, `YYYY-MM-DD`. Written plain; `null` states none.
    case date
    /// Text anyone types (a name): written quoted wherever YAML would read it as something else.
    case freeText
    /// One person of the roster (a team's lead), by name.
    case person
    /// A set of people (a team's members), merged person by person, written a name a line.
    case people

    /// Whether a roster file writes a value of this kind as a plain word (no quoting needed).
    package var isPlainWord: Bool {
        switch self {
        case .fixedSet, .date: true
        case .freeText, .person, .people: false
        }
    }
}

/// What a roster entry that leaves a field out means.
package enum FieldAbsence: Sendable, Equatable {
    /// The entry must state it (or its file's `defaults`).
    case required
    /// The live value is left alone (and export states it, so that drift shows).
    case unmanaged
    /// This value (or the file's `defaults`).
    case defaults(to: String)
    /// None: an empty set.
    case empty

    /// Whether an entry may state the field empty (`null`), and an edit option clear it with
    /// `none`: a field whose absence leaves the live value alone has three states (``Stated``).
    package var isClearable: Bool { self == .unmanaged }
}
