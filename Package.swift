// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "roster",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "roster", targets: ["roster"])
    ],
    targets: [
        // libyaml, found through pkg-config (yaml-0.1). Only RosterYAML imports it.
        .systemLibrary(
            name: "CYAML",
            path: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // libcurl, found through pkg-config (libcurl). Only MPSClient's transport imports it.
        .systemLibrary(
            name: "CCurl",
            path: "Sources/CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        // What every layer shares: source locations, diagnostics as values, JSON values with their
        // reader and writer, and the escaping of text for terminals.
        .target(name: "RosterCore"),
        // The YAML layer: libyaml events to a node tree with positions. Knows nothing of rosters.
        .target(name: "RosterYAML", dependencies: ["CYAML", "RosterCore"]),
        // The roster: decoding by key name, validation, and the live state's types.
        .target(name: "RosterModel", dependencies: ["RosterYAML", "RosterCore"]),
        // The reconciler: matching, typed changes, the planner, selections, saved plans; Foundation
        // only, no networking.
        .target(name: "RosterReconcile", dependencies: ["RosterModel", "RosterYAML", "RosterCore"]),
        // The apply engine: runs a plan's steps through a MutationExecutor, recovers, verifies and
        // reports; no networking (MPSClient implements the executor).
        .target(name: "RosterApply", dependencies: ["RosterReconcile", "RosterModel", "RosterCore"]),
        // pull: the roster files edited in place to say what the live space says, and the guard
        // that the edited files load and plan clean.
        .target(name: "RosterPull", dependencies: ["RosterReconcile", "RosterModel", "RosterYAML", "RosterCore"]),
        // Edits of the roster files in a manager's words (hire, move, set, rename, remove), written
        // with pull's file editor and checked by loading the edited files; no server.
        .target(name: "RosterEdit", dependencies: ["RosterPull", "RosterModel", "RosterYAML", "RosterCore"]),
        // MPS: the transport (libcurl) and its network policy, the GraphQL client and its one retry
        // policy, the live-state reader, the mutation documents and the executor the apply engine drives.
        .target(
            name: "MPSClient", dependencies: ["CCurl", "RosterModel", "RosterReconcile", "RosterApply", "RosterCore"]),
        // A session against a live space, printing nothing: the roster loaded, the space read, the
        // plan made and made again (LivePlan), the space exported (RosterExporter); the command line
        // renders what they return.
        .target(
            name: "RosterSession",
            dependencies: [
                "MPSClient", "RosterApply", "RosterPull", "RosterEdit", "RosterReconcile", "RosterModel", "RosterYAML",
                "RosterCore",
            ]),
        // Every renderer, pure: diagnostics, the JSON Schema, plans, reports, charts.
        .target(name: "RosterRender", dependencies: ["RosterModel", "RosterReconcile", "RosterApply", "RosterCore"]),
        // The command line: the argument parser, the one command registry that dispatch, help and
        // completion read, and the commands.
        .target(
            name: "RosterCLI",
            dependencies: [
                "RosterModel", "RosterReconcile", "RosterApply", "RosterPull", "RosterEdit", "MPSClient",
                "RosterSession", "RosterRender", "RosterYAML", "RosterCore",
            ],
            plugins: ["BuildInfoPlugin"]),
        // Records the commit a build comes from, for `roster version`.
        .plugin(name: "BuildInfoPlugin", capability: .buildTool(), path: "Sources/BuildInfoPlugin"),
        .executableTarget(name: "roster", dependencies: ["RosterCLI"]),
        // Phase timings of the loader and the planner, for the benchmarks.
        .executableTarget(
            name: "roster-bench",
            dependencies: [
                "CYAML", "RosterModel", "RosterYAML", "RosterCore", "MPSClient", "RosterReconcile", "RosterApply",
                "RosterRender",
            ], path: "Sources/roster-bench"),
        // What the test targets share: the package's paths, golden files, seeded randomness and fixtures.
        .target(
            name: "RosterTestSupport", dependencies: ["RosterReconcile", "RosterModel"], path: "Tests/RosterTestSupport"
        ),
        // Unit tests, one target per module; none needs Python or a server.
        .testTarget(name: "RosterCoreTests", dependencies: ["RosterCore"]),
        .testTarget(
            name: "RosterYAMLTests", dependencies: ["RosterYAML", "RosterModel", "RosterCore", "RosterTestSupport"]),
        .testTarget(name: "RosterModelTests", dependencies: ["RosterModel", "RosterCore", "RosterTestSupport"]),
        .testTarget(
            name: "RosterReconcileTests",
            dependencies: [
                "RosterReconcile", "RosterModel", "RosterCore", "MPSClient", "RosterRender", "RosterTestSupport",
            ]),
        .testTarget(
            name: "RosterApplyTests",
            dependencies: [
                "RosterApply", "RosterReconcile", "RosterModel", "RosterCore", "MPSClient", "RosterRender",
                "RosterTestSupport",
            ]),
        .testTarget(
            name: "RosterPullTests",
            dependencies: [
                "RosterPull", "RosterReconcile", "RosterModel", "RosterYAML", "RosterCore", "RosterTestSupport",
            ]),
        .testTarget(
            name: "RosterEditTests",
            dependencies: [
                "RosterEdit", "RosterPull", "RosterRender", "RosterModel", "RosterYAML", "RosterCore",
                "RosterTestSupport",
            ]),
        .testTarget(
            name: "MPSClientTests",
            dependencies: ["MPSClient", "RosterReconcile", "RosterApply", "RosterModel", "RosterCore"]),
        .testTarget(
            name: "RosterSessionTests",
            dependencies: [
                "RosterSession", "RosterEdit", "RosterPull", "MPSClient", "RosterApply", "RosterReconcile",
                "RosterModel", "RosterRender",
                "RosterYAML", "RosterCore", "RosterTestSupport",
            ]),
        .testTarget(
            name: "RosterRenderTests",
            dependencies: [
                "RosterRender", "RosterReconcile", "RosterApply", "RosterModel", "MPSClient", "RosterCore",
                "RosterTestSupport",
            ]),
        .testTarget(
            name: "RosterCLITests",
            dependencies: [
                "RosterCLI", "RosterCore", "RosterModel", "RosterPull", "RosterReconcile", "RosterSession",
                "RosterYAML",
                "RosterTestSupport",
            ]),
        // End to end: the built binary against the sandbox (a Python server), a terminal, git and shells.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "RosterCLI", "RosterRender", "RosterReconcile", "RosterApply", "MPSClient", "RosterModel", "RosterYAML",
                "RosterSession", "RosterCore", "RosterTestSupport",
            ]),
    ]
)
