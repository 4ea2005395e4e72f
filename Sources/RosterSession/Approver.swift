import RosterReconcile

/// How apply's plan is approved: the terminal's prompt, `--auto-approve`, or a saved plan's own
/// checks. The rails hold on each path alike (``Rails``).
package enum Approver: Sendable {
    /// Shown and asked for "yes"; after the answer the space is read again before anything is
    /// sent.
    case prompt(any ApprovalPrompt)
    /// `--auto-approve`: approved as made.
    case autoApprove
    /// A saved plan, approved when it was reviewed; its rails check that it still holds.
    case savedPlan
}

/// The question "apply these changes?", which the command line puts to a person.
package protocol ApprovalPrompt: Sendable {
    /// Whether the plan just shown is approved ("yes").
    func confirm() throws(SessionFailure) -> Bool
    /// Whether anyone can answer (a terminal to type on); when not, a rail refuses before asking.
    var canBeAnswered: Bool { get }
    /// Whether a new plan can be shown and asked for again when the space changed while the
    /// question waited (false: apply stops, refused).
    var canAskAgain: Bool { get }
}

extension ApprovalPrompt {
    var canBeAnswered: Bool { true }
}

/// Where apply shows what it does, printing nothing itself: the command line renders.
package protocol ApplyDisplay: Sendable {
    /// The plan about to be approved or applied, with its people view (made once, for the
    /// report too).
    func show(_ plan: Plan, people: PeopleView)
    /// The space changed while the plan waited for "yes": nothing was sent; these changed.
    func changed(_ changes: [String])
    /// The engine is about to start: what it says must wait until ``sending()``.
    func starting()
    /// The plan is shown and approved: the engine's progress may be shown.
    func sending()
}
