import RosterCore

/// Where a session's running commentary goes, printing nothing itself: the command line writes
/// it on standard error. Notices are always said (a wait before a retry, so that a silent 20 s
/// does not look like a hang); traces only with `--verbose` (each request, each phase's time).
package struct SessionLog: Sendable {
    var notice: @Sendable (String) -> Void
    /// nil: not verbose.
    var trace: (@Sendable (String) -> Void)?
    /// Warnings to show as soon as they are known (a roster's, the connection's, the server's).
    var warnings: @Sendable ([Diagnostic]) -> Void

    package init(
        notice: @escaping @Sendable (String) -> Void, trace: (@Sendable (String) -> Void)? = nil,
        warnings: @escaping @Sendable ([Diagnostic]) -> Void = { _ in }
    ) {
        self.notice = notice
        self.trace = trace
        self.warnings = warnings
    }

    /// Says nothing: for tests and for work that has nothing to tell.
    static let silent = SessionLog(notice: { _ in })

    /// Shows `diagnostics`, when there are any.
    func say(_ diagnostics: [Diagnostic]) {
        if !diagnostics.isEmpty { warnings(diagnostics) }
    }
}
