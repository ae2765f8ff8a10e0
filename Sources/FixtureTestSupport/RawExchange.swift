import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a server sent on one connection, read below HTTP: the bytes, in the pieces they came in,
/// and how the connection ended. For the connection faults no HTTP client reports in detail.
public struct RawExchange: Sendable {
    public enum Ending: Sendable, Equatable {
        /// The server closed the connection (a FIN).
        case closed
        /// The server reset the connection (a RST).
        case reset
        /// Nothing came for ten seconds.
        case timedOut
    }

    /// Every byte received.
    public var received: Data
    /// How many reads it took.
    public var reads: Int
    public var ending: Ending

    /// The head, up to the blank line, as text.
    public var head: String {
        guard let end = received.range(of: Data("\r\n\r\n".utf8)) else {
            return String(decoding: received, as: UTF8.self)
        }
        return String(decoding: received[..<end.lowerBound], as: UTF8.self)
    }

    /// What came after the head.
    public var body: Data {
        guard let end = received.range(of: Data("\r\n\r\n".utf8)) else { return Data() }
        return received[end.upperBound...]
    }

    /// The `Content-Length` the head declared.
    public var declaredLength: Int? {
        head.split(separator: "\r\n").lazy.compactMap { line -> Int? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
            return Int(parts[1].trimmingCharacters(in: .whitespaces))
        }.first
    }
}

/// Sends `request` (raw HTTP/1.1, `Connection: close` is up to the caller) to `127.0.0.1:port` and
/// reads until the server ends the connection; with `hangingUp`, closes the connection as soon as
/// the request is sent, as a client that gave up does, and reads nothing. The socket work runs on a thread of its own: not on
/// Swift's cooperative pool, nor on Dispatch's global queues, which on Linux share threads with
/// the in-process server (Docs/Networking.md).
public func rawExchange(port: Int, request: String, hangingUp: Bool = false) async throws -> RawExchange {
    try await withCheckedThrowingContinuation { continuation in
        Thread {
            continuation.resume(
                with: Result { try blockingExchange(port: port, request: request, hangingUp: hangingUp) })
        }.start()
    }
}

public struct RawExchangeFailed: Error {
    public let step: String
}

/// A TCP connection to `127.0.0.1:port` that a test drives by hand: opened, written to, read from,
/// closed. Blocking: use it on a thread of its own, or for calls that return at once.
public struct RawConnection {
    /// The socket.
    public let descriptor: Int32

    /// Connects, with reads that give up after 10 seconds.
    public init(port: Int) throws {
        #if canImport(Glibc)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw RawExchangeFailed(step: "socket") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { [descriptor] pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            _ = closeSocket(descriptor)
            throw RawExchangeFailed(step: "connect")
        }
    }

    /// Sends all of `text`.
    public func send(_ text: String) throws {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { sendBytes(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw RawExchangeFailed(step: "send") }
            bytes = bytes.dropFirst(sent)
        }
    }

    /// The next bytes the server sends (at most 64 KiB), waited for on a thread of its own; empty
    /// when the server closed the connection.
    public func receive() async throws -> Data {
        try await withCheckedThrowingContinuation { [descriptor] continuation in
            Thread {
                var buffer = [UInt8](repeating: 0, count: 64 << 10)
                let count = recv(descriptor, &buffer, buffer.count, 0)
                continuation.resume(
                    with: count >= 0 ? .success(Data(buffer[..<count])) : .failure(RawExchangeFailed(step: "receive")))
            }.start()
        }
    }

    /// How many bytes have come and not been read, without waiting for any.
    public var unreadBytes: Int {
        var count: Int32 = 0
        guard ioctl(descriptor, UInt(FIONREAD), &count) == 0 else { return 0 }
        return Int(count)
    }

    /// Closes the sending side only, as a client that half-closes after its request does: it
    /// still reads the answer.
    public func finishSending() {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    /// What the server sends until it closes the connection.
    public func receiveAll() async throws -> Data {
        var received = Data()
        while true {
            let piece = try await receive()
            if piece.isEmpty { return received }
            received.append(piece)
        }
    }

    /// Closes the connection, as a client that leaves does.
    public func close() {
        _ = closeSocket(descriptor)
    }
}

private let sendBytes = send
private let closeSocket = close

private func blockingExchange(port: Int, request: String, hangingUp: Bool) throws -> RawExchange {
    let connection = try RawConnection(port: port)
    let descriptor = connection.descriptor
    defer { connection.close() }
    try connection.send(request)
    var exchange = RawExchange(received: Data(), reads: 0, ending: .closed)
    if hangingUp { return exchange }
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while true {
        let count = recv(descriptor, &buffer, buffer.count, 0)
        if count > 0 {
            exchange.received.append(contentsOf: buffer[..<count])
            exchange.reads += 1
        } else if count == 0 {
            exchange.ending = .closed
            return exchange
        } else if errno == EINTR {
            continue
        } else {
            exchange.ending = errno == ECONNRESET ? .reset : .timedOut
            return exchange
        }
    }
}
