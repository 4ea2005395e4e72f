import RosterModel

extension FieldKind {
    /// Two values of the kind that differ, for the tests that set each field to a value of its
    /// kind from the field table alone (free text with what YAML would misread).
    package var samples: (String, String) {
        switch self {
        case .fixedSet(let values): (values[0], values[1])
        case .date: ("2024-03-01", "2025-01-02")
        case .freeText, .person, .people: ("Ada Park", "Zoë O'Brien: #1, [x]")
        }
    }
}
