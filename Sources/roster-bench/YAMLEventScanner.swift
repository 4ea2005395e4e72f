import CYAML

/// Parses a document with libyaml and discards the events: the floor that loading can
/// approach, measured in-process by `roster-bench`.
enum YAMLEventScanner {
    /// The number of events in `bytes`, or nil on a syntax error.
    static func countEvents(_ bytes: [UInt8]) -> Int? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return 0 }
            yaml_parser_set_input_string(&parser, base, buffer.count)
            var event = yaml_event_t()
            var count = 0
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                let done = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                count += 1
                if done { return count }
            }
        }
    }
}
