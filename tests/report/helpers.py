"""Reading a built report back: its inline data, its compressed chunks, its tags."""

from __future__ import annotations

import base64
import gzip
import json
import re
from html.parser import HTMLParser
from typing import Any


def script_text(html: str, element_id: str) -> str:
    match = re.search(rf'<script[^>]*id="{re.escape(element_id)}"[^>]*>(.*?)</script>', html, re.S)
    assert match is not None, f"no script #{element_id}"
    return match.group(1)


def payload(html: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(script_text(html, "report-data"))
    return data


def index_rows(html: str) -> list[dict[str, Any]]:
    """The episode index as rows (as report.js decodes it), with each row's view attached."""
    data = payload(html)
    index, size = data["index"], data["chunk_size"]
    views = chunks(html)
    rows = []
    for i in range(index["n"]):
        row = {}
        for name, values in index["columns"].items():
            value = values[i]
            if name == "failed":
                value = [index["tables"]["failed"][c] for c in value]
            elif name in index["tables"]:
                value = index["tables"][name][value]
            row[name] = value
        row["view"] = views[i // size][i % size]
        rows.append(row)
    return rows


def unpack(b64: str) -> Any:
    return json.loads(gzip.decompress(base64.b64decode(b64.strip())))


def chunks(html: str) -> list[list[dict[str, Any]]]:
    out = []
    i = 0
    while f'id="chunk-{i}"' in html:
        out.append(unpack(script_text(html, f"chunk-{i}")))
        i += 1
    return out


class ExternalRefs(HTMLParser):
    """Collects every resource the page would fetch: script src, link href, img src, ..."""

    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href") and value and not value.startswith(("#", "data:")):
                self.refs.append(f"{tag} {name}={value}")
