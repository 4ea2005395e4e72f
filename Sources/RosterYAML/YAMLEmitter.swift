import CYAML

/// A value to write as YAML.
package indirect enum YAMLValue: Sendable {
    /// A string: written unquoted when that reads back the same, else quoted.
    case string(String)
    /// A number or other token written as is (`18`, `2024-03-01`).
    case token(String)
    case sequence([YAMLValue], flow: Bool)
    case mapping([(String, YAMLValue)], flow: Bool)
}

/// Writes YAML through libyaml's emitter, so quoting and escaping are always right.
package enum YAMLEmitter {
    package struct EmitError: Error, Sendable {
        package var message: String
    }

    /// libyaml's emitter state and the bytes it writes, in one place so the callback and the
    /// event calls never hold overlapping accesses.
    private final class Writer {
        var emitter = yaml_emitter_t()
        var event = yaml_event_t()
        var bytes: [UInt8] = []

        func send(_ initialized: Int32) throws(EmitError) {
            guard initialized == 1, yaml_emitter_emit(&emitter, &event) == 1 else {
                throw EmitError(message: emitter.problem.map { String(cString: $0) } ?? "cannot write YAML")
            }
        }

        func scalar(_ s: String, style: yaml_scalar_style_t) throws(EmitError) {
            // A trailing NUL keeps the buffer non-empty; libyaml copies `length` bytes of it.
            var text = Array(s.utf8) + [0]
            let length = Int32(text.count - 1)
            let ok = text.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard let pointer = buffer.baseAddress else { return 0 }
                return yaml_scalar_event_initialize(&event, nil, nil, pointer, length, 1, 1, style)
            }
            try send(ok)
        }

        func value(_ value: YAMLValue) throws(EmitError) {
            switch value {
            case .string(let s):
                try scalar(
                    s, style: YAMLEmitter.needsQuotes(s) ? YAML_DOUBLE_QUOTED_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE)
            case .token(let s):
                try scalar(s, style: YAML_PLAIN_SCALAR_STYLE)
            case .sequence(let items, let flow):
                try send(
                    yaml_sequence_start_event_initialize(
                        &event, nil, nil, 1, flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE))
                for item in items { try self.value(item) }
                try send(yaml_sequence_end_event_initialize(&event))
            case .mapping(let pairs, let flow):
                try send(
                    yaml_mapping_start_event_initialize(
                        &event, nil, nil, 1, flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE))
                for (key, item) in pairs {
                    try scalar(key, style: YAML_ANY_SCALAR_STYLE)
                    try self.value(item)
                }
                try send(yaml_mapping_end_event_initialize(&event))
            }
        }
    }

    /// Strings that other YAML readers would take for something else (booleans, nulls,
    /// numbers, dates, YAML 1.1's merge key `<<` and value key `=`) are quoted even though
    /// a reader without implicit typing (this package's) takes every scalar as a string.
    package static func needsQuotes(_ s: String) -> Bool {
        if s.isEmpty || s.unicodeScalars.contains(where: isBidiControl) { return true }
        let lower = s.lowercased()
        let special = [
            "null", "~", "true", "false", "yes", "no", "on", "off", "y", "n", "<<", "=",
            ".inf", "-.inf", "+.inf", ".nan",
        ]
        if special.contains(lower) { return true }
        let numeric = s.unicodeScalars.allSatisfy { "0123456789+-._eExXoObB:".unicodeScalars.contains($0) }
        return numeric && s.unicodeScalars.contains { "0123456789".unicodeScalars.contains($0) }
    }

    package static func emit(_ value: YAMLValue) throws(EmitError) -> String {
        let writer = Writer()
        guard yaml_emitter_initialize(&writer.emitter) == 1 else {
            throw EmitError(message: "cannot start the YAML emitter")
        }
        defer { yaml_emitter_delete(&writer.emitter) }
        let context = Unmanaged.passUnretained(writer).toOpaque()
        yaml_emitter_set_output(
            &writer.emitter,
            { data, buffer, size in
                guard let data, let buffer else { return 0 }
                Unmanaged<Writer>.fromOpaque(data).takeUnretainedValue().bytes.append(
                    contentsOf: UnsafeBufferPointer(start: buffer, count: size))
                return 1
            }, context)
        yaml_emitter_set_unicode(&writer.emitter, 1)
        yaml_emitter_set_width(&writer.emitter, 120)
        yaml_emitter_set_indent(&writer.emitter, 2)
        try writer.send(yaml_stream_start_event_initialize(&writer.event, YAML_UTF8_ENCODING))
        try writer.send(yaml_document_start_event_initialize(&writer.event, nil, nil, nil, 1))
        try writer.value(value)
        try writer.send(yaml_document_end_event_initialize(&writer.event, 1))
        try writer.send(yaml_stream_end_event_initialize(&writer.event))
        _ = yaml_emitter_flush(&writer.emitter)
        return escapingBidiControls(String(decoding: writer.bytes, as: UTF8.self))
    }

    /// Bidirectional overrides and isolates, which libyaml writes as they are: in a file under
    /// review they reorder the text around them.
    package static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// The emitted text with each bidirectional control written as a `\uXXXX` escape. Only
    /// strings are written with them, always double-quoted (``needsQuotes(_:)``), where the
    /// escape reads back as the same character.
    static func escapingBidiControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isBidiControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isBidiControl(scalar) {
                out.append(contentsOf: "\\u\(String(scalar.value, radix: 16, uppercase: true))".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
