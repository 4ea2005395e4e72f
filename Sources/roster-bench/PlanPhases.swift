import Foundation
import MPSClient
import RosterDiagnostics
import RosterModel
import RosterPlanRender
import RosterReconcile

/// Answers every request with one saved response, so the live state is decoded exactly as
/// from the network.
struct CannedTransport: Transport {
    let body: Data

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        HTTPResponse(status: 200, body: body)
    }
}

/// The planner's phases, timed in one process; medians printed.
enum PlanPhases {
    static func run(roster path: String, response: String, runs: Int, plannerOnly: Bool = false) async -> Int32 {
        guard let bytes = FileManager.default.contents(atPath: path).map({ [UInt8]($0) }),
            let body = FileManager.default.contents(atPath: response), let url = URL(string: "http://127.0.0.1/graphql")
        else {
            FileHandle.standardError.write(Data("roster-bench: cannot read \(path) or \(response)\n".utf8))
            return 1
        }
        let (file, _) = RosterLoader().load(bytes: bytes, path: path)
        let (roster, _) = RosterValidator.merge(file.map { [$0] } ?? [])
        let service = MPSService(
            client: GraphQLClient(endpoint: MPSEndpoint(url: url, token: "t"), transport: CannedTransport(body: body)))
        var phases: [String: [Double]] = [:]
        var order: [String] = []
        func lap(_ name: String, _ start: Double) {
            if phases[name] == nil { order.append(name) }
            phases[name, default: []].append((now() - start) * 1000)
        }
        for _ in 0..<runs {
            var t = now()
            guard let live = try? await service.readLiveState(space: nil) else {
                FileHandle.standardError.write(Data("roster-bench: \(response) is not a live-state response\n".utf8))
                return 1
            }
            lap("decode live state", t)
            t = now()
            let inSync = Planner.plan(roster: roster, live: live, prune: false, endpoint: "bench").0
            lap("plan against it", t)
            let empty = LiveState(space: live.space, users: [], teams: [], levels: [])
            t = now()
            guard let fresh = Planner.plan(roster: roster, live: empty, prune: false, endpoint: "bench").0 else {
                return 1
            }
            lap("plan from empty", t)
            // For instruction counts (`perf stat -e instructions`), which the machine's drifting
            // speed leaves alone: nothing but the planner after the one decode.
            if plannerOnly { continue }
            t = now()
            let text = PlanRenderer.text(fresh)
            lap("plan text", t)
            t = now()
            let requests = fresh.requests
            lap("request count", t)
            var report = ApplyReport()
            report.verification = .checked(remaining: [])
            var id = 0
            for step in fresh.steps {
                for operation in step {
                    id += 1
                    report.entries.append(ApplyReport.Entry(operation: operation, status: .applied, id: id))
                }
            }
            t = now()
            let json = ReportRenderer.json(report).rendered(indent: 2)
            lap("report json", t)
            t = now()
            let reportText = ReportRenderer.text(report)
            lap("report text", t)
            withExtendedLifetime((inSync, text, requests, json, reportText)) {}
        }
        for name in order {
            let values = (phases[name] ?? []).sorted()
            print(
                String(
                    format: "%-18@ median %8.2f ms   min %8.2f ms", name as NSString, values[values.count / 2],
                    values.first ?? 0))
        }
        return 0
    }
}
