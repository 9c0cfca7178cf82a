import Foundation

/// `graph-bench ui`: the `graph-explorer ui` page in headless Chromium (Debian's chromium and
/// chromium-driver, selenium from PyPI, as UIBrowserTests drives it), a fresh browser profile
/// per run: the first contentful paint and the page drawn and filled (its first API answers and
/// the field tree in), then a 1 MB answer (9,000 items) rendered by the page's own JSON reader
/// and tree, layout included. Wall times come from the page's clock (`performance`), CPU from
/// Chrome DevTools' `Performance.getMetrics` in thread ticks (the renderer main thread's CPU in
/// tasks, and of it in layout; its script figure leaves out what `execute_script` runs, so it is
/// not shown) and from the server's own CPU time (`/proc/PID/stat`).
enum UIBenchmark {
  static let summary = "the ui page in headless Chromium: first paint, filled page, a 1 MB answer"

  static let usage = "usage: graph-bench ui [--runs N]"

  /// One browser run; prints one JSON line of figures (milliseconds).
  static let script = #"""
    import json, os, sys, tempfile
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.support.ui import WebDriverWait

    base = sys.argv[1]
    profile = tempfile.mkdtemp(prefix="graph-bench-ui-")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1280,800", "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--disable-default-apps",
                     "--user-data-dir=" + profile):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.execute_cdp_cmd("Performance.enable", {"timeDomain": "threadTicks"})
        driver.get(base)
        WebDriverWait(driver, 60).until(
            lambda d: d.execute_script("return document.body.dataset.ready"))
        def metrics():
            got = driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]
            return {m["name"]: m["value"] * 1000 for m in got}
        loaded = metrics()
        paint = driver.execute_script(
            "const p = performance.getEntriesByName('first-contentful-paint')[0];"
            " return p ? p.startTime : -1")
        ready = driver.execute_script("return app.readyMs")
        wall = driver.execute_script("""
            const items = [];
            for (let i = 0; i < 9000; i++) items.push({ id: String(100001000000000 + i),
                name: "Person " + i, message: "x".repeat(60) });
            const body = JSON.stringify({ data: items, paging: { next: "https://graph.facebook.com/x" } });
            window.__size = body.length;
            const start = performance.now();
            renderAnswer(document.getElementById("answer"), body);
            document.body.offsetHeight;
            return performance.now() - start;""")
        rendered = metrics()
        print(json.dumps({
            "paint": paint, "ready": ready,
            "readyTask": loaded["TaskDuration"], "readyLayout": loaded["LayoutDuration"],
            "bigWall": wall, "bigSize": driver.execute_script("return window.__size"),
            "bigTask": rendered["TaskDuration"] - loaded["TaskDuration"],
            "bigLayout": rendered["LayoutDuration"] - loaded["LayoutDuration"],
        }))
    finally:
        driver.quit()
    """#

  static func run(_ arguments: [String]) async -> Int32 {
    guard let given = BenchArguments(arguments, options: ["--runs"]), given.numbers.isEmpty,
      let runs = given.count("--runs", default: 5)
    else {
      fail(usage)
      return 2
    }
    guard let binary = BenchBinaries.requireGraphExplorer() else { return 1 }
    guard
      ["/usr/bin/chromium", "/usr/bin/chromedriver"].allSatisfy(
        FileManager.default.isExecutableFile(atPath:))
    else {
      fail(
        "graph-bench ui: needs Debian's chromium and chromium-driver (Scripts/test installs them)")
      return 1
    }
    var figures: [[String: Double]] = []
    for _ in 0..<runs {
      guard
        let (server, url) = BenchBinaries.startServing(
          binary, ["ui", "--port", "0", "--deterministic-secrets"])
      else {
        fail("graph-bench ui: graph-explorer ui did not start")
        return 1
      }
      defer {
        server.terminate()
        server.waitUntilExit()
      }
      let before = serverCPU(server.processIdentifier)
      guard var run = browserRun(url) else {
        fail("graph-bench ui: the browser run failed (selenium installed? Scripts/python-env)")
        return 1
      }
      run["serverCPU"] = (serverCPU(server.processIdentifier) - before) * 1000
      figures.append(run)
    }
    func cell(_ key: String) -> String {
      String(format: "%.0f ms", median(figures.map { $0[key] ?? 0 }))
    }
    let size = figures.first?["bigSize"] ?? 0
    print("graph-explorer ui (release) in headless Chromium 1280x800, median of \(runs) runs")
    printTable([
      ["what", "wall", "main-thread CPU", "of it layout", "server CPU"],
      ["first contentful paint", cell("paint"), "", "", ""],
      [
        "page drawn and filled", cell("ready"), cell("readyTask"), cell("readyLayout"),
        cell("serverCPU"),
      ],
      [
        String(format: "a %.2f MB answer rendered", size / 1_048_576), cell("bigWall"),
        cell("bigTask"), cell("bigLayout"), "",
      ],
    ])
    return 0
  }

  /// The figures of one browser run, or nil when it failed.
  static func browserRun(_ url: String) -> [String: Double]? {
    guard let data = pythonOutput(script, [url]),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    return object.compactMapValues { ($0 as? NSNumber)?.doubleValue }
  }

  /// The user plus system CPU seconds process `pid` has used (`/proc/PID/stat`).
  static func serverCPU(_ pid: Int32) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return 0 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the name: state is field 3, utime 14 and stime 15 (1-based over the whole line).
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12])
    else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }
}
