#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A CardDAV server that misbehaves on purpose, for the transport's tests.

  hostile-server.py MODE [ARG]    listens on 127.0.0.1, an ephemeral port, which it prints

  silent                 accepts connections and never answers
  trickle                answers 207 with a long body, one byte a second
  huge                   answers 207 with an endless body, as fast as it can
  redirect STATUS URL    answers every request with STATUS and Location: URL
  record FILE            appends each request's line and headers to FILE, answers 207
  moved PATH FILE        redirects (307) every other path to PATH; records and answers 207 there
"""
import signal
import socket
import sys
import threading
import time

MULTISTATUS = b'<?xml version="1.0"?><D:multistatus xmlns:D="DAV:"></D:multistatus>'


def read_request(connection):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(rest) < length:
        chunk = connection.recv(65536)
        if not chunk:
            break
        rest += chunk
    return head.decode("latin-1")


def serve(connection, mode, args):
    try:
        if mode == "silent":
            time.sleep(3600)
            return
        head = read_request(connection)
        if head is None:
            return
        if mode == "moved" and head.split(" ")[1] != args[0]:
            connection.sendall(("HTTP/1.1 307 Moved\r\nLocation: %s\r\nContent-Length: 0\r\n\r\n" % args[0]).encode())
        elif mode in ("record", "moved"):
            args = args[-1:]
            with open(args[0], "a") as log:
                log.write(head + "\n\n")
            connection.sendall(b"HTTP/1.1 207 Multi-Status\r\nContent-Type: application/xml\r\nContent-Length: %d\r\n\r\n" % len(MULTISTATUS) + MULTISTATUS)
        elif mode == "redirect":
            connection.sendall(("HTTP/1.1 %s Moved\r\nLocation: %s\r\nContent-Length: 0\r\n\r\n" % (args[0], args[1])).encode())
        elif mode == "trickle":
            connection.sendall(b"HTTP/1.1 207 Multi-Status\r\nContent-Type: application/xml\r\nContent-Length: 100000\r\n\r\n")
            while True:
                connection.sendall(b" ")
                time.sleep(1)
        elif mode == "huge":
            connection.sendall(b"HTTP/1.1 207 Multi-Status\r\nContent-Type: application/xml\r\n\r\n")
            block = b" " * 65536
            while True:
                connection.sendall(block)
    except OSError:
        pass
    finally:
        connection.close()


def main():
    # Started from a thread that blocks signals, it would inherit that: SIGTERM must end it.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    mode, args = sys.argv[1], sys.argv[2:]
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    print(listener.getsockname()[1], flush=True)
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=serve, args=(connection, mode, args), daemon=True).start()


main()
