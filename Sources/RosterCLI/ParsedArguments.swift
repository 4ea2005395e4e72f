import Synchronization

/// The arguments of one command after parsing.
struct ParsedArguments: Equatable, Sendable {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    /// Where each option read is noted, when a test asks (``OptionReads``); nil otherwise.
    var reads: OptionReads?

    init(positionals: [String] = [], values: [String: String] = [:], flags: Set<String> = []) {
        self.positionals = positionals
        self.values = values
        self.flags = flags
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    static func == (a: ParsedArguments, b: ParsedArguments) -> Bool {
        a.positionals == b.positionals && a.values == b.values && a.flags == b.flags
    }
}

/// The options a command's code read, by name: an option read but not among the command's
/// `specs` is never parsed (the parser refuses it as unknown), and `OptionDeclarationTests` use
/// this to name such an option.
final class OptionReads: Sendable {
    private let names = Mutex<Set<String>>([])

    func note(_ name: String) { names.withLock { _ = $0.insert(name) } }

    var all: Set<String> { names.withLock { $0 } }
}
