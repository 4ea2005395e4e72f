import RosterCore
import RosterModel
import RosterReconcile

/// What apply did with each planned operation, and what was left afterwards. Every operation of
/// the plan has exactly one entry, in plan order.
package struct ApplyReport: Sendable {
    /// The outcome of one operation.
    package enum Status: Sendable, Equatable {
        /// The server ran it (its answer said so, or the live state read afterwards shows it).
        case applied
        /// The server refused it: the message in the user's words.
        case failed(String)
        /// Not sent, because what it needs did not succeed.
        case skipped(String)
        /// Not sent: apply stopped first (an interrupt, an unknown outcome, the server gone).
        case notRun(String)
        /// Sent, and its outcome is not known: it may have run, or may still run.
        case unknown(String)

        /// The name `--format json` gives the status.
        package var name: String {
            switch self {
            case .applied: return "applied"
            case .failed: return "failed"
            case .skipped: return "skipped"
            case .notRun: return "not-run"
            case .unknown: return "unknown"
            }
        }
    }

    /// One planned operation and what became of it.
    package struct Entry: Sendable {
        package var operation: PlanOperation
        package var status: Status
        /// The entity's live id, whenever one is known (the id a create returned included).
        package var id: Int?
        /// The server's own words, when the status explains them (an SQL failure).
        package var serverMessage: String?

        init(operation: PlanOperation, status: Status, id: Int? = nil, serverMessage: String? = nil) {
            self.operation = operation
            self.status = status
            self.id = id ?? operation.entity.liveID
            self.serverMessage = serverMessage
        }
    }

    /// Why apply stopped before the end of the plan.
    package enum Stop: Sendable, Equatable {
        /// SIGINT or SIGTERM: documents in flight were waited for.
        case interrupted
        /// A request's outcome is unknown: it may still run, so nothing more was sent.
        case unknownOutcome
        /// The server cannot be used now (unreachable, token expired, state unreadable).
        case aborted(String)
    }

    /// What the read after applying found.
    package enum Verification: Sendable {
        /// Not attempted (apply stopped, or the plan had nothing to do).
        case notAttempted
        /// The live state was read and planned against: what is still left (empty: in sync).
        case checked(remaining: [Change])
        /// The live state could not be read: why.
        case unreadable(String)
        /// It was read, but no plan could be made from it: the diagnostics' messages.
        case unplannable([String])
    }

    package var entries: [Entry] = []
    package var stop: Stop?
    package var verification = Verification.notAttempted
    /// What verification found that neither the roster nor this apply explains: the work of
    /// another writer, most likely another apply running at the same time.
    package var unexplained: [String] = []
    /// What the space breaks, after the apply, of the rules the roster keeps (someone in two
    /// teams): checked of the whole space, whatever the plan was narrowed to.
    package var broken: [String] = []
    /// What `apply --reviewed` held back because no reviewed plan holds it (a message each): the
    /// rest ran; the command refuses (exit 3) so that someone looks.
    package var heldBack: [String] = []
    /// `apply --due`: what it applied is what the roster made due by this day, and the changes made
    /// in the apps it left as they are because they meet a dated one.
    package var due: (day: Day, conflicts: [DueRoster.Conflict])?
    /// The plan applied, told person by person, for the report's closing words (nil: not told).
    package var people: PeopleView?

    init() {}

    /// The report of an apply that found nothing to do: nothing sent, nothing left; `broken`, what
    /// the space breaks of the roster's rules all the same.
    package static func nothingToDo(broken: [String] = []) -> ApplyReport {
        var report = ApplyReport()
        report.verification = .checked(remaining: [])
        report.broken = broken
        return report
    }

    /// Changes still left after the final read (empty when the space matches the roster).
    package var remaining: [Change] {
        if case .checked(let remaining) = verification { return remaining }
        return []
    }

    /// Whether the final read could be made and planned against.
    /// Whether the read after the apply found the space as the roster says it on the day: nothing
    /// left, nothing unexplained, no rule broken.
    package var verified: Bool {
        guard case .checked(let remaining) = verification else { return false }
        return remaining.isEmpty && unexplained.isEmpty && broken.isEmpty
    }

    /// What the entries add up to, counted in one pass.
    package struct Tally: Sendable, Equatable {
        /// Entities created, updated and deleted (a team updated twice, release then final, counts once).
        package var created = 0, updated = 0, deleted = 0
        package var failed = 0, skipped = 0, notRun = 0, unknown = 0
    }

    package var tally: Tally {
        var tally = Tally()
        var updatedEntities = Set<EntityID>()
        for entry in entries {
            switch entry.status {
            case .failed: tally.failed += 1
            case .skipped: tally.skipped += 1
            case .notRun: tally.notRun += 1
            case .unknown: tally.unknown += 1
            case .applied: Self.count(entry.operation, in: &tally, updated: &updatedEntities)
            }
        }
        return tally
    }

    private static func count(_ operation: PlanOperation, in tally: inout Tally, updated: inout Set<EntityID>) {
        switch operation.payload {
        case .createUser, .createTeam, .addSpaceMember: tally.created += 1
        case .updateUser, .updateTeam: if updated.insert(operation.entity).inserted { tally.updated += 1 }
        case .deleteUser, .deleteTeam, .removeSpaceMember: tally.deleted += 1
        case .setJobLevelLimit: if operation.replacesLimit { tally.updated += 1 } else { tally.created += 1 }
        }
    }

    /// Everything applied, verified, nothing left, nothing stopped.
    /// Whether everything planned was applied and verified. An apply of what is due is complete with
    /// the apps' changes left (told as left): it leaves them on purpose.
    package var complete: Bool {
        guard case .checked(let remaining) = verification, stop == nil, unexplained.isEmpty, broken.isEmpty else {
            return false
        }
        return (due != nil || remaining.isEmpty) && entries.allSatisfy { $0.status == .applied }
    }
}
