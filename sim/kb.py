"""Knowledge-base search: BM25 (the ``bm25s`` library) over article titles and bodies."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import bm25s
import Stemmer

from sim.scenario import Article

__all__ = ["KnowledgeBase", "tokens"]

_TOKEN = re.compile(r"(?u)\b\w\w+\b")
_STOPWORDS = frozenset(bm25s.stopwords.STOPWORDS_EN)
_STEMMER = Stemmer.Stemmer("english")


def tokens(text: str) -> list[str]:
    """Lower-cased, stop words dropped, Snowball-stemmed ("refunds" finds "refunded")."""
    words = [t for t in _TOKEN.findall(text.lower()) if t not in _STOPWORDS]
    return list(_STEMMER.stemWords(words))


class KnowledgeBase:
    """A BM25 index over one scenario's articles; results of a query are cached."""

    def __init__(self, articles: Sequence[Article], top_k: int = 3) -> None:
        self.articles = tuple(articles)
        self.top_k = top_k
        # Titles count twice: they are short and say what the article is about.
        corpus = [tokens(f"{a.title} {a.title} {a.body}") for a in self.articles]
        self._index: Any = bm25s.BM25()
        self._index.index(corpus, show_progress=False)
        self.search = lru_cache(maxsize=1024)(self._search)

    def _search(self, query: str) -> tuple[Article, ...]:
        """Up to ``top_k`` articles with a positive score, best first."""
        terms = tokens(query)
        if not terms:
            return ()
        scores = self._index.get_scores(terms)
        ranked = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
        return tuple(self.articles[i] for i in ranked[: self.top_k] if scores[i] > 0)
