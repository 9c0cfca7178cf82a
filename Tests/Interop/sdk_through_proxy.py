#!/usr/bin/env python3
"""Sends one HTTP/1.1 message, byte for byte as an SDK put it on the socket, through the HTTPS
proxy named by HTTPS_PROXY (CONNECT HOST:443, then TLS verified against the CA file in CA for
HOST), as NSURLConnection does behind a proxy; writes the answer to standard output as its
status line, its header lines, a blank line and its body (de-chunked).

  HTTPS_PROXY=http://127.0.0.1:PORT CA=ca.pem sdk_through_proxy.py HOST MESSAGE_FILE
"""

import os
import socket
import ssl
import sys
from urllib.parse import urlsplit


def read_head(stream):
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = stream.recv(1)
        if not chunk:
            raise SystemExit("the connection closed inside a head: %r" % head)
        head += chunk
    return head[:-4].decode("latin-1")


def read_exactly(stream, count):
    data = b""
    while len(data) < count:
        chunk = stream.recv(count - len(data))
        if not chunk:
            raise SystemExit("the answer stopped after %d of %d bytes" % (len(data), count))
        data += chunk
    return data


def read_line(stream):
    line = b""
    while not line.endswith(b"\r\n"):
        chunk = stream.recv(1)
        if not chunk:
            raise SystemExit("the connection closed inside a chunk size")
        line += chunk
    return line[:-2]


def main(argv):
    host, message = argv[1], open(argv[2], "rb").read()
    proxy = urlsplit(os.environ["HTTPS_PROXY"])
    raw = socket.create_connection((proxy.hostname, proxy.port), timeout=30)
    raw.sendall(("CONNECT %s:443 HTTP/1.1\r\nHost: %s:443\r\n\r\n" % (host, host)).encode())
    established = read_head(raw)
    if established.split(" ")[1] != "200":
        raise SystemExit("CONNECT answered: " + established)
    context = ssl.create_default_context(cafile=os.environ["CA"])
    stream = context.wrap_socket(raw, server_hostname=host)
    stream.sendall(message)
    head = read_head(stream)
    fields = {}
    for line in head.split("\r\n")[1:]:
        name, _, value = line.partition(":")
        fields[name.strip().lower()] = value.strip()
    if fields.get("transfer-encoding", "").lower() == "chunked":
        body = b""
        while True:
            size = int(read_line(stream).split(b";")[0], 16)
            if size == 0:
                break
            body += read_exactly(stream, size)
            read_exactly(stream, 2)
    else:
        body = read_exactly(stream, int(fields.get("content-length", "0")))
    stream.close()
    sys.stdout.buffer.write(head.encode("latin-1") + b"\r\n\r\n" + body)


if __name__ == "__main__":
    main(sys.argv)
