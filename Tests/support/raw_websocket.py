"""WebSocket and HTTP by hand, for the cases a client library refuses to send: unmasked
frames, reserved bits, bad close codes, oversized control frames, methods and bodies a
static server must refuse. Every read is bounded by a socket timeout."""

import json
import os
import socket
import struct

KEY = "dGhlIHNhbXBsZSBub25jZQ=="


def http_exchange(port, request, timeout=5.0):
    """Sends raw request bytes; returns (status code or None, headers dict, body bytes) of the
    first answer. Reads until the server closes or the timeout passes."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as raw:
        raw.sendall(request)
        data = b""
        try:
            while b"\r\n\r\n" not in data or not _complete(data):
                chunk = raw.recv(65536)
                if not chunk:
                    break
                data += chunk
        except socket.timeout:
            pass
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    parts = lines[0].split()
    status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body


def _complete(data):
    head, _, body = data.partition(b"\r\n\r\n")
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return len(body) >= int(value.strip() or 0)
    return False


def upgrade_request(port, version="13", protocol="morph.v1", extra=()):
    lines = ["GET / HTTP/1.1", "Host: 127.0.0.1:%d" % port, "Upgrade: websocket", "Connection: Upgrade",
             "Sec-WebSocket-Key: " + KEY]
    if version is not None:
        lines.append("Sec-WebSocket-Version: " + version)
    if protocol is not None:
        lines.append("Sec-WebSocket-Protocol: " + protocol)
    lines += list(extra)
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def frame(opcode, payload=b"", fin=True, mask=True, rsv=0, length=None):
    """One frame; `length` overrides the declared payload length (to lie about it)."""
    first = (0x80 if fin else 0) | (rsv << 4) | opcode
    count = len(payload) if length is None else length
    bit = 0x80 if mask else 0
    if count < 126:
        head = bytes([first, bit | count])
    elif count < 65536:
        head = bytes([first, bit | 126]) + struct.pack(">H", count)
    else:
        head = bytes([first, bit | 127]) + struct.pack(">Q", count)
    if not mask:
        return head + payload
    key = os.urandom(4)
    return head + key + bytes(byte ^ key[index % 4] for index, byte in enumerate(payload))


def text(message, **options):
    return frame(1, json.dumps(message).encode(), **options)


def close_frame(code=None, reason=b"", **options):
    return frame(8, (struct.pack(">H", code) if code is not None else b"") + reason, **options)


class RawSocket:
    """An open morph.v1 WebSocket on a plain socket."""

    def __init__(self, port, timeout=5.0):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.socket.sendall(upgrade_request(port))
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = self.socket.recv(4096)
            if not chunk:
                raise ConnectionError("closed during the handshake: %r" % data)
            data += chunk
        head, _, self.pending = data.partition(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 101"):
            raise ConnectionError("handshake refused: %r" % head[:80])

    def send(self, data):
        self.socket.sendall(data)

    def _fill(self, count):
        while len(self.pending) < count:
            chunk = self.socket.recv(65536)
            if not chunk:
                raise EOFError("closed")
            self.pending += chunk

    def receive(self):
        """The next frame as (opcode, payload); EOFError when the server closed the TCP
        connection, socket.timeout when nothing came."""
        self._fill(2)
        opcode, count = self.pending[0] & 0x0F, self.pending[1] & 0x7F
        offset = 2
        if count == 126:
            self._fill(4)
            count, offset = struct.unpack(">H", self.pending[2:4])[0], 4
        elif count == 127:
            self._fill(10)
            count, offset = struct.unpack(">Q", self.pending[2:10])[0], 10
        self._fill(offset + count)
        payload = self.pending[offset:offset + count]
        self.pending = self.pending[offset + count:]
        return opcode, payload

    def receive_close(self):
        """Reads until a Close frame; returns (code or None, reason bytes). EOFError when the
        connection ended without one."""
        while True:
            opcode, payload = self.receive()
            if opcode == 8:
                code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None
                return code, payload[2:]

    def receive_json(self, wanted=None):
        """The next text message (of type `wanted` when given), parsed."""
        while True:
            opcode, payload = self.receive()
            if opcode == 8:
                raise EOFError("closed: %r" % payload)
            if opcode == 1:
                message = json.loads(payload)
                if wanted is None or message.get("type") == wanted:
                    return message

    def close(self):
        self.socket.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
