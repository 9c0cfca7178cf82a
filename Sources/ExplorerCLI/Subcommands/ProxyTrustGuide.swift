/// What `graph-explorer proxy --ca` prints: where the CA certificate is and how each kind of
/// client is told to trust it (docs/serve.md has the same, at length).
enum ProxyTrustGuide {
  static func text(certificate path: String, port: Int) -> String {
    let proxy = "http://127.0.0.1:\(port)"
    return """
      \(path)

      The proxy's certificate authority (EC P-256, name-constrained to facebook.com, fbcdn.net
      and the picture hosts: it cannot vouch for any other site). Trust it where you point
      a client at the proxy:

        curl:             curl --proxy \(proxy) --cacert \(path) https://graph.facebook.com/v2.2/me
        Python requests:  HTTPS_PROXY=\(proxy) REQUESTS_CA_BUNDLE=\(path) python3 app.py
        OpenSSL clients:  HTTPS_PROXY=\(proxy) SSL_CERT_FILE=\(path) ...
        iOS Simulator:    xcrun simctl keychain booted add-root-cert \(path)
                          then set the Mac's HTTP(S) proxy to 127.0.0.1:\(port)
                          (System Settings > Network > Details > Proxies)
        macOS:            security add-trusted-cert -r trustRoot -p ssl \\
                            -k ~/Library/Keychains/login.keychain-db \(path)
        Android:          adb push \(path) /sdcard/Download/graph-explorer-ca.pem, then
                          Settings > Security > Encryption & credentials > Install a
                          certificate > CA certificate; the app's network_security_config
                          must trust user CAs; adb reverse tcp:\(port) tcp:\(port) and set
                          the Wi-Fi proxy to 127.0.0.1:\(port)
      """
  }
}
