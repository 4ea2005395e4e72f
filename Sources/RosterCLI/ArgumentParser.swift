import RosterModel

/// A small hand-written parser: `--name value`, `--name=value`, flags, `--` to end options,
/// and `-h`/`--help`. Unknown options get a "did you mean".
package enum ArgumentParser {
    package static func parse(
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
            let suggestion = Suggestions.nearest(to: name, among: known).map { "; did you mean `\($0)`?" } ?? ""
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

    /// Each option given a value outside its choices is a usage error that lists them.
    static func checkChoices(_ parsed: ParsedArguments, options: [OptionSpec], command: String) throws(UsageError) {
        for option in options {
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
    /// The whole number `text` (given to `option`) says, within `range`; `fallback` when no text.
    static func integer(
        _ text: String?, _ option: String, in range: ClosedRange<Int>, default fallback: Int
    ) throws(UsageError) -> Int {
        guard let text else { return fallback }
        guard let n = Int(text), range.contains(n) else {
            throw UsageError(
                message: "\(option) takes a number from \(range.lowerBound) to \(range.upperBound), not `\(text)`",
                hint: "for example \(option) \(fallback)")
        }
        return n
    }
}

/// A mistake on the command line. Its message ends with a hint on what to run instead.
package struct UsageError: Error, Equatable, Sendable {
    package var message: String
    package var hint: String

    package init(message: String, hint: String) {
        self.message = message
        self.hint = hint
    }
}
