import Foundation
import RosterCore
import RosterModel
import RosterReconcile

/// Packs a step's operations into documents of aliased mutations, each body at most
/// `maxBytes` (the server refuses more than 100 kB) and at most `maxAliases` fields.
/// All values travel as variables, never spliced into the query text.
///
/// A full document holds `maxAliases` of one mutation, so its query text is the same whatever
/// the values: GraphQL servers (Apollo Server, the sandbox) cache parsed and validated documents
/// by their text, and every full document after the first skips that work. What is left of
/// each mutation travels together in the last documents, so a small step is still one request.
/// A step's operations are independent, so the grouping changes no outcome.
package struct MutationBatcher: Sendable {
    var maxBytes: Int
    /// 250 by default: few requests for a distant server, and a person document near 50 kB, well
    /// under the limit even with long names (`benchmarks/bench_batch_size.py`).
    var maxAliases: Int

    static let serverLimit = 102_400

    package init(maxBytes: Int = MutationBatcher.serverLimit, maxAliases: Int = 250) {
        self.maxBytes = maxBytes
        self.maxAliases = maxAliases
    }

    /// The query-text part of the `n`th alias of a mutation: the same in every document.
    struct Template {
        var definitions: String
        var field: String
        var size: Int { definitions.utf8.count + field.utf8.count + 3 }

        init(_ mutation: PlanOperation.Mutation, _ n: Int) {
            switch mutation {
            case .createUser:
                (definitions, field) = ("$v\(n): CreateUserInput!", "a\(n): createUser(input: $v\(n)) { id }")
            case .updateUser:
                (definitions, field) = (
                    "$i\(n): Int!, $v\(n): UpdateUserInput!", "a\(n): updateUser(id: $i\(n), input: $v\(n)) { id }"
                )
            case .deleteUser: (definitions, field) = ("$i\(n): Int!", "a\(n): deleteUser(id: $i\(n))")
            case .createTeam:
                (definitions, field) = ("$v\(n): CreateTeamInput!", "a\(n): createTeam(input: $v\(n)) { id }")
            case .updateTeam:
                (definitions, field) = (
                    "$i\(n): Int!, $v\(n): UpdateTeamInput!", "a\(n): updateTeam(id: $i\(n), input: $v\(n)) { id }"
                )
            case .deleteTeam: (definitions, field) = ("$i\(n): Int!", "a\(n): deleteTeam(id: $i\(n))")
            case .addSpaceMember:
                (definitions, field) = ("$e\(n): String!", "a\(n): addSpaceMember(email: $e\(n)) { authId }")
            case .removeSpaceMember:
                (definitions, field) = ("$e\(n): String!", "a\(n): removeSpaceMember(memberAuthId: $e\(n))")
            case .setJobLevelLimit:
                (definitions, field) = (
                    "$l\(n): JobLevel!, $m\(n): Int!",
                    "a\(n): setJobLevelLimit(jobLevel: $l\(n), limitMonths: $m\(n)) { jobLevel }"
                )
            }
        }
    }

    /// The documents of `step`, packed as apply asks for them. `id(ref)` gives the live id of a
    /// person (created ones known by the time the step runs; a plan that only estimates passes a
    /// stand-in).
    package func packer(_ step: [PlanOperation], id: @escaping (PlannedPerson) -> Int?) -> DocumentPacker {
        DocumentPacker(step, id: id, batcher: self)
    }

    /// Templates rendered once per mutation and alias number.
    struct Templates {
        private var cache: [PlanOperation.Mutation: [Template]] = [:]

        mutating func template(_ mutation: PlanOperation.Mutation, _ n: Int) -> Template {
            while cache[mutation, default: []].count <= n {
                cache[mutation, default: []].append(Template(mutation, cache[mutation, default: []].count))
            }
            return cache[mutation, default: []][n]
        }
    }

    /// The body, from the templates and the variables. The query text holds only identifiers
    /// and punctuation, never a quote or backslash, so it needs no escaping.
    static func document(_ indices: [Int], variables: [UInt8], templates: [Template]) -> MutationDocument {
        var body: [UInt8] = []
        body.reserveCapacity(variables.count + templates.reduce(64) { $0 + $1.size })
        body.append(contentsOf: "{\"query\":\"mutation RosterApply(".utf8)
        for (n, template) in templates.enumerated() {
            if n > 0 { body.append(contentsOf: ", ".utf8) }
            body.append(contentsOf: template.definitions.utf8)
        }
        body.append(contentsOf: ") { ".utf8)
        for (n, template) in templates.enumerated() {
            if n > 0 { body.append(UInt8(ascii: " ")) }
            body.append(contentsOf: template.field.utf8)
        }
        body.append(contentsOf: " }\",\"variables\":{".utf8)
        body.append(contentsOf: variables)
        body.append(contentsOf: "}}".utf8)
        return MutationDocument(operations: indices, aliases: indices.indices.map { "a\($0)" }, body: Data(body))
    }

    /// Writes the variables of one operation straight as JSON bytes: building `JSONValue`s for
    /// 10,000 operations cost more than the rest of the batching. Keys are written as bytes, not
    /// escaped from strings: they are fixed ASCII names, or a letter and the alias number.
    struct VariableWriter {
        var out: [UInt8]

        /// `"name":`, after a comma unless it opens an object.
        mutating func key(_ name: String) {
            comma()
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: name.utf8)
            out.append(UInt8(ascii: "\""))
            out.append(UInt8(ascii: ":"))
        }

        /// A user input's key.
        mutating func key(_ field: MPSField.User) { key(field.rawValue) }

        /// `"v12":`, a variable of alias `n`.
        mutating func variable(_ letter: Unicode.Scalar, _ n: Int) {
            comma()
            out.append(UInt8(ascii: "\""))
            out.append(UInt8(letter.value))
            JSONValue.writeInt(n, to: &out)
            out.append(UInt8(ascii: "\""))
            out.append(UInt8(ascii: ":"))
        }

        private mutating func comma() {
            if let last = out.last, last != UInt8(ascii: "{") { out.append(UInt8(ascii: ",")) }
        }

        mutating func string(_ value: String?) {
            if let value { JSONValue.writeString(value, to: &out) } else { out.append(contentsOf: "null".utf8) }
        }

        mutating func person(_ f: PersonValues) {
            out.append(UInt8(ascii: "{"))
            // Every field roster knows, so that an update, a full replacement, drops none. One
            // with no value is left out rather than null, which clears it alike: a server older
            // than level start dates refuses the key itself.
            for field in PersonField.all {
                guard let value = f.text(field) else { continue }
                key(field.wire)
                string(value)
            }
            out.append(UInt8(ascii: "}"))
        }

        mutating func team(_ f: TeamValues, id: (PlannedPerson) -> Int?) {
            out.append(UInt8(ascii: "{"))
            // Every field, as for a person: `updateTeam` replaces the whole team.
            for field in TeamField.allCases {
                key(field.input.rawValue)
                switch field {
                case .name: string(f.name)
                case .lead: JSONValue.writeInt(id(f.lead) ?? 0, to: &out)
                case .members:
                    out.append(UInt8(ascii: "["))
                    for (n, member) in f.members.enumerated() {
                        if n > 0 { out.append(UInt8(ascii: ",")) }
                        JSONValue.writeInt(id(member) ?? 0, to: &out)
                    }
                    out.append(UInt8(ascii: "]"))
                }
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func writeVariables(
        _ operation: PlanOperation, alias n: Int, id: (PlannedPerson) -> Int?, to w: inout VariableWriter
    ) {
        switch operation.payload {
        case .createUser(_, let f):
            w.variable("v", n)
            w.person(f)
        case .updateUser(let userID, let f):
            w.variable("i", n)
            JSONValue.writeInt(userID, to: &w.out)
            w.variable("v", n)
            w.person(f)
        case .deleteUser(let userID), .deleteTeam(let userID):
            w.variable("i", n)
            JSONValue.writeInt(userID, to: &w.out)
        case .createTeam(_, let f):
            w.variable("v", n)
            w.team(f, id: id)
        case .updateTeam(let teamID, let f):
            w.variable("i", n)
            JSONValue.writeInt(teamID, to: &w.out)
            w.variable("v", n)
            w.team(f, id: id)
        case .setJobLevelLimit(let level, let months):
            w.variable("l", n)
            w.string(level.rawValue)
            w.variable("m", n)
            JSONValue.writeInt(months, to: &w.out)
        case .addSpaceMember(let value), .removeSpaceMember(let value):
            w.variable("e", n)
            w.string(value)
        }
    }

    /// Requests a plan needs, counted without assembling the bodies.
    package func requestCount(_ plan: Plan) -> Int {
        let estimate: (PlannedPerson) -> Int? = { ref in
            if case .live(let id) = ref { return id } else { return 9_999_999 }
        }
        var count = 0
        for step in plan.steps {
            var packer = packer(step, id: estimate)
            while packer.nextPacked() != nil { count += 1 }
        }
        return count
    }
}
