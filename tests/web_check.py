#!/usr/bin/env python3
"""web_check.py -- the web page (make web) in headless Chromium, driven over
the DevTools protocol on a pipe (--remote-debugging-pipe: no network, no
package), opened from file:// as a user double-clicking it would.

Usage: python3 tests/web_check.py CHROMIUM PAGE TSUME TESTDATA [--screenshots DIR]
  CHROMIUM  the browser; PAGE build/web/index.html; TSUME the native binary,
  whose answers and messages the page must repeat; TESTDATA the unpacked
  test data.  --screenshots DIR: the pages checked below saved as PNG, each
  at desktop (1100x800) and phone (390x844) size.

Checks: README's 15-ply problem from ?sfen= (the title, the main line as
README shows it, proven minimal, the step-through by buttons and arrow
keys), then pasted as a KIF text (doc/example.kif) and as a CSA text;
a KIF of the test data dropped as a file, plain and gzip, its verify line
as `tsume verify` writes it, the verdict as the headline; Zuko 33 and 42
with their stated lines: the headline names the flaws tsume verify finds
(変長, 余詰), the stated line and tsume's side by side, each flaw on its
ply; a line that ends in 無駄合 says so as `tsume solve` does; bad
SFEN text (a short board, a word) gets the message `tsume solve` gives the
same text in a file; Stop during a long search, from file:// and from a
server, keeps the last line proven (未確定); the phone layout fits 390 px
with the board in view while the line scrolls.  Prints each failure,
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
# --screenshots DIR: the pages checked saved as PNG (doc/web.png is README's problem at desktop size)
shots = sys.argv[6] if len(sys.argv) > 6 and sys.argv[5] == "--screenshots" else None
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
    return b.wait("document.title !== 'tsume' && document.title !== '探索中 — tsume' && document.title", 120)


def native(*args):
    r = subprocess.run([tsume, *args], capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def moves_of(b, which="main"):
    """The moves of a line as the page lists them, without the flaw marks."""
    return b.js(f"Array.from(document.querySelectorAll('#{which}-line li')).map(li => li.firstChild ? "
                "li.firstChild.textContent : '').join(' ')")


def marks_of(b, which):
    """{ply: [mark, ...]} of the flaws the page marks on a line."""
    got = b.js(f"Array.from(document.querySelectorAll('#{which}-line li')).map((li, i) => [i + 1, "
               "Array.from(li.querySelectorAll('.flaw')).map(x => x.textContent)]).filter(x => x[1].length)")
    return {p: m for p, m in got or []}


def solve_in_page(b, problem):
    b.js("document.title = '探索中 — tsume'")
    b.js(f"document.getElementById('input').value = {json.dumps(problem)}; document.getElementById('solve').click(); 0")
    return finished(b)


def drop(b, shown, blob):
    """Gives the page blob as the file named shown (as a drop would); returns the title once it has answered."""
    b64 = base64.b64encode(blob).decode()
    b.js("document.title = '探索中 — tsume'")
    b.js(f"solveFile(new File([Uint8Array.from(atob('{b64}'), c => c.charCodeAt(0))], {json.dumps(shown)}))")
    return finished(b)


def shoot(b, name):
    """Saves the page as shots/NAME-desktop.png and NAME-phone.png (the phone layout checked)."""
    if not shots:
        return
    for kind, w, h, mobile in (("desktop", 1100, 800, False), ("phone", 390, 844, True)):
        b.send("Emulation.setDeviceMetricsOverride", {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": mobile})
        time.sleep(0.4)
        png = b.send("Page.captureScreenshot", {"format": "png"})["data"]
        with open(os.path.join(shots, f"{name}-{kind}.png"), "wb") as f:
            f.write(base64.b64decode(png))
    b.send("Emulation.clearDeviceMetricsOverride")


def verify_json(problem):
    """tsume verify's JSON of one problem line (the native binary)."""
    with tempfile.NamedTemporaryFile("w", suffix=".sfen", delete=False) as f:
        f.write(problem + "\n")
    try:
        rc, out, _ = native("verify", "--format", "json", "--jobs", "1", f.name)
    finally:
        os.unlink(f.name)
    return json.loads(out.splitlines()[0])


