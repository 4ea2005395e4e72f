// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "roster",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "roster", targets: ["roster"]),
        .library(
            name: "RosterKit",
            targets: [
                "RosterModel", "MPSClient", "RosterReconcile", "RosterRender", "RosterPlanRender", "RosterCLI",
                "RosterMPSCommands",
            ]),
    ],
    targets: [
        // libyaml, found through pkg-config (yaml-0.1). Only RosterYAML imports it.
        .systemLibrary(
            name: "CYAML",
            path: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // Diagnostics as values: severity, location, message, notes.
        .target(name: "RosterDiagnostics"),
        // The YAML layer: libyaml events to a node tree with positions.
        .target(name: "RosterYAML", dependencies: ["CYAML", "RosterDiagnostics"]),
        // The roster model, its loader and its validation.
        .target(name: "RosterModel", dependencies: ["RosterYAML", "RosterDiagnostics"]),
        // The MPS client: GraphQL over URLSession behind a small transport protocol, the live-state
        // reader, and the executor of mutation documents the apply engine drives.
        .target(name: "MPSClient", dependencies: ["RosterModel", "RosterReconcile", "RosterDiagnostics"]),
        // The reconciler: matching, diff, planner, the apply engine, pull; pure, no networking.
        .target(
            name: "RosterReconcile", dependencies: ["RosterModel", "RosterYAML", "RosterDiagnostics"]),
        // Pure renderers: diagnostics (text, JSON, GitHub) and the roster's JSON Schema.
        .target(name: "RosterRender", dependencies: ["RosterModel", "RosterDiagnostics"]),
        // Pure renderers of plans and apply reports: text, JSON, Markdown.
        .target(name: "RosterPlanRender", dependencies: ["RosterReconcile", "RosterDiagnostics"]),
        // The hand-written argument parser, the dispatcher, and the commands that need no server.
        .target(name: "RosterCLI", dependencies: ["RosterModel", "RosterRender", "RosterYAML", "RosterDiagnostics"]),
        // The commands that talk to MPS (plan, apply, export, auth).
        .target(
            name: "RosterMPSCommands",
            dependencies: [
                "RosterCLI", "RosterModel", "RosterRender", "RosterPlanRender", "RosterReconcile",
                "MPSClient", "RosterYAML", "RosterDiagnostics",
            ]),
        // The executable: one binary, one command registry (a second binary for the commands
        // without a server saved ~4 ms of start-up, which nobody notices).
        .executableTarget(name: "roster", dependencies: ["RosterCLI", "RosterMPSCommands"]),
        // Phase timings of the loader and the planner, for the benchmarks.
        .executableTarget(
            name: "roster-bench",
            dependencies: [
                "RosterModel", "RosterYAML", "RosterDiagnostics", "MPSClient", "RosterReconcile",
                "RosterPlanRender",
            ], path: "Sources/roster-bench"),
        .testTarget(
            name: "RosterTests",
            dependencies: [
                "RosterYAML", "RosterModel", "RosterRender", "RosterPlanRender", "RosterCLI", "RosterMPSCommands",
                "RosterDiagnostics",
                "MPSClient", "RosterReconcile",
            ],
            exclude: ["Golden", "Support"]
        ),
    ]
)
