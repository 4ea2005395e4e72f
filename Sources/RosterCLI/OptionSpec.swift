/// A command-line option a command accepts.
struct OptionSpec: Sendable {
    var name: String
    /// The value's placeholder (`FILE`), or nil for a flag.
    var value: String?
    var help: String
    /// The values the option takes, when it takes only some; the parser refuses any other.
    var choices: [String]?
    /// For a number: the numbers it takes, whether they are whole, and the default shown in the
    /// error's hint; the parser refuses any other.
    var number: (range: ClosedRange<Double>, whole: Bool, example: String)?
    /// Whether the value is a day, `YYYY-MM-DD`; the parser refuses any other.
    var day = false

    init(_ name: String, value: String? = nil, _ help: String) {
        self.name = name
        self.value = value
        self.help = help
    }

    /// An option that takes one of `choices`, shown as `a|b|c`.
    init(_ name: String, choices: [String], _ help: String) {
        self.init(name, value: choices.joined(separator: "|"), help)
        self.choices = choices
    }

}
