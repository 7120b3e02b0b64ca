"""Knowledge-base search: BM25 (the ``bm25s`` library) over article titles and bodies."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import bm25s
import numpy as np
import Stemmer

from sim.scenario import Article

__all__ = ["DEFAULT_TOP_K", "KnowledgeBase", "tokens"]

_TOKEN = re.compile(r"(?u)\b\w\w+\b")
_STOPWORDS = frozenset(bm25s.stopwords.STOPWORDS_EN)
_STEMMER = Stemmer.Stemmer("english")

DEFAULT_TOP_K = 5
"""Articles a search returns (chosen from ``bench/retrieval.py``'s figures; see the README)."""


def tokens(text: str) -> list[str]:
    """Lower-cased, stop words dropped, Snowball-stemmed ("refunds" finds "refunded")."""
    return list(_tokens(text))


@lru_cache(maxsize=4096)
def _tokens(text: str) -> tuple[str, ...]:
    """:func:`tokens`, remembered per text: agents rank the same articles against the same
    ticket at every step of every episode."""
    words = [t for t in _TOKEN.findall(text.lower()) if t not in _STOPWORDS]
    return tuple(_STEMMER.stemWords(words))


@lru_cache(maxsize=16384)
def _document(title: str, body: str) -> tuple[str, ...]:
    """An article's tokens, computed once per process (the shared library's articles are
    indexed by many scenarios). Titles count twice: they are short and say what the
    article is about."""
    return tuple(tokens(f"{title} {title} {body}"))


class KnowledgeBase:
    """A BM25 index over one scenario's articles; results of a query are cached."""

    def __init__(self, articles: Sequence[Article], top_k: int = DEFAULT_TOP_K) -> None:
        self.articles = tuple(articles)
        self.top_k = top_k
        self._scheduled = sum(a.at_step is not None for a in self.articles)
        corpus = [list(_document(a.title, a.body)) for a in self.articles]
        self._index: Any = bm25s.BM25()
        self._index.index(corpus, show_progress=False)
        self._ranked = lru_cache(maxsize=1024)(self._rank)

    def search(self, query: str, step: int | None = None) -> tuple[Article, ...]:
        """Up to ``top_k`` articles with a positive score, best first. With ``step``, an
        article published later in the episode (``at_step``) is not found yet."""
        ranked = self._ranked(query)
        if self._scheduled and step is not None:
            ranked = tuple(a for a in ranked if (a.at_step or 0) <= step)
        return ranked[: self.top_k]

    def _rank(self, query: str) -> tuple[Article, ...]:
        """The best ``top_k`` (plus any scheduled) articles with a positive score."""
        terms = tokens(query)
        if not terms:
            return ()
        scores = np.asarray(self._index.get_scores(terms))
        order = np.argsort(-scores, kind="stable")[: self.top_k + self._scheduled]
        return tuple(self.articles[i] for i in order if scores[i] > 0)
