#if TuningServer
import HTTPTypes
import HarmonicCommands
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a request the HTTP decoder cannot read — a garbage request line,
/// a header past the decoder's limits, a malformed chunk — as the API
/// answers: a JSON `{"error", "parameter"}` body with 431 for headers that
/// are too large and 400 for the rest, then closes the connection. (Below
/// the router, Hummingbird would answer with an empty 400.)
///
/// It sits after the HTTP codec, sees the decoder's `HTTPParserError`
/// before the server's handler does, and keeps it from going further; every
/// other error passes through.
final class MalformedRequests: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundOut = HTTPResponsePart

  private var answered = false

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard let parserError = error as? HTTPParserError else { return context.fireErrorCaught(error) }
    guard !answered else { return }
    answered = true
    let (status, response) = MalformedRequests.response(to: parserError)
    let body = context.channel.allocator.buffer(string: response.body)
    let head = HTTPResponse(
      status: status,
      headerFields: [
        .contentType: "application/json; charset=utf-8", .contentLength: "\(body.readableBytes)", .connection: "close", .cacheControl: "no-store",
      ])
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    context.write(wrapOutboundOut(.body(body)), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in context.close(promise: nil) }
  }

  /// The status and JSON body for a decoder error.
  static func response(to error: HTTPParserError) -> (HTTPResponse.Status, TuneAPI.Response) {
    if error == .headerOverflow {
      let message = "the request's headers are larger than \(TuneServer.maximumHeaderBytes) bytes (the query at most \(TuneAPI.maximumQueryBytes))"
      return (.requestHeaderFieldsTooLarge, TuneAPI.Response(status: 431, error: message, parameter: nil))
    }
    return (.badRequest, TuneAPI.Response(status: 400, error: "not a valid HTTP/1.1 request: \(error)", parameter: nil))
  }
}
#endif
