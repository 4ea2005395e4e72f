/// A field of an entity as a plan names it: the roster format's key.
package enum ChangeField: String, Sendable, Equatable {
    case name, craft, level, focus, levelStartDate, lead, members, limitMonths, email
}
