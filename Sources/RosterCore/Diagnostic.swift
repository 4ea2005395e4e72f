/// One problem found in the input. Layers return these as values; only the executable prints.
package struct Diagnostic: Hashable, Sendable {
    package var severity: Severity
    /// Where the problem is; nil for problems that belong to no file (a bad option).
    package var location: SourceLocation?
    package var message: String
    package var notes: [DiagnosticNote]
    /// What kind of problem it is, for code that acts on it: code never reads message text.
    package var code: DiagnosticCode?
    /// The live entities (people or teams, by id) the problem is about, for code that acts on it.
    package var liveIDs: [Int] = []

    package init(
        _ severity: Severity, at location: SourceLocation?, _ message: String, notes: [DiagnosticNote] = [],
        code: DiagnosticCode? = nil
    ) {
        self.severity = severity
        self.location = location
        self.message = message
        self.notes = notes
        self.code = code
    }

    /// A coded error at `location`.
    package static func error(
        _ code: DiagnosticCode, _ message: String, at location: SourceLocation?, notes: [DiagnosticNote] = []
    ) -> Diagnostic {
        Diagnostic(.error, at: location, message, notes: notes, code: code)
    }

    /// A coded warning at `location`.
    package static func warning(
        _ code: DiagnosticCode, _ message: String, at location: SourceLocation?, notes: [DiagnosticNote] = []
    ) -> Diagnostic {
        Diagnostic(.warning, at: location, message, notes: notes, code: code)
    }

    /// A coded diagnostic of `severity` (a rule's, which the roster sets).
    package init(
        _ code: DiagnosticCode, _ severity: Severity, at location: SourceLocation?, _ message: String,
        notes: [DiagnosticNote] = []
    ) {
        self.init(severity, at: location, message, notes: notes, code: code)
    }

    /// An error at `location`.
    package static func error(
        _ message: String, at location: SourceLocation?, notes: [DiagnosticNote] = []
    ) -> Diagnostic {
        Diagnostic(.error, at: location, message, notes: notes)
    }

    /// A warning at `location`.
    package static func warning(
        _ message: String, at location: SourceLocation?, notes: [DiagnosticNote] = []
    ) -> Diagnostic {
        Diagnostic(.warning, at: location, message, notes: notes)
    }
}

extension Array where Element == Diagnostic {
    /// Diagnostics in the order users read them: by file, line and column; those without a
    /// location first. The sort is stable, so problems at one position keep their order.
    package func sortedForDisplay() -> [Diagnostic] {
        enumerated().sorted { a, b in
            switch (a.element.location, b.element.location) {
            case (nil, nil): return a.offset < b.offset
            case (nil, _): return true
            case (_, nil): return false
            case let (la?, lb?): return la == lb ? a.offset < b.offset : la < lb
            }
        }.map(\.element)
    }

    /// Whether any diagnostic is an error.
    package var hasErrors: Bool { contains { $0.severity == .error } }
}

