/// Why a TLS connection was refused. Each is final: sending again would meet the same certificate.
package enum TLSFailure: Error, Sendable, Equatable {
    /// The chain ends in no authority roster trusts (self-signed, or a private or inspecting CA).
    case untrusted(host: String, detail: String)
    case expired(host: String)
    case notYetValid(host: String)
    /// The certificate is valid, but for other names than the host.
    case wrongName(host: String)
    /// A CA bundle (`SSL_CERT_FILE`, `SSL_CERT_DIR`, a profile's `caFile`) that cannot be read.
    case badTrustFile(path: String, detail: String)
    /// Any other failure of the handshake (no common protocol or cipher, a broken server).
    case handshake(host: String, detail: String)

    /// What failed and what to do, in a sentence.
    package var message: String {
        let hint =
            "if your network or server uses a private CA, point SSL_CERT_FILE (or a profile's caFile) at its "
            + "PEM bundle"
        switch self {
        case .untrusted(let host, let detail):
            return "the certificate of \(host) is not trusted (\(detail)); \(hint)"
        case .expired(let host):
            return "the certificate of \(host) has expired; the server's operator must renew it"
        case .notYetValid(let host):
            return "the certificate of \(host) is not valid yet; check this machine's clock"
        case .wrongName(let host):
            return "the certificate presented for \(host) is for another name"
        case .badTrustFile(let path, let detail):
            return "cannot use the CA bundle \(path): \(detail)"
        case .handshake(let host, let detail):
            return "the TLS handshake with \(host) failed: \(detail)"
        }
    }
}
