import Foundation
import RosterCore

/// A GraphQL response: its `data` and its errors.
package struct GraphQLResponse: Sendable {
    package var data: JSONValue?
    package var errors: [GraphQLErrorMessage]
}
