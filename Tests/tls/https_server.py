#!/usr/bin/env python3
"""A one-purpose HTTPS server for the `https://` webhook tests, on 127.0.0.1 only.

    https_server.py CERT KEY STATUS

Prints its port on the first line, then one JSON line per request it received
(method, path, body), answers each with STATUS, and stops after 60 s or when its
standard input closes. A client that fails the handshake is just counted out.
"""
import json
import socket
import ssl
import sys
import threading
import time

cert, key, status = sys.argv[1], sys.argv[2], int(sys.argv[3])
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(cert, key)
listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(8)
listener.settimeout(0.2)
print(listener.getsockname()[1], flush=True)
threading.Thread(target=lambda: (sys.stdin.read(), listener.close()), daemon=True).start()

deadline = time.time() + 60
while time.time() < deadline:
    try:
        client, _ = listener.accept()
    except socket.timeout:
        continue
    except OSError:
        break
    client.settimeout(5)
    try:
        with context.wrap_socket(client, server_side=True) as tls:
            data = b""
            while b"\r\n\r\n" not in data:
                chunk = tls.recv(65536)
                if not chunk:
                    break
                data += chunk
            head, _, body = data.partition(b"\r\n\r\n")
            lines = head.decode().split("\r\n")
            length = next((int(l.split(":", 1)[1]) for l in lines if l.lower().startswith("content-length:")), 0)
            while len(body) < length:
                chunk = tls.recv(65536)
                if not chunk:
                    break
                body += chunk
            method, path = lines[0].split(" ")[:2]
            print(json.dumps({"method": method, "path": path, "body": body.decode()}), flush=True)
            tls.sendall(f"HTTP/1.1 {status} Status\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".encode())
    except (ssl.SSLError, OSError):
        client.close()
