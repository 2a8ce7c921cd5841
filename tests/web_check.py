#!/usr/bin/env python3
"""web_check.py -- the web page (make web) in headless Chromium, driven over
the DevTools protocol on a pipe (--remote-debugging-pipe: no network, no
package), opened from file:// as a user double-clicking it would.

Usage: python3 tests/web_check.py CHROMIUM PAGE TSUME TESTDATA [--screenshot PNG]
  CHROMIUM  the browser; PAGE build/web/index.html; TSUME the native binary,
  whose messages the page must repeat; TESTDATA the unpacked test data.

Checks: README's 15-ply problem from ?sfen= (the title, the main line as
README shows it, proven minimal, the step-through to the last position),
then pasted as a KIF text (doc/example.kif) and as a CSA text;
a KIF of the test data dropped as a file, plain and gzip, its verify line
as `tsume verify` writes it; a bad board's message as `tsume solve` says it;
Stop during a long search ends it with the line held.  Prints each failure,
exits 1 on any.
"""
import base64
import functools
import http.server
import gzip
import json
import os
import re
import select
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

chromium, page, tsume, testdata = sys.argv[1:5]
# --screenshot PNG: also save the page with README's problem solved (doc/web.png)
screenshot = sys.argv[6] if len(sys.argv) > 6 and sys.argv[5] == "--screenshot" else None
page_url = "file://" + os.path.abspath(page)
passed = failed = 0


def fail(name, why):
    global failed
    failed += 1
    print(f"FAIL: {name}: {why}")


def ok():
    global passed
    passed += 1


class Browser:
    """Chromium with a pipe for the DevTools protocol (fd 3 in, fd 4 out)."""

    def __init__(self, profile):
        self.cmd_r, self.cmd_w = os.pipe()
        self.res_r, self.res_w = os.pipe()

        def fds():
            # copies first: either pipe end may be fd 3 or 4 already
            r, w = os.dup(self.cmd_r), os.dup(self.res_w)
            os.dup2(r, 3)
            os.dup2(w, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.log = open(os.path.join(profile, "chromium.log"), "w")
        self.proc = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
             "--remote-debugging-pipe", "--user-data-dir=" + profile, "about:blank"],
            preexec_fn=fds, close_fds=False, stdout=self.log, stderr=self.log)
        os.close(self.cmd_r)
        os.close(self.res_w)
        self.buf = b""
        self.next_id = 0
        self.session = None

    def send(self, method, params=None, session=True):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        os.write(self.cmd_w, json.dumps(msg).encode() + b"\0")
        while True:
            while b"\0" not in self.buf:
                if not select.select([self.res_r], [], [], 120)[0]:
                    raise RuntimeError(f"{method}: no answer from chromium in 120 s")
                chunk = os.read(self.res_r, 1 << 16)
                if not chunk:
                    raise RuntimeError("chromium closed the pipe")
                self.buf += chunk
            raw, self.buf = self.buf.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def open(self, url):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        self.send("Page.enable")
        self.send("Page.navigate", {"url": url})

    def js(self, expression):
        r = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def wait(self, expression, seconds):
        """Polls expression until it is true; returns its last value."""
        end = time.time() + seconds
        value = None
        while time.time() < end:
            try:
                value = self.js(expression)
            except RuntimeError:
                value = None
            if value:
                return value
            time.sleep(0.1)
        return value

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def text(b, sel):
    return b.js(f"(document.querySelector({json.dumps(sel)}) || {{}}).textContent || ''")


def finished(b):
    """Waits for the search to end: the title no longer says it runs."""
    return b.wait("document.title !== 'tsume' && document.title !== 'solving — tsume' && document.title", 120)


