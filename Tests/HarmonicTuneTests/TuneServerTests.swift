// Compiled only with the TuningServer trait (Package.swift).
#if TuningServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HarmonicCommands
import HarmonicTune
import Hummingbird
import Logging
import ServiceLifecycle
import Testing

/// Starts the tuning server on an ephemeral loopback port, runs `body` with
/// its base URL, and stops it.
func withTuneServer(_ body: (URL) async throws -> Void) async throws {
  let (ports, continuation) = AsyncStream<Int>.makeStream()
  let application = TuneServer.application(host: "127.0.0.1", port: 0) { port in continuation.yield(port) }
  let group = ServiceGroup(configuration: .init(services: [application], logger: Logger(label: "tune-tests")))
  let server = Task { try await group.run() }
  var iterator = ports.makeAsyncIterator()
  let port = try #require(await iterator.next())
  do {
    try await body(try #require(URL(string: "http://127.0.0.1:\(port)")))
  } catch {
    await group.triggerGracefulShutdown()
    throw error
  }
  await group.triggerGracefulShutdown()
  try await server.value
}

/// Sends `bytes` over a plain TCP connection to `port`, closes the sending
/// half, and reads until the server closes (at most 15 s): for requests no
/// HTTP client would send.
func rawExchange(port: Int, _ bytes: [UInt8]) throws -> String {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  try #require(fd >= 0)
  defer { close(fd) }
  var timeout = timeval(tv_sec: 15, tv_usec: 0)
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = in_port_t(UInt16(port).bigEndian)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  let connected = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
  }
  try #require(connected == 0)
  var sent = 0
  while sent < bytes.count {
    let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    if n <= 0 { break }  // the server may answer and close before it has read everything
    sent += n
  }
  shutdown(fd, Int32(SHUT_WR))
  var reply: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65_536)
  while true {
    let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    if n <= 0 { break }
    reply += buffer[0..<n]
  }
  return String(decoding: reply, as: UTF8.self)
}

struct Reply {
  var status: Int
  var contentType: String
  var body: String
}

func request(_ url: URL, session: URLSession = .shared, method: String = "GET", body: String? = nil) async throws -> Reply {
  var request = URLRequest(url: url)
  request.httpMethod = method
  if let body { request.httpBody = Data(body.utf8) }
  let (data, response) = try await session.data(for: request)
  let http = try #require(response as? HTTPURLResponse)
  return Reply(
    status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type") ?? "",
    body: String(decoding: data, as: UTF8.self))
}

@Suite("harmonic tune: the server", .serialized)
struct TuneServerTests {
  @Test("The page and its files are served from the executable's resources, offline")
  func page() async throws {
    try await withTuneServer { base in
      let page = try await request(base)
      #expect(page.status == 200)
      #expect(page.contentType.hasPrefix("text/html"))
      #expect(page.body.contains("<script src=\"tune.js\">") && page.body.contains("href=\"tune.css\""))
      for (name, type) in [("tune.js", "text/javascript"), ("tune.css", "text/css")] {
        let file = try await request(base.appendingPathComponent(name))
        #expect(file.status == 200, "\(name)")
        #expect(file.contentType.hasPrefix(type), "\(name): \(file.contentType)")
        #expect(file.body.count > 1_000, "\(name)")
        // Nothing from a CDN: every script and style is the page's own (the SVG namespace is a name, not a fetch).
        let addresses = file.body.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
        #expect(!addresses.contains("https://") && !addresses.contains("http://"), "\(name) refers to another site")
      }
      #expect(!page.body.contains("https://") && !page.body.contains("http://"))
      let missing = try await request(base.appendingPathComponent("secrets.txt"))
      #expect(missing.status == 404)
    }
  }

