"""One headless Chromium for a whole test session, driven over the DevTools protocol on a pipe.

``--remote-debugging-pipe`` makes Chromium read commands (JSON, each ended by a
NUL byte) on its file descriptor 3 and answer on 4: no port, no WebSocket, only
the standard library. One browser and one tab serve every page of the session;
a page is shown at a width with :meth:`Tab.show`, measured with
:meth:`Tab.evaluate`, printed with :meth:`Tab.pdf` and photographed with
:meth:`Tab.screenshot`.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
)
TRAMPOLINE = (
    "import os, sys; os.dup2(int(sys.argv[1]), 3); os.dup2(int(sys.argv[2]), 4); os.execv(sys.argv[3], sys.argv[3:])"
)
"""Run as ``python -c TRAMPOLINE IN OUT PROGRAM ARGS...``: descriptors IN and OUT become 3 and 4, then PROGRAM runs."""
NO_CHROMIUM = (
    "Chromium is not installed, so the pages cannot be checked in a browser: apt-get install chromium "
    "(.ci/run does this when apt is available)"
)
"""Why a test that needs the browser is skipped."""
TIMEOUT = 60.0
"""Seconds one command may take (a page load or a print) before the test fails saying so."""


def chromium_path() -> str | None:
    """Debian's ``chromium`` (or ``chromium-browser``), or None when neither is on PATH."""
    return next((found for name in ("chromium", "chromium-browser") if (found := shutil.which(name))), None)


