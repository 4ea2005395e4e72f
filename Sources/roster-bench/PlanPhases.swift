import Foundation
import MPSClient
import RosterApply
import RosterCore
import RosterModel
import RosterReconcile
import RosterRender
import RosterSession

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
        var timer = PhaseTimer()
        for _ in 0..<runs {
            guard await timeOnce(roster, service, plannerOnly: plannerOnly, &timer) else {
                FileHandle.standardError.write(Data("roster-bench: \(response) is not a live-state response\n".utf8))
                return 1
            }
        }
        timer.print()
        return 0
    }

    /// One run of every phase; false when the response cannot be read.
    static func timeOnce(
        _ roster: Roster, _ service: MPSService, plannerOnly: Bool, _ timer: inout PhaseTimer
    ) async -> Bool {
        var t = now()
        guard let live = try? await service.readLiveState(space: nil) else { return false }
        timer.lap("decode live state", t)
        t = now()
        let inSync = Planner.plan(roster: roster, live: live, prune: false, endpoint: "bench").0
        timer.lap("plan against it", t)
        let empty = LiveState(space: live.space, users: [], teams: [], levels: [])
        t = now()
        guard let fresh = Planner.plan(roster: roster, live: empty, prune: false, endpoint: "bench").0 else {
            return false
        }
        timer.lap("plan from empty", t)
        // For instruction counts (`perf stat -e instructions`), which the machine's drifting
        // speed leaves alone: nothing but the planner after the one decode.
        if plannerOnly { return true }
        t = now()
        let people = PeopleView(fresh)
        timer.lap("people view", t)
        t = now()
        let text = PlanRenderer.text(fresh, requests: 0)
        timer.lap("plan text (people)", t)
        t = now()
        let resources = PlanRenderer.text(fresh, requests: 0, view: .resources)
        timer.lap("plan text (resources)", t)
        t = now()
        let requests = GraphQLMutationExecutor.requestCount(fresh)
        timer.lap("request count", t)
        t = now()
        let engine = ApplyEngine(
            executor: InstantExecutor(client: service.client), concurrency: 4, read: { empty },
            replan: { Planner.plan(roster: roster, live: $0, prune: false, endpoint: "bench") })
        var report = await engine.run(fresh)
        timer.lap("apply engine, instant server", t)
        report.verification = .checked(remaining: [])
        report.people = people
        t = now()
        let json = ReportRenderer.json(report).rendered(indent: 2)
        timer.lap("report json", t)
        t = now()
        let reportText = ReportRenderer.text(report)
        timer.lap("report text", t)
        withExtendedLifetime((inSync, text, resources, requests, json, reportText)) {}
        return true
    }
}
