import Dispatch
import Foundation
import RosterApply
import RosterCore

/// SIGINT and SIGTERM during an apply: the first asks the engine to stop sending and wait for
/// what is in flight (the report follows, exit 130); a second stops at once, naming what may be
/// half done.
final class InterruptHandler {
    private var sources: [any DispatchSourceSignal] = []

    /// Takes over SIGINT and SIGTERM for as long as this handler lives.
    init(control: ApplyControl, console: any Console) {
        let queue = DispatchQueue(label: "roster.interrupts")
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                Self.interrupted(control: control, console: console)
            }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }

    private static func interrupted(control: ApplyControl, console: any Console) {
        let inFlight = control.inFlight
        if control.requestStop() == 1 {
            let waiting = inFlight.isEmpty ? "" : "; waiting for the requests in flight"
            console.writeErr(
                "roster: interrupted: nothing more will be sent\(waiting) (interrupt again to stop at once)\n")
            return
        }
        var message = "roster: stopped at once."
        if !inFlight.isEmpty {
            message += " These were in flight and may be half done:\n"
            message += inFlight.map { "  ? \(TerminalText.escape($0))\n" }.joined()
        } else {
            message += "\n"
        }
        console.writeErr(message + "roster: run `roster plan` to see what the space holds now.\n")
        _exit(ExitCode.interrupted.rawValue)
    }
}