/// A stable name for a kind of diagnostic, as a linter names its rules: shown in JSON output,
/// listed in docs/roster-file.md, and what code acts on (never the message text).
package struct DiagnosticCode: RawRepresentable, Hashable, Sendable {
    package var rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }

    /// an edit that names a person, team or level the roster lacks
    package static let editUnknownName = DiagnosticCode(rawValue: "edit-unknown-name")
    /// an edit that names someone several entries share, or leaves unsaid which team they leave
    package static let editAmbiguous = DiagnosticCode(rawValue: "edit-ambiguous")
    /// an edit that takes a team's lead away without naming who leads next
    package static let editNeedsSuccessor = DiagnosticCode(rawValue: "edit-needs-successor")
    /// an edit that adds a person or team the roster has, with other values
    package static let editExists = DiagnosticCode(rawValue: "edit-exists")
    /// an edit that needs a value the command did not get (a new person's craft)
    package static let editMissingValue = DiagnosticCode(rawValue: "edit-missing-value")

    /// a JSON surrogate escape (D800 to DFFF) without its pair
    package static let unpairedSurrogate = DiagnosticCode(rawValue: "unpaired-surrogate")
    /// the file holds no YAML document
    package static let noDocument = DiagnosticCode(rawValue: "no-document")
    /// a second YAML document in one file
    package static let twoDocuments = DiagnosticCode(rawValue: "two-documents")
    /// nesting deeper than the loader accepts
    package static let tooDeep = DiagnosticCode(rawValue: "too-deep")
    /// an alias with no anchor before it
    package static let undefinedAlias = DiagnosticCode(rawValue: "undefined-alias")
    /// aliases that expand to too many nodes
    package static let aliasExpansion = DiagnosticCode(rawValue: "alias-expansion")
    /// a top level that is not a mapping
    package static let rootNotMapping = DiagnosticCode(rawValue: "root-not-mapping")
    /// a merge key `<<` whose value is no mapping alias
    package static let badMergeKey = DiagnosticCode(rawValue: "bad-merge-key")
    /// a key written twice in one mapping
    package static let duplicateKey = DiagnosticCode(rawValue: "duplicate-key")
    /// a tag other than the core schema's
    package static let unsupportedTag = DiagnosticCode(rawValue: "unsupported-tag")
    /// YAML or JSON the parser cannot read
    package static let syntax = DiagnosticCode(rawValue: "syntax")
    /// a path that names no file
    package static let missingFile = DiagnosticCode(rawValue: "missing-file")
    /// a folder with no roster file
    package static let emptyDirectory = DiagnosticCode(rawValue: "empty-directory")
    /// a folder reached again through a link (skipped)
    package static let linkLoop = DiagnosticCode(rawValue: "link-loop")
    /// a file or folder that cannot be read
    package static let unreadable = DiagnosticCode(rawValue: "unreadable")
    /// a file larger than roster reads
    package static let tooLarge = DiagnosticCode(rawValue: "too-large")
    /// a saved plan where a roster file was expected
    package static let savedPlan = DiagnosticCode(rawValue: "saved-plan")
    /// a .json file that is not strict JSON
    package static let invalidJSON = DiagnosticCode(rawValue: "invalid-json")
    /// a key the format does not have
    package static let unknownKey = DiagnosticCode(rawValue: "unknown-key")
    /// a value of the wrong kind (a list for a string, …)
    package static let wrongType = DiagnosticCode(rawValue: "wrong-type")
    /// a required field left out (version, name, lead, craft, level, limitMonths, value)
    package static let missingField = DiagnosticCode(rawValue: "missing-field")
    /// an empty name or space
    package static let emptyValue = DiagnosticCode(rawValue: "empty-value")
    /// a name with control characters, bidirectional controls or nothing visible
    package static let unsafeName = DiagnosticCode(rawValue: "unsafe-name")
    /// a name with white space at its start or end
    package static let edgeWhitespace = DiagnosticCode(rawValue: "edge-whitespace")
    /// a craft, level, focus, severity, email or maxDeletes the format does not take
    package static let invalidValue = DiagnosticCode(rawValue: "invalid-value")
    /// a value of a newer MPS not listed under newValues
    package static let undeclaredValue = DiagnosticCode(rawValue: "undeclared-value")
    /// a newValues entry that is a known value or not spelled as MPS values are
    package static let badNewValue = DiagnosticCode(rawValue: "bad-new-value")
    /// a levelStartDate, starts, lastDay or on that is not a real YYYY-MM-DD day
    package static let invalidDate = DiagnosticCode(rawValue: "invalid-date")
    /// dates that contradict each other: a last day before the first, a team change outside the team's
    /// days, two changes of a team on one day, a lead or a dated member not in the space that day
    package static let datedConflict = DiagnosticCode(rawValue: "dated-conflict")
    /// a section or level limit set in more than one place
    package static let setTwice = DiagnosticCode(rawValue: "set-twice")
    /// an id pinned by two entries
    package static let duplicateID = DiagnosticCode(rawValue: "duplicate-id")
    /// two entries of one name without pinned ids
    package static let duplicateName = DiagnosticCode(rawValue: "duplicate-name")
    /// a person who shares the name of pinned people and pins no id: a namesake the plan creates
    package static let namesake = DiagnosticCode(rawValue: "namesake")
    /// a former name that is taken or is the entry's own
    package static let formerName = DiagnosticCode(rawValue: "former-name")
    /// a team reference to no person of the roster
    package static let unknownPerson = DiagnosticCode(rawValue: "unknown-person")
    /// a team reference to a name several people share
    package static let ambiguousReference = DiagnosticCode(rawValue: "ambiguous-reference")
    /// a person in two teams while oneTeamPerPerson holds
    package static let oneTeam = DiagnosticCode(rawValue: "one-team")
    /// a person listed twice in one team's members
    package static let duplicateMember = DiagnosticCode(rawValue: "duplicate-member")
    /// a roster name that matches several live entities
    package static let ambiguousMatch = DiagnosticCode(rawValue: "ambiguous-match")
    /// a pinned id the live space does not have
    package static let unknownID = DiagnosticCode(rawValue: "unknown-id")
    /// a policy.protected or policy.ignore name that matches nothing
    package static let policyName = DiagnosticCode(rawValue: "policy-name")
    /// a roster entry that needs what an older MPS lacks
    package static let serverLacks = DiagnosticCode(rawValue: "server-lacks")
    /// rules.maxTeamSize
    package static let maxTeamSize = DiagnosticCode(rawValue: "max-team-size")
    /// rules.minTeamSize
    package static let minTeamSize = DiagnosticCode(rawValue: "min-team-size")
    /// rules.maxSpanOfControl
    package static let maxSpanOfControl = DiagnosticCode(rawValue: "max-span-of-control")
    /// rules.leadMinLevel
    package static let leadMinLevel = DiagnosticCode(rawValue: "lead-min-level")
    /// rules.requireLevelStartDate
    package static let requireLevelStartDate = DiagnosticCode(rawValue: "require-level-start-date")
    /// rules.requireFocus
    package static let requireFocus = DiagnosticCode(rawValue: "require-focus")
    /// a live level start date that is not a YYYY-MM-DD day (left out)
    package static let freeTextDate = DiagnosticCode(rawValue: "free-text-date")
    /// a live member's email that a roster cannot hold (left out)
    package static let unwritableEmail = DiagnosticCode(rawValue: "unwritable-email")
    /// live people in more than one team (named; export turns the rule off, pull writes each in one team)
    package static let severalTeams = DiagnosticCode(rawValue: "several-teams")
    /// values of a newer MPS
    package static let newerServer = DiagnosticCode(rawValue: "newer-server")
    /// what an older MPS lacks
    package static let olderServer = DiagnosticCode(rawValue: "older-server")

    /// Every code, in the order the docs list them (what each is about: its declaration above).
    static let catalog: [DiagnosticCode] = [
        unpairedSurrogate, noDocument, twoDocuments, tooDeep, undefinedAlias, aliasExpansion, rootNotMapping,
        badMergeKey, duplicateKey, unsupportedTag, syntax, missingFile, emptyDirectory, linkLoop, unreadable,
        tooLarge, savedPlan, invalidJSON, unknownKey, wrongType, missingField, emptyValue, unsafeName, edgeWhitespace,
        invalidValue, undeclaredValue, badNewValue, invalidDate, datedConflict, setTwice, duplicateID, duplicateName,
        namesake,
        formerName, unknownPerson, ambiguousReference, oneTeam, duplicateMember, ambiguousMatch, unknownID,
        policyName, serverLacks, maxTeamSize, minTeamSize, maxSpanOfControl, leadMinLevel, requireLevelStartDate,
        requireFocus, freeTextDate, unwritableEmail, severalTeams, editUnknownName, editAmbiguous, editNeedsSuccessor,
        editExists, editMissingValue, newerServer, olderServer,
    ]
}

/// How serious a diagnostic is.
package enum Severity: String, Sendable, Hashable, Codable {
    case error
    case warning
    case note
}

/// A secondary message attached to a diagnostic, such as "first defined here".
package struct DiagnosticNote: Hashable, Sendable {
    package var location: SourceLocation?
    package var message: String

    package init(location: SourceLocation?, message: String) {
        self.location = location
        self.message = message
    }
}
