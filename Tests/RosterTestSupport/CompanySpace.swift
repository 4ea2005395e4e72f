import RosterModel

/// A company's space as the tests need it, at any size: people with real names (accents, names
/// written decomposed, long names, namesakes), in teams of about ten with long names, levels and
/// dates as people keep them. Seeded: the same seed makes the same company.
package enum CompanySpace {
    package static let firstNames = [
        "Olusegun", "Małgorzata", "Nguyễn", "Mei", "Søren", "Renée", "Łukasz", "Ngozi", "Mohammed", "Chris",
        "Lucas", "Maria", "Tom", "Noémie", "Mateo", "Kenji", "Zoë", "Aiyana", "José", "Björn", "Fatima", "Priya",
        "Siobhán", "Dmitri", "Ana", "Wei", "Chidi", "Ines", "Rafael", "Hiroshi",
    ]
    package static let lastNames = [
        "Singh", "Kowalski", "Evans", "Wilson", "Haddad", "Silva", "Adeyemi", "Okafor", "García", "Jones",
        "Fernández", "Núñez", "Müller", "Lee", "Khan", "O'Brien", "Johansson", "Nakamura", "Dubois", "Petrov",
        "Haddad Wilson", "Wilson Okafor", "da Silva Santos", "van der Berg",
    ]
    package static let teamNames = [
        "Checkout", "Recommendations", "Design System", "Identity", "Onboarding", "Insights", "Payments Platform",
        "Search & Discovery", "Mobile Foundations", "Data Platform (EU)", "Growth: Activation", "Trust & Safety",
        "Developer Experience", "Billing", "Notifications", "Fulfilment", "Partner Integrations", "Core Infrastructure",
        "Customer Support Tools", "Localisation",
    ]

    /// A space of `people` people in teams of about ten (a tenth of them in no team), with a few
    /// namesakes and decomposed spellings.
    package static func make(people count: Int, seed: UInt64) -> LiveState {
        var rng = SplitMix64(seed: seed)
        var users: [LiveUser] = []
        for id in 1...max(1, count) {
            var name = firstNames.randomElement(using: &rng)! + " " + lastNames.randomElement(using: &rng)!
            // About one in twenty is someone else's namesake; one in thirty is written decomposed.
            if id > 1 && Int.random(in: 0..<20, using: &rng) == 0 { name = users.randomElement(using: &rng)!.name }
            if Int.random(in: 0..<30, using: &rng) == 0 { name = name.decomposedStringWithCanonicalMapping }
            let date =
                Bool.random(using: &rng)
                ? "20\(Int.random(in: 18...26, using: &rng))-0\(Int.random(in: 1...9, using: &rng))-1\(Int.random(in: 0...9, using: &rng))"
                : nil
            users.append(
                LiveUser(
                    id: id, name: name, craft: Craft.allCases.randomElement(using: &rng)!,
                    level: JobLevel.allCases.randomElement(using: &rng)!,
                    focus: Focus.allCases.randomElement(using: &rng)!, levelStartDate: date))
        }
        var pool = users.map(\.id).shuffled(using: &rng)
        pool.removeLast(count / 10)
        var teams: [LiveTeam] = []
        var t = 0
        while !pool.isEmpty {
            let size = min(pool.count, Int.random(in: 7...13, using: &rng))
            let members = Array(pool.prefix(size))
            pool.removeFirst(size)
            let suffix = t < teamNames.count ? "" : " \(t / teamNames.count + 1)"
            teams.append(
                LiveTeam(
                    id: 10_000 + t, name: teamNames[t % teamNames.count] + suffix, leadID: members[0],
                    memberIDs: members))
            t += 1
        }
        return LiveState(
            space: LiveSpace(id: "u_company", name: "Acme Corp", isOwner: true), users: users, teams: teams,
            levels: [(.junior, 24), (.mid, 36), (.senior, 48)])
    }
}

extension String {
    fileprivate var decomposedStringWithCanonicalMapping: String {
        String(String.UnicodeScalarView(unicodeScalars.flatMap { Self.decomposed($0) }))
    }

    /// The decomposition of the accented letters the names use (Foundation-free).
    private static func decomposed(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        let table: [Unicode.Scalar: (Unicode.Scalar, Unicode.Scalar)] = [
            "é": ("e", "\u{301}"), "ë": ("e", "\u{308}"), "ü": ("u", "\u{308}"), "ñ": ("n", "\u{303}"),
            "á": ("a", "\u{301}"), "ó": ("o", "\u{301}"), "ö": ("o", "\u{308}"), "ú": ("u", "\u{301}"),
        ]
        guard let (base, mark) = table[scalar] else { return [scalar] }
        return [base, mark]
    }
}
