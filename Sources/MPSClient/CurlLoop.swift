import CCurl
import Foundation
import Synchronization

/// One thread that drives every transfer of a transport on one libcurl multi handle, so that
/// requests in flight at once share neither threads of the caller's pool nor a blocking call,
/// and reads reuse the multi handle's connections.
final class CurlLoop: Sendable {
    private struct Inbox: ~Copyable {
        /// The multi handle, as an address: touched only by the loop's thread, but for `wakeup`.
        var multi: UInt
        var waiting: [Job] = []
        var stopping = false
    }

    private struct Job: Sendable {
        var request: HTTPRequest
        var complete: @Sendable (Result<HTTPResponse, TransportError>) -> Void
    }

    private let inbox: Mutex<Inbox>
    private let limit: Int
    private let trust: TLSTrust

    /// nil when libcurl cannot start.
    init?(limit: Int, trust: TLSTrust) {
        guard CurlLoop.globalInit, let multi = curl_multi_init() else { return nil }
        inbox = Mutex(Inbox(multi: UInt(bitPattern: multi)))
        self.limit = limit
        self.trust = trust
        let thread = Thread { [self] in run() }
        thread.name = "roster-curl"
        thread.start()
    }

    private static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

    /// Queues a request; `complete` is called once, on the loop's thread.
    func submit(_ request: HTTPRequest, complete: @escaping @Sendable (Result<HTTPResponse, TransportError>) -> Void) {
        inbox.withLock { inbox in
            inbox.waiting.append(Job(request: request, complete: complete))
            curl_multi_wakeup(UnsafeMutableRawPointer(bitPattern: inbox.multi))
        }
    }

    /// Ends the thread once the transfers in flight have finished.
    func stop() {
        inbox.withLock { inbox in
            inbox.stopping = true
            curl_multi_wakeup(UnsafeMutableRawPointer(bitPattern: inbox.multi))
        }
    }

    private func run() {
        guard let multi = UnsafeMutableRawPointer(bitPattern: inbox.withLock { $0.multi }) else { return }
        var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        while true {
            let (jobs, stopping) = inbox.withLock { inbox in
                defer { inbox.waiting = [] }
                return (inbox.waiting, inbox.stopping)
            }
            for job in jobs { start(job, on: multi, into: &active) }
            if stopping && active.isEmpty { break }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            finish(on: multi, from: &active)
            curl_multi_poll(multi, nil, 0, 1000, nil)
        }
        curl_multi_cleanup(multi)
    }

    private func start(
        _ job: Job, on multi: UnsafeMutableRawPointer, into active: inout [UnsafeMutableRawPointer: CurlTransfer]
    ) {
        guard let transfer = CurlTransfer(job.request, limit: limit, complete: job.complete),
            transfer.configure(trust: trust), curl_multi_add_handle(multi, transfer.handle) == CURLM_OK
        else {
            job.complete(.failure(.other("libcurl refused the request's options (is libcurl older than 7.85?)")))
            return
        }
        active[transfer.handle] = transfer
    }

    private func finish(on multi: UnsafeMutableRawPointer, from active: inout [UnsafeMutableRawPointer: CurlTransfer]) {
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
            let code = message.pointee.data.result
            curl_multi_remove_handle(multi, handle)
            guard let transfer = active.removeValue(forKey: handle) else { continue }
            transfer.complete(transfer.result(code))
        }
    }
}
