import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a file whole or not at all: the text goes to a new file beside it, which then takes
/// the old one's place. A symbolic link keeps pointing where it did (its target is replaced),
/// and a file that existed keeps its permissions. Foundation's `createFile` is not used: on
/// Linux it replaces a link with a plain file (leaving the file it pointed at unchanged) and
/// gives the new file default permissions.
///
/// A link is followed only within the repository the path is in (``Links``): a roster file is
/// text anyone may commit, and a link planted in it (`roster.yaml -> ../../.bashrc`) must not
/// make an export, a pull or an edit replace a file elsewhere.
package enum FileReplacer {
    /// Where a symbolic link on the way to a file may lead.
    package enum Links: Sendable {
        /// Inside the repository the path is in: the nearest folder above it that holds `.git`,
        /// else the path's own folder.
        case withinRepository
        /// Anywhere (`--follow-symlinks`).
        case anywhere
    }

    /// Why a file cannot be written, in the system's words ("No such file or directory").
    struct Failure: Error {
        var reason: String

        /// The failure `errno` names.
        static func current() -> Failure { Failure(reason: String(cString: strerror(errno))) }
    }

    /// Why `path` cannot be written, checked before any work is done (a plan read from the
    /// server, an export): nil when it looks writable.
    static func problem(writing path: String, links: Links) -> String? {
        guard !path.isEmpty else { return "the path is empty" }
        if links == .withinRepository, let outside = linkLeavingRepository(path) { return outside }
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var info = stat()
        if stat(target, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { return "it is a folder" }
            return access(target, W_OK) == 0 ? nil : String(cString: strerror(errno))
        }
        let folder = (target as NSString).deletingLastPathComponent
        let parent = folder.isEmpty ? "." : folder
        guard stat(parent, &info) == 0 else { return "its folder \(parent) does not exist" }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "\(parent) is not a folder" }
        return access(parent, W_OK) == 0 ? nil : "its folder \(parent): \(String(cString: strerror(errno)))"
    }

    /// Writes `what` (`the plan`) to `path`, or fails saying where and why.
    package static func save(
        _ bytes: [UInt8], to path: String, what: String, links: Links = .withinRepository
    ) throws(SessionFailure) {
        do throws(Failure) {
            try replacing(path, with: bytes, links: links)
        } catch { throw failure(what, path, error.reason) }
    }

    /// Fails, before any work is done, when `what` could not be written to `path`.
    package static func check(_ path: String, what: String, links: Links = .withinRepository) throws(SessionFailure) {
        if let reason = problem(writing: path, links: links) { throw failure(what, path, reason) }
    }

    /// Why writing `path` would replace a file outside its repository through a symbolic link,
    /// or nil. A link to a device or a pipe (`/dev/stdout`) is written in place, never replaced.
    static func linkLeavingRepository(_ path: String) -> String? {
        let logical = URL(fileURLWithPath: path).standardizedFileURL
        guard let target = resolved(logical.path), target != logical.path else { return nil }
        var info = stat()
        if stat(target, &info) == 0, [S_IFCHR, S_IFIFO].contains(info.st_mode & S_IFMT) { return nil }
        let root = repository(of: logical.deletingLastPathComponent())
        let inside = resolved(root.path).map { target == $0 || target.hasPrefix($0 == "/" ? "/" : $0 + "/") }
        guard inside != true else { return nil }
        return "it leads through a symbolic link to \(target), outside \(root.path); roster writes there only "
            + "with --follow-symlinks"
    }

    /// The nearest folder at or above `folder` that holds `.git` (a repository's work tree), else `folder`.
    static func repository(of folder: URL) -> URL {
        var candidate = folder
        while true {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(".git").path) {
                return candidate
            }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { return folder }
            candidate = parent
        }
    }

    /// `path` with every symbolic link resolved (a file not there yet: its folder's, and its name).
    static func resolved(_ path: String) -> String? {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        guard folder != path, let parent = realpath(folder, nil) else { return nil }
        defer { free(parent) }
        return URL(fileURLWithPath: String(cString: parent)).appendingPathComponent(url.lastPathComponent).path
    }

    static func failure(_ what: String, _ path: String, _ reason: String) -> SessionFailure {
        path.isEmpty
            ? SessionFailure("cannot write \(what) to '': \(reason)", kind: .usage)
            : SessionFailure("cannot write \(what) here: \(reason)", at: .file(path), kind: .usage)
    }

    /// Replaces (or creates) the file at `path` with `bytes` (a file written moments ago, given
    /// its old text back); false when it cannot be written.
    static func replace(_ path: String, with bytes: [UInt8]) -> Bool {
        (try? replacing(path, with: bytes, links: .anywhere)) != nil
    }

    /// Replaces (or creates) the file at `path` with `bytes`, or says why it cannot.
    /// A device or a pipe (`/dev/stdout`) is written in place.
    static func replacing(_ path: String, with bytes: [UInt8], links: Links) throws(Failure) {
        if let problem = problem(writing: path, links: links) { throw Failure(reason: problem) }
        guard replaced(path, with: bytes) else { throw Failure.current() }
    }

    private static func replaced(_ path: String, with bytes: [UInt8]) -> Bool {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var existing = stat()
        let exists = stat(target, &existing) == 0
        if exists && existing.st_mode & S_IFMT != S_IFREG { return writeInPlace(bytes, to: target) }
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/." + name + ".roster-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { return false }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let mode = exists ? existing.st_mode & 0o7777 : 0o666 & ~currentUmask()
        let written = fchmod(fd, mode) == 0 && writeAll(bytes, to: fd)
        let closed = close(fd) == 0
        guard written && closed && rename(temporary, target) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// `/dev/stdout`, a named pipe: written as they are, since they cannot be replaced.
    private static func writeInPlace(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_TRUNC)
        guard fd >= 0 else { return false }
        let written = writeAll(bytes, to: fd)
        return close(fd) == 0 && written
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
    }

    /// The process's umask, which `umask` can only read by setting it.
    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}
