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
    /// A deadline for each read request, in seconds.
    var timeout: TimeInterval?
    /// The largest answer read, in megabytes.
    var maxResponseMB: Int?
    /// A PEM bundle of CAs to trust besides the system's.
    var caFile: String?
}

extension Profile {
    /// A profile that is only a name for a login `roster auth login --profile NAME` stored.
    static func stored(_ name: String) -> Profile {
        Profile(name: name)
    }
}
