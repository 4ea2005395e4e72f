import Foundation

/// Sends HTTP requests. The reconciler and the commands speak to MPS only through this, so
/// tests can stand in for the network.
package protocol Transport: Sendable {
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}
