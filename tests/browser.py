"""Open a page in headless Chromium and report its console errors and network requests.

A tiny DevTools-protocol client (the `websocket-client` package, a test extra): Chromium
starts on about:blank with ``--remote-debugging-port=0`` and writes the port it chose to
``DevToolsActivePort`` in its profile folder; we attach to the page, enable the Runtime,
Log, Network and Page domains, navigate to the file and collect, until the load event and
a short quiet spell:

* errors: uncaught exceptions (``Runtime.exceptionThrown``), ``console.error``
  (``Runtime.consoleAPICalled``) and browser log entries of level error (``Log.entryAdded``:
  Content-Security-Policy refusals, failed loads);
* requests: every ``Network.requestWillBeSent`` other than the page itself and ``data:``
  URLs (inline images), so a fetch that fails still counts.

`PageCheck.screenshot` is a PNG of the whole page at the given width.
"""

from __future__ import annotations

import base64
import itertools
import json
import shutil
import subprocess
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-default-apps", "--hide-scrollbars", "--remote-debugging-port=0"]


def available() -> bool:
    try:
        import websocket  # noqa: F401
    except ImportError:
        return False
    return Path(CHROMIUM).exists()


@dataclass
class PageCheck:
    url: str
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    loaded: bool = False
    screenshot: bytes = b""


class _Session:
    def __init__(self, ws_url: str):
        import websocket

        self.ws = websocket.create_connection(ws_url, timeout=30, suppress_origin=True)
        self.ids = itertools.count(1)
        self.events: list[dict] = []

    def send(self, method: str, **params) -> dict:
        msg_id = next(self.ids)
        self.ws.send(json.dumps({"id": msg_id, "method": method, "params": params}))
        self.ws.settimeout(60)          # (`pump` leaves a short timeout behind)
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == msg_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def pump(self, seconds: float) -> None:
        import websocket

        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.ws.settimeout(max(0.05, end - time.monotonic()))
            try:
                self.events.append(json.loads(self.ws.recv()))
            except websocket.WebSocketTimeoutException:
                return

    def close(self) -> None:
        self.ws.close()


def _port(profile: Path, process: subprocess.Popen, timeout: float = 30.0) -> int:
    marker = profile / "DevToolsActivePort"
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if marker.exists():
            text = marker.read_text().split()
            if text:
                return int(text[0])
        if process.poll() is not None:
            raise RuntimeError(f"chromium exited with {process.returncode}")
        time.sleep(0.1)
    raise RuntimeError("chromium did not open its DevTools port")


