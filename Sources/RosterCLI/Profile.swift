import Foundation
import MPSClient
import RosterCore
import RosterYAML

/// A named profile of the config file.
struct Profile {
    /// The profile's name in the config file.
    var name: String?
    var endpoint: String?
    var space: String?
    var tokenFile: String?
}
