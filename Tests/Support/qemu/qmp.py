# SPDX-License-Identifier: Apache-2.0
"""QEMU's machine protocol (QMP) for the tests that boot Debian's kernel: Tests/VM and
Tests/Board plug, unplug and type on a USB keyboard through it."""
import json
import socket
import time


def connect(path, deadline):
    """A connection to the Unix socket at `path`, retried until QEMU listens or `deadline`
    (time.monotonic()) passes."""
    while True:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(path)
            return sock
        except OSError:
            sock.close()
            if time.monotonic() > deadline:
                raise RuntimeError(f"QEMU's socket {path} never accepted a connection")
            time.sleep(0.3)


class QMP:
    """A QMP connection: one JSON command, one answer."""

    def __init__(self, path, deadline):
        self.sock = connect(path, deadline)
        self.file = self.sock.makefile("rw")
        json.loads(self.file.readline())  # the greeting
        self.execute("qmp_capabilities")

    def execute(self, command, **arguments):
        message = {"execute": command}
        if arguments:
            message["arguments"] = arguments
        self.file.write(json.dumps(message) + "\n")
        self.file.flush()
        while True:
            reply = json.loads(self.file.readline())
            if "event" in reply:
                continue  # asynchronous events (DEVICE_DELETED...) are not answers
            if "error" in reply:
                raise RuntimeError(f"QMP {command} {arguments}: {reply['error']}")
            return reply.get("return")
