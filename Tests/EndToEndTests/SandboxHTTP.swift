import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The tests' client of the sandbox: one HTTP/1.1 exchange on a socket of its own, closed after
/// the answer, so that no test depends on the transport it tests.
enum SandboxHTTP {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// GETs `address`, or POSTs `body` to it; the answer's body, or a failure for anything but 2xx.
    static func exchange(_ address: String, body: Data?, token: String?, timeout: Int = 60) throws -> Data {
        guard let url = URL(string: address), let host = url.host, let port = url.port else {
            throw Failure(description: "not an http://HOST:PORT address: \(address)")
        }
        let socket = try connectedSocket(host: host, port: port, timeout: timeout)
        defer { close(socket) }
        var head = "\(body == nil ? "GET" : "POST") \(url.path.isEmpty ? "/" : url.path) HTTP/1.1\r\n"
        head += "Host: \(host):\(port)\r\nConnection: close\r\nContent-Type: application/json\r\n"
        head += "Content-Length: \(body?.count ?? 0)\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        try send(socket, Data((head + "\r\n").utf8) + (body ?? Data()))
        return try answer(readAll(socket), from: address)
    }

    private static func connectedSocket(host: String, port: Int, timeout: Int) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if os(Linux)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw Failure(description: "cannot resolve \(host)")
        }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            if fd >= 0 {
                var wait = timeval(tv_sec: timeout, tv_usec: 0)
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
                if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
                close(fd)
            }
            entry = info.pointee.ai_next
        }
        throw Failure(description: "cannot connect to \(host):\(port)")
    }

    private static func send(_ socket: Int32, _ data: Data) throws {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < raw.count {
                let sent = write(socket, raw.baseAddress?.advanced(by: offset), raw.count - offset)
                guard sent > 0 else { throw Failure(description: "the sandbox closed the connection") }
                offset += sent
            }
        }
    }

    private static func readAll(_ socket: Int32) throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(socket, &buffer, buffer.count)
            if count == 0 { return data }
            guard count > 0 else { throw Failure(description: "no answer from the sandbox (errno \(errno))") }
            data.append(contentsOf: buffer[..<count])
        }
    }

    /// The body of a complete answer; the sandbox always sends Content-Length and closes.
    private static func answer(_ data: Data, from address: String) throws -> Data {
        guard let split = data.firstRange(of: Data("\r\n\r\n".utf8)) else {
            throw Failure(description: "a truncated answer from \(address)")
        }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self)
        let status = head.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        let body = Data(data[split.upperBound...])
        guard (200..<300).contains(status) else {
            throw Failure(description: "HTTP \(status) from \(address): \(String(decoding: body, as: UTF8.self))")
        }
        return body
    }
}
