#!/usr/bin/env python3
"""inline.py -- writes the web page (make web): tools/web/page.html with its
style (page.css), its script (page.js) and the Web Worker's script (the
emscripten output, the wasm inlined, then worker.js) put in place, so that
the page is one file that opens from file:// as from a server.

Usage: python3 tools/web/inline.py DIR TSUME_JS VERSION OUT
"""
import os
import sys

src, tsume_js, version, out = sys.argv[1:5]


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def script(text):
    # inside <script>, "</script" would end the element: "<\/script" is the same text to JavaScript
    return text.replace("</script", "<\\/script").replace("<!--", "<\\!--")


page = read(os.path.join(src, "page.html"))
worker = read(os.path.join(src, "worker_head.js")) + read(tsume_js) + "\n" + read(os.path.join(src, "worker.js"))
page = page.replace("/*CSS*/", read(os.path.join(src, "page.css")))
page = page.replace("{{VERSION}}", version)
page = page.replace("/*WORKER*/", script(worker))
page = page.replace("/*JS*/", script(read(os.path.join(src, "page.js"))))
tmp = out + ".tmp"
with open(tmp, "w", encoding="utf-8") as f:
    f.write(page)
os.replace(tmp, out)
