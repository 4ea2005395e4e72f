import Foundation

/// One entry of a GraphQL response's `errors`.
public struct GraphQLErrorMessage: Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var path: [String]
    public var code: String?

    public init(message: String, path: [String] = [], code: String? = nil) {
        self.message = message
        self.path = path
        self.code = code
    }

    public var description: String {
        path.isEmpty ? message : "\(path.joined(separator: ".")): \(message)"
    }
}
