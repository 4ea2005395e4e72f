import Foundation
import RosterTestSupport
import Testing

/// A job's folder: a git checkout holding the example roster in roster/ (`examples/acme.yaml`),
/// pushed to a bare remote (origin) on its default branch, main.
func exampleCheckout(_ folder: URL) throws -> (repo: URL, remote: URL) {
    let repo = folder.appendingPathComponent("repo"), remote = folder.appendingPathComponent("remote.git")
    let setup = """
        set -e
        git init -q --bare "$1"; git init -q -b main "$2"; cd "$2"; mkdir roster; cp "$3" roster/acme.yaml
        git -c user.name=t -c user.email=t@x add . && git -c user.name=t -c user.email=t@x commit -q -m init
        git remote add origin "$1"; git push -q origin HEAD:main
        """
    let made = try RosterBinary.run(
        [
            "/bin/bash", "-c", setup, "setup", remote.path, repo.path,
            TestSupport.packageRoot.appendingPathComponent("examples/acme.yaml").path,
        ], direct: true)
    #expect(made.code == 0, "\(made.stderr)")
    return (repo, remote)
}
