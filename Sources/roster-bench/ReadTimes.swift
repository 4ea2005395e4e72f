import Foundation
import MPSClient
import RosterModel

/// The live-state read, sent RUNS times through the real transport (libcurl, one connection
/// kept alive) and decoded, each timed. Set beside a minimal client's time for the
/// same request (and `--plan`'s decode figure), it shows what the transport adds.
enum ReadTimes {
    static func run(url text: String, token: String, runs: Int) async -> Int32 {
        guard let url = URL(string: text) else { return 2 }
        let service = MPSService(
            client: GraphQLClient(
                endpoint: MPSEndpoint(url: url, token: token), transport: CurlTransport()))
        var times: [Double] = []
        for _ in 0..<max(2, runs) {
            let start = now()
            guard let live = try? await service.readLiveState(space: nil) else {
                FileHandle.standardError.write(Data("roster-bench: the read failed\n".utf8))
                return 1
            }
            times.append((now() - start) * 1000)
            withExtendedLifetime(live) {}
        }
        let later = times.dropFirst().sorted()
        print(
            String(
                format: "read and decode: first (connecting) %.1f ms, then median %.1f ms, min %.1f ms over %d",
                times[0], later[later.count / 2], later[0], later.count))
        return 0
    }
}
