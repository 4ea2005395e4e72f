// roster-bench: times the phases of loading a roster in one process, to show where the time
// of `roster validate` goes (read, YAML tree, decode, validate). Whole-process figures come
// from benchmarks/bench_validate.py; this tool explains them.
//
// Usage: roster-bench FILE [RUNS]
//        roster-bench --plan ROSTER LIVE-RESPONSE.json [RUNS]
//        roster-bench --planner ROSTER LIVE-RESPONSE.json [RUNS]   (the planner's phases only)
//        roster-bench --read ENDPOINT TOKEN [RUNS]
import Foundation
import RosterCore
import RosterModel
import RosterYAML

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: roster-bench FILE [RUNS]\n".utf8))
    exit(2)
}
if arguments[1] == "--json", arguments.count > 2, let data = FileManager.default.contents(atPath: arguments[2]) {
    // Times Foundation's JSON parsing of a saved live-state response.
    for _ in 0..<5 {
        let start = now()
        let object = try? JSONSerialization.jsonObject(with: data)
        print(String(format: "JSONSerialization: %.1f ms", (now() - start) * 1000))
        withExtendedLifetime(object) {}
    }
    exit(0)
}
if arguments[1] == "--plan" || arguments[1] == "--planner", arguments.count > 3 {
    // Times the planner's phases on a roster and a saved live-state response (what apply does
    // after its reads): decoding, planning against that state and against an empty space,
    // rendering the plan, and the report of applying everything.
    exit(
        await PlanPhases.run(
            roster: arguments[2], response: arguments[3], runs: arguments.count > 4 ? Int(arguments[4]) ?? 5 : 5,
            plannerOnly: arguments[1] == "--planner"))
}
if arguments[1] == "--read", arguments.count > 3 {
    // Times the live-state read through the real transport against a running server.
    exit(
        await ReadTimes.run(
            url: arguments[2], token: arguments[3], runs: arguments.count > 4 ? Int(arguments[4]) ?? 9 : 9))
}
let path = arguments[1]
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
var phases: [String: [Double]] = [:]
for _ in 0..<runs {
    var diagnostics: [Diagnostic] = []
    var t = now()
    func lap(_ name: String) {
        let n = now()
        phases[name, default: []].append((n - t) * 1000)
        t = n
    }
    guard let bytes = FileManager.default.contents(atPath: path).map({ [UInt8]($0) }) else { exit(1) }
    lap("read")
    _ = YAMLEventScanner.countEvents(bytes)
    lap("libyaml scan")
    let parsed = YAMLLoader().load(bytes, file: path)
    lap("yaml")
    let (file, fileDiagnostics) = RosterLoader().load(bytes: bytes, path: path)
    lap("yaml+decode")
    let (roster, crossFile) = RosterValidator.merge(file.map { [$0] } ?? [])
    lap("validate")
    diagnostics = parsed.diagnostics + fileDiagnostics + crossFile
    lap("diagnostics")
    var kept: (YAMLLoader.Result, RosterFile?, Roster, [Diagnostic])? = (parsed, file, roster, diagnostics)
    withExtendedLifetime(kept) {}
    t = now()
    kept = nil
    lap("free")
    withExtendedLifetime(kept) {}
}
for name in ["read", "libyaml scan", "yaml", "yaml+decode", "validate", "free"] {
    let values = (phases[name] ?? []).sorted()
    print(
        String(
            format: "%-12@ median %8.2f ms   min %8.2f ms", name as NSString, values[values.count / 2],
            values.first ?? 0))
}
