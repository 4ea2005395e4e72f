import RosterModel

/// A small hand-written parser: `--name value`, `--name=value`, flags, `--` to end options,
/// and `-h`/`--help`. Unknown options get a "did you mean".
enum ArgumentParser {
    static func parse(
        _ arguments: [String], options: [OptionSpec], command: String
    ) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                result.positionals += arguments[index...]
                break
            }
            if argument == "-h" || argument == "--help" {
                result.flags.insert("--help")
            } else if argument.hasPrefix("-"), argument != "-" {
                try option(argument, arguments, &index, options: options, command: command, into: &result)
            } else {
                result.positionals.append(argument)
            }
        }
        try checkChoices(result, options: options, command: command)
        return result
    }

    /// Reads the option `argument` (`--name`, `--name=value`, or `--name value`, taking the next
    /// argument) into `result`.
    private static func option(
        _ argument: String, _ arguments: [String], _ index: inout Int, options: [OptionSpec], command: String,
        into result: inout ParsedArguments
    ) throws(UsageError) {
        let hint = "run `roster help \(command)` to see its options"
        var name = argument
        var inlineValue: String?
        if let equals = argument.firstIndex(of: "=") {
            name = String(argument[..<equals])
            inlineValue = String(argument[argument.index(after: equals)...])
        }
        guard let spec = options.first(where: { $0.name == name }) else {
            let known = options.map(\.name) + ["--help"]
            // Other tools' words for an option roster spells out (`-y`, `--yes`).
            let aliases = ["-y": "--auto-approve", "--yes": "--auto-approve"]
            let near =
                aliases[name].flatMap { known.contains($0) ? $0 : nil } ?? Suggestions.nearest(to: name, among: known)
            let suggestion = near.map { "; did you mean `\($0)`?" } ?? ""
            throw UsageError(message: "unknown option `\(name)` for `roster \(command)`\(suggestion)", hint: hint)
        }
        guard let placeholder = spec.value else {
            guard inlineValue == nil else { throw UsageError(message: "option `\(name)` takes no value", hint: hint) }
            result.flags.insert(name)
            return
        }
        if let inlineValue {
            result.values[name] = inlineValue
        } else if index < arguments.count {
            result.values[name] = arguments[index]
            index += 1
        } else {
            throw UsageError(message: "option `\(name)` needs a value (\(name) \(placeholder))", hint: hint)
        }
    }

    /// Each option given a value outside its choices (or its numbers) is a usage error that
    /// lists them.
    static func checkChoices(_ parsed: ParsedArguments, options: [OptionSpec], command: String) throws(UsageError) {
        for option in options {
            if let number = option.number, let text = parsed.values[option.name] {
                try checkNumber(text, option.name, number)
            }
            if option.day, let text = parsed.values[option.name], Day(text) == nil {
                throw UsageError(
                    message: "\(option.name) takes a day as YYYY-MM-DD, not `\(text)`",
                    hint: "for example \(option.name) 2026-01-31")
            }
            guard let choices = option.choices, let value = parsed.values[option.name], !choices.contains(value) else {
                continue
            }
            let what = option.name == "--format" ? "format" : "value"
            let of = option.name == "--format" ? "" : "`\(option.name)` of "
            throw UsageError(
                message:
                    "unknown \(what) `\(value)` for \(of)`roster \(command)`; expected "
                    + choices.joined(separator: ", "),
                hint: "run `roster help \(command)` to see its options")
        }
    }
}

extension ArgumentParser {
    /// Refuses `text` given to `option` unless it is a number the option takes.
    static func checkNumber(
        _ text: String, _ option: String, _ number: (range: ClosedRange<Double>, whole: Bool, example: String)
    ) throws(UsageError) {
        let value = number.whole ? Int(text).map(Double.init) : Double(text)
        guard let value, number.range.contains(value) else {
            let (low, high) = (Int(number.range.lowerBound), Int(number.range.upperBound))
            throw UsageError(
                message: "\(option) takes \(number.whole ? "a whole number" : "a number") from \(low) to \(high), "
                    + "not `\(text)`",
                hint: "for example \(option) \(number.example)")
        }
    }
}

/// A mistake on the command line. Its message ends with a hint on what to run instead.
struct UsageError: Error, Equatable, Sendable {
    var message: String
    var hint: String

    init(message: String, hint: String) {
        self.message = message
        self.hint = hint
    }
}
