import Foundation
import RosterCore

/// A GraphQL response: its `data` and its errors.
public struct GraphQLResponse: Sendable {
    public var data: JSONValue?
    public var errors: [GraphQLErrorMessage]
}
