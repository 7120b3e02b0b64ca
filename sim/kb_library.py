"""The shared knowledge-base library: the articles of one fictional retailer, stored as YAML by
topic under ``sim/kb_library/``, that scenarios search besides their own ``kb``.

A scenario opts in with ``kb_library`` (see :class:`sim.scenario.LibraryRef`): ``true`` for
every article, or the topics to include, the ids to leave out and the ids relevant to it. The
scenario's own articles come first and win over a library article with the same id, so a
scenario extends the library and can replace any article with its own version.

The library is loaded and checked once per process: ids unique across files, relevance left to
scenarios, and versions consistent (every ``superseded_by`` names another article whose
``effective`` date is later). A problem raises :class:`~sim.errors.ScenarioError` naming the
file and the field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from sim.errors import ScenarioError
from sim.scenario import Article

if TYPE_CHECKING:
    from sim.scenario import Scenario

__all__ = [
    "KbLibrary",
    "LibraryFile",
    "library",
    "load_library",
    "reference_problems",
    "scenario_articles",
    "version_problems",
    "with_retrieved",
]

_MAX_ID = 128


class LibraryFile(BaseModel):
    """One file of the library: the articles of one topic."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["kb_library"] | None = None
    """Optional marker ``kind: kb_library``."""
    topic: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=64)
    """The topic every article of the file belongs to (what ``kb_library.topics`` names)."""
    description: str = ""
    """What the topic covers, for authors."""
    articles: list[Article] = Field(min_length=1)


@dataclass(frozen=True, slots=True)
class KbLibrary:
    """The validated library: every article (with its topic set), by id and by topic."""

    articles: tuple[Article, ...]
    by_id: Mapping[str, Article]
    topics: tuple[str, ...]
    files: Mapping[str, str]
    """Which file (by name) each article id comes from."""


def _file_problems(
    name: str, parsed: LibraryFile, seen: dict[str, str]
) -> tuple[list[str], list[Article]]:
    problems: list[str] = []
    articles: list[Article] = []
    for i, article in enumerate(parsed.articles):
        where = f"articles.{i}"
        if len(article.id) > _MAX_ID:
            problems.append(f"{where}.id: longer than {_MAX_ID} characters")
        if article.id in seen:
            problems.append(f"{where}.id: {article.id!r} is also defined in {seen[article.id]}")
        seen.setdefault(article.id, name)
        if article.relevant:
            problems.append(
                f"{where}.relevant: relevance is per scenario (kb_library.relevant), "
                "not set in the library"
            )
        if article.published_step is not None:
            problems.append(
                f"{where}.published_step: per scenario only (a scenario's own kb article)"
            )
        if article.topic not in (None, parsed.topic):
            problems.append(
                f"{where}.topic: {article.topic!r} differs from the file's topic {parsed.topic!r}"
            )
        articles.append(article.model_copy(update={"topic": parsed.topic}))
    return problems, articles


def version_problems(articles: Sequence[Article]) -> list[tuple[str, str]]:
    """``(article id, problem)`` for each ``superseded_by`` that names no other article, or
    a newer version that does not come into force after the older one."""
    by_id = {a.id: a for a in articles}
    found: list[tuple[str, str]] = []
    for old in articles:
        if old.superseded_by is None:
            continue
        new = by_id.get(old.superseded_by)
        if new is None or new is old:
            what = "itself" if new is old else "no article of the library"
            found.append((old.id, f"superseded_by: {old.superseded_by!r} is {what}"))
        elif old.effective is None or new.effective is None:
            found.append(
                (old.id, f"effective: {old.id!r} and {new.id!r} both need an effective date")
            )
        elif new.effective <= old.effective:
            found.append(
                (
                    old.id,
                    f"effective: the newer version {new.id!r} ({new.effective}) must come into "
                    f"force after this one ({old.effective})",
                )
            )
    return found


def load_library(directory: Path) -> KbLibrary:
    """Load and check every ``*.yaml`` file of ``directory`` as one library."""
    from sim.loader import read_yaml, validate_data  # the loader imports sim.scenario

    paths = sorted(directory.glob("*.yaml"))
    if not paths:
        raise ScenarioError(str(directory), ["<root>: no *.yaml library files"])
    seen: dict[str, str] = {}
    articles: list[Article] = []
    topics: list[str] = []
    where: dict[str, tuple[Path, int]] = {}
    for path in paths:
        parsed = validate_data(path, read_yaml(path), LibraryFile)
        if parsed.topic in topics:
            raise ScenarioError(str(path), [f"topic: {parsed.topic!r} is used by another file"])
        problems, found = _file_problems(path.name, parsed, seen)
        if problems:
            raise ScenarioError(str(path), problems)
        topics.append(parsed.topic)
        for i, article in enumerate(found):
            where[article.id] = (path, i)
        articles += found
    for article_id, problem in version_problems(articles):
        path, i = where[article_id]
        raise ScenarioError(str(path), [f"articles.{i}.{problem}"])
    return KbLibrary(
        articles=tuple(articles),
        by_id={a.id: a for a in articles},
        topics=tuple(topics),
        files={a: p.name for a, (p, _) in where.items()},
    )


