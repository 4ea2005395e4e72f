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
    /// Measured on the sandbox (graphql-core, as MPS's Apollo server): the server's cost per
    /// alias falls from 0.72 ms (10 aliases a document) to 0.58 ms (100) and 0.55 ms (400), with
    /// no quadratic growth; so documents are filled up to the 100 kB limit, which a document of
    /// createUser mutations reaches at about 700 aliases. The cap keeps a failed document's
    /// re-read and re-plan affordable.
    public var maxAliases: Int

    public static let serverLimit = 102_400

    public init(maxBytes: Int = MutationBatcher.serverLimit, maxAliases: Int = 500) {
        self.maxBytes = maxBytes
        self.maxAliases = maxAliases
    }

    /// The pieces one operation adds to a document, rendered once.
    struct Piece {
        var definitions: String
        var field: String
        /// `"v0":{…},"i0":12`: the operation's variables as members of the variables object.
        var variables: String

        var size: Int { definitions.utf8.count + field.utf8.count + variables.utf8.count + 4 }
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
            var piece = Self.piece(operation, alias: current.count, id: id)
            if !current.isEmpty && (size + piece.size > maxBytes - 512 || current.count >= maxAliases) {
                flush()
                // Aliases and variables count from zero in each document.
                piece = Self.piece(operation, alias: 0, id: id)
            }
            current.append((index, piece))
            size += piece.size
        }
        flush()
        return documents
    }

    /// The body, assembled from the rendered pieces. The query text holds only identifiers and
    /// punctuation, never a quote or backslash, so it needs no escaping.
    static func document(_ pieces: [(index: Int, piece: Piece)]) -> MutationDocument {
        var body = "{\"query\":\"mutation RosterApply("
        body += pieces.map(\.piece.definitions).joined(separator: ", ")
        body += ") { "
        body += pieces.map(\.piece.field).joined(separator: " ")
        body += " }\",\"variables\":{"
        body += pieces.map(\.piece.variables).joined(separator: ",")
        body += "}}"
        return MutationDocument(operations: pieces.map(\.index), aliases: pieces.indices.map { "a\($0)" }, body: Data(body.utf8))
    }

    static func member(_ name: String, _ value: JSONValue) -> String {
        "\"\(name)\":" + value.rendered()
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
            return Piece(definitions: "$v\(n): CreateUserInput!", field: "\(a): createUser(input: $v\(n)) { id }",
                         variables: member("v\(n)", personFields(f)))
        case .updateUser(let userID, let f):
            return Piece(definitions: "$i\(n): Int!, $v\(n): UpdateUserInput!", field: "\(a): updateUser(id: $i\(n), input: $v\(n)) { id }",
                         variables: "\"i\(n)\":\(userID)," + member("v\(n)", personFields(f)))
        case .deleteUser(let userID):
            return Piece(definitions: "$i\(n): Int!", field: "\(a): deleteUser(id: $i\(n))", variables: "\"i\(n)\":\(userID)")
        case .createTeam(_, let f):
            return Piece(definitions: "$v\(n): CreateTeamInput!", field: "\(a): createTeam(input: $v\(n)) { id }",
                         variables: member("v\(n)", teamFields(f, id: id)))
        case .updateTeam(let teamID, let f):
            return Piece(definitions: "$i\(n): Int!, $v\(n): UpdateTeamInput!", field: "\(a): updateTeam(id: $i\(n), input: $v\(n)) { id }",
                         variables: "\"i\(n)\":\(teamID)," + member("v\(n)", teamFields(f, id: id)))
        case .deleteTeam(let teamID):
            return Piece(definitions: "$i\(n): Int!", field: "\(a): deleteTeam(id: $i\(n))", variables: "\"i\(n)\":\(teamID)")
        case .setJobLevelLimit(let level, let months):
            return Piece(definitions: "$l\(n): JobLevel!, $m\(n): Int!", field: "\(a): setJobLevelLimit(jobLevel: $l\(n), limitMonths: $m\(n)) { jobLevel }",
                         variables: "\"l\(n)\":\"\(level.rawValue)\",\"m\(n)\":\(months)")
        }
    }

    /// Requests a plan needs, counted without assembling the bodies.
    public func requestCount(_ plan: Plan) -> Int {
        var count = 0
        for step in plan.steps where !step.isEmpty {
            count += 1
            var size = 64, aliases = 0
            for operation in step {
                let piece = Self.piece(operation, alias: aliases, id: { ref in if case .live(let id) = ref { return id } else { return 9_999_999 } })
                if aliases > 0 && (size + piece.size > maxBytes - 512 || aliases >= maxAliases) {
                    count += 1
                    size = 64
                    aliases = 0
                }
                size += piece.size
                aliases += 1
            }
        }
        return count
    }
}
