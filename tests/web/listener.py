"""A TCP listener on a loopback address that counts the connections it accepts: what a test of
the outbound guard watches (zero, when the guard refuses).  It can answer each connection with
fixed bytes (an HTTP answer for the guard's client to read), else it closes it at once.

``connections()`` is exact, not a sleep: it connects once itself and waits until that probe is
accepted; connections are accepted in the order they arrived, so any earlier one is counted."""

from __future__ import annotations

import contextlib
import socket
import threading


class Listener:
    def __init__(self, host: str = "127.0.0.1", answer: bytes = b"", silent: bool = False) -> None:
        self.host = host
        self.answer = answer
        self.silent = silent
        self.held: list[socket.socket] = []
        self.peers: list[tuple[str, int]] = []
        self.received: list[bytes] = []
        self.probes: set[tuple[str, int]] = set()
        self.arrived = threading.Condition()
        self.socket = socket.create_server((host, 0))
        self.port: int = self.socket.getsockname()[1]
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def connections(self) -> int:
        """How many connections reached the listener (its own probes apart)."""
        with socket.create_connection((self.host, self.port), timeout=5) as probe:
            mine = probe.getsockname()[:2]
            with self.arrived:
                self.probes.add(mine)
                seen = self.arrived.wait_for(lambda: mine in self.peers, timeout=5)
        assert seen, "the listener accepts nothing"
        return len([one for one in self.peers if one not in self.probes])

    def _serve(self) -> None:
        while True:
            try:
                connection, peer = self.socket.accept()
            except OSError:  # closed
                return
            with self.arrived:
                self.peers.append(peer[:2])
                self.arrived.notify_all()
                probe = peer[:2] in self.probes
            if self.silent and not probe:
                self.held.append(connection)
                continue
            with connection:
                if self.answer and not probe:
                    connection.settimeout(5)
                    try:
                        self.received.append(connection.recv(65536))
                        connection.sendall(self.answer)
                        connection.shutdown(socket.SHUT_WR)
                        while connection.recv(65536):  # until the client closes: closing
                            pass  # with its bytes unread would reset what it has not read
                    except OSError:  # the client went away
                        pass

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.socket.shutdown(socket.SHUT_RDWR)
        self.socket.close()
        self.thread.join(timeout=5)
        for connection in self.held:
            connection.close()
