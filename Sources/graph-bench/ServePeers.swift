import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The servers `graph-bench serve` measures, each a separate process: `graph-explorer serve`
/// (replaying a cassette, or the emulator) and nginx serving the same bodies as static files.
/// CPU time and memory come from `/proc` of each server process (nginx: master and worker).
final class ServedProcess {
  let name: String
  let process: Process
  /// `http://127.0.0.1:PORT`.
  let origin: String

  init(name: String, process: Process, origin: String) {
    self.name = name
    self.process = process
    self.origin = origin
  }

  /// The server's processes: itself and its children (nginx's worker).
  var pids: [Int32] {
    let pid = process.processIdentifier
    let children =
      (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8))?
      .split(separator: " ").compactMap { Int32($0) } ?? []
    return [pid] + children
  }

  /// User + system CPU seconds of the server's processes so far.
  var cpuSeconds: Double {
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    return pids.reduce(0) { total, pid in
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return total }
      // Fields after the command name: state is field 3, utime 14 and stime 15.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12])
      else { return total }
      return total + (user + system) / ticks
    }
  }

  /// Resident memory of the server's processes now, in bytes.
  var residentBytes: Int {
    pids.reduce(0) { $0 + (procStatusBytes("VmRSS", pid: "\($1)") ?? 0) }
  }

  func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGTERM)
      process.waitUntilExit()
    }
  }

  /// Starts `graph-explorer serve --port 0 ARGUMENTS` and reads the URL it prints.
  static func graphExplorer(_ executable: String, name: String, arguments: [String])
    -> ServedProcess?
  {
    guard
      let (process, origin) = BenchBinaries.startServing(
        executable, ["serve", "--port", "0"] + arguments)
    else { return nil }
    return ServedProcess(name: name, process: process, origin: origin)
  }

  /// Starts nginx (one worker, access log on as serve's is) serving `files` (URL path to
  /// contents) from `folder`, with the headers the Graph answer has; with `upstream`
  /// (`http://127.0.0.1:PORT`), a reverse proxy to it instead (`proxy_pass`, HTTP/1.1, up to 64
  /// kept-alive upstream connections), the floor of forwarding a request.
  static func nginx(
    _ executable: String, folder: String, files: [String: [UInt8]], upstream: String? = nil
  ) -> ServedProcess? {
    guard let port = freePort() else { return nil }
    let root = folder + "/www"
    try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    var locations = ""
    for (path, body) in files.sorted(by: { $0.key < $1.key }) {
      let file = path.replacingOccurrences(of: "/", with: "_") + ".json"
      _ = FileManager.default.createFile(atPath: root + "/" + file, contents: Data(body))
      locations += """
            location = \(path) { try_files /\(file) =404; }

        """
    }
    var upstreamBlock = ""
    var answerHeaders = """
          add_header Access-Control-Allow-Origin *;
          add_header Cache-Control "private, no-cache, no-store, must-revalidate";
          add_header Expires "Sat, 01 Jan 2000 00:00:00 GMT";
          add_header Pragma no-cache;
          add_header facebook-api-version v2.0;

      """
    if let upstream {
      // The upstream's answers carry their own headers.
      answerHeaders = ""
      upstreamBlock =
        "  upstream graph { server \(upstream.dropFirst("http://".count)); keepalive 64; }\n"
      locations += """
            location / {
              proxy_pass http://graph;
              proxy_http_version 1.1;
              proxy_set_header Connection "";
            }

        """
    }
    let configuration = """
      worker_processes 1;
      daemon off;
      pid \(folder)/nginx.pid;
      error_log \(folder)/nginx-error.log;
      events { worker_connections 4096; }
      http {
        access_log \(folder)/nginx-access.log;
        client_body_temp_path \(folder)/body;
        proxy_temp_path \(folder)/proxy;
        fastcgi_temp_path \(folder)/fastcgi;
        uwsgi_temp_path \(folder)/uwsgi;
        scgi_temp_path \(folder)/scgi;
        types { }
        default_type "application/json; charset=UTF-8";
        keepalive_requests 100000000;
        keepalive_timeout 30s;
        server_tokens off;
        etag off;
      \(upstreamBlock)  server {
          listen 127.0.0.1:\(port);
          root \(root);
      \(answerHeaders)\(locations)    }
      }

      """
    let path = folder + "/nginx.conf"
    _ = FileManager.default.createFile(atPath: path, contents: Data(configuration.utf8))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["-p", folder, "-c", path, "-e", folder + "/nginx-error.log"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    // Ready once it accepts a connection.
    for _ in 0..<100 {
      if canConnect(port) {
        return ServedProcess(name: "nginx", process: process, origin: "http://127.0.0.1:\(port)")
      }
      usleep(50_000)
    }
    process.terminate()
    return nil
  }

  static func freePort() -> Int? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
  }

  static func canConnect(_ port: Int) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }

  /// The first `name` executable on PATH (and in /usr/sbin, where Debian puts nginx).
  static func find(_ name: String) -> String? {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") + ":/usr/sbin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }
}
