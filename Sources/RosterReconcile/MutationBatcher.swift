import Foundation
import RosterDiagnostics

/// A GraphQL document of aliased mutations: one request of a step.
public struct MutationDocument: Sendable {
    /// Indices into the step of the operations, in document (and execution) order.
    public var operations: [Int]
    /// The aliases, in the same order (`a0`, `a1`, …).
    public var aliases: [String]
    public var body: Data
}

/// Packs a step's operations into documents of aliased mutations, each body at most
/// `maxBytes` (the server refuses more than 100 kB) and at most `maxAliases` fields.
/// All values travel as variables, never spliced into the query text.
public struct MutationBatcher: Sendable {
    public var maxBytes: Int
    public var maxAliases: Int

    public static let serverLimit = 102_400

    public init(maxBytes: Int = MutationBatcher.serverLimit, maxAliases: Int = 250) {
        self.maxBytes = maxBytes
        self.maxAliases = maxAliases
    }

    /// The pieces one operation adds to a document.
    struct Piece {
        var definitions: [String]
        var field: String
        var variables: [(String, JSONValue)]

        /// Bytes the piece adds: its text, its variables, and separators.
        var size: Int {
            definitions.reduce(0) { $0 + $1.utf8.count + 2 } + field.utf8.count + 1
                + variables.reduce(0) { $0 + $1.0.utf8.count + 4 + $1.1.rendered().utf8.count }
        }
    }

    /// `id(ref)` gives the live id of a person (created ones known by the time the step runs;
    /// a plan that only estimates passes a stand-in).
    public func documents(_ step: [PlanOperation], id: (PersonRef) -> Int?) -> [MutationDocument] {
        var documents: [MutationDocument] = []
        var current: [(index: Int, piece: Piece)] = []
        var size = 64
        func flush() {
            guard !current.isEmpty else { return }
            documents.append(Self.document(current))
            current = []
            size = 64
        }
        for (index, operation) in step.enumerated() {
            let piece = Self.piece(operation, alias: current.count, id: id)
            if !current.isEmpty && (size + piece.size > maxBytes - 512 || current.count >= maxAliases) { flush() }
            // Re-number after a flush: aliases and variables count from zero in each document.
            let placed = Self.piece(operation, alias: current.count, id: id)
            current.append((index, placed))
            size += placed.size
        }
        flush()
        return documents
    }

    static func document(_ pieces: [(index: Int, piece: Piece)]) -> MutationDocument {
        let definitions = pieces.flatMap(\.piece.definitions).joined(separator: ", ")
        let fields = pieces.map(\.piece.field).joined(separator: " ")
        let query = "mutation RosterApply(\(definitions)) { \(fields) }"
        let variables = JSONValue.object(pieces.flatMap(\.piece.variables))
        let body = Data(JSONValue.object([("query", .string(query)), ("variables", variables)]).rendered().utf8)
        return MutationDocument(operations: pieces.map(\.index), aliases: pieces.indices.map { "a\($0)" }, body: body)
    }

    static func personFields(_ f: PersonFields) -> JSONValue {
        .object([("fullName", .string(f.fullName)), ("craftAbility", .string(f.craft.rawValue)), ("jobLevel", .string(f.level.rawValue)),
                 ("levelStartDate", f.levelStartDate.map(JSONValue.string) ?? .null), ("craftFocus", .string(f.focus.rawValue))])
    }

    static func teamFields(_ f: TeamFields, id: (PersonRef) -> Int?) -> JSONValue {
        .object([("name", .string(f.name)), ("teamLeadId", .int(id(f.lead) ?? 0)), ("memberIds", .array(f.members.map { .int(id($0) ?? 0) }))])
    }

    static func piece(_ operation: PlanOperation, alias n: Int, id: (PersonRef) -> Int?) -> Piece {
        let a = "a\(n)"
        switch operation.payload {
        case .createUser(_, let f):
            return Piece(definitions: ["$v\(n): CreateUserInput!"], field: "\(a): createUser(input: $v\(n)) { id }",
                         variables: [("v\(n)", personFields(f))])
        case .updateUser(let userID, let f):
            return Piece(definitions: ["$i\(n): Int!", "$v\(n): UpdateUserInput!"], field: "\(a): updateUser(id: $i\(n), input: $v\(n)) { id }",
                         variables: [("i\(n)", .int(userID)), ("v\(n)", personFields(f))])
        case .deleteUser(let userID):
            return Piece(definitions: ["$i\(n): Int!"], field: "\(a): deleteUser(id: $i\(n))", variables: [("i\(n)", .int(userID))])
        case .createTeam(_, let f):
            return Piece(definitions: ["$v\(n): CreateTeamInput!"], field: "\(a): createTeam(input: $v\(n)) { id }",
                         variables: [("v\(n)", teamFields(f, id: id))])
        case .updateTeam(let teamID, let f):
            return Piece(definitions: ["$i\(n): Int!", "$v\(n): UpdateTeamInput!"], field: "\(a): updateTeam(id: $i\(n), input: $v\(n)) { id }",
                         variables: [("i\(n)", .int(teamID)), ("v\(n)", teamFields(f, id: id))])
        case .deleteTeam(let teamID):
            return Piece(definitions: ["$i\(n): Int!"], field: "\(a): deleteTeam(id: $i\(n))", variables: [("i\(n)", .int(teamID))])
        case .setJobLevelLimit(let level, let months):
            return Piece(definitions: ["$l\(n): JobLevel!", "$m\(n): Int!"], field: "\(a): setJobLevelLimit(jobLevel: $l\(n), limitMonths: $m\(n)) { jobLevel }",
                         variables: [("l\(n)", .string(level.rawValue)), ("m\(n)", .int(months))])
        }
    }

    /// Requests a plan needs, with stand-in ids for people not created yet.
    public func requestCount(_ plan: Plan) -> Int {
        plan.steps.reduce(0) { $0 + documents($1) { ref in if case .live(let id) = ref { return id } else { return 9_999_999 } }.count }
    }
}
