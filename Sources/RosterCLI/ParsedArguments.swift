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

/// The options a command's code read, in the order first read: a command's options are
/// declared by reading them (``CommandOptions/specs``), and `OptionDeclarationTests` name an
/// option an edit command reads but does not declare.
final class OptionReads: Sendable {
    private let specs = Mutex<[OptionSpec]>([])

    func note(_ spec: OptionSpec) {
        specs.withLock { specs in
            if !specs.contains(where: { $0.name == spec.name }) { specs.append(spec) }
        }
    }

    /// The options read, in the order first read.
    var read: [OptionSpec] { specs.withLock { $0 } }

    /// Their names.
    var all: Set<String> { Set(read.map(\.name)) }
}
