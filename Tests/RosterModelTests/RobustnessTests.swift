import Foundation
import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel

/// Thousands of random byte and token mutations of the examples: every one ends in a roster or
/// in positioned diagnostics, never a crash or a hang.
@Suite struct RobustnessTests {
    @Test(arguments: 0..<4)
    func mutatedExamplesEndInARosterOrPositionedDiagnostics(_ shard: Int) {
        var rng = SplitMix64(seed: 0x5EED_0000 + UInt64(shard))
        let examples = FuzzInput.examples()
        #expect(examples.count == 4)
        for round in 0..<1000 {
            let (name, original) = examples[round % examples.count]
            let mutated = FuzzInput.mutate(original, &rng)
            var (file, diagnostics) = RosterLoader().load(bytes: mutated, path: name)
            if let file { diagnostics += RosterValidator.merge([file]).1 }
            if file == nil {
                #expect(diagnostics.hasErrors, "shard \(shard) round \(round): no roster and no error")
            }
            for d in diagnostics {
                #expect(
                    (d.location?.line ?? 0) > 0 && (d.location?.column ?? 0) > 0,
                    "shard \(shard) round \(round): \(d.message) has no line and column")
            }
        }
    }
}
