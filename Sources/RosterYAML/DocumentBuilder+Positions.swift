import RosterCore

/// Positions and libyaml's errors, as diagnostics.
extension DocumentBuilder {
    func syntaxError(_ failure: ParseFailure, _ bytes: [UInt8]) -> Diagnostic {
        let problem = failure.problem
        if failure.isMemoryError {
            return .error(.syntax, "out of memory while parsing", at: .file(file.path))
        }
        if failure.isReaderError {
            var offset = min(failure.problemOffset, bytes.count)
            var message = problem
            if problem.contains("trailing UTF-8") && offset > 0 {
                // libyaml points at the byte that fails to continue a sequence; the user needs
                // the sequence's first byte.
                var lead = offset - 1
                while lead > 0 && offset - lead < 4 && bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
                message =
                    "invalid UTF-8: the byte \(hexByte(Int32(bytes[lead]))) starts a sequence that "
                    + "\(hexByte(failure.problemValue)) does not continue"
                offset = lead
            } else if failure.problemValue != -1 {
                message =
                    (problem.contains("UTF-8") ? "invalid UTF-8: " : "") + problem
                    + " (\(hexByte(failure.problemValue)))"
            }
            return .error(.syntax, message, at: offsetLocation(offset, bytes))
        }
        // libyaml's word for a tab where YAML wants a space says nothing to someone new to YAML.
        if problem == "found character that cannot start any token",
            Self.byte(line: failure.problemLine, column: failure.problemColumn, in: bytes) == 0x09
        {
            return .error(
                .syntax, "a tab: YAML indents with spaces",
                at: location(line: failure.problemLine, column: failure.problemColumn))
        }
        var notes: [DiagnosticNote] = []
        if let context = failure.context {
            notes.append(
                DiagnosticNote(
                    location: location(line: failure.contextLine, column: failure.contextColumn), message: context))
        }
        return .error(
            .syntax, Self.words(for: problem), at: location(line: failure.problemLine, column: failure.problemColumn),
            notes: notes)
    }

    /// libyaml's problem, in words that say what to write where libyaml's say too little.
    static func words(for problem: String) -> String {
        guard problem == "found invalid Unicode character escape code" else { return problem }
        // JSON's surrogate pairs are rewritten in a JSON document only (SurrogateEscapeRewriter).
        return "an escape of no Unicode character: a UTF-16 surrogate (\\uD800 to \\uDFFF) is JSON's way to "
            + "write a character beyond U+FFFF; in YAML, write the character itself or `\\U0001F600`"
    }

    /// The first byte of the character at a 0-based line and column (libyaml's marks), if any.
    static func byte(line: Int, column: Int, in bytes: [UInt8]) -> UInt8? {
        var index = 0, seen = 0
        while seen < line, index < bytes.count {
            if bytes[index] == 0x0A { seen += 1 }
            index += 1
        }
        var characters = 0
        while index < bytes.count, characters < column {
            index += 1
            while index < bytes.count && bytes[index] & 0xC0 == 0x80 { index += 1 }
            characters += 1
        }
        return index < bytes.count ? bytes[index] : nil
    }

    func hexByte(_ value: Int32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "#x" + (digits.count < 2 ? "0" + digits : digits)
    }

    /// Line and column of a byte offset, for reader errors that carry no mark.
    func offsetLocation(_ offset: Int, _ bytes: [UInt8]) -> SourceLocation {
        var line = 0
        var column = 0
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 0
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return location(line: line, column: column)
    }

    func location(_ event: EventParser.Event) -> SourceLocation {
        location(line: Int(event.line), column: Int(event.column))
    }

    /// 1-based location from libyaml's 0-based line and column, undoing the shifts of
    /// rewritten surrogate escapes on that line.
    func location(line: Int, column: Int) -> SourceLocation {
        var col = column
        if !columnShifts.isEmpty, let shifts = columnShifts[line] {
            for s in shifts where s.column < column { col += s.shift }
        }
        return SourceLocation(file: file, line: line + 1, column: col + 1)
    }
}
