import Foundation
import GraphServer

/// The `ui` command's server on 127.0.0.1 from start to the signal that stops it.
struct UIServer {
  let server: GraphServer

  /// A server for `transport` on 127.0.0.1:`port`, whatever else is asked: the page holds a
  /// token and its answers carry secrets. Calls run off the I/O thread (they wait on the
  /// target, which may be the network).
  init(transport: UITransport, port: Int) {
    var configuration = GraphServer.Configuration(host: "127.0.0.1", port: port)
    configuration.transportOnIOThread = false
    server = GraphServer(transport: transport, configuration: configuration)
  }

  /// Waits for SIGINT or SIGTERM, then stops the server (from a thread of its own: stopping
  /// waits for the loop) and returns the signal's name.
  func runUntilSignalled(_ signals: SignalWaiter) async -> String {
    let signal = await signals.wait()
    let server = self.server
    await withCheckedContinuation { (stopped: CheckedContinuation<Void, Never>) in
      Thread {
        server.stop()
        stopped.resume()
      }.start()
    }
    return signal == SIGINT ? "SIGINT" : "SIGTERM"
  }
}
