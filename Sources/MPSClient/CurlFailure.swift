import CCurl
import Foundation

/// A libcurl error code read as a ``TransportError``: whether the request may have reached the
/// server, and for TLS what failed, from OpenSSL's verification result where libcurl has one.
struct CurlFailure {
    let code: CURLcode
    let handle: UnsafeMutableRawPointer
    let detail: String

    var error: TransportError {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT,
            CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return .cannotConnect(text)
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_CRL_BADFILE:
            return .tls(tlsFailure)
        case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE, CURLE_HTTP2,
            CURLE_HTTP2_STREAM:
            return .connectionLost(text)
        default:
            return .other(text)
        }
    }

    /// libcurl's own words for the failure, or the code's description.
    private var text: String {
        detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
    }

    private var host: String {
        var url: UnsafeMutablePointer<CChar>?
        _ = roster_curl_get_string(handle, CURLINFO_EFFECTIVE_URL, &url)
        return url.flatMap { URL(string: String(cString: $0))?.host } ?? "the server"
    }

    private var tlsFailure: TLSFailure {
        if code == CURLE_SSL_CACERT_BADFILE || code == CURLE_SSL_CRL_BADFILE {
            return .badTrustFile(path: "of SSL_CERT_FILE, SSL_CERT_DIR or caFile", detail: text)
        }
        var verdict = 0
        _ = roster_curl_get_long(handle, CURLINFO_SSL_VERIFYRESULT, &verdict)
        // OpenSSL's X509_V_ERR_* codes; other TLS libraries leave the verdict at 0 and say it in words.
        switch verdict {
        case 10: return .expired(host: host)
        case 9: return .notYetValid(host: host)
        case 62: return .wrongName(host: host)
        case 2, 18, 19, 20, 21, 27: return .untrusted(host: host, detail: Self.untrustedReason(verdict))
        default: break
        }
        let lower = text.lowercased()
        if lower.contains("subject name") || lower.contains("does not match") { return .wrongName(host: host) }
        if lower.contains("expired") { return .expired(host: host) }
        if code == CURLE_PEER_FAILED_VERIFICATION { return .untrusted(host: host, detail: text) }
        return .handshake(host: host, detail: text)
    }

    private static func untrustedReason(_ verdict: Int) -> String {
        switch verdict {
        case 18: return "it is self-signed"
        case 19: return "its chain ends in a self-signed certificate roster does not trust"
        default: return "it is signed by an authority roster does not trust"
        }
    }
}
