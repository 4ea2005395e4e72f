import MPSClient
import RosterApply
import RosterCore
import RosterReconcile
import RosterRender
import RosterSession
import Synchronization

/// Apply's plan, question and progress on the terminal. While the plan is printed the engine may already be
/// sending: its lines wait in the gate until the plan is out. Interrupts are taken over from the
/// engine's start until the report.
final class TerminalApplyDisplay: ApplyDisplay, ApprovalPrompt {
    let show: ApplyOutput
    let gate: ProgressGate
    let control: ApplyControl
    let view: PlanRenderer.TextView
    private let interrupts = Mutex<InterruptHandler?>(nil)

    init(show: ApplyOutput, gate: ProgressGate, control: ApplyControl, view: PlanRenderer.TextView) {
        self.view = view
        self.show = show
        self.gate = gate
        self.control = control
    }

    func show(_ plan: Plan, people: PeopleView) {
        let requests = plan.hasChanges ? GraphQLMutationExecutor.requestCount(plan) : 0
        show.plan(PlanRenderer.text(plan, requests: requests, color: show.color, view: view, people: people))
    }

    func changed(_ changes: [String]) {
        show.plan(
            "\nThe live space changed while the plan waited for \"yes\"; nothing was sent:\n"
                + changes.map { "  - \(TerminalText.escape($0))\n" }.joined() + "\n")
    }

    func starting() {
        gate.hold()
        interrupts.withLock { handler in
            if handler == nil { handler = InterruptHandler(control: control, console: gate) }
        }
    }

    func sending() {
        if !show.console.stderrIsTerminal { show.plan("\n") }
        gate.open()
    }

    /// The engine's steps on standard error, on a terminal only.
    var progress: (@Sendable (String) -> Void)? {
        guard gate.stderrIsTerminal else { return nil }
        return { [gate] line in gate.writeErr("roster: \(line)\n") }
    }

    var canAskAgain: Bool { show.console.stdinIsTerminal }
    var canBeAnswered: Bool { show.console.stdinIsTerminal }

    /// "Apply these changes?"
    func confirm() throws(SessionFailure) -> Bool {
        show.plan("\nApply these changes? Type \"yes\" to continue: ")
        guard show.console.readLine()?.trimmingCharacters(in: .whitespaces) == "yes" else {
            show.plan("Apply cancelled.\n")
            return false
        }
        return true
    }
}
