import RosterModel

extension TeamChange {
    /// The change as a file writes it: `{on: 2027-01-01, lead: …, members: […]}`.
    package var written: [WrittenPair] {
        typealias Key = RosterFormat.TeamChangeKey
        var pairs = [WrittenPair(Key.on.name, .token(on.value.description))]
        if let lead { pairs.append(WrittenPair(Key.lead.name, .text(lead.value.text))) }
        if let members { pairs.append(WrittenPair(Key.members.name, .list(members.map(\.value.text)))) }
        return pairs
    }
}
