// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "roster",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "roster", targets: ["roster"]),
        .library(name: "RosterKit", targets: ["RosterModel", "MPSClient", "RosterReconcile", "RosterRender", "RosterCLI"]),
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
        // The MPS client: GraphQL over URLSession behind a small transport protocol.
        .target(name: "MPSClient", dependencies: ["RosterModel", "RosterDiagnostics"]),
        // The reconciler: matching, diff, planner; pure and deterministic.
        .target(name: "RosterReconcile", dependencies: ["RosterModel", "MPSClient", "RosterDiagnostics"]),
        // Pure renderers: diagnostics, plans and reports to text, JSON, Markdown.
        .target(name: "RosterRender", dependencies: ["RosterModel", "RosterReconcile", "MPSClient", "RosterDiagnostics"]),
        // Commands and the hand-written argument parser.
        .target(name: "RosterCLI", dependencies: ["RosterModel", "RosterRender", "RosterReconcile", "MPSClient", "RosterYAML", "RosterDiagnostics"]),
        // The thin executable.
        .executableTarget(name: "roster", dependencies: ["RosterCLI"]),
        // Phase timings of the loader, for the benchmarks.
        .executableTarget(name: "roster-bench", dependencies: ["RosterModel", "RosterYAML", "RosterDiagnostics"], path: "Sources/roster-bench"),
        .testTarget(
            name: "RosterTests",
            dependencies: ["RosterYAML", "RosterModel", "RosterRender", "RosterCLI", "RosterDiagnostics", "MPSClient", "RosterReconcile"],
            exclude: ["Golden", "Support"]
        ),
    ]
)
