import Foundation

/// One entry of a GraphQL response's `errors`.
package struct GraphQLErrorMessage: Sendable, Equatable, CustomStringConvertible {
    package var message: String
    package var path: [String]
    package var code: String?

    package init(message: String, path: [String] = [], code: String? = nil) {
        self.message = message
        self.path = path
        self.code = code
    }

    package var description: String {
        path.isEmpty ? message : "\(path.joined(separator: ".")): \(message)"
    }
}
