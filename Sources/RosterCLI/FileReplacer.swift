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
enum FileReplacer {
    /// Replaces (or creates) the file at `path` with `bytes`; false when it cannot be written.
    /// A device or a pipe (`/dev/stdout`) is written in place.
    static func replace(_ path: String, with bytes: [UInt8]) -> Bool {
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
