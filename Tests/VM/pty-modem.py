#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""An AT modem on a pseudo-terminal, for the VM tests: t9dial's [dial] method = "modem" opens
its slave as it would /dev/ttyUSB2. It answers as Tests/Support/ModemTestSupport/FakeModem.swift
does when scripted: it echoes each command (ATE1), AT+CLCC lists the calls, and any other
command gets OK.

Commands, one a line on standard input:
  ring NUMBER   a call comes in: AT+CLCC lists it (incoming, ringing) and RING and +CLIP
                are sent unasked
  gone          the caller gives up: AT+CLCC lists no call
  quit          exit

Prints "ready /dev/pts/N" once the port exists, each command received from t9dial as
"at COMMAND", and "done COMMAND" after each of its own commands.
"""
import os
import select
import sys
import tty


def main():
    master, slave = os.openpty()
    tty.setraw(slave)  # the line discipline must not echo or translate: the modem echoes
    print(f"ready {os.ttyname(slave)}", flush=True)
    calls = []
    line = b""
    commands = sys.stdin.buffer

    def send(*lines):
        os.write(master, b"".join(b"\r\n" + text.encode() + b"\r\n" for text in lines))

    while True:
        readable, _, _ = select.select([master, commands], [], [])
        if master in readable:
            for byte in os.read(master, 256):
                os.write(master, bytes([byte]))
                if byte != 13:
                    line += bytes([byte])
                    continue
                command = line.decode(errors="replace").strip()
                line = b""
                print(f"at {command}", flush=True)
                send(*((calls if command.upper() == "AT+CLCC" else []) + ["OK"]))
        if commands in readable:
            request = commands.readline().decode().split()
            if not request or request[0] == "quit":
                break
            if request[0] == "ring":
                calls = [f'+CLCC: 1,1,4,0,0,"{request[1]}",145']
                send("RING", f'+CLIP: "{request[1]}",145,,,,0')
            elif request[0] == "gone":
                calls = []
            print(f"done {' '.join(request)}", flush=True)
    os.close(master)
    os.close(slave)


if __name__ == "__main__":
    main()
