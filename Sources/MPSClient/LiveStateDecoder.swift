import Foundation
import RosterCore
import RosterModel

/// Reads the live-state response straight from its bytes. Returns nil for anything but a clean
/// `{"data": {...}}` (errors, unexpected shapes): the general parser takes those.
enum LiveStateDecoder {
    struct Decoded {
        var spaces: [LiveSpace] = []
        var users: [LiveUser] = []
        var teams: [LiveTeam] = []
        var levels: [(level: JobLevel, limitMonths: Int)] = []
        var members: [LiveMember] = []
        /// The fields of `data` the answer held.
        var fields: Set<String> = []
    }

    static func decode(_ body: Data) -> Decoded? {
        var reader = JSONReader([UInt8](body))
        var decoded = Decoded()
        var sawData = false
        do {
            try reader.object { reader, key throws(JSONReader.Malformed) in
                guard key == "data" else { throw JSONReader.Malformed() }
                sawData = true
                try reader.object { reader, field throws(JSONReader.Malformed) in
                    decoded.fields.insert(field)
                    try read(field, &reader, into: &decoded)
                }
            }
        } catch {
            return nil
        }
        return sawData ? decoded : nil
    }

    /// One field of `data`.
    static func read(
        _ field: String, _ reader: inout JSONReader, into decoded: inout Decoded
    ) throws(JSONReader.Malformed) {
        switch field {
        case "mySpaces":
            try reader.array { r throws(JSONReader.Malformed) in decoded.spaces.append(try space(&r)) }
        case "users":
            decoded.users.reserveCapacity(4096)
            try reader.array { r throws(JSONReader.Malformed) in decoded.users.append(try user(&r)) }
        case "teams":
            try reader.array { r throws(JSONReader.Malformed) in decoded.teams.append(try team(&r)) }
        case "jobLevelLimits":
            try reader.array { r throws(JSONReader.Malformed) in decoded.levels.append(try limit(&r)) }
        case "spaceMembers":
            try reader.array { r throws(JSONReader.Malformed) in decoded.members.append(try member(&r)) }
        default: try reader.skip()
        }
    }

    static func space(_ r: inout JSONReader) throws(JSONReader.Malformed) -> LiveSpace {
        var space = LiveSpace(id: "", name: "", isOwner: false)
        try r.object { r, key throws(JSONReader.Malformed) in
            switch key {
            case "id": space.id = try r.string()
            case "name": space.name = try r.optionalString() ?? ""
            case "isOwner": space.isOwner = try r.bool()
            default: try r.skip()
            }
        }
        return space
    }

    static func member(_ r: inout JSONReader) throws(JSONReader.Malformed) -> LiveMember {
        var member = LiveMember(authID: "", email: "", name: "")
        try r.object { r, key throws(JSONReader.Malformed) in
            switch key {
            case "authId": member.authID = try r.string()
            case "email": member.email = try r.string()
            case "name": member.name = try r.optionalString() ?? ""
            default: try r.skip()
            }
        }
        return member
    }

    static func user(_ r: inout JSONReader) throws(JSONReader.Malformed) -> LiveUser {
        var id: Int?, name: String?, craft: Craft?, level: JobLevel?, focus: Focus?, date: String?
        try r.object { r, key throws(JSONReader.Malformed) in
            switch MPSField.User(rawValue: key) {
            case .id?: id = try r.int()
            case .fullName?: name = try r.string()
            case .craftAbility?: craft = Craft(server: try r.string())
            case .jobLevel?: level = JobLevel(server: try r.string())
            case .craftFocus?: focus = Focus(server: try r.string())
            case .levelStartDate?: date = try r.optionalString()
            case nil: try r.skip()
            }
        }
        guard let id, let name, let craft, let level, let focus else { throw JSONReader.Malformed() }
        return LiveUser(
            id: id, PersonValues(fullName: name, craft: craft, level: level, focus: focus, levelStartDate: date))
    }

    static func team(_ r: inout JSONReader) throws(JSONReader.Malformed) -> LiveTeam {
        var id: Int?, name: String?, lead: Int?, members: [Int] = []
        let userID = MPSField.User.id.rawValue
        try r.object { r, key throws(JSONReader.Malformed) in
            switch MPSField.Team(rawValue: key) {
            case .id?: id = try r.int()
            case .name?: name = try r.string()
            case .teamLead?:
                try r.object { r, k throws(JSONReader.Malformed) in
                    if k == userID { lead = try r.int() } else { try r.skip() }
                }
            case .members?:
                try r.array { r throws(JSONReader.Malformed) in
                    try r.object { r, k throws(JSONReader.Malformed) in
                        if k == userID { members.append(try r.int()) } else { try r.skip() }
                    }
                }
            case .teamLeadId?, .memberIds?, nil: try r.skip()
            }
        }
        guard let id, let name, let lead else { throw JSONReader.Malformed() }
        return LiveTeam(id: id, name: name, leadID: lead, memberIDs: members)
    }

    static func limit(_ r: inout JSONReader) throws(JSONReader.Malformed) -> (level: JobLevel, limitMonths: Int) {
        var level: JobLevel?, months: Int?
        try r.object { r, key throws(JSONReader.Malformed) in
            switch MPSField.Limit(rawValue: key) {
            case .jobLevel?: level = JobLevel(server: try r.string())
            case .limitMonths?: months = try r.int()
            case nil: try r.skip()
            }
        }
        guard let level, let months else { throw JSONReader.Malformed() }
        return (level, months)
    }
}
