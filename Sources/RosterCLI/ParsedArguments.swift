/// The arguments of one command after parsing.
package struct ParsedArguments: Equatable, Sendable {
    var positionals: [String] = []
    package var values: [String: String] = [:]
    var flags: Set<String> = []

    package init(positionals: [String] = [], values: [String: String] = [:], flags: Set<String> = []) {
        self.positionals = positionals
        self.values = values
        self.flags = flags
    }

    package func flag(_ name: String) -> Bool { flags.contains(name) }
}
