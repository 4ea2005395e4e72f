import Foundation

/// Why libyaml stopped, copied out of the parser.
struct ParseFailure: Error {
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

extension ParseFailure {
    /// libyaml could not allocate its parser.
    static let outOfMemory = ParseFailure(
        isReaderError: false, isMemoryError: true, problem: "out of memory", problemLine: 0, problemColumn: 0,
        problemOffset: 0, problemValue: -1, context: nil, contextLine: 0, contextColumn: 0)
}
