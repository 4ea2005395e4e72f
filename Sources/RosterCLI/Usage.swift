/// A command's one-line usage, made from its option declarations: an option is spelled by its
/// spec (name and value), so a renamed option or a changed placeholder cannot leave the usage
/// behind, and the test of the registry checks that every option a usage shows is one the command
/// takes. Only the command's own words (subcommands, positionals) are written here.
struct Usage: Sendable, CustomStringConvertible {
    /// One piece of a form.
    indirect enum Part: Sendable {
        /// The command's words: a subcommand, a positional (`NAME`, `[PATH…]`).
        case words(String)
        /// An option the form needs: `--to TEAM`.
        case required(OptionSpec)
        /// An option, or a group of them, the form may take: `[--team TEAM [--as lead]]`.
        case optional([Part])
        /// An option with one of its values: `--as lead`.
        case value(OptionSpec, String)
    }

    /// The forms the command takes, each after `roster`: `add person …` and `add team …`.
    var forms: [[Part]]

    init(_ forms: [Part]...) { self.forms = forms }

    /// One form: the command's words, then each option optional (`plan [PATH…] [--prune]`).
    static func command(_ words: String, _ options: OptionSpec...) -> Usage {
        Usage([.words(words)] + options.map { .optional($0) })
    }

    var description: String {
        forms.map { "roster " + $0.map(Self.text).joined(separator: " ") }.joined(separator: " | ")
    }

    /// The options the usage shows, by name.
    var options: [String] { forms.flatMap { $0.flatMap(Self.options) } }

    static func text(_ part: Part) -> String {
        switch part {
        case .words(let words): words
        case .required(let spec): spec.value.map { "\(spec.name) \($0)" } ?? spec.name
        case .optional(let parts): "[" + parts.map(text).joined(separator: " ") + "]"
        case .value(let spec, let value): "\(spec.name) \(value)"
        }
    }

    static func options(_ part: Part) -> [String] {
        switch part {
        case .words: []
        case .required(let spec), .value(let spec, _): [spec.name]
        case .optional(let parts): parts.flatMap(options)
        }
    }
}

extension [Usage.Part] {
    /// Each option optional, a bracket each: `[--live] [--team NAME]`.
    static func each(_ specs: OptionSpec...) -> [Usage.Part] { specs.map { .optional($0) } }
}

extension Usage.Part {
    /// One option, optional: `[--out FILE]`.
    static func optional(_ spec: OptionSpec) -> Usage.Part { .optional([.required(spec)]) }
}
