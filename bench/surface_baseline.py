"""How much of the labeled corpus can be judged from the reply's words alone?

    pip install scikit-learn && python bench/surface_baseline.py [--features 30]

A control for the corpus figures, not a grader: a bag of word and character n-grams
(TF-IDF) with a logistic regression, trained on every read folder but one and tested on that
one (leave one folder out), never shown the scenario, the ticket or the state. It prints
each held-out folder's accuracy, then the n-grams that weigh most towards "bad" and "good"
when trained on every read folder. ``heldout15`` (the unread folder) is never loaded.

If words alone judge a folder about as well as the rule grader, the folder's labels are
predictable from how its replies were written, and its figures say less about reading than
they seem to (see docs/corpus-rounds.md, "The corpus read without the scenario").
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from sim.accuracy import load_corpus

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "graders" / "corpus"
UNREAD = {"heldout15"}
TESTED = ("probe9", "probe10", "probe11", "probe13", "probe15")
"""Folders that were each unread by the grader at one commit (see bench/grader_confidence.py)."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--features", type=int, default=30, help="n-grams listed each way")
    args = parser.parse_args()
    try:
        import numpy as np
        from scipy.sparse import hstack
        from sklearn.feature_extraction.text import TfidfVectorizer
        from sklearn.linear_model import LogisticRegression
    except ImportError:
        print("error: this control needs scikit-learn: pip install scikit-learn", file=sys.stderr)
        return 2
    folders = sorted(p for p in CORPUS.iterdir() if p.is_dir() and p.name not in UNREAD)
    data = {f.name: [(i.reply, i.label == "bad") for _, i in load_corpus([f])] for f in folders}

    def fit(texts: list[str], bad: list[bool]) -> tuple[Any, Any, Any]:
        words = TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True)
        chars = TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 5), min_df=3, sublinear_tf=True)
        x = hstack([words.fit_transform(texts), chars.fit_transform(texts)]).tocsr()
        model = LogisticRegression(C=4, max_iter=3000).fit(x, np.array(bad))
        return words, chars, model

    print(f"{'held-out folder':<16} {'items':>5} {'accuracy':>8} {'f-accept':>8} {'f-reject':>8}")
    for name in TESTED:
        train = [row for other, rows in data.items() if other != name for row in rows]
        words, chars, model = fit([t for t, _ in train], [b for _, b in train])
        texts = [t for t, _ in data[name]]
        x = hstack([words.transform(texts), chars.transform(texts)]).tocsr()
        said_bad = model.predict(x)
        bad = np.array([b for _, b in data[name]])
        print(
            f"{name:<16} {len(bad):>5} {float((said_bad == bad).mean()):>8.3f} "
            f"{float((~said_bad & bad).sum() / bad.sum()):>8.3f} "
            f"{float((said_bad & ~bad).sum() / (~bad).sum()):>8.3f}"
        )
    every = [row for rows in data.values() for row in rows]
    words = TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True)
    x = words.fit_transform([t for t, _ in every])
    model = LogisticRegression(C=4, max_iter=3000).fit(x, np.array([b for _, b in every]))
    names, weights = words.get_feature_names_out(), model.coef_[0]
    order = np.argsort(weights)
    for title, picked in (("towards bad", order[::-1]), ("towards good", order)):
        shown = ", ".join(f"{names[i]!r} {weights[i]:+.1f}" for i in picked[: args.features])
        print(f"\nwords {title}: {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
