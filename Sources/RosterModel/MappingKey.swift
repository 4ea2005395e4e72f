/// The keys one kind of mapping may hold (a person, a team, …), by name: decoding reads a
/// mapping's values by these cases, never by position. A case's raw value is its slot in
/// ``Fields``.
protocol MappingKey: RawRepresentable, CaseIterable, Sendable where RawValue == Int {
    /// The key as a roster writes it.
    var spelling: StaticString { get }
    /// Every key of this kind, for matching a mapping's keys and for messages.
    static var keys: KeySet { get }
}
