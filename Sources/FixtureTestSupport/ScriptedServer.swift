import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One connection to a ``withScriptedServer(_:_:)``: the request as it arrived, and a socket the
/// test writes raw bytes to — status lines, framing and pacing that no HTTP library would send.
public final class ScriptedConnection: Sendable {
    private let descriptor: Int32
    /// The request line and header fields, as text.
    public let head: String
    /// The request's body (by its `Content-Length`).
    public let body: Data

    init(descriptor: Int32, head: String, body: Data) {
        self.descriptor = descriptor
        self.head = head
        self.body = body
    }

    /// Writes `text`; `false` once the client has gone.
    @discardableResult
    public func write(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            bytes = bytes.dropFirst(sent)
        }
        return true
    }

    /// Waits on the server's side, as a slow server would.
    public func pause(milliseconds: Int) {
        usleep(useconds_t(milliseconds * 1000))
    }
}

/// Runs `body` with the URL of a loopback server whose every connection gets one request read and
/// is then handed to `answer` (on a thread of its own), and closed when `answer` returns.
public func withScriptedServer<T>(
    _ answer: @escaping @Sendable (ScriptedConnection) -> Void, _ body: (URL) async throws -> T
) async throws -> T {
    #if canImport(Glibc)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let listener = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard listener >= 0 else { throw PortUnavailable(port: 0) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let listening = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
            bind(listener, address, length) == 0 && getsockname(listener, address, &length) == 0
                && listen(listener, 64) == 0
        }
    }
    guard listening else {
        close(listener)
        throw PortUnavailable(port: 0)
    }
    // Only this function closes the listener, and only once the acceptor has stopped: a listener
    // closed under a waiting `accept` lets the number go to another test's new socket, and the
    // acceptor then answers that test's connections (an endless-103 test once read another test's
    // `HTTP/1.1 001` that way).
    let stopping = StopFlag()
    // Finished by the acceptor as it ends; awaited, so no thread of the cooperative pool blocks.
    let (stopped, acceptorEnded) = AsyncStream<Never>.makeStream()
    let acceptor = Thread {
        defer { acceptorEnded.finish() }
        while true {
            let connection = accept(listener, nil, nil)
            if stopping.isRaised {
                if connection >= 0 { close(connection) }
                return
            }
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            Thread.detachNewThread {
                defer { close(connection) }
                guard let (head, body) = readRequest(connection) else { return }
                answer(ScriptedConnection(descriptor: connection, head: head, body: body))
            }
        }
    }
    acceptor.start()
    let port = UInt16(bigEndian: address.sin_port)
    let result: Result<T, any Error>
    do {
        result = .success(try await body(URL(string: "http://127.0.0.1:\(port)")!))
    } catch {
        result = .failure(error)
    }
    stopping.raise()
    shutdown(listener, Int32(SHUT_RDWR))  // wakes `accept` on Linux
    wake(port)  // and elsewhere
    for await _ in stopped {}
    close(listener)
    return try result.get()
}

/// Set once, by the thread that stops a scripted server; read by its acceptor.
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    var isRaised: Bool { lock.withLock { raised } }

    func raise() { lock.withLock { raised = true } }
}

/// Connects to `port` on the loopback and leaves at once, to wake a thread waiting in `accept`.
private func wake(_ port: UInt16) {
    #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = port.bigEndian
    _ = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
}

/// Reads a request's head and its `Content-Length` of body; `nil` if the client left first.
private func readRequest(_ descriptor: Int32) -> (String, Data)? {
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    func readMore() -> Bool {
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        received.append(contentsOf: buffer[0..<count])
        return true
    }
    var end = received.range(of: Data("\r\n\r\n".utf8))
    while end == nil {
        guard readMore() else { return nil }
        end = received.range(of: Data("\r\n\r\n".utf8))
    }
    guard let end else { return nil }
    let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
    let length =
        head.split(separator: "\r\n").compactMap { line -> Int? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
            return Int(parts[1].trimmingCharacters(in: .whitespaces))
        }.first ?? 0
    while received.count - end.upperBound < length {
        guard readMore() else { return nil }
    }
    return (head, Data(received[end.upperBound..<end.upperBound + length]))
}
