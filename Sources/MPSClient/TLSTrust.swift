import CCurl
import Foundation

/// The certificate authorities roster trusts: the system's, plus the PEM bundles a user names
/// (`SSL_CERT_FILE`, a profile's `caFile`) and a hashed folder (`SSL_CERT_DIR`), as curl, git and
/// gh honour them. Bundles are added to the system's store, not put in its place.
package struct TLSTrust: Sendable, Equatable {
    /// The user's bundles and the system's, as one PEM text; nil: the system's store alone.
    var bundle: Data?
    var folder: String?

    /// The system's store alone.
    package static let system = TLSTrust(bundle: nil, folder: nil)

    /// The store with `files` added to the system's and `folder` in place of its folder; a file
    /// that cannot be read is an error that names it.
    static func adding(files: [String], folder: String?) throws(TLSFailure) -> TLSTrust {
        guard !files.isEmpty else { return TLSTrust(bundle: nil, folder: folder) }
        var bundle = Data()
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .badTrustFile(path: path, detail: "it cannot be read")
            }
            guard String(decoding: data, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
                throw .badTrustFile(path: path, detail: "it holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
            }
            bundle.append(data)
            bundle.append(UInt8(ascii: "\n"))
        }
        if let system = systemBundlePath(), let data = FileManager.default.contents(atPath: system) {
            bundle.append(data)
        }
        return TLSTrust(bundle: bundle, folder: folder)
    }

    /// The trust that `environment` and a profile's `caFile` ask for.
    package static func from(environment: [String: String], caFile: String?) throws(TLSFailure) -> TLSTrust {
        let files = [environment["SSL_CERT_FILE"], caFile].compactMap { $0.flatMap { $0.isEmpty ? nil : $0 } }
        let folder = environment["SSL_CERT_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        return try adding(files: files, folder: folder)
    }

    /// The bundle libcurl was built to read, which a bundle of our own replaces.
    private static func systemBundlePath() -> String? {
        guard let handle = curl_easy_init() else { return nil }
        defer { curl_easy_cleanup(handle) }
        var path: UnsafeMutablePointer<CChar>?
        guard roster_curl_get_string(handle, CURLINFO_CAINFO, &path) == CURLE_OK, let path else { return nil }
        return String(cString: path)
    }

    /// Sets the handle's trust options.
    func apply(to handle: UnsafeMutableRawPointer) -> [CURLcode] {
        var codes: [CURLcode] = []
        if let bundle {
            codes.append(
                bundle.withUnsafeBytes { roster_curl_set_blob(handle, CURLOPT_CAINFO_BLOB, $0.baseAddress, $0.count) })
        }
        if let folder { codes.append(folder.withCString { roster_curl_set_pointer(handle, CURLOPT_CAPATH, $0) }) }
        return codes
    }
}
