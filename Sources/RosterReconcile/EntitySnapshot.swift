import RosterModel

/// One live entity's name and fields, as text.
struct EntitySnapshot: Sendable, Equatable {
    struct Field: Sendable, Equatable {
        var name: String
        var value: String
    }

    var name: String
    var fields: [Field]

    /// Fields are kept in name order, so a saved plan whose keys were reordered reads the same.
    init(name: String, fields: [(String, String)]) {
        self.name = name
        self.fields = fields.map { Field(name: $0.0, value: $0.1) }.sorted { $0.name < $1.name }
    }

    /// `level Junior → Mid, focus Backend → Mobile`, or `renamed from "A"`.
    func differences(to other: EntitySnapshot) -> String {
        var parts: [String] = []
        if name != other.name { parts.append("renamed to \"\(other.name)\"") }
        for field in fields {
            let value = other.fields.first { $0.name == field.name }?.value ?? "none"
            if value != field.value { parts.append("\(field.name) \(field.value) → \(value)") }
        }
        return parts.joined(separator: ", ")
    }
}
