import CCurl
import Foundation

/// One request on a libcurl easy handle: its options, and the answer as it arrives, read up to
/// a limit. It lives on the loop's thread only.
final class CurlTransfer {
    let handle: UnsafeMutableRawPointer
    let request: HTTPRequest
    let limit: Int
    let complete: @Sendable (Result<HTTPResponse, TransportError>) -> Void
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    private var body = Data()
    private var reserved = 0
    private var headers: [String: String] = [:]
    private var tooLarge = false

    init?(
        _ request: HTTPRequest, limit: Int, complete: @escaping @Sendable (Result<HTTPResponse, TransportError>) -> Void
    ) {
        guard let handle = curl_easy_init() else { return nil }
        self.handle = handle
        self.request = request
        self.limit = limit
        self.complete = complete
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// Sets every option of the request; false when libcurl refused one.
    func configure(trust: TLSTrust) -> Bool {
        let context = Unmanaged.passUnretained(self).toOpaque()
        var ok = [
            setString(CURLOPT_URL, request.url.absoluteString),
            setString(CURLOPT_PROTOCOLS_STR, "http,https"),
            roster_curl_set_long(handle, CURLOPT_NOSIGNAL, 1),
            // Redirects are the client's to judge: the token must never follow one to another origin.
            roster_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0),
            // A deadline for the whole exchange, however slowly its bytes arrive.
            roster_curl_set_long(handle, CURLOPT_TIMEOUT_MS, Int(max(0.001, request.timeout) * 1000)),
            roster_curl_set_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limit)),
            roster_curl_set_long(handle, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1),
            roster_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer),
            roster_curl_set_callback(handle, CURLOPT_WRITEFUNCTION, receiveBody),
            roster_curl_set_pointer(handle, CURLOPT_WRITEDATA, context),
            roster_curl_set_callback(handle, CURLOPT_HEADERFUNCTION, receiveHeader),
            roster_curl_set_pointer(handle, CURLOPT_HEADERDATA, context),
        ]
        ok += configureMethod() + configureHeaders() + configureConnection() + trust.apply(to: handle)
        return ok.allSatisfy { $0 == CURLE_OK }
    }

    private func configureMethod() -> [CURLcode] {
        switch request.method {
        case "GET": return [roster_curl_set_long(handle, CURLOPT_HTTPGET, 1)]
        default:
            let body = request.body ?? Data()
            var codes = [
                roster_curl_set_long(handle, CURLOPT_POST, 1),
                roster_curl_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)),
                body.isEmpty
                    ? setString(CURLOPT_COPYPOSTFIELDS, "")
                    : body.withUnsafeBytes { roster_curl_set_pointer(handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) },
            ]
            if request.method != "POST" { codes.append(setString(CURLOPT_CUSTOMREQUEST, request.method)) }
            return codes
        }
    }

    private func configureHeaders() -> [CURLcode] {
        // `Expect:` with no value: a large body goes at once instead of waiting for `100 Continue`.
        for line in request.headers.sorted(by: { $0.key < $1.key }).map({ "\($0.key): \($0.value)" }) + ["Expect:"] {
            headerList = curl_slist_append(headerList, line)
        }
        return [roster_curl_set_pointer(handle, CURLOPT_HTTPHEADER, headerList)]
    }

    private func configureConnection() -> [CURLcode] {
        var codes: [CURLcode] = []
        if request.freshConnection {
            // libcurl sends a request again on a new connection when a reused one dropped it
            // unanswered: harmless for a read, a duplicate for a mutation that had run.
            codes.append(roster_curl_set_long(handle, CURLOPT_FRESH_CONNECT, 1))
            codes.append(roster_curl_set_long(handle, CURLOPT_FORBID_REUSE, 1))
        }
        if request.url.scheme?.lowercased() == "http" {
            // Plain http goes to loopback only; through a proxy the token would cross a network in clear.
            codes.append(setString(CURLOPT_PROXY, ""))
        }
        return codes
    }

    private func setString(_ option: CURLoption, _ value: String) -> CURLcode {
        value.withCString { roster_curl_set_pointer(handle, option, $0) }
    }

    /// Takes a chunk of the body; false (which ends the transfer) once it passes the limit.
    fileprivate func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= limit else {
            tooLarge = true
            return false
        }
        reserve(body.count + bytes.count)
        body.append(contentsOf: bytes)
        return true
    }

    /// Grows the body's storage by doubling, never past the limit: memory stays near it.
    private func reserve(_ needed: Int) {
        guard needed > reserved else { return }
        reserved = min(limit, max(needed, reserved * 2, 64 * 1024))
        body.reserveCapacity(reserved)
    }

    fileprivate func receive(headerLine: String) {
        let line = headerLine.trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        if name.lowercased() == "content-length", let length = Int(value), length <= limit { reserve(length) }
    }

    /// The exchange's result once libcurl has finished it with `code`.
    func result(_ code: CURLcode) -> Result<HTTPResponse, TransportError> {
        guard code == CURLE_OK else {
            if tooLarge || code == CURLE_FILESIZE_EXCEEDED { return .failure(.tooLarge(limit: limit)) }
            return .failure(CurlFailure(code: code, handle: handle, detail: String(cString: errorBuffer)).error)
        }
        var status = 0
        _ = roster_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return .success(HTTPResponse(status: status, headers: headers, body: body))
    }
}

private let receiveBody: roster_curl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
    return transfer.receive(bytes) ? size * count : 0
}

private let receiveHeader: roster_curl_data_callback = { data, size, count, context in
    guard let context, let data else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
    transfer.receive(headerLine: String(decoding: bytes, as: UTF8.self))
    return size * count
}
