import Foundation
import RosterCore
import RosterModel

/// What `roster auth status` shows: never the token, only where it came from.
package struct AuthStatusRenderer {
    let endpoint: String
    let session: (id: String, name: String, email: String)
    let spaces: [LiveSpace]
    let members: [LiveMember]
    let selected: String?
    let tokenSource: String

    package init(
        endpoint: String, user: (id: String, name: String, email: String), spaces: [LiveSpace], members: [LiveMember],
        selected: String?, tokenSource: String
    ) {
        self.endpoint = endpoint
        session = user
        self.spaces = spaces
        self.members = members
        self.selected = selected
        self.tokenSource = tokenSource
    }

    package func text() -> String {
        var out =
            "Signed in to \(endpoint) as " + TerminalText.escape("\(session.name) <\(session.email)> (\(session.id))")
            + ".\n"
        out += "Token from \(TerminalText.escape(tokenSource)).\nSpaces:\n"
        let width = spaces.map(\.id.count).max() ?? 0
        for space in spaces {
            let marker = space.id == selected ? "*" : " "
            out +=
                "  \(marker) \(TerminalText.escape(space.id))"
                + String(repeating: " ", count: width - space.id.count + 2)
                + TerminalText.escape(space.name) + (space.isOwner ? " (own)" : "") + "\n"
        }
        out += members.isEmpty ? "Nobody else may open your own space.\n" : "Who else may open your own space:\n"
        for member in members.sorted(by: { $0.email < $1.email }) {
            out += "  " + TerminalText.escape("\(member.email) (\(member.name))") + "\n"
        }
        return out
    }

    package func json() -> JSONValue {
        .object([
            (JSONEnvelope.versionKey, .int(JSONEnvelope.version)),
            ("endpoint", .string(endpoint)),
            (
                "user",
                .object([
                    ("id", .string(session.id)), ("name", .string(session.name)), ("email", .string(session.email)),
                ])
            ),
            ("tokenSource", .string(tokenSource)),
            (
                "spaces",
                .array(
                    spaces.map {
                        .object([("id", .string($0.id)), ("name", .string($0.name)), ("isOwner", .bool($0.isOwner))])
                    })
            ),
            (
                "access",
                .array(
                    members.map {
                        .object([
                            ("authId", .string($0.authID)), ("email", .string($0.email)), ("name", .string($0.name)),
                        ])
                    })
            ),
        ])
    }
}
