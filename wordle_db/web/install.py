"""The page as a phone keeps it: its files under versioned addresses a browser may keep a year,
compressed; the install manifest of a channel, in its language; the service worker that lets
the installed page start offline. The API's answers are none of this: never cached, never
compressed here (they are small, and their CPU is the game's)."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from wordle_db.web.http import JSON, HTTPError, channel_param, error_response

YEAR = "public, max-age=31536000, immutable"
# files of static/ the page never needs offline: the API's documentation page, the worker
NOT_CACHED = ("api-docs.", "sw.js", "manifest.webmanifest")
_STATIC_ADDRESS = re.compile(r'((?:href|src)="/static/(?!manifest)[^"?#]+)"')


class Assets:
    """The page's files and their version: a hash of their contents, added to every address
    of a file (?v=VERSION) in index.html, in the scripts' fetches and in the worker's list."""

    def __init__(self, static: Path) -> None:
        self.static = static
        files = sorted(p for p in static.rglob("*") if p.is_file())
        digest = hashlib.sha256()
        for path in files:
            digest.update(str(path.relative_to(static)).encode() + b"\0" + path.read_bytes())
        self.version = digest.hexdigest()[:12]
        self.index = _STATIC_ADDRESS.sub(
            rf'\1?v={self.version}"', (static / "index.html").read_text(encoding="utf-8")
        )
        kept = [
            f"/static/{p.relative_to(static).as_posix()}?v={self.version}"
            for p in files
            if not p.name.startswith(NOT_CACHED)
        ]
        self.worker = (
            f"const VERSION = {json.dumps(self.version)};\n"
            f"const ASSETS = {json.dumps(['/', *kept], indent=1)};\n"
            + (static / "sw.js").read_text(encoding="utf-8")
        )
        self.languages = {p.stem for p in (static / "i18n").glob("*.json")}
        self.manifest = json.loads((static / "manifest.webmanifest").read_text(encoding="utf-8"))


class Files(StaticFiles):
    """static/: a file asked for with the current version is kept a year (it never changes
    under that address); any other address is checked with the server at each use."""

    def __init__(self, assets: Assets) -> None:
        super().__init__(directory=assets.static)
        self.version = assets.version

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        scope: Scope = args[2] if len(args) > 2 else kwargs["scope"]
        asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("v")
        response.headers["cache-control"] = YEAR if asked == [self.version] else "no-cache"
        return response


def routes(assets: Assets) -> list[Route]:
    async def index(request: Request) -> Response:
        return Response(assets.index, media_type="text/html", headers={"cache-control": "no-cache"})

    async def worker(request: Request) -> Response:
        """The service worker, at the root so that its scope is the whole page."""
        return Response(
            assets.worker, media_type="text/javascript", headers={"cache-control": "no-cache"}
        )

    async def manifest(request: Request) -> Response:
        """The install manifest of ?channel= (absent: the default one), in ?lang= (one of the
        page's languages, else English): installed, the page opens that channel."""
        try:
            channel = channel_param(request)
        except HTTPError as exc:
            return error_response(exc)
        lang = request.query_params.get("lang", "en")
        lang = lang if lang in assets.languages else "en"
        words = json.loads((assets.static / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        start = "/?" + urlencode({"channel": channel}) if channel else "/"
        body = {
            **assets.manifest,
            "lang": lang,
            "description": words["description"],
            "id": start,
            "start_url": start,
        }
        return JSON(
            body, media_type="application/manifest+json", headers={"cache-control": "no-cache"}
        )

    return [
        Route("/", index),
        Route("/sw.js", worker),
        Route("/static/manifest.webmanifest", manifest),
    ]
