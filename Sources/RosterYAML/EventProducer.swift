import CYAML
import Foundation

/// Runs libyaml over a buffer and hands its events on in packed batches.
enum EventProducer {
    static let batchSize = 8192

    /// Parses `buffer`, calling `sink` with each batch; stops early when `sink` returns false.
    static func run(_ buffer: UnsafeBufferPointer<UInt8>, sink: (EventBatch) -> Bool) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            _ = sink(
                EventBatch(
                    failure: ParseFailure(
                        isReaderError: false, isMemoryError: true, problem: "out of memory", problemLine: 0,
                        problemColumn: 0, problemOffset: 0, problemValue: -1, context: nil, contextLine: 0,
                        contextColumn: 0),
                    isLast: true))
            return
        }
        defer { yaml_parser_delete(&parser) }
        var empty: UInt8 = 0
        if let base = buffer.baseAddress {
            yaml_parser_set_input_string(&parser, base, buffer.count)
        } else {
            yaml_parser_set_input_string(&parser, &empty, 0)
        }
        var batch = EventBatch()
        batch.events.reserveCapacity(batchSize)
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                batch.failure = failure(parser)
                batch.isLast = true
                _ = sink(batch)
                return
            }
            let isEnd = event.type == YAML_STREAM_END_EVENT
            pack(&event, into: &batch)
            yaml_event_delete(&event)
            if isEnd {
                batch.isLast = true
                _ = sink(batch)
                return
            }
            if batch.events.count >= batchSize {
                guard sink(batch) else { return }
                batch = EventBatch()
                batch.events.reserveCapacity(batchSize)
            }
        }
    }

    private static func pack(_ event: inout yaml_event_t, into batch: inout EventBatch) {
        var packed = PackedEvent(
            kind: .other, style: .plain, line: UInt32(event.start_mark.line), column: UInt32(event.start_mark.column),
            start: 0, count: 0, tag: -1, anchor: -1)
        func intern(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> Int32 {
            guard let pointer else { return -1 }
            batch.strings.append(String(cString: pointer))
            return Int32(batch.strings.count - 1)
        }
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            packed.kind = .documentStart
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            packed.kind = .scalar
            switch s.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: packed.style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: packed.style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: packed.style = .literal
            case YAML_FOLDED_SCALAR_STYLE: packed.style = .folded
            default: packed.style = .plain
            }
            packed.start = UInt32(batch.text.count)
            packed.count = UInt32(s.length)
            if let value = s.value, s.length > 0 {
                batch.text.append(contentsOf: UnsafeBufferPointer(start: value, count: s.length))
            }
            packed.tag = intern(s.tag)
            packed.anchor = intern(s.anchor)
        case YAML_SEQUENCE_START_EVENT:
            packed.kind = .sequenceStart
            packed.tag = intern(event.data.sequence_start.tag)
            packed.anchor = intern(event.data.sequence_start.anchor)
        case YAML_MAPPING_START_EVENT:
            packed.kind = .mappingStart
            packed.tag = intern(event.data.mapping_start.tag)
            packed.anchor = intern(event.data.mapping_start.anchor)
        case YAML_SEQUENCE_END_EVENT:
            packed.kind = .sequenceEnd
        case YAML_MAPPING_END_EVENT:
            packed.kind = .mappingEnd
        case YAML_ALIAS_EVENT:
            packed.kind = .alias
            packed.anchor = intern(event.data.alias.anchor)
        case YAML_STREAM_END_EVENT:
            packed.kind = .streamEnd
        default:
            return
        }
        batch.events.append(packed)
    }

    private static func failure(_ parser: yaml_parser_t) -> ParseFailure {
        ParseFailure(
            isReaderError: parser.error == YAML_READER_ERROR,
            isMemoryError: parser.error == YAML_MEMORY_ERROR,
            problem: parser.problem.map { String(cString: $0) } ?? "invalid YAML",
            problemLine: Int(parser.problem_mark.line), problemColumn: Int(parser.problem_mark.column),
            problemOffset: parser.problem_offset, problemValue: parser.problem_value,
            context: parser.context.map { String(cString: $0) },
            contextLine: Int(parser.context_mark.line), contextColumn: Int(parser.context_mark.column))
    }
}
