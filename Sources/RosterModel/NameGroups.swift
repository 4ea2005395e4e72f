/// Values grouped by name key, for names that rarely repeat: the first value of each key, and
/// every value only for the keys that repeat, so a table of 10,000 unique names holds no array
/// per name. The roster's name tables and the planner's matching of live names both use it.
package struct NameGroups<Value: Sendable>: Sendable {
    /// The first value added under each key.
    package private(set) var first: [NameKey: Value]
    /// Every value, in the order added, of each key added more than once.
    package private(set) var repeats: [NameKey: [Value]] = [:]

    /// Groups sized for about `capacity` keys, so that building them does not rehash.
    package init(capacity: Int = 0) {
        first = Dictionary(minimumCapacity: capacity)
    }

    /// Adds `value` under `key`; returns the key's first value when it had one already.
    @discardableResult
    package mutating func add(_ value: Value, for key: NameKey) -> Value? {
        guard let earlier = first.updateValue(value, forKey: key) else { return nil }
        first[key] = earlier
        repeats[key, default: [earlier]].append(value)
        return earlier
    }
}
