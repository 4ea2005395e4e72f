import Foundation
import Testing

@testable import RosterCore

/// Reading JSON into ``JSONValue`` (saved plans): what it accepts, what it refuses.
@Suite struct JSONValueReadingTests {
    func parse(_ text: String, maxDepth: Int = 256) -> JSONValue? {
        JSONValue(parsing: Data(text.utf8), maxDepth: maxDepth)
    }

    @Test func readsEveryKindOfValueKeepingKeyOrder() throws {
        let value = try #require(
            parse(#" {"b": [1, -2, 3.5, 1e3, true, false, null], "a": {"é\n\u00e9\ud83d\ude00": "x\"y"}} "#))
        #expect(value.rendered() == #"{"b":[1,-2,3.5,1000,true,false,null],"a":{"é\né😀":"x\"y"}}"#)
        #expect(value["a"]?["é\né😀"]?.stringValue == "x\"y")
        #expect(value["missing"] == nil)
    }

    @Test func whatItRendersItReadsBack() throws {
        let value = JSONValue.object([
            (
                "steps",
                .array([
                    .object([
                        ("name", .string("Zoë \"Z\" \u{2028}")), ("id", .int(-42)),
                        ("when", .null), ("on", .bool(true)),
                    ])
                ])
            ), ("n", .double(0.25)),
        ])
        for indent in [0, 2] {
            #expect(parse(value.rendered(indent: indent))?.rendered() == value.rendered())
        }
    }

    @Test func keyOrderDoesNotCountOnceKeysAreSorted() throws {
        let one = try #require(parse(#"{"a": 1, "b": {"d": [2, {"f": 3, "e": 4}], "c": null}}"#))
        let other = try #require(parse(#"{"b": {"c": null, "d": [2, {"e": 4, "f": 3}]}, "a": 1}"#))
        #expect(one != other)
        #expect(one.sortingKeys == other.sortingKeys)
        let reordered = try #require(parse(#"{"b": {"c": null, "d": [{"e": 4, "f": 3}, 2]}, "a": 1}"#))
        #expect(one.sortingKeys != reordered.sortingKeys)  // an array's order does count
    }

    @Test(arguments: [
        "", "{", "[1,]x", "{\"a\" 1}", "tru", "nul", "[1] [2]", "\"open", "{\"a\": 01x}", "[NaN]", "--1", "{1: 2}",
    ])
    func refusesWhatIsNotJSON(_ text: String) {
        #expect(parse(text) == nil, "\(text)")
    }

    @Test func refusesNestingDeeperThanItsLimitInsteadOfOverflowingTheStack() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(parse(deep) == nil)
        #expect(parse("[[[1]]]", maxDepth: 3) == nil)
        #expect(parse("[[[1]]]", maxDepth: 4) != nil)
    }

    /// A `.json` roster must be JSON; the same reader says where it is not, and why.
    @Test(arguments: [
        ("{\"version\": 1, \"people\": [],}", 1, 29, "a trailing comma is not JSON"),
        ("[1,\n]", 2, 1, "a trailing comma is not JSON"),
        ("{\"version\": 1,\n  // note\n}", 2, 3, "a comment is not JSON"),
        ("{'version': 1}", 1, 2, "a single-quoted string is not JSON"),
        ("[\"a\tb\"]", 1, 4, "a control character must be escaped in a JSON string"),
        ("[\"a\\qb\"]", 1, 4, "unknown escape in a JSON string"),
        ("[\"\\u12G4\"]", 1, 7, "`\\u` needs four hex digits"),
        ("{\"é\": 1 2}", 1, 9, "expected `,` or `}`"),
        ("[1.]", 1, 4, "expected a digit after `.`"),
        ("[1] x", 1, 5, "unexpected text after the JSON value"),
        ("{\"a\": ", 1, 7, "unexpected end of the file"),
        ("[\"open", 1, 7, "unterminated string"),
    ])
    func checkSaysWhereAndWhy(_ text: String, _ line: Int, _ column: Int, _ reason: String) throws {
        let failure = try #require(JSONReader.check(Array(text.utf8)))
        #expect(failure.line == line && failure.column == column, "\(text): \(failure)")
        #expect(failure.reason == reason, "\(text)")
    }

    @Test func checkTakesJSONWithAByteOrderMark() {
        #expect(
            JSONReader.check([0xEF, 0xBB, 0xBF] + Array("{\"a\": [1, -2.5e3, true, null, \"\\u00e9\"]}".utf8)) == nil)
    }
}
