import RosterSession

/// What to plan: `--prune`, `--only` and `--exclude`, for `plan` and `apply`.
struct PlanningOptions: CommandOptions {
    static let specs = [OptionCatalog.prune.spec, OptionCatalog.only.spec, OptionCatalog.exclude.spec]
    var prune: Bool
    var only: String?
    var exclude: String?

    init(_ arguments: ParsedArguments) {
        prune = arguments[OptionCatalog.prune]
        only = arguments[OptionCatalog.only]
        exclude = arguments[OptionCatalog.exclude]
    }

    /// The options given that shape a plan (`--prune`, `--only`, `--exclude`), as written.
    var shaping: [String] {
        (prune ? ["--prune"] : []) + (only != nil ? ["--only"] : []) + (exclude != nil ? ["--exclude"] : [])
    }

    /// The request for the roster at `paths`.
    func request(paths: [String]) throws(CommandFailure) -> PlanRequest {
        do throws(SessionFailure) {
            return try PlanRequest(paths: paths, prune: prune, only: only, exclude: exclude)
        } catch {
            throw CommandFailure(error)
        }
    }
}
