/// A selection as the user wrote it: `--only` and `--exclude`'s texts, which a saved plan keeps
/// so that apply plans the same selection again.
package struct SelectionText: Sendable, Equatable {
    var only: String?
    var exclude: String?

    package init(only: String? = nil, exclude: String? = nil) {
        self.only = only
        self.exclude = exclude
    }

    /// The option each text came from, and the text; in `only`, `exclude` order.
    package var given: [(option: Option, text: String)] {
        [(Option.only, only), (.exclude, exclude)].compactMap { option, text in text.map { (option, $0) } }
    }

    /// The two options, named as a saved plan's keys and the command line's flags spell them.
    package enum Option: String, Sendable, CaseIterable {
        case only, exclude
    }
}
