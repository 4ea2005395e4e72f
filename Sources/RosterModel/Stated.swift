import RosterCore

/// What a roster says of a field that absence leaves alone (``FieldAbsence/unmanaged``): nothing
/// (the live value stays), `null` (there is none: clear the live value), or a value. One rule for
/// every such field, whatever its kind: the reader makes it (``NodeReader/stated(_:_:)``), the plan
/// sends the live value for `unmanaged`.
package enum Stated<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The field is absent: leave the live value alone.
    case unmanaged
    /// `null`: clear the live value.
    case clear
    /// A value.
    case value(Value)

    /// The value stated, if any.
    package var value: Value? { if case .value(let value) = self { value } else { nil } }

    /// The same statement of another value (a day as its text).
    func map<T>(_ transform: (Value) -> T) -> Stated<T> {
        switch self {
        case .unmanaged: .unmanaged
        case .clear: .clear
        case .value(let value): .value(transform(value))
        }
    }
}

/// What a roster says about a person's level start date: a day, written `YYYY-MM-DD`.
package typealias LevelStartDate = Stated<Day>