  @Test("The API answers over HTTP what TuneAPI answers; bad requests get 400/404/413 and the server keeps serving")
  func api() async throws {
    try await withTuneServer { base in
      let query = "response=0.5&dampingRatio=0.7&from=0&to=320&initialVelocity=1500&times=0,0.1,0.25"
      let sample = try await request(try #require(URL(string: "\(base)/api/sample?\(query)")))
      #expect(sample.status == 200)
      #expect(sample.contentType.hasPrefix("application/json"))
      #expect(sample.body == TuneAPI.respond(endpoint: "sample", query: query).body)

      let bad = try await request(try #require(URL(string: "\(base)/api/sample?response=0.5&dampingRatio=-2&times=0")))
      #expect(bad.status == 400)
      let json = try #require(JSONSerialization.jsonObject(with: Data(bad.body.utf8)) as? [String: Any])
      #expect(json["parameter"] as? String == "dampingRatio")

      let unknown = try await request(try #require(URL(string: "\(base)/api/launch")))
      #expect(unknown.status == 404)

      let csv = "0,0\n0.05,0.2\n0.1,0.55\n0.2,0.9\n0.3,1.02\n0.4,1.0\n0.6,1.0"
      let fit = try await request(base.appendingPathComponent("api/fit"), method: "POST", body: csv)
      #expect(fit.status == 200, "\(fit.body)")
      #expect(fit.body == TuneAPI.respond(endpoint: "fit", query: "", body: csv).body)

      let huge = String(repeating: "0,0\n", count: TuneAPI.maximumBodyBytes / 4 + 16)
      let tooLarge = try await request(base.appendingPathComponent("api/fit"), method: "POST", body: huge)
      #expect(tooLarge.status == 413)

      let after = try await request(try #require(URL(string: "\(base)/api/describe?preset=snappy")))
      #expect(after.status == 200)
    }
  }

  @Test("300 requests from 6 concurrent clients: every answer right, none failed")
  func concurrentClients() async throws {
    let requests: [(endpoint: String, query: String, status: Int)] = [
      ("sample", "response=0.5&dampingRatio=0.7&times=" + (0...240).map { "\(Double($0) / 200)" }.joined(separator: ","), 200),
      ("describe", "duration=0.5&bounce=0.25", 200),
      ("settle", "stiffness=300&damping=10&valueTolerance=0.01", 200),
      ("export", "mass=1&stiffness=157.91367041742973&damping=18.84955592153876", 200),
      ("transition", "duration=0.5&bounce=0.25&fps=60", 200),
      ("snap", "response=0.4&dampingRatio=1&offset=300&velocity=-1200&fps=120", 200),
      ("fit", "bezier=0.42,0,0.58,1&duration=0.6", 200),
      ("sample", "response=0.5&dampingRatio=nope&times=0", 400),
      ("sample", "stiffness=100&damping=10&times=" + Array(repeating: "1", count: 10_001).joined(separator: ","), 400),
      ("transition", "response=8&dampingRatio=0.001", 400),
    ]
    let expected = requests.map { TuneAPI.respond(endpoint: $0.endpoint, query: $0.query).body }
    try await withTuneServer { base in
      let failures = try await withThrowingTaskGroup(of: [String].self) { group in
        for client in 0..<6 {
          group.addTask {
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            var failures: [String] = []
            for k in 0..<50 {
              let index = (client * 7 + k) % requests.count
              let (endpoint, query, status) = requests[index]
              let url = try #require(URL(string: "\(base)/api/\(endpoint)?\(query)"))
              do {
                let reply = try await request(url, session: session)
                if reply.status != status || reply.body != expected[index] {
                  failures.append("client \(client) request \(k) \(endpoint): status \(reply.status)")
                }
              } catch {
                failures.append("client \(client) request \(k) \(endpoint): \(error)")
              }
            }
            return failures
          }
        }
        var all: [String] = []
        for try await failures in group { all += failures }
        return all
      }
      #expect(failures.isEmpty, "\(failures.count) of 300 failed: \(failures.prefix(5))")
    }
  }

  @Test("Long queries reach the API: 108 KB is answered, past 128 KiB the API's own JSON 413 (not the HTTP layer's bare 400)")
  func longQueries() async throws {
    try await withTuneServer { base in
      func query(_ count: Int) -> URL {
        let times = Array(repeating: "0.123456789", count: count).joined(separator: ",")
        return URL(string: "\(base.absoluteString)/api/sample?response=0.5&dampingRatio=0.5&times=\(times)")!
      }
      let long = try await request(query(9_000))
      #expect(long.status == 200 && long.body.hasPrefix("{\"samples\":"))
      let tooLong = try await request(query(12_000))
      #expect(tooLong.status == 413 && tooLong.contentType.hasPrefix("application/json") && tooLong.body.contains("at most 131072"), "\(tooLong.body)")
      #expect(try await request(query(1)).status == 200)
    }
  }

  @Test("Unknown paths and methods get a JSON 404 that says what is served")
  func unknownRoutes() async throws {
    try await withTuneServer { base in
      for (path, method) in [("/api/", "GET"), ("/nope", "GET"), ("/api/sample", "DELETE"), ("/api/../tune.js", "PUT")] {
        let reply = try await request(URL(string: base.absoluteString + path)!, method: method)
        #expect(reply.status == 404 && reply.contentType.hasPrefix("application/json") && reply.body.contains("\"error\""), "\(method) \(path): \(reply.body)")
      }
    }
  }
  @Test("Requests the HTTP decoder cannot read get a JSON 400 or 431, seeded garbage included, and the server keeps serving")
  func malformedRequests() async throws {
    try await withTuneServer { base in
      let port = try #require(base.port)
      func check(_ bytes: [UInt8], _ status: Int, _ what: String) throws {
        let reply = try rawExchange(port: port, bytes)
        let (head, body) = (reply.components(separatedBy: "\r\n\r\n").first ?? "", reply.components(separatedBy: "\r\n\r\n").dropFirst().joined())
        #expect(head.hasPrefix("HTTP/1.1 \(status)"), "\(what): \(reply.prefix(200))")
        #expect(head.lowercased().contains("content-type: application/json"), "\(what): \(head)")
        let json = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
        let message = (json?["error"] as? String) ?? ""
        #expect(message.count > 0, "\(what): \(body)")
      }
      try check(Array("HELLO THERE\r\n\r\n".utf8), 400, "a garbage request line")
      try check(Array("GET / HTTP/1.1\r\nHost: a\r\nX-Big: \(String(repeating: "x", count: 300_000))\r\n\r\n".utf8), 431, "a 300 KB header")
      try check(Array("POST /api/fit HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".utf8), 400, "a malformed chunk")
      try check(Array("POST /api/fit HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\n0,1".utf8), 400, "a body cut short")
      // Seeded garbage: random bytes of random length, then the end of a header block.
      var state: UInt64 = 0x9E37_79B9_7F4A_7C15
      func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
      }
      for k in 0..<40 {
        var bytes = (0..<(1 + Int(next() % 300))).map { _ in UInt8(truncatingIfNeeded: next()) }
        if k % 2 == 0 { bytes = Array("GET /".utf8) + bytes }  // past the method, into the target and version
        bytes += Array("\r\n\r\n".utf8)
        let reply = try rawExchange(port: port, bytes)
        let status = Int(reply.dropFirst(9).prefix(3)) ?? 0
        #expect((400..<500).contains(status) && reply.lowercased().contains("content-type: application/json"), "garbage \(k): \(reply.prefix(120))")
      }
      let after = try await request(try #require(URL(string: "\(base)/api/describe?preset=smooth")))
      #expect(after.status == 200)
    }
  }
}
#endif
