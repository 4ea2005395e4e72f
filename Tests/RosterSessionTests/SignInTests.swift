import Foundation
import Testing

@testable import MPSClient
@testable import RosterCore
@testable import RosterSession

/// Where the token comes from, in order, and what sign-in and sign-out do with it, without a
/// process: a config folder of the test's own and the server in memory.
@Suite final class SignInTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("signin-\(UUID().uuidString)")
    let server = MemoryServer([])

    init() throws {
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    // Each test's folder goes with it: a run leaves no files behind.
    deinit { try? FileManager.default.removeItem(at: home) }

    func file(_ name: String, _ text: String) throws -> String {
        let path = home.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)
        return path
    }

    var environment: [String: String] { ["XDG_CONFIG_HOME": home.path] }

    func options(tokenFile: String? = nil, profile: String? = nil) -> ConnectionOptions {
        ConnectionOptions(
            endpoint: "https://mps.test/graphql", tokenFile: tokenFile, profile: profile, transport: server)
    }

    func storeLogin(_ token: String, profile: String = "default") throws {
        try TokenStore(environment: environment).write(token, for: profile)
    }

    @Test func theTokenComesFromTheFlagThenTheEnvironmentThenTheProfileThenTheLogin() throws {
        try storeLogin("stored")
        let profileToken = try file("profile-token", "from-profile\n")
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("roster"), withIntermediateDirectories: true)
        _ = try file("roster/config.yaml", "default: work\nprofiles:\n  work:\n    tokenFile: \(profileToken)\n")
        let flagToken = try file("flag-token", "from-flag\n")
        var env = environment
        env["MPS_TOKEN"] = "from-env"

        func source(_ options: ConnectionOptions, _ env: [String: String]) throws -> (String, TokenSource) {
            let connection = try Connection.resolve(options, environment: env)
            return (connection.endpoint.token, connection.tokenSource)
        }
        #expect(try source(options(tokenFile: flagToken), env) == ("from-flag", .tokenFile(flagToken)))
        #expect(try source(options(), env) == ("from-env", .environment))
        #expect(try source(options(), environment) == ("from-profile", .profileTokenFile(profileToken)))
        try FileManager.default.removeItem(atPath: home.appendingPathComponent("roster/config.yaml").path)
        let stored = try source(options(), environment)
        #expect(stored.0 == "stored" && stored.1.isStoredLogin)
    }

    @Test func noTokenAnywhereIsAnAuthFailure() {
        #expect {
            _ = try Connection.resolve(options(), environment: environment)
        } throws: { ($0 as? SessionFailure)?.kind == .auth }
    }

    @Test func logoutEndsOnlyTheStoredLoginAndNamesATokenItLeavesAlone() async throws {
        try storeLogin("stored")
        var env = environment
        env["MPS_TOKEN"] = "from-env"
        let out = try await SignIn.logout(options(), environment: env, log: .silent)
        #expect(out.profile == "default" && out.serverFailure == nil)
        #expect(out.untouched == .environment)
        #expect(server.with { $0.signOuts } == 1)
        #expect(TokenStore(environment: env).read("default") == nil)
    }

    @Test func logoutWithoutAStoredLoginSignsOutOfNothing() async throws {
        var env = environment
        env["MPS_TOKEN"] = "from-env"
        do {
            _ = try await SignIn.logout(options(), environment: env, log: .silent)
            Issue.record("signed out")
        } catch {
            #expect(error.kind == .auth)
            #expect(error.diagnostics.first?.message.contains("the environment (MPS_TOKEN)") == true)
        }
        #expect(server.with { $0.signOuts } == 0)
    }

    @Test func loginStoresAValidTokenForTheProfile() async throws {
        let login = try await SignIn.login(
            token: "fresh", options(profile: "work"), environment: environment, log: .silent)
        #expect(login.profile == "work" && login.user.email == "jane@example.com")
        #expect(TokenStore(environment: environment).read("work") == "fresh")
    }

    /// A profile's name is a name, never a path, wherever it comes from: `--profile`,
    /// `MPS_PROFILE`, the config file's `default` and its profiles. Nothing is stored for one.
    @Test func aProfileNameIsNeverAPath() async throws {
        for name in ["../../../../leak", "../x", ".hidden", "a/b", "tab\tname", ""] where !name.isEmpty {
            await #expect(throws: SessionFailure.self) {
                try await SignIn.login(token: "t", options(profile: name), environment: environment, log: .silent)
            }
            var env = environment
            env["MPS_PROFILE"] = name
            #expect(throws: SessionFailure.self) { try Connection.resolve(options(), environment: env) }
            #expect(throws: SessionFailure.self) { try TokenStore(environment: environment).write("t", for: name) }
        }
        let leaked = home.deletingLastPathComponent().appendingPathComponent("leak").path
        #expect(!FileManager.default.fileExists(atPath: leaked))
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("roster"), withIntermediateDirectories: true)
        _ = try file("roster/config.yaml", "default: ../x\nprofiles:\n  ../y: {endpoint: https://mps.test/graphql}\n")
        do {
            _ = try Connection.resolve(options(), environment: environment)
            Issue.record("a config file naming paths as profiles was read")
        } catch {
            let lines = error.diagnostics.map { "\($0.location?.line ?? 0): \($0.message)" }
            #expect(lines.contains { $0.hasPrefix("1: default \"../x\" is not a profile name") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("3: \"../y\" is not a profile name") }, "\(lines)")
        }
        try FileManager.default.removeItem(atPath: home.appendingPathComponent("roster/config.yaml").path)
        _ = try await SignIn.login(
            token: "t", options(profile: "eu-west_2.prod"), environment: environment, log: .silent)
        #expect(TokenStore(environment: environment).read("eu-west_2.prod") == "t")
    }
}
