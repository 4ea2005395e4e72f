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
