/// The arguments of one command after parsing.
struct ParsedArguments: Equatable, Sendable {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    init(positionals: [String] = [], values: [String: String] = [:], flags: Set<String> = []) {
        self.positionals = positionals
        self.values = values
        self.flags = flags
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
}
