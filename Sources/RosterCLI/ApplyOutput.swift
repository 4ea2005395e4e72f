/// Where apply's plan, questions and report go. The report goes to standard error once
/// standard output is closed (`| head`): the apply went on, and its outcome must be told.
struct ApplyOutput {
    let console: any Console
    let planOnStderr: Bool
    /// Whether the plan and the report are coloured.
    let color: Bool

    func plan(_ text: String) {
        if planOnStderr { console.writeErr(text) } else { console.writeOut(text) }
    }

    func report(_ text: String) {
        console.writeOut(text)
        if console.stdoutClosed { console.writeErr(text) }
    }
}
