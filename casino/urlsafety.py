"""Where a page may send the browser back to (issue 12 §8): same-site paths only.

Every redirect target taken from the request (``next``, the Referer of a refused
POST) goes through :func:`safe_next`. A target is kept only when Django's
``url_has_allowed_host_and_scheme`` accepts it for this host (with HTTPS required
when the request came over HTTPS) and it is a plain path: ``//evil.example/x``,
``/\\evil.example``, ``https://evil.example/``, ``javascript:`` and targets with
control characters fall back to ``fallback``. A same-host absolute URL (the
Referer) is reduced to its path and query.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme


def same_site_path(request: HttpRequest, target: str | None) -> str | None:
    """``target`` as a path of this site, or None when it could lead elsewhere."""
    if not target:
        return None
    target = str(target).strip()
    if not target or "\\" in target or any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in target):
        return None
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return None
    parts = urlsplit(target)
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    if not path.startswith("/") or path.startswith("//"):
        return None
    return path


def safe_next(request: HttpRequest, *candidates: str | None, fallback: str = "/") -> str:
    """The first candidate that is a same-site path, else ``fallback``."""
    for candidate in candidates:
        path = same_site_path(request, candidate)
        if path is not None:
            return path
    return fallback
