#!/usr/bin/env python3
"""A one-purpose CONNECT proxy for the `https://` webhook tests, on 127.0.0.1 only.

    connect_proxy.py STATUS

Prints its port on the first line, then one JSON line per request it received (its request
line and Proxy-Authorization header). With STATUS 200 it opens the tunnel to the address asked
for and relays bytes both ways; with any other status it answers that and closes. Stops after
60 s or when its standard input closes.
"""
import json
import socket
import sys
import threading
import time

status = int(sys.argv[1])
listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(8)
listener.settimeout(0.2)
print(listener.getsockname()[1], flush=True)
threading.Thread(target=lambda: (sys.stdin.read(), listener.close()), daemon=True).start()


def relay(source, target):
    try:
        while True:
            data = source.recv(65536)
            if not data:
                break
            target.sendall(data)
    except OSError:
        pass
    finally:
        for end in (source, target):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


deadline = time.time() + 60
while time.time() < deadline:
    try:
        client, _ = listener.accept()
    except socket.timeout:
        continue
    except OSError:
        break
    client.settimeout(5)
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = client.recv(1)
        if not chunk:
            break
        head += chunk
    lines = head.decode().split("\r\n")
    authorization = next((l.split(":", 1)[1].strip() for l in lines if l.lower().startswith("proxy-authorization:")), None)
    print(json.dumps({"request": lines[0], "authorization": authorization}), flush=True)
    method, authority = lines[0].split(" ")[:2]
    if method != "CONNECT" or status != 200:
        client.sendall(f"HTTP/1.1 {status} Status\r\nContent-Length: 0\r\n\r\n".encode())
        client.close()
        continue
    host, _, port = authority.rpartition(":")
    upstream = socket.create_connection((host.strip("[]"), int(port)), timeout=5)
    client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
    client.settimeout(None)
    threading.Thread(target=relay, args=(client, upstream), daemon=True).start()
    threading.Thread(target=relay, args=(upstream, client), daemon=True).start()
