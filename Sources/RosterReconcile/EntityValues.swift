import RosterCore

/// An entity's fields in the roster's order, as a plan shows a created or deleted entity.
package struct EntityValues: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    package private(set) var pairs: [(field: PlanField, value: JSONValue)]

    package init(dictionaryLiteral elements: (PlanField, JSONValue)...) {
        self.init(elements)
    }

    init(_ elements: [(PlanField, JSONValue)]) {
        pairs = elements.map { (field: $0.0, value: $0.1) }
    }

    var isEmpty: Bool { pairs.isEmpty }

    /// The value of `field`, or nil when the entity has no such field.
    package subscript(field: PlanField) -> JSONValue? {
        pairs.first { $0.field == field }?.value
    }

    /// The fields as a JSON object, in order.
    package var json: JSONValue { .object(pairs.map { ($0.field.rawValue, $0.value) }) }

    package static func == (lhs: EntityValues, rhs: EntityValues) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.field == $1.field && $0.value == $1.value }
    }
}