@cache
def library() -> KbLibrary:
    """The bundled library (``sim/kb_library/*.yaml``), loaded once per process."""
    return load_library(Path(str(resources.files("sim") / "kb_library")))


def reference_problems(scenario: Scenario) -> list[str]:
    """``field.path: problem`` lines for a scenario's ``kb_library`` that names unknown
    topics or articles, or marks relevant an article it does not search."""
    ref = scenario.kb_library
    if ref is None:
        return []
    lib = library()
    problems: list[str] = []
    unknown_topics = [t for t in ref.topics if t not in lib.topics]
    if unknown_topics:
        problems.append(
            f"kb_library.topics: unknown topic(s) {unknown_topics} "
            f"(library topics: {', '.join(lib.topics)})"
        )
    for name, ids in (("exclude", ref.exclude), ("relevant", ref.relevant)):
        unknown = [i[:60] for i in ids if i not in lib.by_id]
        if unknown:
            problems.append(f"kb_library.{name}: unknown library article id(s) {unknown[:10]}")
    own = {a.id for a in scenario.kb}
    for article_id in ref.relevant:
        article = lib.by_id.get(article_id)
        if article is None:
            continue
        if article_id in ref.exclude:
            problems.append(f"kb_library.relevant: {article_id!r} is also in kb_library.exclude")
        elif ref.topics and article.topic not in ref.topics:
            problems.append(
                f"kb_library.relevant: {article_id!r} (topic {article.topic!r}) is not in "
                "kb_library.topics"
            )
        elif article_id in own:
            problems.append(
                f"kb_library.relevant: {article_id!r} is replaced by the scenario's own kb "
                "article of that id; mark that one relevant instead"
            )
    return problems


_ARTICLES: dict[int, tuple[Scenario, tuple[Article, ...]]] = {}


def scenario_articles(scenario: Scenario) -> tuple[Article, ...]:
    """Every article the scenario's searches run over: its own ``kb`` first, then the library
    articles it includes that none of its own replaces (cached per scenario object)."""
    if scenario.kb_library is None:
        return tuple(scenario.kb)
    hit = _ARTICLES.get(id(scenario))
    if hit is not None and hit[0] is scenario:
        return hit[1]
    ref, lib = scenario.kb_library, library()
    skip = {a.id for a in scenario.kb} | set(ref.exclude)
    relevant = set(ref.relevant)
    chosen = [
        a.model_copy(update={"relevant": True}) if a.id in relevant else a
        for a in lib.articles
        if a.id not in skip and (not ref.topics or a.topic in ref.topics)
    ]
    articles = (*scenario.kb, *chosen)
    if len(_ARTICLES) > 1024:
        _ARTICLES.clear()
    _ARTICLES[id(scenario)] = (scenario, articles)
    return articles


_GRADED: dict[tuple[int, tuple[str, ...]], tuple[Scenario, Scenario]] = {}


def with_retrieved(scenario: Scenario, retrieved: Sequence[str]) -> Scenario:
    """The scenario as the grader's text checks read it: its own ``kb`` plus the library
    articles the episode retrieved (not the whole library, whose other values and internal
    notes would only add noise to the claim and leak checks). Cached per scenario object and
    set of retrieved ids."""
    if scenario.kb_library is None:
        return scenario
    own = {a.id for a in scenario.kb}
    wanted = set(retrieved) - own
    extra = tuple(a for a in scenario_articles(scenario) if a.id in wanted)
    if not extra:
        return scenario
    key = (id(scenario), tuple(a.id for a in extra))
    hit = _GRADED.get(key)
    if hit is None or hit[0] is not scenario:
        if len(_GRADED) > 1024:
            _GRADED.clear()
        graded = scenario.model_copy(update={"kb": [*scenario.kb, *extra], "kb_library": None})
        hit = _GRADED[key] = (scenario, graded)
    return hit[1]
