import Foundation
import RosterTestSupport
import Testing

@testable import RosterApply
@testable import RosterModel
@testable import RosterReconcile

/// How apply packs a step into documents: limits, shapes the server can cache, and the
/// variables exactly as the server must receive them.
@Suite struct MutationBatcherTests {
    static func documents(_ batcher: MutationBatcher, _ step: [PlanOperation]) -> [MutationDocument] {
        Array(IteratorSequence(batcher.packer(step) { _ in nil }))
    }

    static func json(_ document: MutationDocument) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: document.body) as? [String: Any])
    }

    @Test func fullDocumentsShareTheirQueryTextAndTheRestTravelsTogether() throws {
        let batcher = MutationBatcher(maxAliases: 10)
        let step = (0..<25).map { OperationFixtures.person($0) } + (0..<3).map { OperationFixtures.update(100 + $0) }
        let documents = Self.documents(batcher, step)
        #expect(documents.map(\.operations.count) == [10, 10, 8])
        let queries = try documents.map { try Self.json($0)["query"] as? String }
        #expect(queries[0] == queries[1])
        // The last one: 5 people and 3 updates, aliases numbered from zero.
        #expect(documents[2].aliases == (0..<8).map { "a\($0)" })
        #expect(Set(documents.flatMap(\.operations)) == Set(step.indices))
        #expect(batcher.requestCount(OperationFixtures.plan([step])) == documents.count)
    }

    @Test func eachMutationsFullDocumentsComeFirstThenTheLeftoversTogether() throws {
        let step = (0..<12).map { OperationFixtures.person($0) } + (0..<23).map { OperationFixtures.update(100 + $0) }
        var packer = MutationBatcher(maxAliases: 10).packer(step) { _ in nil }
        var documents: [MutationDocument] = []
        while let document = packer.next() { documents.append(document) }
        #expect(documents.map(\.operations) == [Array(0..<10), Array(12..<22), Array(22..<32), [10, 11, 32, 33, 34]])
        #expect(packer.next() == nil)
    }

    @Test func aSmallMixedStepIsOneDocument() throws {
        let step = [
            OperationFixtures.person(0), OperationFixtures.update(7),
            PlanOperation(payload: .setJobLevelLimit(.junior, 24), name: "Junior"),
        ]
        let documents = Self.documents(MutationBatcher(), step)
        #expect(documents.count == 1)
        let body = try Self.json(documents[0])
        let variables = try #require(body["variables"] as? [String: Any])
        #expect(variables["i1"] as? Int == 7)
        #expect((variables["v0"] as? [String: Any])?["levelStartDate"] as? String == "2024-01-01")
        // No date is left out, which clears it as null does: a server older than level start
        // dates refuses the key itself.
        let update = try #require(variables["v1"] as? [String: Any])
        #expect(update["levelStartDate"] == nil && update["fullName"] != nil)
        #expect(variables["l2"] as? String == "Junior" && variables["m2"] as? Int == 24)
    }

    @Test func bodiesStayUnderTheLimitWhateverTheNames() throws {
        // Names that need escaping and long names push documents to the byte limit first.
        let long = String(repeating: "Zoë \"Q\" \\ Müller\n", count: 60)
        let step = (0..<400).map { OperationFixtures.person($0, name: "\(long)\($0)") }
        let documents = Self.documents(MutationBatcher(), step)
        #expect(documents.count > 2)
        for document in documents {
            #expect(document.body.count <= MutationBatcher.serverLimit)
            let variables = try #require(try Self.json(document)["variables"] as? [String: Any])
            #expect(variables.count == document.operations.count)
        }
        let names = try documents.flatMap { document in
            let variables = try Self.json(document)["variables"] as? [String: Any]
            return document.operations.indices.map { n in
                (variables?["v\(n)"] as? [String: Any])?["fullName"] as? String
            }
        }
        #expect(names == step.map(\.name))
    }
}