def native(*args):
    r = subprocess.run([tsume, *args], capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


with tempfile.TemporaryDirectory(prefix="tsume-web.") as tmp:
    b = Browser(tmp)
    try:
        # ---- README's problem from the address: ?sfen=
        readme = open("README.md", encoding="utf-8").read()
        sfen = re.search(r"\./tsume solve '([^']+)'", readme).group(1)
        kif_line = re.search(r"^kif: (.*)$", readme, re.M).group(1)
        b.open(page_url + "?sfen=" + urllib.parse.quote(sfen, safe=""))
        name = "?sfen=README's problem: the title"
        title = finished(b)
        if title == "15手詰 — tsume":
            ok()
        else:
            fail(name, f"title '{title}', messages '{text(b, '#messages')}'")
        name = "?sfen=: the main line in Japanese notation, as README shows it"
        moves = b.js("Array.from(document.querySelectorAll('#line li')).map(li => li.textContent).join(' ')")
        ok() if moves == kif_line else fail(name, f"'{moves}'")
        name = "?sfen=: proven minimal, nodes and time shown"
        detail, stats = text(b, "#detail"), text(b, "#stats")
        ok() if "proven the shortest" in detail and re.search(r"^\d+ nodes, \d+\.\d\d s", stats) else fail(name, f"'{detail}' '{stats}'")
        name = "?sfen=: the step-through reaches the mate, the board drawn"
        b.js("document.getElementById('last').click()")
        ply, cells = text(b, "#ply"), b.js("document.querySelectorAll('#diagram td span').length")
        # the last position: the defender's king, the mating gold and the tokin, and nothing else of the attacker's
        ok() if ply == "15 / 15" and cells == 3 else fail(name, f"ply '{ply}', {cells} pieces on the board")
        if screenshot:
            b.js("document.querySelectorAll('#line li')[12].click()")
            b.send("Emulation.setDeviceMetricsOverride", {"width": 980, "height": 720, "deviceScaleFactor": 1, "mobile": False})
            time.sleep(0.5)
            png = b.send("Page.captureScreenshot", {"format": "png"})["data"]
            with open(screenshot, "wb") as f:
                f.write(base64.b64decode(png))

        # ---- README's problem pasted as a KIF (doc/example.kif) and as a CSA text
        rows = {1: "P1 *  *  *  *  *  *  * -KI-OU", 3: "P3 *  *  *  *  *  * +FU * +TO"}
        csa = "\n".join(["V2.2"] + [rows.get(r, f"P{r}" + " * " * 9) for r in range(1, 10)] +
                        ["P+00KI00GI00FU", "P-00AL", "+"])
        for kind, pasted in (("KIF", open("doc/example.kif", encoding="utf-8").read()), ("CSA", csa)):
            name = f"README's problem pasted as a {kind} text: 15手詰, its main line"
            b.js("document.title = 'solving — tsume'")
            b.js(f"document.getElementById('input').value = {json.dumps(pasted)}; document.getElementById('solve').click()")
            title = finished(b)
            moves = b.js("Array.from(document.querySelectorAll('#line li')).map(li => li.textContent).join(' ')")
            ok() if title == "15手詰 — tsume" and moves == kif_line else fail(name, f"title '{title}', line '{moves}', "
                                                                              f"messages '{text(b, '#messages')}'")

        # ---- a KIF of the test data, dropped as a file: plain, then gzip
        kif_path = os.path.join(testdata, "problems/raw/tsumemi/3te/9.kif")
        rc, out, _ = native("verify", kif_path)
        want = out.strip().replace(kif_path, "9.kif")
        data = open(kif_path, "rb").read()
        for shown, blob in (("9.kif", data), ("9.kif.gz", gzip.compress(data))):
            name = f"a KIF file given ({shown}): verify's line as tsume verify writes it"
            b64 = base64.b64encode(blob).decode()
            b.js("document.title = 'solving — tsume'")
            b.js(f"solveFile(new File([Uint8Array.from(atob('{b64}'), c => c.charCodeAt(0))], '{shown}'))")
            title = finished(b)
            got = text(b, "#verify")
            if title == "5手詰 — tsume" and got == "verify: " + want and "2手変長駒余り" in got:
                ok()
            else:
                fail(name, f"title '{title}', got '{got}', want 'verify: {want}'")

        # ---- a bad board: the message tsume solve gives, the title says so
        bad = sfen.replace("GSP2r", "GSPx2r")
        rc, _, err = native("solve", bad)
        # the page reads the problem as a file: the reason after solve's "bad position: "
        want = err.strip().replace("tsume: bad position: ", "")
        b.open(page_url + "?sfen=" + urllib.parse.quote(bad, safe=""))
        name = "a bad board: its message, the title an error"
        title = finished(b)
        got = text(b, "#messages")
        if rc == 2 and title == "error — tsume" and want and want in got:
            ok()
        else:
            fail(name, f"title '{title}', got '{got}', want '{want}'")

        # ---- pasted text has no file name: no "problem.sfen:1: " before the
        # message; pieces in nobody's hand: the warning names the page's
        # 残り全部 box, and with it ticked the rest goes to the defender
        name = "pasted text: no made-up file name in the message"
        if "problem." not in got:
            ok()
        else:
            fail(name, f"got '{got}'")
        short = "7gk/9/6P1+P/9/9/9/9/9/9 b GSP 1"
        b.open(page_url + "?sfen=" + urllib.parse.quote(short, safe=""))
        title = finished(b)
        got = text(b, "#messages")
        name = "pieces in nobody's hand: the warning names 残り全部"
        if "tick 残り全部" in got and "--rest" not in got and "problem." not in got:
            ok()
        else:
            fail(name, f"title '{title}', messages '{got}'")
        b.js("document.title = 'tsume'; document.getElementById('rest').checked = true; "
             "document.getElementById('input').value = '" + short + "'; document.getElementById('solve').click(); 0")
        title = finished(b)
        got = text(b, "#messages")
        name = "残り全部 ticked: the rest given to the defender, no warning"
        if title.startswith("15手詰") and "nobody's hand" not in got:
            ok()
        else:
            fail(name, f"title '{title}', messages '{got}'")

        # ---- Stop during a long search.  From file:// the worker is ended (it
        # cannot be told to stop there); from a server, the search ends as
        # Ctrl-C ends tsume solve, on the line it holds.
        long_sfen = next(line.split("\t")[3].strip() for line in open("problems/long-signature.tsv", encoding="utf-8")
                         if line.strip() and not line.startswith("#"))
        server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(Quiet, directory=os.path.dirname(os.path.abspath(page))))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        served = f"http://127.0.0.1:{server.server_address[1]}/{os.path.basename(page)}"
        for where, url in (("file://", page_url), ("a server", served)):
            b.open(url)
            b.wait("typeof solveText === 'function'", 30)
            b.js(f"document.getElementById('input').value = {json.dumps(long_sfen)}; document.getElementById('time').value = 0;"
                 "document.getElementById('solve').click()")
            name = f"Stop, the page from {where}"
            started = b.wait("document.getElementById('progress').textContent.indexOf('nodes') >= 0", 60)
            b.js("document.getElementById('stop').click()")
            title = finished(b)
            b.wait("document.getElementById('progress').textContent.indexOf('stopping') < 0", 10)
            detail, progress = text(b, "#detail"), text(b, "#progress")
            if where == "file://":
                good = title == "stopped — tsume" and progress.startswith("stopped after ") and "serve the page" in progress
            else:
                good = re.fullmatch(r"(未解決|\d+手詰) — tsume", title or "") and "the Stop button ended the search" in detail
            if started and good:
                ok()
            else:
                fail(name, f"progress seen: {bool(started)}, title '{title}', detail '{detail}', progress '{progress}'")
        server.shutdown()
    finally:
        b.close()

print(f"web_check: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