def _moved_up(descriptor: int) -> int:
    moved = fcntl.fcntl(descriptor, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(descriptor)
    return moved


class Browser:
    """A headless Chromium started with a fresh profile; :meth:`close` ends it and removes the profile."""

    def __init__(self, executable: str) -> None:
        self._profile = tempfile.TemporaryDirectory(prefix="deckcli-chromium-")
        # a file, not a pipe: Chromium's chatter on standard error would fill a pipe nobody reads and stall it
        self._log = tempfile.TemporaryFile()
        commands_in, self._commands = os.pipe()
        self._answers, answers_out = os.pipe()
        # Chromium looks for the pipe on descriptors 3 and 4: a Python trampoline puts the two ends there. They are
        # moved above 9 first, so that neither is 3 or 4 already and overwritten by the other.
        commands_in, answers_out = (_moved_up(fd) for fd in (commands_in, answers_out))
        self._process = subprocess.Popen(
            [sys.executable, "-c", TRAMPOLINE, str(commands_in), str(answers_out), executable, *FLAGS,
             f"--user-data-dir={self._profile.name}", "--remote-debugging-pipe"],
            pass_fds=(commands_in, answers_out), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=self._log,
        )
        os.close(commands_in)
        os.close(answers_out)
        self._buffer = b""
        self._last_id = 0
        self._events: list[dict[str, Any]] = []

    def call(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        """Send one protocol command and return its result; raise RuntimeError on an error or a timeout."""
        self._last_id += 1
        message: dict[str, Any] = {"id": self._last_id, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._next_message(f"{method} {params}")
            if answer.get("id") == self._last_id:
                if "error" in answer:
                    raise RuntimeError(f"Chromium refused {method}: {answer['error']}")
                result: dict[str, Any] = answer["result"]
                return result
            if "method" in answer:
                self._events.append(answer)

    def wait_for(self, event: str, session: str) -> None:
        """Wait until Chromium reports ``event`` (e.g. ``Page.loadEventFired``) for the tab ``session``."""
        while True:
            for index, seen in enumerate(self._events):
                if seen["method"] == event and seen.get("sessionId") == session:
                    del self._events[: index + 1]
                    return
            self._events.append(self._next_message(event))

    def _next_message(self, waiting_for: str) -> dict[str, Any]:
        deadline = time.monotonic() + TIMEOUT
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._answers], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(self._answers, 1 << 20) if ready else b""
            if not chunk:
                problem = "did not answer in time" if not ready else "closed its pipe"
                raise RuntimeError(f"Chromium {problem} while waiting for {waiting_for}:\n{self._errors()}")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        message: dict[str, Any] = json.loads(raw)
        return message

    def _errors(self) -> str:
        """The end of what Chromium wrote on standard error."""
        self._log.seek(0)
        return self._log.read().decode(errors="replace")[-3000:]

    def tab(self) -> Tab:
        """A new blank tab."""
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session)
        return Tab(self, session)

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (RuntimeError, OSError):
            pass
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        for descriptor in (self._commands, self._answers):
            os.close(descriptor)
        self._log.close()
        self._profile.cleanup()


class Tab:
    """One tab of a :class:`Browser`."""

    def __init__(self, browser: Browser, session: str) -> None:
        self.browser = browser
        self.session = session

    def show(self, page: Path, width: int | None, height: int = 900) -> None:
        """Load ``page`` in a viewport ``width`` CSS px wide (a phone's below 500 px), or as printed when None."""
        if width is None:
            self.browser.call("Emulation.clearDeviceMetricsOverride", self.session)
        else:
            self.browser.call("Emulation.setDeviceMetricsOverride", self.session, width=width, height=height,
                              deviceScaleFactor=1, mobile=width < 500)
        self.browser.call("Page.navigate", self.session, url=page.as_uri())
        self.browser.wait_for("Page.loadEventFired", self.session)

    def evaluate(self, expression: str) -> Any:
        """The JSON value of a JavaScript ``expression`` evaluated in the page."""
        answer = self.browser.call("Runtime.evaluate", self.session, expression=expression, returnByValue=True)
        if "exceptionDetails" in answer:
            raise RuntimeError(f"the page's script failed: {answer['exceptionDetails']}")
        return answer["result"].get("value")

    def pdf(self) -> bytes:
        """The page shown printed as a browser prints it: the paper of its CSS ``@page``, no header or footer."""
        answer = self.browser.call("Page.printToPDF", self.session, preferCSSPageSize=True, printBackground=True,
                                   displayHeaderFooter=False)
        return base64.b64decode(answer["data"])

    def screenshot(self) -> bytes:
        """A PNG of the whole page shown, at its viewport's width and its full height."""
        size = self.browser.call("Page.getLayoutMetrics", self.session)["cssContentSize"]
        width = self.evaluate("innerWidth")
        clip = {"x": 0, "y": 0, "width": width, "height": size["height"], "scale": 1}
        answer = self.browser.call("Page.captureScreenshot", self.session, format="png", captureBeyondViewport=True,
                                   clip=clip)
        return base64.b64decode(answer["data"])


# What a page lays out, measured in the browser: overflowing boxes, broken words, the charts drawn.
MEASURE = """(() => {
  const named = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
    + (typeof e.className === "string" && e.className.trim() ? "." + e.className.trim().split(/\\s+/).join(".") : "");
  const overflowing = [];
  const told = new Set();  // an element's descendants stick out with it: only the outermost is told
  for (const e of document.body.querySelectorAll("*")) {
    if (e.closest("svg") !== null && e.tagName.toLowerCase() !== "svg") continue;
    if (told.has(e.parentElement)) { told.add(e); continue; }
    const display = getComputedStyle(e).display;
    if (display === "none" || display === "contents" || display === "inline") continue;
    const box = e.getBoundingClientRect();
    if (e.scrollWidth > e.clientWidth + 1 || box.right > innerWidth + 0.5 || box.left < -0.5) {
      told.add(e);
      overflowing.push(`${named(e)} in ${named(e.parentElement)}: ${e.scrollWidth} px of content in `
        + `${e.clientWidth} px, from ${Math.round(box.left)} to ${Math.round(box.right)} px`);
    }
  }
  const broken = [];
  const range = document.createRange();
  const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node !== null; node = texts.nextNode()) {
    if (node.parentElement.closest("svg, style, script") !== null) continue;
    // a line may end after a hyphen or a slash; anywhere else inside a word it breaks the word
    for (const word of node.data.matchAll(/[^\\s\\/-]+[\\/-]?/g)) {
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (lines.size > 1) broken.push(`${word[0]} (in ${named(node.parentElement)})`);
    }
  }
  const charts = [...document.querySelectorAll("figure.chart-figure")].map(f => ({
    id: f.id,
    svg: f.querySelector("svg.chart") ? f.querySelector("svg.chart").getBoundingClientRect().width : 0,
    marks: f.querySelectorAll("svg.chart rect, svg.chart polyline").length,
    figures: f.querySelectorAll("table tbody tr").length,
  }));
  return {scrollWidth: document.documentElement.scrollWidth, innerWidth: innerWidth, text: document.body.innerText,
          overflowing: overflowing, broken: broken, charts: charts};
})()"""
