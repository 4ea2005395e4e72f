import RosterModel

extension PersonChange {
    /// The change as a file writes it: `{on: 2027-01-01, level: Senior}`.
    package var written: [WrittenPair] {
        typealias Key = RosterFormat.PersonChangeKey
        return [
            WrittenPair(Key.on.name, .token(on.value.description)),
            WrittenPair(Key.level.name, .token(level.value.rawValue)),
        ]
    }
}
