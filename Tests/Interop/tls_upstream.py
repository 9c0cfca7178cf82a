#!/usr/bin/env python3
"""A local TLS upstream for `graph-explorer proxy --record` tests, standing in for Facebook:
terminates TLS with its own certificate (CERT, KEY; made by the test with its own CA) and
sends each request on to https://graph.facebook.com through PROXY (a `graph-explorer proxy`
answering from the emulator, trusted with PROXY_CA), so the emulator answers as Graph would,
paging URLs included, and the proxy's verified-TLS upstream path runs without the network.
Prints its URL (https://127.0.0.1:PORT) as the first line.

  tls_upstream.py CERT KEY PROXY PROXY_CA
"""

import http.client
import http.server
import ssl
import sys
from urllib.parse import urlparse

HOP = {"host", "connection", "keep-alive", "proxy-connection", "transfer-encoding", "te",
       "upgrade", "trailer"}


def main(argv):
    cert, key, proxy, proxy_ca = argv[1], argv[2], urlparse(argv[3]), argv[4]
    trusted = ssl.create_default_context(cafile=proxy_ca)

    class Forward(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def forward(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else None
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP}
            connection = http.client.HTTPSConnection(
                proxy.hostname, proxy.port, timeout=30, context=trusted)
            connection.set_tunnel("graph.facebook.com", 443)
            headers["Host"] = "graph.facebook.com"
            connection.request(self.command, self.path, body=body, headers=headers)
            answer = connection.getresponse()
            data = answer.read()
            self.send_response(answer.status)
            for name, value in answer.getheaders():
                if name.lower() not in HOP and name.lower() != "content-length":
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            connection.close()

        do_GET = do_POST = do_DELETE = forward

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Forward)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    print("https://127.0.0.1:%d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main(sys.argv)
