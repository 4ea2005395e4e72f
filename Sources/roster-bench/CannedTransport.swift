import Foundation
import MPSClient
import RosterCore
import RosterModel
import RosterReconcile
import RosterRender

/// Answers every request with one saved response, so the live state is decoded exactly as
/// from the network.
struct CannedTransport: Transport {
    let body: Data

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        HTTPResponse(status: 200, body: body)
    }
}
