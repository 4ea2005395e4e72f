import CYAML

/// Where the tree builder takes its events from: libyaml on this thread (``EventParser``) or on
/// a second one (``BackgroundEventParser``).
protocol EventSource {
    /// The next event; nil when libyaml stopped at an error (``failure``).
    mutating func next() -> EventParser.Event?
    /// Why the parse stopped, once ``next()`` returned nil.
    var failure: ParseFailure { get }
    /// Appends the bytes of the last event's scalar to `text`.
    func appendScalar(to text: inout [UInt8])
    /// The last event's tag, when it has one (``EventParser/Event/hasTag``).
    func tag() -> String?
    /// The last event's anchor (an alias: the anchor it names), when it has one.
    func anchor() -> String?
}

/// libyaml's event parser over one buffer, one event at a time. The only place the YAML layer
/// touches the C library's memory.
struct EventParser: EventSource {
    /// One libyaml event: what the tree builder needs, as plain values (its rare strings, the
    /// tag and the anchor, are asked for separately).
    struct Event: Sendable {
        enum Kind {
            case documentStart, scalar, sequenceStart, mappingStart, sequenceEnd, mappingEnd, alias, streamEnd, other
        }

        var kind: Kind
        var style = ScalarStyle.plain
        /// 0-based, as libyaml counts.
        var line: Int
        var column: Int
        var hasTag = false
        var hasAnchor = false
    }

    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let event: UnsafeMutablePointer<yaml_event_t>

    /// Runs `body` with a parser over `bytes`; nil when libyaml cannot allocate one.
    static func parse<R>(_ bytes: [UInt8], _ body: (inout EventParser) -> R) -> R? {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        event.initialize(to: yaml_event_t())
        defer {
            yaml_event_delete(event)
            event.deallocate()
            parser.deallocate()
        }
        guard yaml_parser_initialize(parser) == 1 else { return nil }
        defer { yaml_parser_delete(parser) }
        return bytes.withUnsafeBufferPointer { buffer in
            var empty: UInt8 = 0
            if let base = buffer.baseAddress {
                yaml_parser_set_input_string(parser, base, buffer.count)
            } else {
                yaml_parser_set_input_string(parser, &empty, 0)
            }
            var events = EventParser(parser: parser, event: event)
            return body(&events)
        }
    }

    mutating func next() -> Event? {
        yaml_event_delete(event)
        guard yaml_parser_parse(parser, event) == 1 else { return nil }
        let mark = event.pointee.start_mark
        var out = Event(kind: .other, line: Int(mark.line), column: Int(mark.column))
        switch event.pointee.type {
        case YAML_DOCUMENT_START_EVENT: out.kind = .documentStart
        case YAML_SCALAR_EVENT:
            out.kind = .scalar
            out.style = Self.style(event.pointee.data.scalar.style)
        case YAML_SEQUENCE_START_EVENT: out.kind = .sequenceStart
        case YAML_MAPPING_START_EVENT: out.kind = .mappingStart
        case YAML_SEQUENCE_END_EVENT: out.kind = .sequenceEnd
        case YAML_MAPPING_END_EVENT: out.kind = .mappingEnd
        case YAML_ALIAS_EVENT: out.kind = .alias
        case YAML_STREAM_END_EVENT: out.kind = .streamEnd
        default: break
        }
        out.hasTag = tagPointer() != nil
        out.hasAnchor = anchorPointer() != nil
        return out
    }

    func appendScalar(to text: inout [UInt8]) {
        let scalar = event.pointee.data.scalar
        guard let value = scalar.value, scalar.length > 0 else { return }
        text.append(contentsOf: UnsafeBufferPointer(start: value, count: scalar.length))
    }

    func tag() -> String? { tagPointer().map { String(cString: $0) } }
    func anchor() -> String? { anchorPointer().map { String(cString: $0) } }

    private func tagPointer() -> UnsafeMutablePointer<yaml_char_t>? {
        switch event.pointee.type {
        case YAML_SCALAR_EVENT: return event.pointee.data.scalar.tag
        case YAML_SEQUENCE_START_EVENT: return event.pointee.data.sequence_start.tag
        case YAML_MAPPING_START_EVENT: return event.pointee.data.mapping_start.tag
        default: return nil
        }
    }

    private func anchorPointer() -> UnsafeMutablePointer<yaml_char_t>? {
        switch event.pointee.type {
        case YAML_SCALAR_EVENT: return event.pointee.data.scalar.anchor
        case YAML_SEQUENCE_START_EVENT: return event.pointee.data.sequence_start.anchor
        case YAML_MAPPING_START_EVENT: return event.pointee.data.mapping_start.anchor
        case YAML_ALIAS_EVENT: return event.pointee.data.alias.anchor
        default: return nil
        }
    }

    private static func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }

    var failure: ParseFailure {
        let p = parser.pointee
        return ParseFailure(
            isReaderError: p.error == YAML_READER_ERROR, isMemoryError: p.error == YAML_MEMORY_ERROR,
            problem: p.problem.map { String(cString: $0) } ?? "invalid YAML",
            problemLine: Int(p.problem_mark.line), problemColumn: Int(p.problem_mark.column),
            problemOffset: p.problem_offset, problemValue: p.problem_value,
            context: p.context.map { String(cString: $0) },
            contextLine: Int(p.context_mark.line), contextColumn: Int(p.context_mark.column))
    }
}

/// Why libyaml stopped, copied out of the parser.
struct ParseFailure: Error {
    var isReaderError: Bool
    var isMemoryError: Bool
    var problem: String
    var problemLine: Int
    var problemColumn: Int
    var problemOffset: Int
    var problemValue: Int32
    var context: String?
    var contextLine: Int
    var contextColumn: Int
}

extension ParseFailure {
    /// libyaml could not allocate its parser.
    static let outOfMemory = ParseFailure(
        isReaderError: false, isMemoryError: true, problem: "out of memory", problemLine: 0, problemColumn: 0,
        problemOffset: 0, problemValue: -1, context: nil, contextLine: 0, contextColumn: 0)
}
