/// roster's version, in one place: `roster version`, the manual pages, the User-Agent, the
/// notices about older and newer servers, and the packages' names (scripts/package.sh asks the
/// built binary).
package enum RosterVersion {
    package static let current = "0.1.0"
}
