import Foundation
import MPSClient
import RosterCore
import RosterModel
import RosterReconcile
import RosterRender

/// Milliseconds per named phase, in the order first seen.
struct PhaseTimer {
    var phases: [String: [Double]] = [:]
    var order: [String] = []

    mutating func lap(_ name: String, _ start: Double) {
        if phases[name] == nil { order.append(name) }
        phases[name, default: []].append((now() - start) * 1000)
    }

    func print() {
        for name in order {
            let values = (phases[name] ?? []).sorted()
            Swift.print(
                String(
                    format: "%-18@ median %8.2f ms   min %8.2f ms", name as NSString, values[values.count / 2],
                    values.first ?? 0))
        }
    }
}
