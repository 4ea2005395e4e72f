import RosterModel

/// `pull --take SIDE[:KIND:NAME]`: how a conflict is resolved without editing by hand. `files`
/// keeps what the files say, `space` adopts what the space says; for every conflict, or for the
/// conflicts of one named entry (`space:person:Leo Santos`, `files:team:Checkout`,
/// `space:level:Senior`, `files:access`).
package struct PullTake: Sendable, Equatable {
    enum Side: String, Sendable, CaseIterable {
        case files, space
    }

    var side: Side
    /// The entry it resolves; nil: every conflict.
    var kind: ThreeWayPull.Conflict.Kind?
    var name: NameKey?

    init(side: Side, kind: ThreeWayPull.Conflict.Kind? = nil, name: String? = nil) {
        self.side = side
        self.kind = kind
        self.name = name.map(NameKey.init)
    }

    /// Parses `files`, `space`, or `SIDE:KIND:NAME`; nil with the reason when it cannot.
    static func parse(_ text: String) -> Result<PullTake, TakeError> {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard let side = Side(rawValue: parts[0]) else { return .failure(TakeError(text)) }
        guard parts.count > 1 else { return .success(PullTake(side: side)) }
        guard let kind = ThreeWayPull.Conflict.Kind(rawValue: parts[1]) else { return .failure(TakeError(text)) }
        if kind == .access {
            return parts.count == 2 ? .success(PullTake(side: side, kind: kind)) : .failure(TakeError(text))
        }
        guard parts.count == 3, !parts[2].isEmpty else { return .failure(TakeError(text)) }
        return .success(PullTake(side: side, kind: kind, name: parts[2]))
    }

    /// Parses a comma-separated list (`space:person:Ana,files`); a comma inside a name stays in it.
    package static func parseList(_ text: String) -> Result<[PullTake], TakeError> {
        var parts: [String] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            let starts = Side.allCases.contains { piece == $0.rawValue || piece.hasPrefix($0.rawValue + ":") }
            if starts || parts.isEmpty { parts.append(piece) } else { parts[parts.count - 1] += "," + piece }
        }
        var takes: [PullTake] = []
        for part in parts {
            switch parse(part) {
            case .success(let take): takes.append(take)
            case .failure(let error): return .failure(error)
            }
        }
        return .success(takes)
    }

    /// As written: `space:person:Leo Santos`.
    package var text: String {
        [side.rawValue, kind?.rawValue, name?.value].compactMap { $0 }.joined(separator: ":")
    }

    /// Whether it resolves `conflict`.
    func applies(to conflict: ThreeWayPull.Conflict) -> Bool {
        guard let kind else { return true }
        return kind == conflict.kind && (kind == .access || name == NameKey(conflict.name))
    }

    /// Why a `--take` value was refused.
    package struct TakeError: Error, Sendable, Equatable {
        var text: String
        init(_ text: String) { self.text = text }
        package var message: String {
            "--take \(text): expected files or space, optionally followed by :person:NAME, :team:NAME, "
                + ":level:LEVEL or :access"
        }
    }
}