def check_page(path: Path, width: int = 1280, screenshot: bool = False, max_height: int = 16000) -> PageCheck:
    """Load `path` in headless Chromium; see the module docstring."""
    url = Path(path).resolve().as_uri()
    profile = Path(tempfile.mkdtemp(prefix="tcompare-chromium-"))
    process = subprocess.Popen([CHROMIUM, *FLAGS, f"--user-data-dir={profile}",
                                f"--window-size={width},900", "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    result = PageCheck(url)
    try:
        port = _port(profile, process)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as response:
            targets = json.load(response)
        page = next(t for t in targets if t.get("type") == "page")
        session = _Session(page["webSocketDebuggerUrl"])
        try:
            for domain in ("Runtime", "Log", "Network", "Page"):
                session.send(f"{domain}.enable")
            session.send("Page.navigate", url=url)
            end = time.monotonic() + 30
            while time.monotonic() < end and not result.loaded:
                session.pump(0.2)
                result.loaded = any(e.get("method") == "Page.loadEventFired" for e in session.events)
            session.pump(0.8)           # late requests and errors after the load event
            if screenshot:
                size = session.send("Page.getLayoutMetrics")["cssContentSize"]
                height = min(int(size["height"]) + 1, max_height)
                session.send("Emulation.setDeviceMetricsOverride", width=width, height=height,
                             deviceScaleFactor=1, mobile=False)
                shot = session.send("Page.captureScreenshot", format="png")
                result.screenshot = base64.b64decode(shot["data"])
            _collect(session.events, result)
        finally:
            session.close()
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(profile, ignore_errors=True)
    return result


def _collect(events: list[dict], result: PageCheck) -> None:
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            result.errors.append("exception: " + str(details.get("exception", {}).get("description")
                                                      or details.get("text")))
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            result.errors.append("console: " + " ".join(str(a.get("value", a.get("description", "")))
                                                         for a in params.get("args", [])))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            result.errors.append(f"log ({entry.get('source')}): {entry.get('text')} {entry.get('url', '')}")
        elif method == "Network.requestWillBeSent":
            request_url = params.get("request", {}).get("url", "")
            if request_url != result.url and not request_url.startswith("data:"):
                result.requests.append(request_url)


class Page:
    """A page kept open for a test to drive: ``with Page(path) as page:`` loads `path`, then
    `evaluate` runs an expression, `key` types a key, `go` changes the URL's fragment,
    `screenshot` takes the viewport; `check()` gives the errors and requests so far (as
    `check_page`).  `load_seconds` is the time from navigation to the load event."""

    def __init__(self, path: Path | str, width: int = 1280, height: int = 720, fragment: str = ""):
        # a file, or an http:// address (the page served by a web server)
        self.url = path if str(path).startswith("http") else Path(path).resolve().as_uri()
        self.start_url = self.url + fragment
        self.width, self.height = width, height
        self.load_seconds = 0.0

    def __enter__(self) -> "Page":
        self.profile = Path(tempfile.mkdtemp(prefix="tcompare-chromium-"))
        self.process = subprocess.Popen([CHROMIUM, *FLAGS, f"--user-data-dir={self.profile}",
                                         f"--window-size={self.width},{self.height}", "about:blank"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            port = _port(self.profile, self.process)
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as response:
                targets = json.load(response)
            page = next(t for t in targets if t.get("type") == "page")
            self.session = _Session(page["webSocketDebuggerUrl"])
            for domain in ("Runtime", "Log", "Network", "Page"):
                self.session.send(f"{domain}.enable")
            self.session.send("Emulation.setDeviceMetricsOverride", width=self.width,
                              height=self.height, deviceScaleFactor=1, mobile=False)
            start = time.monotonic()
            self.session.send("Page.navigate", url=self.start_url)
            end = start + 60
            while time.monotonic() < end:
                self.session.pump(0.05)
                if any(e.get("method") == "Page.loadEventFired" for e in self.session.events):
                    break
            self.load_seconds = time.monotonic() - start
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *_exc: object) -> None:
        session = getattr(self, "session", None)
        if session is not None:
            session.close()
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    def evaluate(self, expression: str):
        """The value of a JavaScript expression in the page (JSON-able)."""
        found = self.session.send("Runtime.evaluate", expression=expression, returnByValue=True,
                                  awaitPromise=True)
        if "exceptionDetails" in found:
            raise RuntimeError(f"{expression}: {found['exceptionDetails']}")
        return found.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout: float = 30.0):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            value = self.evaluate(expression)
            if value:
                return value
            self.session.pump(0.05)
        raise TimeoutError(expression)

    def key(self, key: str, code: str = "", key_code: int = 0, shift: bool = False) -> None:
        """Press and release `key` (a DOM key name: "ArrowDown", "End", "F8", "j")."""
        params = {"key": key, "code": code or key, "windowsVirtualKeyCode": key_code,
                  "modifiers": 8 if shift else 0}
        if len(key) == 1:
            params["text"] = key
        self.session.send("Input.dispatchKeyEvent", type="keyDown", **params)
        self.session.send("Input.dispatchKeyEvent", type="keyUp", **params)

    def go(self, fragment: str) -> None:
        self.evaluate(f"location.hash = {json.dumps(fragment)}")

    def screenshot(self) -> bytes:
        shot = self.session.send("Page.captureScreenshot", format="png")
        return base64.b64decode(shot["data"])

    def check(self) -> PageCheck:
        self.session.pump(0.3)
        result = PageCheck(self.url, loaded=True)
        _collect(self.session.events, result)
        result.requests = [r for r in result.requests if r.split("#")[0] != self.url]
        return result