with tempfile.TemporaryDirectory(prefix="tsume-web.") as tmp:
    b = Browser(tmp)
    if shots:
        os.makedirs(shots, exist_ok=True)
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
        moves = moves_of(b)
        ok() if moves == kif_line else fail(name, f"'{moves}'")
        name = "?sfen=: proven minimal in the headline, the figures folded away"
        detail, stats, verdict = text(b, "#detail"), text(b, "#stats"), text(b, "#verdict")
        folded = b.js("!document.getElementById('figures').open")
        ok() if verdict == "15手詰" and "最短を証明" in detail and re.search(r"^[\d,]+ 局面", stats) and folded \
            else fail(name, f"'{verdict}' '{detail}' '{stats}' folded {folded}")
        name = "?sfen=: the step-through reaches the mate, the board drawn"
        b.js("document.getElementById('last').click()")
        ply, cells = text(b, "#ply"), b.js("document.querySelectorAll('#diagram td span').length")
        # the last position: the defender's king, the mating gold and the tokin, and nothing else of the attacker's
        ok() if ply == "15手目 / 15" and cells == 3 else fail(name, f"ply '{ply}', {cells} pieces on the board")
        name = "arrow keys: Home to the start, → one move on, ← back"
        keys = []
        for key in ("Home", "ArrowRight", "ArrowRight", "ArrowLeft"):
            b.js(f"document.body.dispatchEvent(new KeyboardEvent('keydown', {{key: '{key}', bubbles: true}})); 0")
            keys.append(text(b, "#ply"))
        ok() if keys == ["初形 (start)", "1手目 / 15", "2手目 / 15", "1手目 / 15"] else fail(name, f"{keys}")
        b.js("document.querySelectorAll('#main-line li')[12].click()")
        shoot(b, "mate")

        # ---- README's problem pasted as a KIF (doc/example.kif) and as a CSA text
        rows = {1: "P1 *  *  *  *  *  *  * -KI-OU", 3: "P3 *  *  *  *  *  * +FU * +TO"}
        csa = "\n".join(["V2.2"] + [rows.get(r, f"P{r}" + " * " * 9) for r in range(1, 10)] +
                        ["P+00KI00GI00FU", "P-00AL", "+"])
        for kind, pasted in (("KIF", open("doc/example.kif", encoding="utf-8").read()), ("CSA", csa)):
            name = f"README's problem pasted as a {kind} text: 15手詰, its main line"
            title = solve_in_page(b, pasted)
            moves = moves_of(b)
            ok() if title == "15手詰 — tsume" and moves == kif_line else fail(name, f"title '{title}', line '{moves}', "
                                                                              f"messages '{text(b, '#messages')}'")

        # ---- a KIF of the test data, dropped as a file: plain, then gzip
        kif_path = os.path.join(testdata, "problems/raw/tsumemi/3te/9.kif")
        rc, out, _ = native("verify", kif_path)
        want = out.strip().replace(kif_path, "9.kif")
        data = open(kif_path, "rb").read()
        for shown, blob in (("9.kif", data), ("9.kif.gz", gzip.compress(data))):
            name = f"a KIF file given ({shown}): verify's line as tsume verify writes it, the flaw the headline"
            title = drop(b, shown, blob)
            got = text(b, "#verify")
            if title == "5手詰 — 2手変長駒余り — tsume" and got == "検討 (verify): " + want and "2手変長駒余り" in got:
                ok()
            else:
                fail(name, f"title '{title}', got '{got}', want '検討 (verify): {want}'")

        # ---- the same KIF (Shift_JIS) under a name that does not say KIF, and
        # under a Japanese name: read by its content, named as the user named it
        for shown in ("9.txt", "九.kif"):
            name = f"a KIF file named {shown}: read as a KIF, its name in verify's line"
            title = drop(b, shown, data)
            got = text(b, "#verify")
            if title == "5手詰 — 2手変長駒余り — tsume" and got == "検討 (verify): " + want.replace("9.kif", shown, 1):
                ok()
            else:
                fail(name, f"title '{title}', got '{got}'")

        # ---- composed lines with flaws: the headline names them as tsume verify
        # does, the stated line beside tsume's, each flaw on its ply
        zuko = {}
        for row in open(os.path.join(testdata, "problems/classics/zuko.tsv"), encoding="utf-8"):
            if row.strip() and not row.startswith("#"):
                f = row.rstrip("\n").split("\t")
                zuko[f[0]] = f[1] + " moves " + f[3]
        for number, shot in (("zuko033", "henchou"), ("zuko042", "yozume")):
            problem = zuko[number]
            v = verify_json(problem)
            want = []
            if v["cooks"]:
                want.append("余詰あり")
            if v["stated_verdict"] == "longer_defence":
                want.append("変長")
            title = solve_in_page(b, problem)
            name = f"{number}: the headline names what tsume verify finds ({'・'.join(want)})"
            if title == f"{v['length']}手詰 — {'・'.join(want)} — tsume" and v["status"] == "fail":
                ok()
            else:
                fail(name, f"title '{title}', verify {v['status']} {v['reasons']}")
            name = f"{number}: the stated line and tsume's side by side, the flaws on the stated line's plies"
            stated = moves_of(b, "stated").split(" ")
            marks = marks_of(b, "stated")
            want_plies = sorted({c["ply"] for c in v["cook_list"]} |
                                ({v["verdict_ply"]} if v["stated_verdict"] == "longer_defence" else set()))
            cook_ok = all(any(m.startswith("余詰 ") and m.endswith(f" {c['length']}手") for m in marks.get(c["ply"], []))
                          for c in v["cook_list"])
            visible = b.js("!document.getElementById('stated-col').hidden && !document.getElementById('main-col').hidden")
            if len(stated) == len(v["usi"]) and sorted(marks) == want_plies and cook_ok and visible and not marks_of(b, "main"):
                ok()
            else:
                fail(name, f"stated {len(stated)} moves (want {len(v['usi'])}), marks {marks}, want plies {want_plies}")
            shoot(b, shot)

        # ---- a stated line that stops short of mate: 作意不詰, marked on the
        # stated line's last ply in Japanese notation
        cut = zuko["zuko092"].split(" ")
        problem = " ".join(cut[:-2])
        v = verify_json(problem)
        title = solve_in_page(b, problem)
        marks = marks_of(b, "stated")
        name = "a stated line that does not mate: 作意不詰 on its ply, in Japanese notation"
        ply = v.get("verdict_ply")
        if v["stated_verdict"] == "stated_not_mate" and title.endswith("作意不詰 — tsume") and \
                any(m.startswith("作意不詰 ▲") or m.startswith("作意不詰 △") for m in marks.get(ply, [])) and \
                not marks_of(b, "main"):
            ok()
        else:
            fail(name, f"verify {v['stated_verdict']} at ply {ply}; title '{title}', marks {marks}")

        # ---- a line that ends in 無駄合: said under the line as tsume solve says it
        end_path = os.path.join(testdata, "problems/raw/tsumemi/3te/3.kif")
        rc, out, _ = native("solve", "--format", "json", "--threads", "1", end_path)
        solved = json.loads(out.splitlines()[0])
        title = drop(b, "3.kif", open(end_path, "rb").read())
        note = text(b, "#futile-end")
        name = "a line that ends in check: the 無駄合 left to the defender said under the line"
        n = solved["futile_end"]
        if n > 0 and f"the line ends in check: {n} interpositions left to the defender" in note and "無駄合" in note:
            ok()
        else:
            fail(name, f"tsume solve: futile_end {n}; the page: '{note}'")
        shoot(b, "mudaai")

        # ---- bad input: the message tsume solve gives the same text in a file;
        # the title says so
        for bad in (sfen.replace("GSP2r", "GSPx2r"), "7gk/9/6P1+P/9 b GSP2r2b2g3s4n4l15p 1", "hello world"):
            with tempfile.NamedTemporaryFile("w", delete=False) as f:
                f.write(bad + "\n")
            rc, _, err = native("solve", f.name)
            os.unlink(f.name)
            want = err.strip().replace(f.name + ":1: ", "")
            b.open(page_url + "?sfen=" + urllib.parse.quote(bad, safe=""))
            name = f"bad input '{bad[:24]}': tsume solve's message, the title an error"
            title = finished(b)
            got = text(b, "#messages")
            if rc == 2 and title == "入力エラー — tsume" and want and got == want and "KIF" not in got:
                ok()
            else:
                fail(name, f"title '{title}', got '{got}', want '{want}'")
        shoot(b, "bad-sfen")

        # ---- files the page refuses before the solver: gzip corrupt, or that
        # unpacks past 16 MB (a collection, or a bomb); settings out of range;
        # pasted text with two problems: the first solved, the rest said
        for shown, blob, want in (("cut.kif.gz", gzip.compress(open(kif_path, "rb").read())[:-20], "corrupt or cut short"),
                                  ("big.sfen.gz", gzip.compress(b"\n" * (17 << 20)), "larger than 16 MB unpacked")):
            name = f"a file refused by the page ({shown}): the reason, the title an error"
            title = drop(b, shown, blob)
            got = text(b, "#messages")
            ok() if title == "入力エラー — tsume" and want in got else fail(name, f"title '{title}', got '{got}'")
        for field, value, want in (("time", "-5", "時間 (time limit)"), ("hash", "99999", "メモリ (memory)")):
            name = f"a setting out of range ({field} {value}): said, nothing searched"
            b.js(f"document.getElementById('{field}').value = '{value}'; 0")
            title = solve_in_page(b, sfen)
            got = text(b, "#messages")
            ok() if title == "入力エラー — tsume" and want in got else fail(name, f"title '{title}', got '{got}'")
            b.js(f"document.getElementById('{field}').value = '{'60' if field == 'time' else '128'}'; 0")
        name = "two problems pasted: the first solved, the rest said"
        title = solve_in_page(b, sfen + "\n" + sfen)
        got = text(b, "#messages")
        ok() if title == "15手詰 — tsume" and "only the first is solved" in got else fail(name, f"title '{title}', got '{got}'")

        # ---- pieces in nobody's hand: the warning names the page's 残り全部
        # box, and with it ticked the rest goes to the defender
        short = "7gk/9/6P1+P/9/9/9/9/9/9 b GSP 1"
        b.open(page_url + "?sfen=" + urllib.parse.quote(short, safe=""))
        title = finished(b)
        got = text(b, "#messages")
        name = "pieces in nobody's hand: the warning names 残り全部"
        if "tick 残り全部" in got and "--rest" not in got and "problem" not in got:
            ok()
        else:
            fail(name, f"title '{title}', messages '{got}'")
        b.js("document.getElementById('rest').checked = true; 0")
        title = solve_in_page(b, short)
        got = text(b, "#messages")
        name = "残り全部 ticked: the rest given to the defender, no warning"
        if title.startswith("15手詰") and "nobody's hand" not in got:
            ok()
        else:
            fail(name, f"title '{title}', messages '{got}'")

        # ---- Stop during a long search, once a line is proven: from file://
        # the worker is ended (it cannot be told to stop there), from a
        # server the search ends as Ctrl-C ends tsume solve; either way the
        # page keeps the last line proven and says it is not settled
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
            name = f"Stop, the page from {where}: the line proven kept, 未確定"
            started = b.wait("document.getElementById('progress').textContent.indexOf('手の詰手順を得た') >= 0", 90)
            held = b.js("running && running.best ? running.best.length : 0")
            b.js("document.getElementById('stop').click()")
            title = finished(b)
            b.wait("document.getElementById('progress').textContent.indexOf('停止中') < 0", 10)
            detail = text(b, "#detail")
            n = len(moves_of(b).split(" "))
            if started and title == "未確定 — tsume" and "最短かは未証明" in detail and held and 0 < n <= held:
                ok()
            else:
                fail(name, f"line seen: {bool(started)} ({held}), title '{title}', detail '{detail}', {n} moves shown")
            if where == "file://":
                # a long line: the board stays in view while the line scrolls
                b.send("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1,
                                                              "mobile": True})
                time.sleep(0.4)
                b.js("document.querySelectorAll('#main-line li')[Math.min(200, document.querySelectorAll('#main-line li').length - 1)].click(); 0")
                b.js("window.scrollTo(0, document.getElementById('lines').getBoundingClientRect().top + window.scrollY); 0")
                time.sleep(0.2)
                geo = b.js("(() => { const d = document.getElementById('diagram').getBoundingClientRect(); "
                           "return {wide: document.documentElement.scrollWidth, top: d.top, right: d.right, "
                           "height: document.documentElement.scrollHeight}; })()")
                name = "phone width 390: nothing wider than the screen, the board in view while the line scrolls"
                if geo["wide"] <= 390 and geo["right"] <= 390 and geo["top"] >= -1 and geo["height"] < 3000:
                    ok()
                else:
                    fail(name, f"{geo}")
                b.send("Emulation.clearDeviceMetricsOverride")
                shoot(b, "stopped")
        server.shutdown()
    finally:
        b.close()

print(f"web_check: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
