import Foundation

/// Why libyaml stopped, copied out of the parser.
struct ParseFailure: Sendable {
    var isReaderError: Bool
    var isMemoryError: Bool
    var problem: String
    var problemLine: Int
    var problemColumn: Int
    var problemOffset: Int
    var problemValue: Int32
    var context: String?
    var contextLine: Int
    var contextColumn: Int
}
