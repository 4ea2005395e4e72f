import RosterDiagnostics

/// How a scalar was written. The schema layer uses it to tell `null` from `"null"`.
public enum ScalarStyle: Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded
}

/// The core tags a roster file may use explicitly (`!!str`, `!!int`, …).
public enum CoreTag: String, Sendable, Hashable {
    case str, int, bool, null, map, seq
}

/// A scalar exactly as written: no implicit typing happens in the YAML layer.
public struct YAMLScalar: Sendable, Hashable {
    public var value: String
    public var style: ScalarStyle

    public init(_ value: String, style: ScalarStyle = .plain) {
        self.value = value
        self.style = style
    }
}

/// A key and its value in a mapping.
public struct YAMLPair: Sendable {
    public var key: YAMLNode
    public var value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// One node of a loaded document. Aliases are resolved into copies of their anchor's node and
/// merge keys into ordinary pairs, so consumers never see either.
public struct YAMLNode: Sendable {
    public enum Content: Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    public var content: Content
    /// Where the node starts (for an alias: where its anchor's node starts).
    public var location: SourceLocation
    /// The explicit core tag, when the file wrote one.
    public var tag: CoreTag?

    public init(_ content: Content, location: SourceLocation, tag: CoreTag? = nil) {
        self.content = content
        self.location = location
        self.tag = tag
    }

    /// The scalar, when this node is one.
    public var scalar: YAMLScalar? {
        if case .scalar(let s) = content { return s }
        return nil
    }

    /// The pairs, when this node is a mapping.
    public var pairs: [YAMLPair]? {
        if case .mapping(let p) = content { return p }
        return nil
    }

    /// The items, when this node is a sequence.
    public var items: [YAMLNode]? {
        if case .sequence(let i) = content { return i }
        return nil
    }

    /// Whether the node is a null under the YAML core schema: `!!null`, or an untagged plain
    /// `null`, `Null`, `NULL`, `~` or empty scalar.
    public var isNull: Bool {
        if tag == .null { return true }
        guard tag == nil, case .scalar(let s) = content, s.style == .plain else { return false }
        switch s.value {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// A short description of the node's kind for messages ("a mapping", "a list", "null").
    public var kindDescription: String {
        switch content {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let s):
            if isNull { return "null" }
            return s.style == .plain ? "\"\(s.value)\"" : "the string \"\(s.value)\""
        }
    }
}
