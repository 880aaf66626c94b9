// Compiled only with the TuningServer trait (Package.swift): without it this
// module is empty and nothing of Hummingbird is resolved or built.
#if TuningServer
import Foundation
import HarmonicCommands
import Hummingbird
import HummingbirdCore
import NIOCore
import Logging

/// The HTTP server behind `harmonic tune`: the page's static files and the
/// JSON API (``TuneAPI``, which computes everything with the library).
///
/// Routes: `GET /` (the page), `GET /tune.js`, `GET /tune.css`,
/// `GET /api/NAME?…` and `POST /api/fit` (CSV samples in the body, at most
/// ``TuneAPI/maximumBodyBytes``). Requests are independent: no state is kept
/// between them, and a bad one gets status 400 without affecting the others.
public enum TuneServer {
  /// The page's files, from the target's resources: name → (content type, bytes).
  static let files: [String: (type: String, data: Data)] = {
    var files: [String: (String, Data)] = [:]
    for (name, type) in [
      ("index.html", "text/html; charset=utf-8"), ("tune.js", "text/javascript; charset=utf-8"),
      ("tune.css", "text/css; charset=utf-8"),
    ] {
      guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Page"),
        let data = try? Data(contentsOf: url)
      else { continue }
      files[name] = (type, data)
    }
    return files
  }()

  /// An application serving the page on `host:port` (port 0: any free port).
  ///
  /// - Parameter onRunning: called once with the port the server listens on.
  public static func application(
    host: String, port: Int, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    let router = Router()
    router.add(middleware: JSONErrors())
    router.get("/") { _, _ in file("index.html") }
    router.get("/index.html") { _, _ in file("index.html") }
    router.get("/tune.js") { _, _ in file("tune.js") }
    router.get("/tune.css") { _, _ in file("tune.css") }
    router.get("/api/:endpoint") { request, context in
      let endpoint = context.parameters.get("endpoint") ?? ""
      let query = request.uri.query ?? ""
      return answer(await respond(endpoint) { TuneAPI.respond(endpoint: endpoint, query: query) })
    }
    router.post("/api/:endpoint") { request, context in
      let endpoint = context.parameters.get("endpoint") ?? ""
      var request = request
      let body: ByteBuffer
      do {
        body = try await request.collectBody(upTo: TuneAPI.maximumBodyBytes)
      } catch {
        return answer(
          TuneAPI.Response(
            status: 413, error: "the request body is larger than \(TuneAPI.maximumBodyBytes) bytes", parameter: "body"))
      }
      let (query, text) = (request.uri.query ?? "", String(buffer: body))
      return answer(await respond(endpoint) { TuneAPI.respond(endpoint: endpoint, query: query, body: text) })
    }
    var logger = Logger(label: "harmonic-tune")
    logger.logLevel = .warning
    return Application(
      router: router,
      server: .http1(configuration: httpConfiguration),
      configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "harmonic-tune"),
      onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
      logger: logger
    )
  }

  /// The HTTP layer's limits. Its header limit sits above the API's own
  /// query limit (with room for the request line and ordinary headers), so
  /// that an oversized query gets the API's JSON 413 rather than the HTTP
  /// decoder's; a request the decoder cannot read gets JSON too
  /// (``MalformedRequests``); idle connections — a request whose body never
  /// arrives whole — are closed after ``idleTimeout``.
  static let httpConfiguration = HTTP1Channel.Configuration(
    additionalChannelHandlers: [MalformedRequests()],
    idleTimeout: idleTimeout,
    httpDecoderConfiguration: .init(maxHeaderFieldSize: 2 * TuneAPI.maximumQueryBytes, maxHeaderListSize: maximumHeaderBytes))

  /// The largest request line and headers together, bytes.
  public static let maximumHeaderBytes = 2 * TuneAPI.maximumQueryBytes + 16_384

  /// Answers a request: fits — milliseconds to seconds of arithmetic — on
  /// their own lane of at most ``fitLanes`` at a time, off Swift's
  /// cooperative threads, so that the quick endpoints stay quick while fits
  /// run; everything else right here.
  static func respond(_ endpoint: String, _ work: @escaping @Sendable () -> TuneAPI.Response) async -> TuneAPI.Response {
    guard endpoint == "fit" else { return work() }
    await fitSlots.wait()
    defer { fitSlots.signal() }
    return await withCheckedContinuation { continuation in
      fitQueue.async { continuation.resume(returning: work()) }
    }
  }

  /// Fits that run at once: one core's worth fewer than the machine has (at least one).
  public static let fitLanes = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
  static let fitQueue = DispatchQueue(label: "harmonic-tune.fits", qos: .utility, attributes: .concurrent)
  static let fitSlots = _AsyncSemaphore(fitLanes)

  /// How long a connection may stay silent before the server closes it.
  public static let idleTimeout = TimeAmount.seconds(10)

  static func file(_ name: String) -> Response {
    guard let (type, data) = files[name] else {
      return answer(TuneAPI.Response(status: 404, error: "\(name) is missing from the executable's resources", parameter: nil))
    }
    return Response(
      status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }

  static func answer(_ response: TuneAPI.Response) -> Response {
    Response(
      status: HTTPResponse.Status(code: response.status),
      headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: response.body)))
  }

  /// Serves the page on `host:port` until interrupted, printing its URL on
  /// stdout once it listens. Returns the exit status: 0, or 2 when the server
  /// cannot start (the message on stderr).
  public static func serve(host: String, port: Int) async -> Int32 {
    if !["127.0.0.1", "::1", "localhost"].contains(host) {
      FileHandle.standardError.write(Data("harmonic tune: serving on \(host), not only this machine\n".utf8))
    }
    let application = application(host: host, port: port) { port in
      let shown = host.contains(":") ? "[\(host)]" : host
      FileHandle.standardOutput.write(Data("Harmonic tune: http://\(shown):\(port)/  (Ctrl-C stops)\n".utf8))
    }
    do {
      try await application.runService()
      return 0
    } catch {
      FileHandle.standardError.write(Data("harmonic tune: error: \(error)\n".utf8))
      return 2
    }
  }
}
/// Every error the router or a handler raises — an unknown path or method
/// included — answered as the API answers: `{"error", "parameter"}` JSON with
/// the status, never an empty body.
struct JSONErrors<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as HTTPError {
      let message =
        error.status == .notFound
        ? "no \(request.method) \(request.uri.path) here: GET /, /tune.js, /tune.css, GET /api/NAME, POST /api/fit"
        : error.body ?? error.status.reasonPhrase
      return TuneServer.answer(TuneAPI.Response(status: error.status.code, error: message, parameter: nil))
    }
  }
}
/// A counting semaphore for tasks: `wait` suspends (it never blocks a
/// thread) until a slot is free.
final class _AsyncSemaphore: @unchecked Sendable {
  private let lock = NSLock()
  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(_ slots: Int) { free = slots }

  func wait() async {
    await withCheckedContinuation { continuation in
      lock.lock()
      if free > 0 {
        free -= 1
        lock.unlock()
        continuation.resume()
      } else {
        waiting.append(continuation)
        lock.unlock()
      }
    }
  }

  func signal() {
    lock.lock()
    if waiting.isEmpty {
      free += 1
      lock.unlock()
    } else {
      let next = waiting.removeFirst()
      lock.unlock()
      next.resume()
    }
  }
}

#endif
