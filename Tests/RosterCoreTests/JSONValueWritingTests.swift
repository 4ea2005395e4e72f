import Foundation
import Testing

@testable import RosterCore

/// Writing ``JSONValue``: key order kept, strings escaped for JSON and JavaScript, pretty printing.
@Suite struct JSONValueWritingTests {
    @Test func stringsAreEscapedForJSONAndJavaScript() {
        let text = "q\"b\\n\nr\rt\t\u{1}\u{1F} \u{2028}\u{2029} é😀"
        #expect(
            JSONValue.string(text).rendered()
                == #""q\"b\\n\nr\rt\t\u0001\u001f \u2028\u2029 é😀""#)
    }

    /// What a terminal, a log or a review acts on or hides is escaped, and reads back the same.
    @Test func controlBidiAndRunnerCommandsAreEscaped() {
        let name = "a\u{7F}b\u{85}c\u{9B}d\u{202E}e\u{2066}f\u{FEFF}g\u{FFFE}h ##[group] é😀"
        let written = JSONValue.string(name).rendered()
        #expect(written == #""a\u007fb\u0085c\u009bd\u202ee\u2066f\ufeffg\ufffeh ##\u005bgroup] é😀""#)
        #expect(JSONValue(parsing: Data(written.utf8)) == .string(name))
    }

    @Test func objectsKeepTheirKeyOrderAndPrettyPrintWithTheGivenIndent() {
        let value = JSONValue.object([
            ("z", .int(-12)), ("a", .array([.bool(true), .null, .double(2.5), .double(3)])), ("e", .object([])),
            ("l", .array([])),
        ])
        #expect(value.rendered() == #"{"z":-12,"a":[true,null,2.5,3],"e":{},"l":[]}"#)
        #expect(
            value.rendered(indent: 2)
                == "{\n  \"z\": -12,\n  \"a\": [\n    true,\n    null,\n    2.5,\n    3\n  ],\n  \"e\": {},\n  \"l\": []\n}"
        )
    }

    @Test func integersAtTheLimitsAreWrittenExactly() {
        #expect(JSONValue.int(Int.min).rendered() == String(Int.min))
        #expect(JSONValue.int(Int.max).rendered() == String(Int.max))
        #expect(JSONValue.int(0).rendered() == "0")
    }
}
