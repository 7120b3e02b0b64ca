"""The knowledge-base checks (sim/kbcheck.py) asserted exactly, from mutation testing: the
thresholds of each comparison at their edges, the problem texts, and the statements built
from the articles. Most cases call one rule with statements written out, so that the edge a
wrong rule would move is the one tested."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from sim import kbcheck
from sim.kbcheck import (
    Cost,
    _cost_problem,
    _customer_choice,
    _item_words,
    _mostly_about,
    _polarity,
    _polarity_problem,
    _same,
    _scope_problem,
    _span,
    _Statement,
    _statements,
    _stems,
    _text,
    _withdrawn,
    kb_problems,
)
from sim.loader import get_scenario
from sim.reader import Duration, Unit, read
from sim.scenario import Article, Scenario

D = Decimal


def _st(
    clause: str = "",
    *,
    sentence: str = "",
    negated: bool = False,
    text: str = "the article",
    cost: Cost | None = None,
) -> _Statement:
    """A statement with the given clause and sentence stems (space-separated)."""
    return _Statement(
        frozenset(clause.split()), frozenset(sentence.split()), negated, (), cost, text
    )


def _with_kb(scenario: str, *bodies: str, relevant: bool = True, **orders: Any) -> Scenario:
    """``scenario`` with only the given articles (public, relevant unless told)."""
    s = get_scenario(scenario)
    kb = [
        Article(id=f"a{i}", title=f"Article {i}", body=b, relevant=relevant)
        for i, b in enumerate(bodies)
    ]
    return s.model_copy(update={"kb": kb})


def _problems(scenario: Scenario, text: str) -> list[tuple[str, str]]:
    return kb_problems(read(text), scenario)


# -- durations: what is a short timeline, what is the same, how they are written --------------


def test_a_timeline_is_up_to_ten_days() -> None:
    assert _span(Duration(D(240), D(240), Unit.HOUR))
    assert _span(Duration(D(10), D(10), Unit.DAY))
    assert not _span(Duration(D(241), D(241), Unit.HOUR))
    assert not _span(Duration(D(11), D(11), Unit.DAY))
    # the longer end decides
    assert not _span(Duration(D(5), D(11), Unit.DAY))


def test_the_same_duration_by_its_longer_end_or_both_ends() -> None:
    seven = Duration(D(7), D(7), Unit.DAY)
    assert _same(Duration(D(5), D(7), Unit.DAY), seven)
    assert _same(Duration(D(1), D(1), Unit.WEEK), seven)
    assert not _same(Duration(D(7), D(8), Unit.DAY), seven)


def test_durations_are_written_as_ranges_with_their_unit() -> None:
    assert _text(Duration(D(5), D(7), Unit.BUSINESS_DAY)) == "5-7 business days"
    assert _text(Duration(D(48), D(48), Unit.HOUR)) == "48 hours"
    assert _text(Duration(D(1), D(2), Unit.YEAR)) == "1-2 years"


# -- topic words -------------------------------------------------------------------------------


def test_the_customers_items_are_read_as_the_item() -> None:
    assert _stems(["sofa", "returns", "the", "days"], frozenset({"sofa"})) == frozenset(
        {"item", "return", "the"}
    )
    assert _stems(["sofa"]) == frozenset({"sofa"})


def test_item_words_leave_out_short_generic_and_function_words() -> None:
    s = get_scenario("over-limit-escalation")
    order = s.customer.orders[0].model_copy(
        update={"item": "TEA Set of 2 x Mugs for TV, with your Lid"}
    )
    one = s.model_copy(update={"customer": s.customer.model_copy(update={"orders": [order]})})
    # "tv" is short, "set", "for", "with", "of", "x" are generic, "your" is a function word
    assert _item_words(one) == frozenset({"tea", "mugs", "lid"})
    assert _item_words(s) == frozenset(
        {"fjord", "three", "seat", "sofa", "charcoal", "wool", "throw", "blanket"}
    )


# -- the statements of the articles --------------------------------------------------------------


def test_a_clause_of_two_statements_is_split_at_and_a() -> None:
    s = _with_kb(
        "medium-defective-product",
        "The refund appears within 5 days and a corrected invoice is emailed.",
    )
    statements, relevant = _statements(s)
    assert [sorted(st.clause) for st in statements] == [
        ["appear", "refund"],
        ["correct", "email", "invoic"],
    ]
    assert [st.durations for st in statements] == [(Duration(D(5), D(5), Unit.DAY),), ()]
    assert relevant == "the refund appears within 5 days and a corrected invoice is emailed."


def test_the_articles_items_are_read_as_the_item() -> None:
    # the article names the blender; the statement reads it as "item"
    s = _with_kb("medium-defective-product", "A faulty blender is replaced free of charge.")
    statements, _ = _statements(s)
    assert "item" in statements[0].clause
    assert "item" in statements[0].sentence
    assert "blender" not in statements[0].sentence


def test_a_sentence_states_a_cost_in_any_of_its_clauses() -> None:
    s = _with_kb(
        "medium-defective-product",
        "If the blender fails in the first year, free repair is arranged by us.",
    )
    statements, _ = _statements(s)
    assert {st.cost for st in statements} == {Cost.FREE}


def test_internal_articles_make_no_statements_and_only_relevant_ones_hold_states() -> None:
    s = get_scenario("medium-defective-product")
    kb = [
        Article(id="a", title="A", body="Reset links expire after 24 hours.", internal=True),
        Article(id="b", title="B", body="Refunds take 5 days.", relevant=False),
        Article(id="c", title="C", body="Expires after one use.", relevant=True),
    ]
    statements, relevant = _statements(s.model_copy(update={"kb": kb}))
    assert [st.text for st in statements] == ["Refunds take 5 days.", "Expires after one use."]
    assert relevant == "expires after one use."


def test_a_state_an_article_opens_with_is_read_in_every_relevant_article() -> None:
    # the second relevant article opens with "Expires": the state pair still sees it
    s = _with_kb("easy-password-reset", "Reset links are emailed.", "Expires after 24 hours.")
    assert [p for _, p in _problems(s, "You can use the reset link whenever it suits you.")] == [
        "says there is no time limit; the article gives one"
    ]


# -- the statements' cache -----------------------------------------------------------------------


def test_the_cache_never_answers_for_another_scenario_under_a_reused_id(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(kbcheck, "_CACHE", {})
    a = _with_kb("medium-defective-product", "Refunds take 5 days.")
    b = _with_kb("medium-defective-product", "Exchanges take 9 days.")
    built = _statements(a)
    assert _statements(a) is built  # the second call is answered from the cache
    # an entry left by a scenario whose id ``b`` now has (a freed object's id reused)
    kbcheck._CACHE[id(b)] = kbcheck._CACHE[id(a)]
    assert [st.text for st in _statements(b)[0]] == ["Exchanges take 9 days."]


def test_the_cache_is_cleared_past_1024_scenarios(monkeypatch: pytest.MonkeyPatch) -> None:
    s = _with_kb("medium-defective-product", "Refunds take 5 days.")
    full: dict[int, Any] = {-i: (None, ((), "")) for i in range(1, 1025)}
    monkeypatch.setattr(kbcheck, "_CACHE", full)
    _statements(s)
    assert len(kbcheck._CACHE) == 1025  # 1024 held: not yet over the bound
    del kbcheck._CACHE[id(s)]
    kbcheck._CACHE[-1025] = (None, ((), ""))
    _statements(s)
    assert list(kbcheck._CACHE) == [id(s)]


# -- polarity ------------------------------------------------------------------------------------


def test_polarity_counts_negation_cues() -> None:
    assert _polarity(True, "we do not refund it")
    assert not _polarity(True, "we never change it for a caller who is not verified")
    assert _polarity(True, "no refund is never not possible")  # three cues: negated
    assert not _polarity(False, "we do not refund it")
    # "whether or not" negates nothing
    assert _polarity(True, "we refund it whether or not it was used, never")


_NEG = "we do not refund these plans at all"  # negated, four words or more, not personal


def _flip(mine: str, *statements: _Statement, text: str = _NEG) -> str | None:
    clause = read(text).clauses[0]
    return _polarity_problem(clause, frozenset(mine.split()), statements)


def test_a_short_restatement_of_a_short_article_clause() -> None:
    msg = 'negates the article: "the article"'
    # two words, both in an article clause of at most four
    assert _flip("refund plan", _st("refund plan x y")) == msg
    assert _flip("refund plan", _st("refund plan")) == msg
    assert _flip("refund plan", _st("refund plan x y z")) is None
    # not both in it, or a clause of three words
    assert _flip("refund plan", _st("refund x y")) is None
    assert _flip("refund plan z", _st("refund x y")) is None
    # a heading or a menu path (under four words) is no statement
    assert _flip("refund plan", _st("refund plan"), text="not refund plans") is None


def test_a_restatement_shares_three_words_half_the_reply_and_two_thirds_of_the_article() -> None:
    msg = 'negates the article: "the article"'
    # 3 of 6 reply words, 3 of 4 article words
    assert _flip("refund a b c d e", _st("refund a b x")) == msg
    # 3 of 7 reply words: less than half
    assert _flip("refund a b c d e f", _st("refund a b x")) is None
    # 3 of 5 article words: less than two thirds
    assert _flip("refund a b", _st("refund a b x y")) is None
    # 2 shared words of a three-word reply clause
    assert _flip("refund a b", _st("refund a")) is None
    assert _flip("refund a c", _st("refund a")) is None


def test_a_flip_must_deny_what_the_other_side_says() -> None:
    # the reply denies "refund": the article clause must be about refunds
    assert _flip("plan a b", _st("plan a b")) is None
    # the article denies: its denied word must be in the reply
    msg = 'affirms what it negates the article: "we do not refund plans"'
    positive = "we refund these plans at all"
    top = _st("refund plan a", negated=True, text="we do not refund plans")
    assert _flip("refund plan a", top, text=positive) == msg
    other = _st("refund plan a", negated=True, text="we do not exchange plans")
    assert _flip("refund plan a", other, text=positive) is None


def test_no_flip_when_an_article_clause_of_the_same_polarity_matches_as_well() -> None:
    same = _st("refund plan a", negated=True, text="we never refund plans")
    assert _flip("refund plan a", _st("refund plan a"), same) is None
    # only less of it: the flip stands
    less = _st("refund plan", negated=True, text="we never refund plans")
    assert _flip("refund plan a", _st("refund plan a"), less) == (
        'negates the article: "the article"'
    )


def test_a_double_negation_affirms() -> None:
    # the article's "never ... cannot" affirms; a plain restatement agrees with it
    article = _st(
        "chang address caller verifi",
        negated=True,
        text="we never change the address for a caller who cannot be verified",
    )
    plain = "we change the address for a caller once verified"
    assert _flip("chang address caller verifi", article, text=plain) is None
    # and a reply's double negation agrees with the article's plain rule
    rule = _st("chang address caller verifi", text="we change the address for a verified caller")
    double = "we never change the address for a caller who cannot be verified"
    assert _flip("chang address caller verifi", rule, text=double) is None


# -- costs ------------------------------------------------------------------------------------


def test_a_cost_against_the_articles_sharing_two_words_or_more() -> None:
    fee = _st(sentence="repair charg x", cost=Cost.PAID, text="A repair fee applies.")
    said = "the repair is free of charge"
    assert _cost_problem(said, frozenset({"repair", "charg"}), [fee]) == (
        'says it is free where the article says otherwise: "A repair fee applies."'
    )
    assert _cost_problem(said, frozenset({"repair", "y"}), [fee]) is None
    free = _st(sentence="repair charg x", cost=Cost.FREE, text="Repairs are free.")
    assert _cost_problem(said, frozenset({"repair", "charg"}), [fee, free]) is None


# -- scope: a rule for every class, a condition the article says does not matter ----------------


def test_one_rule_for_every_account_where_the_article_names_two_classes() -> None:
    two = _st(sentence="refund plan", text="Premium plans get a full refund, standard half.")
    said = "every account type gets a full refund"
    assert _scope_problem(said, frozenset({"refund", "plan"}), [two]) == (
        'says one rule for every account; the article distinguishes: "Premium plans get a '
        'full refund, standard half."'
    )
    one = _st(sentence="refund plan", text="Premium plans get a full refund.")
    assert _scope_problem(said, frozenset({"refund", "plan"}), [one]) is None
    # sharing one word with the article is not restating it
    assert _scope_problem(said, frozenset({"refund", "x"}), [two]) is None


def test_a_condition_the_article_says_does_not_matter() -> None:
    msg = 'makes it depend on what the article says does not matter: "{}"'
    after = "We refund it whether the plan was used or not."
    before = "We refund it whether or not the plan was used."
    said = "we refund it only if the plan was not used"
    around = frozenset({"refund", "plan", "use"})
    for text in (after, before):
        st = _st(sentence="refund plan use", text=text)
        assert _scope_problem(said, around, [st]) == msg.format(text)
    # the first article clause near it has no "whether": the next one is read
    plain = _st(sentence="refund plan use", text="We refund plans.")
    st = _st(sentence="refund plan use", text=after)
    assert _scope_problem(said, around, [plain, st]) == msg.format(after)
    # the condition's words: one of two said is enough, one of three is not, one word is none
    two = _st(sentence="refund plan x", text="We refund it whether or not the plan renewed.")
    assert _scope_problem(said, frozenset({"refund", "plan", "x"}), [two]) == msg.format(
        "We refund it whether or not the plan renewed."
    )
    three = _st(
        sentence="refund plan x", text="We refund it whether or not the plan renewed early."
    )
    assert _scope_problem(said, frozenset({"refund", "plan", "x"}), [three]) is None
    single = _st(sentence="refund x", text="We refund it whether or not used.")
    assert _scope_problem(said, frozenset({"refund", "x", "use"}), [single]) is None


# -- a means the article offers, said to stop working ----------------------------------------


def test_a_means_said_to_stop_working() -> None:
    codes = _st("backup code sign", text="Sign in with a backup code.")
    assert _withdrawn("backup codes stop working once a phone is stolen", [codes]) == (
        'says it stops working; the article offers it: "Sign in with a backup code."'
    )
    # exactly the article's words
    exact = _st("backup code", text="Backup codes.")
    assert _withdrawn("backup codes stop working once a phone is stolen", [exact]) == (
        'says it stops working; the article offers it: "Backup codes."'
    )
    # an article clause that does not offer it, or one that denies it
    other = _st("sign phone", text="Sign in with your phone.")
    assert _withdrawn("backup codes stop working once a phone is stolen", [other]) is None
    denied = _st("backup code sign", negated=True, text="Backup codes cannot sign you in.")
    assert _withdrawn("backup codes stop working once a phone is stolen", [denied]) is None
    # a subject of one word says too little
    assert _withdrawn("codes stop working once a phone is stolen", [codes]) is None
    # the limit the article gives makes it true
    assert _withdrawn("backup codes stop working once they are used", [codes]) is None


# -- durations against the articles: the scores and the edges of each rule ----------------------

_DAYS = {n: Duration(D(n), D(n), Unit.DAY) for n in (2, 30, 40, 45)}


def _timed(sentence: str, days: int, *, anchors: str = "", text: str = "") -> _Statement:
    return _Statement(
        frozenset(),
        frozenset(sentence.split()),
        False,
        (_DAYS[days],),
        None,
        text or f"{days} days",
        frozenset(anchors.split()),
    )


def _dur(
    text: str,
    mine: str,
    around: str,
    *statements: _Statement,
    customer: tuple[Duration, ...] = (),
    message: str = "",
) -> str | None:
    clause = read(text).clauses[0]
    return kbcheck._duration_problem(
        clause,
        frozenset(mine.split()),
        frozenset(around.split()),
        statements,
        customer,
        frozenset(f"{around} {message}".split()),  # the reply's words: its sentence's and more
        lambda _: False,  # no span measured from today (sim.elapsed.span_to_today)
    )


def test_a_duration_is_compared_with_the_nearest_article_statements() -> None:
    said = "refunds are possible within 40 days"
    b = _timed("a b c d w x", 30)  # the best: (4, 4)
    assert _dur(said, "a b c d", "a b c d", b) == "states 40 days where the article says 30 days"
    # a statement one word behind on both counts is near: the first near one is quoted
    a = _timed("a b c", 45)
    assert _dur(said, "a b c d", "a b c d", a, b) == (
        "states 40 days where the article says 45 days"
    )
    # two behind on the clause's words, or on the sentence's: not near
    a = _timed("a b", 45)
    assert _dur(said, "a b c d", "a b c d", a, b) == (
        "states 40 days where the article says 30 days"
    )
    a = _timed("a b e f", 45)  # (2, 4) against a sentence with e f: still two behind
    assert _dur(said, "a b c d", "a b c d e f", a, b) == (
        "states 40 days where the article says 30 days"
    )
    a = _timed("a b c d", 45)  # (4, 2) against a sentence with y z
    b = _timed("a b c d y z", 30)  # (4, 4)
    assert _dur(said, "a b c d", "a b c d y z", b, a) == (
        "states 40 days where the article says 30 days"
    )
    assert _dur(said, "a b c d", "a b c d y z", a, b) == (
        "states 40 days where the article says 30 days"
    )
    # best (4, 6): a statement at (3, 5) is near
    b = _timed("a b c d e f", 30)
    a = _timed("a b c e f", 45)
    assert _dur(said, "a b c d", "a b c d e f", a, b) == (
        "states 40 days where the article says 45 days"
    )


def test_a_duration_shares_two_clause_words_with_an_article_to_be_about_it() -> None:
    said = "refunds are possible within 40 days"
    st = _timed("a b x", 30)
    assert _dur(said, "a b", "a b", st) == "states 40 days where the article says 30 days"
    assert _dur(said, "a", "a b", st) is None
    # the sentence's words do not stand in for the clause's
    assert _dur(said, "a", "a b x", st) is None


def test_a_duration_some_article_gives_is_wrong_only_if_the_reply_is_about_none_of_them() -> None:
    said = "refunds are possible within 40 days"
    elsewhere = _timed("p q", 40)  # gives 40 days, in a sentence the reply shares nothing with
    topic = _timed("a b x", 30)
    assert _dur(said, "a b", "a b", elsewhere, topic) == (
        "states 40 days where the article says 30 days"
    )
    assert _dur(said, "a b", "a b", elsewhere, topic, message="p") is None
    assert _dur(said, "a", "a b", elsewhere, topic) is None
    # clause words count, not the sentence's
    assert _dur(said, "a", "a b x", elsewhere, topic) is None


def test_the_customers_own_figure_yields_to_a_plain_topic_match_only() -> None:
    said = "refunds are possible within 40 days"
    forty = (_DAYS[40],)
    st = _timed("a b c d e", 30)
    # 2 clause words shared: the customer's figure, not an article's topic
    assert _dur(said, "a b", "a b c d e", st, customer=forty) is None
    # 3 shared: about the article
    assert _dur(said, "a b c", "a b c", st, customer=forty) == (
        "states 40 days where the article says 30 days"
    )
    # a figure the customer did not say
    assert _dur(said, "a b", "a b c d e", st, customer=(_DAYS[2],)) == (
        "states 40 days where the article says 30 days"
    )


def test_every_duration_of_a_clause_is_compared() -> None:
    # the first (2 hours) is paid-for time counted, not a timeline, the customer's, or shares
    # too little; the second (40 days) is wrong
    st = _timed("a b x", 30)
    both = "refunds for the 2 hours used are possible within 40 days"
    assert _dur(both, "a b", "a b", st) == "states 40 days where the article says 30 days"
    # put as a timeline, 2 hours is a figure of the other kind on this article's topic
    timeline = "refunds are possible within 2 hours or 40 days"
    assert _dur(timeline, "a b", "a b", st) == "states 2 hours where the article says 30 days"
    two = "refunds are possible within 45 days or 40 days"
    # 45 days: the customer's own (and only 2 words shared)
    assert _dur(two, "a b", "a b", st, customer=(_DAYS[45],)) == (
        "states 40 days where the article says 30 days"
    )
    # 45 days: given by an article the reply is about elsewhere
    elsewhere = _timed("p", 45)
    assert _dur(two, "a b", "a b", elsewhere, st, message="p") == (
        "states 40 days where the article says 30 days"
    )
    # 5 days: a count, and the only timeline article shares nothing with the clause
    short = "refunds for the 5 days used are possible within 40 days"
    assert _dur(short, "a b", "a b", _timed("p", 2), st) == (
        "states 40 days where the article says 30 days"
    )
    # put as a timeline, 5 days is a figure of the other kind on the 30-day article's topic
    timed = "refunds are possible within 5 days or 40 days"
    assert _dur(timed, "a b", "a b", _timed("p", 2), st) == (
        "states 5 days where the article says 30 days"
    )
    # 30 days and then 40: the first is the article's own
    right = "refunds are possible within 30 days or 40 days"
    assert _dur(right, "a b", "a b", st) == "states 40 days where the article says 30 days"


def test_a_negated_duration_is_not_compared() -> None:
    st = _timed("a b x", 30)
    assert _dur("we do not refund within 40 days", "a b", "a b", st) is None


def test_a_duration_counted_from_another_event() -> None:
    said = "refunds are possible within 45 days of dispatch and from the request"
    st = _timed("a b", 45, anchors="delivery purchase")
    assert _dur(said, "a b", "a b", st) == (
        "counts 45 days from dispatch, request; the article from delivery, purchase"
    )
    # the article statement counts from the same event, or from none, or is elsewhere
    same = _timed("a b", 45, anchors="dispatch")
    assert _dur(said, "a b", "a b", same) is None
    plain = _timed("a b", 45)
    assert _dur(said, "a b", "a b", plain) is None
    apart = _timed("p q", 45, anchors="delivery")
    assert _dur(said, "a b", "a b", apart) is None


# -- the whole check: what each clause is, and the sentence-wide checks ---------------------------

SOFA = "over-limit-escalation"  # the customer bought a sofa


def test_a_reply_naming_the_item_is_about_an_article_on_the_item() -> None:
    s = _with_kb(SOFA, "An item repair has a small handling fee.")
    text = "The sofa repair is complimentary."
    assert _problems(s, text) == [
        (
            text,
            'says it is free where the article says otherwise: "An item repair has a small '
            'handling fee."',
        )
    ]
    s = _with_kb(SOFA, "The item is collected within 3 days.")
    text = "The sofa is collected within 9 days."
    assert _problems(s, text) == [(text, "states 9 days where the article says 3 days")]


def test_questions_are_not_judged_and_the_clauses_after_them_are() -> None:
    s = get_scenario("two-factor-lockout")
    asked = "Do we turn off two-factor within 24 hours after identity verification?"
    assert _problems(s, asked) == []
    said = "After identity verification we turn off two-factor within 24 hours."
    found = _problems(s, f"Is that right? {said}")
    assert found == [(said, "states 24 hours where the article says 48 hours")]


_LINK = "The reset link expires after one use."


def test_a_pronoun_clause_of_one_word_stands_for_the_clause_before() -> None:
    s = _with_kb("easy-password-reset", _LINK)
    text = "The reset link is in your inbox. It does not expire."
    assert _problems(s, text) == [("It does not expire.", f'negates the article: "{_LINK}"')]
    # it must open with the pronoun; two words of its own are a clause of its own
    assert _problems(s, "The reset link is in your inbox. Sadly does not expire.") == []
    assert _problems(s, "The reset link is in your inbox. It does not expire quickly.") == []
    # the first clause has nothing before it
    assert _problems(s, "It does not expire.") == []


def test_a_sentence_with_a_cost_and_a_state_problem_gets_both() -> None:
    s = _with_kb(
        "medium-defective-product",
        "A repair costs a small handling charge.",
        "The problem has been fixed.",
    )
    text = "The repair is free of charge to you, and the problem is still being investigated."
    assert [p for _, p in _problems(s, text)] == [
        'says it is free where the article says otherwise: "A repair costs a small handling '
        'charge."',
        "says the problem is not fixed; the article says it has been fixed",
    ]


# -- mu16a: last round's _mostly_about and _customer_choice, their mutmut survivors ----------


@pytest.mark.parametrize(
    ("shared", "size", "about"),
    [
        (3, 10, True),  # three topic words shared: about it, however long the statement
        (2, 4, True),  # two that are half its topic
        (2, 5, False),  # two of five: less than half
        (1, 2, False),  # one word is never enough
    ],
)
def test_mostly_about_counts_shared_topic_words(shared: int, size: int, about: bool) -> None:
    statement = frozenset(f"w{i}" for i in range(size))
    mine = frozenset(f"w{i}" for i in range(shared)) | {"other", "words"}
    assert _mostly_about(mine, statement) is about


def test_a_customer_wish_alone_is_the_customers_choice() -> None:
    # no "isn't for you" and no acknowledgement: the wish is enough
    clause = read("since you would rather not have a call with your account manager").clauses[0]
    assert _customer_choice(clause)
    assert not _customer_choice(read("the account manager call is not for you").clauses[0])


def test_a_timeline_given_as_a_range_is_a_timeline() -> None:
    # mu16a: hand mutant of _TIMED that dropped "20 to" ranges
    from tests.sim.test_kbcheck import _problems

    assert _problems("workflow-dual-password-reset", "The link stays valid for 20 to 30 days.")
    assert not _problems("workflow-dual-password-reset", "The link stays valid for 24 hours.")


@pytest.mark.parametrize(
    "text",
    [
        # mu16a: hand mutant of _ACKNOWLEDGED that dropped "that is (totally) fine"
        "The account manager call isn't for you, that's fine.",
        "The account manager call isn't for you, that is totally fine.",
    ],
)
def test_not_for_you_acknowledged_as_fine_is_the_customers_choice(text: str) -> None:
    assert _customer_choice(read(text).clauses[0])
