import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `body` with a loopback port that refuses every connection: a TCP socket is bound to it and
/// never listens, so no other test can take the port meanwhile, as they could a port merely
/// closed (then a test of "the backend is gone" may reach another test's server).
///
/// - Parameters:
///   - port: the port to hold, such as one a server just left; 0 for any free one.
///   - body: runs while the port refuses connections; it gets the port.
public func withRefusingPort<T>(_ port: Int = 0, _ body: (Int) async throws -> T) async throws -> T {
    #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw PortUnavailable(port: port) }
    defer { close(descriptor) }
    var reuse: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    // A server that just stopped may still be closing its listening socket on its event loop: a
    // port it left is tried again (yielding, not sleeping) before it counts as taken.
    var bound = false
    for _ in 0..<(port == 0 ? 1 : 2_000) {
        bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard !bound, errno == EADDRINUSE else { break }
        await Task.yield()
    }
    guard bound else { throw PortUnavailable(port: port) }
    return try await body(Int(UInt16(bigEndian: address.sin_port)))
}

/// The port could not be held: another socket has it.
public struct PortUnavailable: Error {
    public let port: Int
}
