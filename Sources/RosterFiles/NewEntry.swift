/// A new roster entry: its keys and values in the order they are written.
package struct NewEntry: Equatable, Sendable {
    package var fields: [Field]
    /// The live entity it writes.
    package var liveID: Int?

    package struct Field: Equatable, Sendable {
        package var key: String
        package var value: WrittenValue
    }

    package init(_ fields: [(String, WrittenValue)], liveID: Int? = nil) {
        self.fields = fields.map { Field(key: $0.0, value: $0.1) }
        self.liveID = liveID
    }
}
