import Foundation

/// How apply names operations and words the server's failures for a person.
package enum ReportWording {
    /// `createUser "Ana Lima"`, `updateTeam "Core" (release)`, `setJobLevelLimit Mid`.
    package static func subject(_ op: PlanOperation) -> String {
        if op.kind == .level { return "\(op.mutation.rawValue) \(op.name)" }
        if op.kind == .access { return "\(op.mutation.rawValue) \"\(op.name)\"" }
        return "\(op.mutation.rawValue) \"\(op.name)\"" + (op.role == .release ? " (release)" : "")
    }

    /// A failure in the user's words, and the server's own text when it was reworded. MPS words
    /// some failures as the SQL that failed (`Failed query: delete from "users" … params: …`).
    package static func failure(_ server: String, of op: PlanOperation) -> (message: String, serverMessage: String?) {
        let oneLine = server.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        if case .addSpaceMember(let email) = op.payload, oneLine.hasPrefix("No user found with that email") {
            return ("\(email) has no MPS account yet: they must sign in to MPS once, then apply again", oneLine)
        }
        guard oneLine.hasPrefix("Failed query:") else { return (oneLine, nil) }
        switch op.payload {
        case .deleteUser:
            return (
                "MPS keeps this person: they have schedule or work history; their team memberships are already "
                    + "gone. Protect them (policy.protected) or keep them in the roster", oneLine
            )
        case .createTeam, .updateTeam:
            return (
                "MPS could not store the team's members (a member may no longer exist); the team may be left "
                    + "without members until the next apply", oneLine
            )
        default:
            return ("MPS could not store the change (its database refused it)", oneLine)
        }
    }
}
