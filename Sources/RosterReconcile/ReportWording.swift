/// How plans and apply's report name an operation.
package enum ReportWording {
    /// `createUser "Ana Lima"`, `updateTeam "Core" (first letting its leavers go, …)`,
    /// `setJobLevelLimit Mid`.
    package static func subject(_ op: PlanOperation) -> String {
        if op.kind == .level { return "\(op.mutation.rawValue) \(op.name)" }
        if op.kind == .access { return "\(op.mutation.rawValue) \"\(op.name)\"" }
        return "\(op.mutation.rawValue) \"\(op.name)\""
            + (op.role == .release ? " (first letting its leavers go, so nobody is in two teams)" : "")
    }
}
