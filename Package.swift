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
        // The apply engine: packs a plan's steps into mutation documents, runs them through a
        // MutationExecutor, recovers, verifies and reports; no networking (RosterSession's
        // GraphQLMutationExecutor sends the documents through MPSClient).
        .target(name: "RosterApply", dependencies: ["RosterReconcile", "RosterModel", "RosterCore"]),
        // The roster's files edited in place: values set, lists edited, entries appended and removed,
        // keeping comments, anchors, quoting and layout. Pull and the edit commands write through it.
        .target(name: "RosterFiles", dependencies: ["RosterModel", "RosterYAML", "RosterCore"]),
        // pull: the roster files edited in place to say what the live space says, and the guard
        // that the edited files load and plan clean.
        .target(
            name: "RosterPull",
            dependencies: ["RosterFiles", "RosterReconcile", "RosterModel", "RosterYAML", "RosterCore"]),
        // Edits of the roster files in a manager's words (hire, move, set, rename, remove), written
        // through RosterFiles and checked by loading the edited files; no server.
        .target(name: "RosterEdit", dependencies: ["RosterFiles", "RosterModel", "RosterYAML", "RosterCore"]),
        // MPS: the transport (libcurl) and its network policy, the GraphQL client and its one retry
        // policy, and the live-state reader. Nothing of the planner: the executor that sends a plan's
        // documents through this client lives in RosterSession.
        .target(name: "MPSClient", dependencies: ["CCurl", "RosterModel", "RosterCore"]),
        // A session against a live space, printing nothing: the roster loaded, the space read, the
        // plan made and made again (LivePlan), its mutations sent (GraphQLMutationExecutor), the space
        // exported (RosterExporter); the command line renders what they return.
        .target(
            name: "RosterSession",
            dependencies: [
                "MPSClient", "RosterApply", "RosterPull", "RosterEdit", "RosterFiles", "RosterReconcile", "RosterModel",
                "RosterYAML", "RosterCore",
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
                "RosterRender", "RosterSession",
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
                "RosterReconcile", "RosterModel", "RosterCore", "RosterRender", "RosterTestSupport",
            ]),
        .testTarget(
            name: "RosterApplyTests",
            dependencies: [
                "RosterApply", "RosterReconcile", "RosterModel", "RosterCore", "RosterRender", "RosterTestSupport",
            ]),
        .testTarget(
            name: "RosterFilesTests",
            dependencies: ["RosterFiles", "RosterModel", "RosterYAML", "RosterCore", "RosterTestSupport"]),
        .testTarget(
            name: "RosterPullTests",
            dependencies: [
                "RosterPull", "RosterFiles", "RosterReconcile", "RosterModel", "RosterYAML", "RosterCore",
                "RosterTestSupport",
            ]),
        .testTarget(
            name: "RosterEditTests",
            dependencies: [
                "RosterEdit", "RosterFiles", "RosterRender", "RosterModel", "RosterYAML", "RosterCore",
                "RosterTestSupport",
            ]),
        .testTarget(
            name: "MPSClientTests",
            dependencies: ["MPSClient", "RosterModel", "RosterCore"]),
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
                "RosterCLI", "RosterCore", "RosterModel", "RosterPull", "RosterReconcile", "RosterRender",
                "RosterSession",
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
